/** GET /api/warehouse (stock tires, with `groups` and `totals` of the same filter) and its export. */
export const WAREHOUSE_LIST = {
  key: 'warehouse',
  path: '/warehouse',
  exportPath: '/warehouse/export',
} as const;

/** Link to the stock card of one tire, or of a size and brand. */
export const tireCardHref = (tireId: number) => `/kartu-stok?tire=${tireId}`;
export const groupCardHref = (size: string, brand: string) =>
  `/kartu-stok?${new URLSearchParams({ size, brand }).toString()}`;
