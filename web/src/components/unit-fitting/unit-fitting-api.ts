import type {
  TTireSnReply,
  TUnitFittingReply,
  TUnitMountBody,
  TUnitMoveBody,
  TUnitUnmountBody,
  TUnitWheels,
} from '@itms/contracts/unit-fitting';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

export const UNIT_WHEELS_KEY = 'unit-wheels';

/** GET /api/unit/{id}/wheels: each position of the unit's diagram with its tire or empty. */
export const unitWheelsQuery = (unitId: number) =>
  queryOptions({
    queryKey: [UNIT_WHEELS_KEY, unitId],
    queryFn: ({ signal }) => api.get<TUnitWheels>(`/unit/${unitId}/wheels`, { signal }),
  });

export const mountTire = (unitId: number, body: TUnitMountBody) =>
  api.post<TUnitFittingReply>(`/unit/${unitId}/mount`, body);
export const unmountTire = (unitId: number, body: TUnitUnmountBody) =>
  api.post<TUnitFittingReply>(`/unit/${unitId}/unmount`, body);
export const moveTire = (unitId: number, body: TUnitMoveBody) =>
  api.post<TUnitFittingReply>(`/unit/${unitId}/move`, body);

/** GET /api/tire-sn?stock=true: stock tires (mountable) whose serial starts with the text, paged. */
export function useStockTireSearch(text: string, page: number, pageSize: number) {
  return useQuery({
    queryKey: ['tire-sn', 'stock', text.toUpperCase(), page, pageSize],
    queryFn: ({ signal }) =>
      api.get<TTireSnReply>('/tire-sn', { signal, query: { q: text, stock: 'true', page, pageSize } }),
    placeholderData: keepPreviousData,
    staleTime: 5_000,
  });
}
