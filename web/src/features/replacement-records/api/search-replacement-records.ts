import type { QueryClient } from '@tanstack/react-query';

/** GET /tire-replacement/record/search?dateStart&dateEnd&page&pageSize: paged through usePagedList. */
export const REPLACEMENT_RECORD_LIST = {
  key: 'replacement-records',
  path: '/tire-replacement/record/search',
} as const;

/** After a delete the list and the open detail are stale. */
export function invalidateReplacementRecords(queryClient: QueryClient) {
  return Promise.all(
    [REPLACEMENT_RECORD_LIST.key, 'replacement-record-detail'].map((key) =>
      queryClient.invalidateQueries({ queryKey: [key] }),
    ),
  );
}
