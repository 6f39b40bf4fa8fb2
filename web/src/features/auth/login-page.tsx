import { LockOutlined, MailOutlined } from '@ant-design/icons';
import type { TLoginReply } from '@itms/contracts/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { api } from '../../lib/api-client';
import { useDocumentTitle } from '../../lib/route-meta';
import { credentialQueryKey } from '../../lib/session';
import { saveSignIn } from '../../lib/storage';
import { AuthCard, authStyles } from './auth-card';
import { ForgotPasswordModal } from './forgot-password-modal';
import { showLoginError } from './login-errors';

interface LoginForm {
  email: string;
  password: string;
}

export const REGISTER_INFO =
  'Akun ITMS dibuat oleh admin. Hubungi admin atau EDP di kantor Anda untuk mendapatkan akun.';

export default function LoginPage() {
  useDocumentTitle('Login');
  const { modal } = App.useApp();
  const queryClient = useQueryClient();
  const [forgotOpen, setForgotOpen] = useState(false);

  const login = useMutation({
    mutationFn: (body: LoginForm) => api.post<TLoginReply>('/tire-man/login', body, { auth: false }),
    meta: { silent: true },
    onSuccess: ({ access_token, payload }) => {
      // the credential check after login would only repeat what the login reply says
      queryClient.setQueryData(credentialQueryKey(access_token), payload.user);
      // the guest guard sees the stored session and goes to the back-office
      saveSignIn(access_token, payload.session, payload.user);
    },
    onError: showLoginError,
  });

  return (
    <AuthCard>
      <h1 style={authStyles.title}>Login</h1>
      <p style={authStyles.hint}>Masuk ke back-office pengecekan dan pergantian ban.</p>
      <Form<LoginForm>
        layout="vertical"
        requiredMark={false}
        noValidate
        onFinish={(values) => login.mutate({ email: values.email.trim(), password: values.password })}
      >
        <Form.Item
          name="email"
          label="Email"
          rules={[
            { required: true, whitespace: true, message: 'Email wajib diisi' },
            { type: 'email', message: 'Format email tidak valid' },
          ]}
        >
          <Input
            type="email"
            size="large"
            prefix={<MailOutlined style={{ color: 'rgba(0,0,0,0.35)' }} />}
            placeholder="nama@perusahaan.com"
            autoComplete="username"
            autoFocus
          />
        </Form.Item>
        <Form.Item
          name="password"
          label="Password"
          rules={[{ required: true, message: 'Password wajib diisi' }]}
        >
          <Input.Password
            size="large"
            prefix={<LockOutlined style={{ color: 'rgba(0,0,0,0.35)' }} />}
            placeholder="Password"
            autoComplete="current-password"
          />
        </Form.Item>
        <Form.Item style={{ marginBottom: 12 }}>
          <Button type="primary" htmlType="submit" size="large" block loading={login.isPending}>
            Login
          </Button>
        </Form.Item>
      </Form>
      <div
        style={{
          display: 'flex',
          justifyContent: 'space-between',
          alignItems: 'center',
          flexWrap: 'wrap',
          gap: 8,
        }}
      >
        <Button type="link" style={{ paddingInline: 0 }} onClick={() => setForgotOpen(true)}>
          Lupa password
        </Button>
        <span style={{ color: 'rgba(0,0,0,0.55)' }}>
          Belum punya akun?{' '}
          <Button
            type="link"
            style={{ paddingInline: 0 }}
            onClick={() => modal.info({ title: 'Daftar akun', content: REGISTER_INFO, okText: 'Mengerti' })}
          >
            Daftar
          </Button>
        </span>
      </div>
      <ForgotPasswordModal open={forgotOpen} onClose={() => setForgotOpen(false)} />
    </AuthCard>
  );
}
