import type { TListResult } from '@itms/contracts/list';
import type { TProjectRow } from '@itms/contracts/master-data';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Projects for the Proyek select of a tire man, by name (GET /api/project; a fleet has a few dozen). */
export function projectOptionsQuery(enabled: boolean) {
  return queryOptions({
    queryKey: ['project', 'options', 'tire-man'],
    queryFn: ({ signal }) =>
      api.get<TListResult<TProjectRow>>('/project', { query: { pageSize: 200, sort: 'name' }, signal }),
    enabled,
    staleTime: 60_000,
  });
}

/** GET /api/project/{id}: a linked project that is not among the options (beyond the first 200). */
export function projectQuery(id: number) {
  return queryOptions({
    queryKey: ['project', 'one', id],
    queryFn: ({ signal }) => api.get<TProjectRow>(`/project/${id}`, { signal }),
    staleTime: 60_000,
  });
}
