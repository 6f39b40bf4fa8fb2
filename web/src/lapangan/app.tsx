import type { TSessionUser } from '@itms/contracts/auth';
import { lazy, type ReactNode, Suspense, useSyncExternalStore } from 'react';
import { createBrowserRouter, Navigate, RouterProvider } from 'react-router';
import { subscribeSignIn } from '../lib/storage';
import { BerandaPage } from './beranda-page';
import { SignedInFrame, TabsFrame } from './layout';
import { LoginPage } from './login-page';
import { ProfilPage } from './profil-page';
import { RiwayatPage } from './riwayat-page';
import { signedInUser } from './session';
import { TugasPage } from './tugas-page';
import { UnitPage } from './unit-page';
import { LoadFailed, UpdatePrompt } from './update-prompt';
import { useFieldStatus } from './use-field-status';
import { useOnline } from './use-online';
import { useAutoSend } from './use-sender';

// the forms and their zod schemas load when one starts, not with the login page
const CheckFormPage = lazy(() => import('./check-form-page').then((m) => ({ default: m.CheckFormPage })));
const MismatchFormPage = lazy(() =>
  import('./mismatch-form-page').then((m) => ({ default: m.MismatchFormPage })),
);
const QcFormPage = lazy(() => import('./qc-form-page').then((m) => ({ default: m.QcFormPage })));
const ReplacementFormPage = lazy(() =>
  import('./replacement-form-page').then((m) => ({ default: m.ReplacementFormPage })),
);

const TireRequestFormPage = lazy(() =>
  import('./tire-request-form-page').then((m) => ({ default: m.TireRequestFormPage })),
);

const formRoute = (path: string, page: ReactNode) => ({
  path,
  element: <Suspense fallback={<div className="lp-card lp-empty">Memuat formulir ...</div>}>{page}</Suspense>,
});

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

/** The screens of a signed-in tire man; office staff go to the back-office. */
function SignedIn() {
  const user = useSignedIn();
  if (!user) return <Navigate to="/login" replace />;
  if (user.role !== 'tire-man') {
    window.location.replace('/');
    return null;
  }
  return <SignedInFrame user={user} />;
}

function Login() {
  const user = useSignedIn();
  return user?.role === 'tire-man' ? <Navigate to="/" replace /> : <LoginPage />;
}

const router = createBrowserRouter(
  [
    {
      // a screen that throws, or a form whose code does not load: the shell's recovery screen
      errorElement: <LoadFailed />,
      children: [
        { path: '/login', element: <Login /> },
        {
          element: <SignedIn />,
          children: [
            {
              element: <TabsFrame />,
              children: [
                { path: '/', element: <BerandaPage /> },
                { path: '/tugas', element: <TugasPage /> },
                { path: '/riwayat', element: <RiwayatPage /> },
                { path: '/profil', element: <ProfilPage /> },
              ],
            },
            { path: '/unit/:id', element: <UnitPage /> },
            formRoute('/unit/:id/cek', <CheckFormPage />),
            formRoute('/unit/:id/bkb', <MismatchFormPage />),
            formRoute('/unit/:id/qc', <QcFormPage />),
            formRoute('/unit/:id/ganti', <ReplacementFormPage />),
            formRoute('/ban-baru', <TireRequestFormPage />),
          ],
        },
        { path: '*', element: <Navigate to="/" replace /> },
      ],
    },
  ],
  // with the trailing slash: Beranda is /lapangan/, inside the service worker's scope
  { basename: '/lapangan/' },
);

export function FieldApp() {
  const user = useSignedIn();
  const tiremanId = user?.role === 'tire-man' ? user.id : null;
  const online = useOnline();
  // the outbox goes out whenever there is a signal, whichever screen is open
  useAutoSend(tiremanId, online);
  useFieldStatus(tiremanId, online);
  return (
    <>
      <RouterProvider router={router} />
      <UpdatePrompt />
    </>
  );
}
