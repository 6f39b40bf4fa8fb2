import type { QueryClient } from '@tanstack/react-query';

/** POST /tire-check/querry/record/search {dateStart, dateEnd, page, pageSize}: paged through usePagedList. */
export const CHECK_RECORD_LIST = { key: 'check-records', path: '/tire-check/querry/record/search' } as const;

/** After a delete the list is stale (the detail modal refreshes its own query). */
export function invalidateCheckRecords(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: [CHECK_RECORD_LIST.key] });
}
