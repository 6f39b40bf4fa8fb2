import type { TSessionUser } from '@itms/contracts/auth';
import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { call, isApiError } from './api-client';
import { CONTACT_ADMIN_FOOTER } from './feedback';
import { disconnectSocket } from './socket';
import { clearSignIn, saveUser } from './storage';

let loggingOut = false;

/** Marks a logout the user asked for, so that its own 'session-clear' event is not reported as forced. */
export function setLoggingOut(value: boolean) {
  loggingOut = value;
}
export const isLoggingOut = () => loggingOut;

/**
 * Ends the session in this tab: storage, socket and cached data. The route guards react to the
 * cleared storage and go to /login.
 */
export function endLocalSession(queryClient?: QueryClient) {
  disconnectSocket();
  clearSignIn();
  queryClient?.clear();
}

export const credentialQueryKey = (token: string) => ['session', 'credential', token] as const;

/** Validates the stored token once per app load (POST /tire-man/credential) and refreshes the stored user. */
export function credentialQuery(token: string) {
  return queryOptions({
    queryKey: credentialQueryKey(token),
    queryFn: async () => {
      // the auth operations (zod schemas) load here, not with the app's entry: /login stays light
      const { authEndpoints } = await import('@itms/contracts/api/auth');
      const user: TSessionUser = await call(authEndpoints.getCredential, {});
      saveUser(user);
      return user;
    },
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    retry: (count, err) => count < 2 && isApiError(err) && err.status === 0,
    meta: { errorFooter: CONTACT_ADMIN_FOOTER },
  });
}
