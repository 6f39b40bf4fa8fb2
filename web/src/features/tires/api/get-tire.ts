import type { TTireDetail } from '@itms/contracts/tire-list';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { TIRE_DETAIL_KEY } from './list-tires';

/** GET /api/tire/{id}: every field, plus the unit it is mounted on. */
export const tireQuery = (id: number) =>
  queryOptions({
    queryKey: [TIRE_DETAIL_KEY, id],
    queryFn: ({ signal }) => api.get<TTireDetail>(`/tire/${id}`, { signal }),
    staleTime: 0,
  });
