import type { TSummaryReply } from '@itms/contracts/reports';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** POST /tire-check/summary for the dashboard's monthly table (one row per region). */
export function regionSummaryQuery(range: { dateStart: string; dateEnd: string }) {
  return queryOptions({
    queryKey: ['dashboard', 'summary', range],
    meta: { silent: true },
    queryFn: ({ signal }) => api.post<TSummaryReply>('/tire-check/summary', range, { signal }),
  });
}
