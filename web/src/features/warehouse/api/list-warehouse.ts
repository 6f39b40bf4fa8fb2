import type { TWarehouseGroupsReply } from '@itms/contracts/stock';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET /api/warehouse (stock tires and the `totals` of the same filter) and its export. */
export const WAREHOUSE_LIST = {
  key: 'warehouse',
  path: '/warehouse',
  exportPath: '/warehouse/export',
} as const;

export interface WarehouseFilter {
  q?: string;
  status?: string;
  size?: string;
  brand?: string;
  location_id?: number;
}

/** Which page of the groups, in what order (`total` / `-total`, else location, size and brand). */
export interface WarehouseGroupsView {
  page: number;
  sort?: 'total' | '-total';
}

/**
 * GET /api/warehouse/groups: one page of stock by location, size and brand for the list's
 * filter. Its key has no list page, so turning the list's pages reuses it; it shares the list's
 * key prefix, so whatever refreshes the list refreshes it too.
 */
export const warehouseGroupsQuery = (filter: WarehouseFilter, view: WarehouseGroupsView) =>
  queryOptions({
    queryKey: [WAREHOUSE_LIST.key, 'groups', filter, view],
    queryFn: ({ signal }) =>
      api.get<TWarehouseGroupsReply>('/warehouse/groups', {
        query: { ...filter, page: view.page, sort: view.sort },
        signal,
      }),
    placeholderData: (previous) => previous,
  });

/** Link to the stock card of one tire, or of a size and brand. */
export const tireCardHref = (tireId: number) => `/kartu-stok?tire=${tireId}`;
export const groupCardHref = (size: string, brand: string) =>
  `/kartu-stok?${new URLSearchParams({ size, brand }).toString()}`;
