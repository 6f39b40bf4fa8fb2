import type { TTireCheckRecord } from '@itms/contracts/tire-checks';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const checkRecordsKey = (id: number) => ['tire-check', 'records', id] as const;

/** GET /tire-check-record/{id}: what the tire man recorded per position, with the tire as it is now. */
export function checkRecordsQuery(id: number) {
  return queryOptions({
    queryKey: checkRecordsKey(id),
    queryFn: ({ signal }) => api.get<TTireCheckRecord[]>(`/tire-check-record/${id}`, { signal }),
  });
}
