import type { TSessionUser } from '@itms/contracts/auth';
import { lazy, Suspense, useSyncExternalStore } from 'react';
import { createBrowserRouter, Navigate, RouterProvider } from 'react-router';
import { subscribeSignIn } from '../lib/storage';
import { BerandaPage } from './beranda-page';
import { LoginPage } from './login-page';
import { signedInUser } from './session';
import { UnitPage } from './unit-page';
import { useOnline } from './use-online';
import { useAutoSend } from './use-sender';

// the form and its zod schemas load when a check starts, not with the login page
const CheckFormPage = lazy(() => import('./check-form-page').then((m) => ({ default: m.CheckFormPage })));

import { UpdatePrompt } from './update-prompt';

// the stored user object is re-read on every change of the sign-in keys; keep one per raw value
let lastUser: TSessionUser | null = null;
function currentUser(): TSessionUser | null {
  const user = signedInUser();
  if (user?.id !== lastUser?.id || user?.name !== lastUser?.name) lastUser = user;
  return lastUser;
}

function useSignedIn() {
  return useSyncExternalStore(subscribeSignIn, currentUser);
}

function Home() {
  const user = useSignedIn();
  if (!user) return <Navigate to="/login" replace />;
  // office staff use the back-office
  if (user.role !== 'tire-man') {
    window.location.replace('/');
    return null;
  }
  return <BerandaPage user={user} />;
}

function Unit() {
  const user = useSignedIn();
  return user ? <UnitPage userId={user.id} /> : <Navigate to="/login" replace />;
}

function CheckForm() {
  const user = useSignedIn();
  if (!user) return <Navigate to="/login" replace />;
  return (
    <Suspense fallback={<div className="lp-card lp-empty">Memuat formulir ...</div>}>
      <CheckFormPage userId={user.id} />
    </Suspense>
  );
}

function Login() {
  const user = useSignedIn();
  return user?.role === 'tire-man' ? <Navigate to="/" replace /> : <LoginPage />;
}

const router = createBrowserRouter(
  [
    { path: '/', element: <Home /> },
    { path: '/login', element: <Login /> },
    { path: '/unit/:id', element: <Unit /> },
    { path: '/unit/:id/cek', element: <CheckForm /> },
    { path: '*', element: <Navigate to="/" replace /> },
  ],
  // with the trailing slash: Beranda is /lapangan/, inside the service worker's scope
  { basename: '/lapangan/' },
);

export function FieldApp() {
  const user = useSignedIn();
  // the outbox goes out whenever there is a signal, whichever screen is open
  useAutoSend(user?.role === 'tire-man' ? user.id : null, useOnline());
  return (
    <>
      <RouterProvider router={router} />
      <UpdatePrompt />
    </>
  );
}
