import { API } from '@itms/contracts/api';
import type { TWorkshopSignBody } from '@itms/contracts/workshop';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { call, endpointKey, resourceKey } from '../../../lib/api-client';

/**
 * After a signature or a delete: the queue is stale, and so are the reports read from the checks
 * (the dashboard counters and the Summary's WS column).
 */
export function invalidateWorkshopQueue(queryClient: QueryClient) {
  return Promise.all(
    [endpointKey(API.listWorkshopQueue), resourceKey(API.getDashboardCounters)].map((queryKey) =>
      queryClient.invalidateQueries({ queryKey }),
    ),
  );
}

/** POST /workshop/sign: the selected items, all or nothing; the list reloads either way. */
export function useSignWorkshop() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TWorkshopSignBody) => call(API.signWorkshopItems, { body }),
    // the page shows the refusal itself (which items changed meanwhile)
    meta: { silent: true },
    onSettled: () => invalidateWorkshopQueue(queryClient),
  });
}
