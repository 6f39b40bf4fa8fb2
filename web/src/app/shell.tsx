import { usesBackOffice } from '@itms/contracts/routes';
import { useQuery } from '@tanstack/react-query';
import { Button, Result } from 'antd';
import { type ReactNode, useDeferredValue, useSyncExternalStore } from 'react';
import { FullPageSpin } from '../components/full-page-spin';
import { isUnauthorized } from '../lib/api-client';
import { errorText } from '../lib/feedback';
import { credentialQuery } from '../lib/session';
import { getToken, subscribeSignIn } from '../lib/storage';
import { AppLayout } from './layout/app-layout';
import { ToFieldApp } from './to-field-app';
import { useRealtime } from './use-realtime';

/**
 * Signed-in part of the app: validates the stored token, then the layout (office and workshop roles)
 * or the way on to the field app (tire men).
 */
export default function Shell({ children }: { children: ReactNode }) {
  const token = useSyncExternalStore(subscribeSignIn, getToken, () => null) ?? '';
  const credential = useQuery({ ...credentialQuery(token), enabled: Boolean(token) });
  useRealtime(token, credential.isSuccess, credential.data?.role);
  // the layout and the page mount in a deferred render, which React slices so that the browser
  // stays responsive, instead of in the one long task of the credential's arrival
  const user = useDeferredValue(credential.data);

  if (credential.isPending) return <FullPageSpin text="Validasi kredensial ..." />;
  if (credential.isError) {
    // 401: storage is cleared and the guard is already on its way to /login
    if (isUnauthorized(credential.error)) return <FullPageSpin />;
    return (
      <Result
        status="warning"
        title="Harap refresh page ini"
        subTitle={errorText(credential.error)}
        extra={
          <Button type="primary" onClick={() => credential.refetch()}>
            Muat ulang
          </Button>
        }
      />
    );
  }
  if (!user) return <FullPageSpin text="Validasi kredensial ..." />;
  if (!usesBackOffice(user.role)) return <ToFieldApp />;
  return <AppLayout user={user}>{children}</AppLayout>;
}
