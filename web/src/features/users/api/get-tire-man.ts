import type { TTireManRow } from '@itms/contracts/users';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Query key prefix of the Tire Man list and its records (reloaded after every change). */
export const TIRE_MAN_KEY = 'tire-man';

/** GET /api/tire-man/{id}: one account, with isLogin, for the edit modal. */
export function tireManQuery(id: number | undefined) {
  return queryOptions({
    queryKey: [TIRE_MAN_KEY, 'detail', id],
    queryFn: ({ signal }) => api.get<TTireManRow>(`/tire-man/${id}`, { signal }),
    enabled: id !== undefined,
    staleTime: 0,
  });
}
