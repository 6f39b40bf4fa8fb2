import type { TQcDetail } from '@itms/contracts/qc';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET /api/qccheck-detailed (Quality Control Record) and its export. */
export const QC_LIST = {
  key: 'qc-list',
  path: '/qccheck-detailed',
  exportPath: '/qccheck-detailed/export',
} as const;

/** GET /api/qccheck/{id}: the row plus the 14 x 14 matrix. */
export const qcDetailQuery = (id: number) =>
  queryOptions({
    queryKey: ['qc-detail', id],
    queryFn: ({ signal }) => api.get<TQcDetail>(`/qccheck/${id}`, { signal }),
  });
