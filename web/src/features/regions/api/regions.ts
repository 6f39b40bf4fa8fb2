import type {
  TLocationBody,
  TLocationRow,
  TMutationReply,
  TRegionCreateBody,
  TRegionRow,
  TRegionUpdateBody,
} from '@itms/contracts/master-data';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Query keys this screen's changes make stale: its lists, and every summary that counts regions. */
export const REGION_KEYS = ['regions', 'locations', 'summary', 'dashboard'] as const;

/** GET /region: every region, by name. */
export const regionsQuery = queryOptions({
  queryKey: ['regions'],
  queryFn: ({ signal }) => api.get<TRegionRow[]>('/region', { signal }),
});

/** GET /location: every location with its region. */
export const locationsQuery = queryOptions({
  queryKey: ['locations'],
  queryFn: ({ signal }) => api.get<TLocationRow[]>('/location', { signal }),
});

export const createRegion = (body: TRegionCreateBody) =>
  api.post<TMutationReply<TRegionRow>>('/region', body);
export const updateRegion = (id: number, body: TRegionUpdateBody) =>
  api.put<TMutationReply<TRegionRow>>(`/region/${id}`, body);
export const deleteRegion = (id: number) => api.delete<TMutationReply<{ id: number }>>(`/region/${id}`);

export const createLocation = (body: TLocationBody) =>
  api.post<TMutationReply<TLocationRow>>('/location', body);
export const updateLocation = (id: number, body: TLocationBody) =>
  api.put<TMutationReply<TLocationRow>>(`/location/${id}`, body);
export const deleteLocation = (id: number) => api.delete<TMutationReply<{ id: number }>>(`/location/${id}`);
