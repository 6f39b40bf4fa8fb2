import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { isApiError, isUnauthorized } from './api-client';
import { ERROR_FOOTER, showApiError } from './feedback';

export interface AppQueryMeta extends Record<string, unknown> {
  /** The caller shows its own error: no "Oops..." dialog. */
  silent?: boolean;
  /** Footer of the error dialog, default ERROR_FOOTER. */
  errorFooter?: string;
}

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: AppQueryMeta;
    mutationMeta: AppQueryMeta;
  }
}

function report(err: unknown, meta: AppQueryMeta | undefined) {
  // 401: the session is gone; the unauthorized handler already sends the user to /login
  if (meta?.silent || isUnauthorized(err)) return;
  showApiError(err, meta?.errorFooter ?? ERROR_FOOTER);
}

/** Any failed call shows the "Oops..." dialog unless the caller opts out (spec section 8). */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError: (err, query) => report(err, query.meta) }),
    mutationCache: new MutationCache({ onError: (err, _vars, _ctx, mutation) => report(err, mutation.meta) }),
    defaultOptions: {
      queries: {
        // retry only what may pass a second time: network failures and 5xx
        retry: (count, err) => count < 1 && (!isApiError(err) || err.status === 0 || err.status >= 500),
        refetchOnWindowFocus: false,
        staleTime: 30_000,
      },
    },
  });
}
