import type { QueryClient } from '@tanstack/react-query';

/** BKB list (pending, GET) and Rekam BKB (POST search): paged through usePagedList. */
export const PENDING_LIST = { key: 'mismatch-pending', path: '/mismatch-validation' } as const;
export const RECORD_LIST = { key: 'mismatch-records', path: '/mismatch/querry/record/search' } as const;

/** After a validation, return or delete every BKB list and detail is stale. */
export function invalidateMismatches(queryClient: QueryClient) {
  return Promise.all(
    [PENDING_LIST.key, RECORD_LIST.key, 'mismatch-detail'].map((key) =>
      queryClient.invalidateQueries({ queryKey: [key] }),
    ),
  );
}
