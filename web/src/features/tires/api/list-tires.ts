import type { QueryClient } from '@tanstack/react-query';

/** GET /api/tire (List Data Ban, with `summary`) and its XLSX export, for usePagedList. */
export const TIRE_LIST = { key: 'tire-list', path: '/tire', exportPath: '/tire/export' } as const;
export const TIRE_DETAIL_KEY = 'tire-detail';

/** After an update, delete or status change the list, its counts and the detail are stale. */
export function invalidateTires(queryClient: QueryClient) {
  return Promise.all(
    [TIRE_LIST.key, TIRE_DETAIL_KEY].map((key) => queryClient.invalidateQueries({ queryKey: [key] })),
  );
}
