import type { TTireLife } from '@itms/contracts/tire-intelligence';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET /api/tire-intelligence/tires/{id}: life, wear forecast and cost of one tire. */
export const tireLifeQuery = (tireId: number) =>
  queryOptions({
    queryKey: ['tire-life', tireId],
    queryFn: ({ signal }) => api.get<TTireLife>(`/tire-intelligence/tires/${tireId}`, { signal }),
    staleTime: 0,
    meta: { silent: true },
  });
