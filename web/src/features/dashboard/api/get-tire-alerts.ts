import type { TAlertSummary } from '@itms/contracts/tire-intelligence';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const TIRE_ALERTS_KEY = ['dashboard', 'tire-alerts'] as const;

/**
 * GET /tire-intelligence/alerts/summary: the "Ban Kritis" card. Invalidated on the 'tire-alerts'
 * socket event (after each check validation); the interval is a fallback for a dropped socket.
 */
export function tireAlertsQuery() {
  return queryOptions({
    queryKey: TIRE_ALERTS_KEY,
    meta: { silent: true },
    queryFn: ({ signal }) => api.get<TAlertSummary>('/tire-intelligence/alerts/summary', { signal }),
    staleTime: 0,
    refetchInterval: 120_000,
  });
}
