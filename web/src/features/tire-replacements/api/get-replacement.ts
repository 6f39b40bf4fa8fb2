import type { TReplacementDetail } from '@itms/contracts/tire-replacements';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, isApiError } from '../../../lib/api-client';

export const replacementKey = (id: number) => ['tire-replacement', id] as const;

/** GET /tire-replace/{id}: the whole Form Pergantian (unit, people, records with Before/After tires). */
export function replacementQuery(id: number) {
  return queryOptions({
    queryKey: replacementKey(id),
    queryFn: ({ signal }) => api.get<TReplacementDetail>(`/tire-replace/${id}`, { signal }),
    // the page shows "not found" itself
    meta: { silent: true },
    staleTime: 0,
    retry: (count, err) => count < 1 && (!isApiError(err) || err.status === 0 || err.status >= 500),
  });
}

export function useReplacement(id: number | undefined) {
  return useQuery({ ...replacementQuery(id ?? 0), enabled: Boolean(id) });
}
