import type { TLeaderboardEntry } from '@itms/contracts/reports';
import { queryOptions } from '@tanstack/react-query';
import { api, apiDownload } from '../../../lib/api-client';

/** GET /tire-check/leader-board without paging: the current month's ranking (plain array). */
export function leaderboardQuery() {
  return queryOptions({
    queryKey: ['dashboard', 'leaderboard'],
    meta: { silent: true },
    queryFn: ({ signal }) => api.get<TLeaderboardEntry[]>('/tire-check/leader-board', { signal }),
  });
}

/** GET /tire-check/leader-board/export: the performance Excel file of the current month. */
export function downloadPerformance(month: string) {
  return apiDownload('/tire-check/leader-board/export', `performance_${month}.xlsx`);
}
