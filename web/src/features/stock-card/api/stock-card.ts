import type { TStockCardKeys } from '@itms/contracts/stock';
import type { TTireSnLite } from '@itms/contracts/tires';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/**
 * The card of one tire (GET /api/tire/{id}/stock-card) or of a size/brand (GET /api/stock-card).
 * The query key names the tire: the paged list keys on its query, not on its path.
 */
export function stockCardSource(sel: StockCardSelection) {
  return sel.kind === 'tire'
    ? {
        key: `stock-card-tire-${sel.tireId}`,
        path: `/tire/${sel.tireId}/stock-card`,
        exportPath: `/tire/${sel.tireId}/stock-card/export`,
      }
    : { key: 'stock-card-group', path: '/stock-card', exportPath: '/stock-card/export' };
}

export type StockCardSelection =
  | { kind: 'tire'; tireId: number }
  | { kind: 'group'; size?: string; brand?: string }
  | { kind: 'none' };

/** What the URL asks for: `?tire=<id>`, or `?size=&brand=` (either or both). */
export function selectionFromParams(params: URLSearchParams): StockCardSelection {
  const tire = params.get('tire') ?? '';
  if (/^\d+$/.test(tire) && Number(tire) > 0) return { kind: 'tire', tireId: Number(tire) };
  const size = params.get('size')?.trim() || undefined;
  const brand = params.get('brand')?.trim() || undefined;
  if (size || brand) return { kind: 'group', size, brand };
  return { kind: 'none' };
}

/** GET /api/tire/findSnLite/{text}: serial prefix search (20 at most). */
export const serialSearchQuery = (text: string) =>
  queryOptions({
    queryKey: ['tire-sn-lite', text],
    queryFn: ({ signal }) =>
      api.get<TTireSnLite[]>(`/tire/findSnLite/${encodeURIComponent(text)}`, { signal }),
    enabled: text.length > 0,
    staleTime: 30_000,
  });

/** GET /api/stock-card/keys: the sizes and brands that have a stock card, for the size/brand choice. */
export const stockCardKeysQuery = () =>
  queryOptions({
    queryKey: ['stock-card-keys'],
    queryFn: ({ signal }) => api.get<TStockCardKeys>('/stock-card/keys', { signal }),
    staleTime: 60_000,
  });
