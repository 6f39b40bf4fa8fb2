/** Link to the stock card of one tire, or of a size and brand. */
export const tireCardHref = (tireId: number) => `/kartu-stok?tire=${tireId}`;
export const groupCardHref = (size: string, brand: string) =>
  `/kartu-stok?${new URLSearchParams({ size, brand }).toString()}`;
