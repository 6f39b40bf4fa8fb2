import type { TProductivityBody, TProductivityReply } from '@itms/contracts/reports';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, apiDownload } from '../../../lib/api-client';

/** POST /tire-check/querry/search: checks and approvals per tire man in a date range. */
export function productivityQuery(body: { firstDate: string; lastDate: string }) {
  return queryOptions({
    queryKey: ['dashboard', 'productivity', body],
    meta: { silent: true },
    queryFn: ({ signal }) =>
      api.post<TProductivityReply>('/tire-check/querry/search', body satisfies TProductivityBody, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** POST /tire-check/querry/search/export: the same numbers as an Excel file. */
export function downloadProductivity(body: { firstDate: string; lastDate: string }) {
  return apiDownload(
    '/tire-check/querry/search/export',
    `produktifitas_${body.firstDate}_${body.lastDate}.xlsx`,
    { method: 'POST', body },
  );
}
