import type { TDashboardCounters } from '@itms/contracts/reports';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/**
 * GET /dashboard/counters: the dashboard cards. The shell invalidates every query on
 * 'new-notification', so an open dashboard refetches these on its own; the interval is a fallback
 * for a socket that dropped.
 */
export function countersQuery() {
  return queryOptions({
    queryKey: ['dashboard', 'counters'],
    meta: { silent: true },
    queryFn: ({ signal }) => api.get<TDashboardCounters>('/dashboard/counters', { signal }),
    staleTime: 0,
    refetchInterval: 60_000,
  });
}
