import type { TTireSnLite } from '@itms/contracts/tires';
import { api } from '../../../lib/api-client';

/** GET /tire/findSnLite/{text}: up to 20 tires whose serial starts with `text` (case-insensitive). */
export function findSerials(text: string, signal?: AbortSignal): Promise<TTireSnLite[]> {
  return api.get<TTireSnLite[]>(`/tire/findSnLite/${encodeURIComponent(text.trim())}`, { signal });
}
