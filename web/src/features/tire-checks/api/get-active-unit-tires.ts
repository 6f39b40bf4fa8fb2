import type { TActiveUnitTires } from '@itms/contracts/tire-checks';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const activeUnitTiresKey = (unitId: number) => ['active-unit-tire', unitId] as const;

/** GET /active-unit-tire/{unitId}: the tires mounted on the unit now (for the BKB ribbon). */
export function activeUnitTiresQuery(unitId: number) {
  return queryOptions({
    queryKey: activeUnitTiresKey(unitId),
    queryFn: ({ signal }) => api.get<TActiveUnitTires>(`/active-unit-tire/${unitId}`, { signal }),
  });
}
