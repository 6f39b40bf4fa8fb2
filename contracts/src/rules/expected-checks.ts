// Expected checks per region and the check percentage of the Summary Pengecekan screen
// (spec section 9): expected = 16 x tire men x days in the range, both ends included;
// percentage = total / expected x 100, rounded to 2 decimals.
import { CHECKS_PER_TIREMAN_PER_DAY } from '../constants';

const DAY_MS = 86_400_000;

/** Days from `start` to `end` (yyyy-mm-dd), both included: the same day counts as 1. */
export function daysInclusive(start: string, end: string): number {
  const a = Date.parse(`${start}T00:00:00Z`);
  const b = Date.parse(`${end}T00:00:00Z`);
  if (Number.isNaN(a) || Number.isNaN(b)) throw new RangeError(`bad date range ${start}..${end}`);
  return Math.round((b - a) / DAY_MS) + 1;
}

/** 16 checks per tire man per day. */
export function expectedChecks(tireMen: number, days: number): number {
  return CHECKS_PER_TIREMAN_PER_DAY * Math.max(0, tireMen) * Math.max(0, days);
}

/**
 * `part / whole x 100` rounded half up to 2 decimals, computed on integers so that 1/8 gives
 * exactly 12.5 and 1/400 gives 0.25 (no binary rounding drift). Null when `whole` is 0.
 */
export function percentOf(part: number, whole: number): number | null {
  if (!(whole > 0)) return null;
  if (Number.isInteger(part) && Number.isInteger(whole) && part >= 0) {
    return Math.floor((part * 20_000 + whole) / (2 * whole)) / 100;
  }
  return Math.round((part / whole) * 10_000) / 100;
}

/** Check percentage of a region: total / expected x 100 to 2 decimals; null without an expectation. */
export function checkPercentage(total: number, tireMen: number, days: number): number | null {
  return percentOf(total, expectedChecks(tireMen, days));
}
