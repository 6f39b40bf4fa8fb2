// The detail modal's tire cards: odd positions, even positions and the spares ('ST', 'ST2').

export type TireGroupKey = 'odd' | 'even' | 'spare';

export const TIRE_GROUP_TITLES: Record<TireGroupKey, string> = {
  odd: 'Posisi Ganjil',
  even: 'Posisi Genap',
  spare: 'Ban Serep (ST)',
};

export function groupOfPosition(position: string): TireGroupKey {
  const n = Number(position);
  if (!Number.isInteger(n)) return 'spare';
  return n % 2 === 1 ? 'odd' : 'even';
}

const order = (position: string) => {
  const n = Number(position);
  return Number.isInteger(n) ? n : position.toUpperCase() === 'ST' ? 100 : 101;
};

/** Records split into odd / even / spare, each sorted by position (1, 3, 5 ... ST, ST2). */
export function groupTires<T extends { position: string }>(records: readonly T[]) {
  const groups: Record<TireGroupKey, T[]> = { odd: [], even: [], spare: [] };
  for (const r of [...records].sort((a, b) => order(a.position) - order(b.position))) {
    groups[groupOfPosition(r.position)].push(r);
  }
  return groups;
}
