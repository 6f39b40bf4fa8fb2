import type { QueryClient } from '@tanstack/react-query';

/** GET /workshop/queue?page&pageSize&q&dateStart&dateEnd: paged through usePagedList. */
export const WORKSHOP_QUEUE = { key: 'workshop-queue', path: '/workshop/queue' } as const;

/**
 * After a signature or a delete: the queue, and the dashboard and summary counts (the WS column),
 * are stale.
 */
export function invalidateWorkshopQueue(queryClient: QueryClient) {
  return Promise.all(
    [WORKSHOP_QUEUE.key, 'dashboard', 'summary'].map((key) =>
      queryClient.invalidateQueries({ queryKey: [key] }),
    ),
  );
}
