import type { TListResult } from '@itms/contracts/list';
import type { TActiveTireRow } from '@itms/contracts/tire-list';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET /active-unit?unit_id=: the tires mounted on the unit now (for positions without a record). */
export function useUnitTires(unitId: number | undefined) {
  return useQuery({
    queryKey: ['active-unit', { unit_id: unitId, status: 'INSTALLED' }],
    queryFn: ({ signal }) =>
      api.get<TListResult<TActiveTireRow>>('/active-unit', {
        query: { unit_id: unitId, status: 'INSTALLED', pageSize: 20 },
        signal,
      }),
    enabled: Boolean(unitId),
    // the diagram works without it: no error dialog
    meta: { silent: true },
  });
}
