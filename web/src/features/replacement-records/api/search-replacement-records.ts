import type { QueryClient } from '@tanstack/react-query';

/** GET /tire-replacement/record/search?dateStart&dateEnd&page&pageSize: paged through usePagedList. */
export const REPLACEMENT_RECORD_LIST = {
  key: 'replacement-records',
  path: '/tire-replacement/record/search',
} as const;

/** After a delete the list is stale (the detail dialog refreshes its own query). */
export function invalidateReplacementRecords(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: [REPLACEMENT_RECORD_LIST.key] });
}
