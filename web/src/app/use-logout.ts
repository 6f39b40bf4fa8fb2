import { API } from '@itms/contracts/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call, isApiError, isUnauthorized } from '../lib/api-client';
import { CONTACT_ADMIN_FOOTER, showErrorDialog } from '../lib/feedback';
import { endLocalSession, setLoggingOut } from '../lib/session';

/** Log Out: ends the server session, then storage, socket and cache; the guard goes to /login. */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => {
      setLoggingOut(true);
      return call(API.logoutUser, {});
    },
    meta: { silent: true },
    onSuccess: () => endLocalSession(queryClient),
    onError: (err) => {
      // 401: the session had already ended; the unauthorized handler signed out
      if (isUnauthorized(err)) return;
      console.error(err);
      showErrorDialog({
        text: isApiError(err) && err.message ? err.message : 'Login First',
        footer: CONTACT_ADMIN_FOOTER,
      });
    },
    onSettled: () => setLoggingOut(false),
  });
}
