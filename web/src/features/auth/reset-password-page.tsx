import { LockOutlined } from '@ant-design/icons';
import { authEndpoints } from '@itms/contracts/api/auth';
import { PASSWORD_MESSAGES, PASSWORD_MIN } from '@itms/contracts/password';
import { useMutation } from '@tanstack/react-query';
import { Button, Form, Input, Result } from 'antd';
import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { LinkButton } from '../../components/link-button';
import { call } from '../../lib/api-client';
import { showApiError } from '../../lib/feedback';
import { useDocumentTitle } from '../../lib/route-meta';
import { AuthCard, authStyles } from './auth-card';

interface ResetForm {
  password: string;
  confirm: string;
}

export const RESET_DONE_TEXT = 'Password berhasil diubah, silakan login';

/** Opened from the WhatsApp link: /reset-password?token=... */
export default function ResetPasswordPage() {
  useDocumentTitle('Buat password baru');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const reset = useMutation({
    mutationFn: (password: string) => call(authEndpoints.resetPassword, { body: { token, password } }),
    meta: { silent: true },
    onError: (err) => showApiError(err),
  });

  useEffect(() => {
    if (!reset.isSuccess) return;
    const timer = setTimeout(() => navigate('/login', { replace: true }), 3000);
    return () => clearTimeout(timer);
  }, [reset.isSuccess, navigate]);

  if (!token) {
    return (
      <AuthCard>
        <Result
          status="warning"
          title="Tautan tidak valid"
          subTitle="Tautan reset password tidak lengkap. Minta tautan baru lewat 'Lupa password' di halaman login."
          extra={
            <LinkButton to="/login" type="primary">
              Ke halaman Login
            </LinkButton>
          }
        />
      </AuthCard>
    );
  }

  if (reset.isSuccess) {
    return (
      <AuthCard>
        <Result
          status="success"
          title={reset.data?.message || RESET_DONE_TEXT}
          subTitle="Anda akan diarahkan ke halaman login ..."
          extra={
            <LinkButton to="/login" type="primary">
              Ke halaman Login
            </LinkButton>
          }
        />
      </AuthCard>
    );
  }

  return (
    <AuthCard>
      <h1 style={authStyles.title}>Buat password baru</h1>
      <p style={authStyles.hint}>
        Password minimal {PASSWORD_MIN} karakter, bukan password yang umum dipakai.
      </p>
      <Form<ResetForm>
        layout="vertical"
        requiredMark={false}
        noValidate
        onFinish={(values) => reset.mutate(values.password)}
      >
        <Form.Item
          name="password"
          label="Password baru"
          rules={[
            { required: true, message: 'Password wajib diisi' },
            { min: PASSWORD_MIN, message: PASSWORD_MESSAGES.tooShort },
          ]}
        >
          <Input.Password size="large" prefix={<LockOutlined />} autoComplete="new-password" autoFocus />
        </Form.Item>
        <Form.Item
          name="confirm"
          label="Ulangi password baru"
          dependencies={['password']}
          rules={[
            { required: true, message: 'Ulangi password baru' },
            ({ getFieldValue }) => ({
              validator: (_, value) =>
                !value || value === getFieldValue('password')
                  ? Promise.resolve()
                  : Promise.reject(new Error('Password tidak sama')),
            }),
          ]}
        >
          <Input.Password size="large" prefix={<LockOutlined />} autoComplete="new-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" size="large" block loading={reset.isPending}>
          Simpan password
        </Button>
      </Form>
    </AuthCard>
  );
}
