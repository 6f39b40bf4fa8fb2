import type { TReplacementDetail } from '@itms/contracts/tire-replacements';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

export const REPLACEMENT_DETAIL_KEY = 'replacement-record-detail';

/** GET /tire-replace/{id}: header, signatures and records (with Tire_ITM), loaded each time the dialog opens. */
export function replacementDetailQuery(id: number) {
  return queryOptions({
    queryKey: [REPLACEMENT_DETAIL_KEY, id],
    queryFn: ({ signal }) => api.get<TReplacementDetail>(`/tire-replace/${id}`, { signal }),
    staleTime: 0,
    gcTime: 0,
  });
}
