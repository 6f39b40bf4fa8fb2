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
