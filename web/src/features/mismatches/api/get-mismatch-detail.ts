import type { TMismatchDetail } from '@itms/contracts/mismatches';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const mismatchDetailKey = (id: number) => ['mismatch-detail', id] as const;

/** GET /mismatch/detail/{id}: loaded each time a detail modal opens. */
export function mismatchDetailQuery(id: number) {
  return queryOptions({
    queryKey: mismatchDetailKey(id),
    queryFn: ({ signal }) => api.get<TMismatchDetail>(`/mismatch/detail/${id}`, { signal }),
    staleTime: 0,
    gcTime: 0,
  });
}
