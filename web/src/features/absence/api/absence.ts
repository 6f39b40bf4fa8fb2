import { ABSENCE_MAX_PAGE_SIZE, type TAbsenceReply } from '@itms/contracts/reports';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, apiDownload } from '../../../lib/api-client';

export interface AbsenceParams {
  /** YYYY-MM */
  month: string;
  page: number;
  q?: string;
}

/** Units per request: the table is virtualised, so a whole fleet of 5,000 units comes in one page. */
export const ABSENCE_PAGE_SIZE = ABSENCE_MAX_PAGE_SIZE;

/** POST /tire-check/absent: units by day of the month (checked or not), totals and the summary counts. */
export function absenceQuery(p: AbsenceParams) {
  return queryOptions({
    queryKey: ['absence', p],
    queryFn: ({ signal }) =>
      api.post<TAbsenceReply>(
        '/tire-check/absent',
        { month: p.month, page: p.page, pageSize: ABSENCE_PAGE_SIZE, q: p.q || undefined },
        { signal },
      ),
    placeholderData: keepPreviousData,
  });
}

/** POST /tire-check/absent/export: the month's unit-by-day table as an Excel file. */
export function downloadAbsence(month: string, q?: string) {
  return apiDownload('/tire-check/absent/export', `absensi-unit_${month}.xlsx`, {
    method: 'POST',
    body: { month, q: q || undefined },
  });
}
