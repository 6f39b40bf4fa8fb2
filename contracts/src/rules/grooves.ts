// The four tread-depth readings (RTD 1-4) of a tire and its lowest ("RTD terendah"), the value the
// critical lists, the vehicle diagram and the tire's stored groove_lowest all go by.

export const GROOVES = ['groove_1', 'groove_2', 'groove_3', 'groove_4'] as const;
export type Groove = (typeof GROOVES)[number];

/** The lowest of the readings that were measured (null, undefined and NaN are not), or null. */
export function lowestReading(readings: readonly (number | null | undefined)[]): number | null {
  const measured = readings.filter((v): v is number => typeof v === 'number' && Number.isFinite(v));
  return measured.length ? Math.min(...measured) : null;
}

/** The lowest measured groove of a tire's fields, or null when none is measured. */
export function lowestGroove(values: Partial<Record<Groove, number | null | undefined>>): number | null {
  return lowestReading(GROOVES.map((g) => values[g]));
}

/** A change of grooves without an explicit lowest: the lowest follows the grooves (current + changed). */
export function withLowestGroove<T extends Partial<Record<string, unknown>>>(changes: T, current: object): T {
  if (changes.groove_lowest !== undefined || !GROOVES.some((g) => changes[g] !== undefined)) return changes;
  return { ...changes, groove_lowest: lowestGroove({ ...current, ...changes }) };
}
