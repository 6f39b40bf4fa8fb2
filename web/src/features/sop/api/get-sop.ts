import type { TSopEntry } from '@itms/contracts/master-data';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const SOP_KEY = 'sop';

/** GET /api/sop: the five procedures, in order. */
export const sopQuery = () =>
  queryOptions({
    queryKey: [SOP_KEY],
    queryFn: ({ signal }) => api.get<TSopEntry[]>('/sop', { signal }),
  });
