import type { TTireSnReply } from '@itms/contracts/unit-fitting';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET /api/tire-sn: tires whose serial starts with the text, one page of them (page, pageSize, total). */
export function useFindTireSerial(text: string, page: number, pageSize: number) {
  const term = text.trim();
  return useQuery({
    queryKey: ['tire-sn', term.toUpperCase(), page, pageSize],
    queryFn: ({ signal }) =>
      api.get<TTireSnReply>('/tire-sn', { signal, query: { q: term, page, pageSize } }),
    enabled: term.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
}
