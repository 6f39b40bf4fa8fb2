import { LockOutlined, MailOutlined } from '@ant-design/icons';
import {
  ALREADY_LOGGED_IN_TEXT,
  TAKEOVER_DONE,
  TAKEOVER_HINT,
  TAKEOVER_LABEL,
} from '@itms/contracts/login-texts';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Form, Input } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { call } from '../../lib/api-client';
import { toast } from '../../lib/feedback';
import { useDocumentTitle } from '../../lib/route-meta';
import { credentialQueryKey } from '../../lib/session';
import { saveSignIn } from '../../lib/storage';
import { AuthCard, authStyles } from './auth-card';
import { isAlreadyLoggedIn, showLoginError } from './login-errors';

// fetched when needed ('Lupa password', a login refused for an account in use): /login stays
// within its JavaScript budget
const TakeoverBox = lazy(() => import('./takeover-box'));

const ForgotPasswordModal = lazy(() =>
  import('./forgot-password-modal').then((m) => ({ default: m.ForgotPasswordModal })),
);

interface LoginForm {
  email: string;
  password: string;
}

interface LoginBody extends LoginForm {
  /** 'Keluarkan sesi lain': end the account's session elsewhere (the password is checked again). */
  takeover?: boolean;
}

export const REGISTER_INFO =
  'Akun ITMS dibuat oleh admin. Hubungi admin atau EDP di kantor Anda untuk mendapatkan akun.';

export default function LoginPage() {
  useDocumentTitle('Login');
  const { modal } = App.useApp();
  const queryClient = useQueryClient();
  const [forgotOpen, setForgotOpen] = useState(false);
  // the sign-in the server refused because the account is open elsewhere (409), to offer again
  const [inUse, setInUse] = useState<LoginForm | null>(null);

  // a plain async call, not a TanStack mutation: /login stays within its JavaScript budget
  const [pending, setPending] = useState(false);
  const login = async (body: LoginBody) => {
    setPending(true);
    try {
      // the auth operations (zod schemas) load on submit, for the same reason
      const { authEndpoints } = await import('@itms/contracts/api/auth');
      const { access_token, payload } = await call(authEndpoints.loginUser, { body });
      setInUse(null);
      if (body.takeover) toast().success(TAKEOVER_DONE, 6);
      // the credential check after login would only repeat what the login reply says
      queryClient.setQueryData(credentialQueryKey(access_token), payload.user);
      // the guest guard sees the stored session and goes to the back-office
      saveSignIn(access_token, payload.session, payload.user);
    } catch (err) {
      refused(err, body);
    } finally {
      setPending(false);
    }
  };

  const refused = (err: unknown, body: LoginBody) => {
    if (!isAlreadyLoggedIn(err)) {
      setInUse(null);
      showLoginError(err);
      return;
    }
    console.error(err);
    const again = { email: body.email, password: body.password };
    setInUse(again);
    modal.confirm({
      title: 'Oops...',
      content: (
        <div>
          <div>{ALREADY_LOGGED_IN_TEXT}</div>
          <div style={{ marginTop: 12, color: 'rgba(0,0,0,0.6)', fontSize: 13 }}>{TAKEOVER_HINT}</div>
        </div>
      ),
      okText: TAKEOVER_LABEL,
      cancelText: 'Batal',
      onOk: () => takeover(again),
    });
  };

  // the same sign-in again, now asking the server to end the other session
  const takeover = (inUseElsewhere: LoginForm) => login({ ...inUseElsewhere, takeover: true });

  return (
    <AuthCard>
      <h1 style={authStyles.title}>Login</h1>
      <p style={authStyles.hint}>Masuk ke back-office pengecekan dan pergantian ban.</p>
      <Form<LoginForm>
        layout="vertical"
        requiredMark={false}
        noValidate
        onFinish={(values) => void login({ email: values.email.trim(), password: values.password })}
        // another account or password: the offer was for the refused one
        onValuesChange={() => setInUse(null)}
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
          <Button type="primary" htmlType="submit" size="large" block loading={pending}>
            Login
          </Button>
        </Form.Item>
        {inUse ? (
          <Suspense fallback={null}>
            <TakeoverBox pending={pending} onTakeover={() => void takeover(inUse)} />
          </Suspense>
        ) : null}
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
      {forgotOpen && (
        <Suspense fallback={null}>
          <ForgotPasswordModal open onClose={() => setForgotOpen(false)} />
        </Suspense>
      )}
    </AuthCard>
  );
}
