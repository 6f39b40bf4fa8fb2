// How worn a mounted tire is, as the field app colours it on the unit's diagram (issue 21: green,
// yellow at the warning level, red below the pull point, grey for an empty position).

/** Within this many millimetres above the pull point a tire is due soon: yellow. */
export const TREAD_WARNING_MARGIN_MM = 2;

export type TreadBand = 'good' | 'warning' | 'pull' | 'none';

/**
 * The band of a tire's lowest tread depth: 'pull' below the pull point, 'warning' from the pull
 * point up to the margin above it, 'good' above; 'none' for an empty position or a tire never
 * measured (nothing to judge).
 */
export function treadBand(lowestMm: number | null | undefined, pullPointMm: number): TreadBand {
  if (lowestMm == null) return 'none';
  if (lowestMm < pullPointMm) return 'pull';
  if (lowestMm <= pullPointMm + TREAD_WARNING_MARGIN_MM) return 'warning';
  return 'good';
}
