import { lazy, type ReactNode, Suspense, useSyncExternalStore } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { FullPageSpin } from '../components/full-page-spin';
import { homeOf } from '../lib/route-meta';
import { getStoredUser, isSignedIn, subscribeSignIn } from '../lib/storage';

// the signed-in shell (credential check, layout, menu, socket) is not needed by /login
const Shell = lazy(() => import('./shell'));

export function useSignedIn(): boolean {
  return useSyncExternalStore(subscribeSignIn, isSignedIn, () => false);
}

/** Every back-office route needs both access_token and session in storage; else /login. */
export function RequireSignIn({ children }: { children?: ReactNode }) {
  const signedIn = useSignedIn();
  const location = useLocation();
  if (!signedIn) {
    const from = location.pathname === '/' ? undefined : `${location.pathname}${location.search}`;
    return <Navigate to="/login" replace state={from ? { from } : undefined} />;
  }
  return (
    <Suspense fallback={<FullPageSpin />}>
      <Shell>{children ?? <Outlet />}</Shell>
    </Suspense>
  );
}

/**
 * /login (and other guest pages) go to the back-office when already signed in: back where the
 * visitor was sent from, else the role's home (the Dashboard; the workshop role: its screen).
 */
export function GuestOnly() {
  const signedIn = useSignedIn();
  const location = useLocation();
  if (signedIn) {
    const from = (location.state as { from?: string } | null)?.from;
    const safe = from?.startsWith('/') && !from.startsWith('//');
    return <Navigate to={safe ? from! : homeOf(getStoredUser()?.role)} replace />;
  }
  return <Outlet />;
}
