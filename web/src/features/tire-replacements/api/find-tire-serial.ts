import type { TTireSnLite } from '@itms/contracts/tires';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET /tire/findSnLite/{text}: at most 20 tires whose serial starts with the text. */
export function useFindTireSerial(text: string) {
  const term = text.trim();
  return useQuery({
    queryKey: ['tire-findSnLite', term.toUpperCase()],
    queryFn: ({ signal }) =>
      api.get<TTireSnLite[]>(`/tire/findSnLite/${encodeURIComponent(term)}`, { signal }),
    enabled: term.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
}
