// Riwayat Pergantian's position cards: left 1, 3, 5, 7, 9, 11, ST; right 2, 4, 6, 8, 10, 12 (and ST2,
// spec section 9: odd positions and ST left, even and ST2 right). Only positions with records show.

export const LEFT_POSITIONS = ['1', '3', '5', '7', '9', '11', 'ST'] as const;
export const RIGHT_POSITIONS = ['2', '4', '6', '8', '10', '12', 'ST2'] as const;

export interface PositionSlot<T> {
  position: string;
  records: T[];
}

/** Records by position, in the left and right column order; positions without records are left out. */
export function positionColumns<T extends { position: string }>(records: readonly T[]) {
  const byPosition = new Map<string, T[]>();
  for (const r of records) {
    const key = r.position.trim().toUpperCase();
    byPosition.set(key, [...(byPosition.get(key) ?? []), r]);
  }
  const column = (order: readonly string[]): PositionSlot<T>[] =>
    order.filter((p) => byPosition.has(p)).map((p) => ({ position: p, records: byPosition.get(p) ?? [] }));
  const known = new Set<string>([...LEFT_POSITIONS, ...RIGHT_POSITIONS]);
  const other = [...byPosition.keys()].filter((p) => !known.has(p)).sort();
  return { left: column(LEFT_POSITIONS), right: [...column(RIGHT_POSITIONS), ...column(other)] };
}
