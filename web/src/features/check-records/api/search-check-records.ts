import type { QueryClient } from '@tanstack/react-query';

/** POST /tire-check/querry/record/search {dateStart, dateEnd, page, pageSize}: paged through usePagedList. */
export const CHECK_RECORD_LIST = { key: 'check-records', path: '/tire-check/querry/record/search' } as const;

/** After a delete the list and the open detail are stale. */
export function invalidateCheckRecords(queryClient: QueryClient) {
  return Promise.all(
    [CHECK_RECORD_LIST.key, 'check-record-detail'].map((key) =>
      queryClient.invalidateQueries({ queryKey: [key] }),
    ),
  );
}
