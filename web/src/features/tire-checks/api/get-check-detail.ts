import type { TTireCheckDetail } from '@itms/contracts/tire-checks';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const checkDetailKey = (id: number) => ['tire-check', 'detail', id] as const;

/** GET /tire-check/detail/{id}: header, signatures and state of one check. */
export function checkDetailQuery(id: number) {
  return queryOptions({
    queryKey: checkDetailKey(id),
    queryFn: ({ signal }) => api.get<TTireCheckDetail>(`/tire-check/detail/${id}`, { signal }),
  });
}
