import { apiDownload } from '../../../lib/api-client';

/** GET /tire-check/leader-board?dateStart&dateEnd&page&pageSize: a page of the ranking (usePagedList). */
export const LEADERBOARD_LIST = { key: 'leaderboard', path: '/tire-check/leader-board' } as const;

/** GET /tire-check/leader-board/export: the whole ranking of the period as an Excel file. */
export function downloadLeaderboard(range: { dateStart: string; dateEnd: string }) {
  return apiDownload(
    '/tire-check/leader-board/export',
    `performance_${range.dateStart}_${range.dateEnd}.xlsx`,
    { query: range },
  );
}
