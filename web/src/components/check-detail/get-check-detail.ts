import type { TTireCheckDetail } from '@itms/contracts/tire-checks';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

export const CHECK_DETAIL_KEY = 'check-record-detail';

/** GET /tire-check/detail/{id}: header, photos and every tire record, loaded each time the modal opens. */
export function checkDetailQuery(id: number) {
  return queryOptions({
    queryKey: [CHECK_DETAIL_KEY, id],
    queryFn: ({ signal }) => api.get<TTireCheckDetail>(`/tire-check/detail/${id}`, { signal }),
    staleTime: 0,
    gcTime: 0,
  });
}
