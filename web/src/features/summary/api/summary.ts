import type { TRegionRow } from '@itms/contracts/master-data';
import type { TSummaryReply } from '@itms/contracts/reports';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, apiDownload } from '../../../lib/api-client';

export interface SummaryRange {
  dateStart: string;
  dateEnd: string;
}

/** POST /tire-check/summary: one row per region with counts, expectation and percentages. */
export function summaryQuery(range: SummaryRange) {
  return queryOptions({
    queryKey: ['summary', range],
    queryFn: ({ signal }) => api.post<TSummaryReply>('/tire-check/summary', range, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** POST /tire-check/summary/export: sheet 'Summary Pengecekan' (Id, Region, Total, Approved, Tireman, PIC). */
export function downloadSummary(range: SummaryRange) {
  return apiDownload(
    '/tire-check/summary/export',
    `summary-pengecekan_${range.dateStart}_${range.dateEnd}.xlsx`,
    { method: 'POST', body: range },
  );
}

/** PUT /region/{id} {target_check}: the editable Target Check of a region's card. */
export function useSaveTargetCheck() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, target_check }: { id: number; target_check: number | null }) =>
      api.put<{ message: string; data: TRegionRow }>(`/region/${id}`, { target_check }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['summary'] }),
  });
}
