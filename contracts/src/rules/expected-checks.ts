// Expected checks per region and the check percentage of the Summary Pengecekan screen
// (spec section 9): expected = 16 x tire men x days in the range, both ends included, where a
// region's Target Check (checks per tire man per day) replaces the 16 when set;
// percentage = total / expected x 100, rounded to 2 decimals. A range that runs past today is
// measured against the target up to today (the month's target prorated): the days still to come
// cannot have been checked yet.
// Deliberate differences from the legacy (issue 36, item 5): the day count is a number (the legacy
// appends it as text); the tire men are those who did counted work in the region in the range
// (rules/work-done.ts), not the region's typed manpower; the Target Check is dated (a region's
// plan applies from a month on), so the sum runs month by month with the plan of each month.
import { CHECKS_PER_TIREMAN_PER_DAY } from '../constants';

const DAY_MS = 86_400_000;

/** Days from `start` to `end` (yyyy-mm-dd), both included: the same day counts as 1. */
export function daysInclusive(start: string, end: string): number {
  const a = Date.parse(`${start}T00:00:00Z`);
  const b = Date.parse(`${end}T00:00:00Z`);
  if (Number.isNaN(a) || Number.isNaN(b)) throw new RangeError(`bad date range ${start}..${end}`);
  return Math.round((b - a) / DAY_MS) + 1;
}

/**
 * Days of the range up to `today` (yyyy-mm-dd, in the app's time zone), both included: the days
 * whose checks are already due. The whole range once it is past; 0 when it starts after today.
 */
export function daysToDate(start: string, end: string, today: string): number {
  if (today < start) return 0;
  return daysInclusive(start, end < today ? end : today);
}

/** Checks per tire man per day of a region: its Target Check, else the spec's 16. */
export function checksPerDay(targetCheck?: number | null): number {
  return targetCheck ?? CHECKS_PER_TIREMAN_PER_DAY;
}

/** `perDay` (16 unless the region's Target Check says otherwise) x tire men x days. */
export function expectedChecks(tireMen: number, days: number, perDay = CHECKS_PER_TIREMAN_PER_DAY): number {
  return Math.max(0, perDay) * Math.max(0, tireMen) * Math.max(0, days);
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
export function checkPercentage(
  total: number,
  tireMen: number,
  days: number,
  perDay = CHECKS_PER_TIREMAN_PER_DAY,
): number | null {
  return percentOf(total, expectedChecks(tireMen, days, perDay));
}

/** A region's plan from `month` (yyyy-mm-01) on, until a later one. */
export interface MonthPlan {
  month: string;
  target_check: number | null;
}

/** The plan in force in `month`: the latest not after it, else the earliest (months before any). */
export function planFor<P extends MonthPlan>(plans: readonly P[], month: string): P | undefined {
  const sorted = [...plans].sort((a, b) => a.month.localeCompare(b.month));
  return sorted.filter((p) => p.month <= month).at(-1) ?? sorted[0];
}

/**
 * Checks one tire man owes over a range: for each month of it, the month's Target Check (16 when
 * unset) x its days in the range, up to `today` when given. x tire men = the region's expectation.
 */
export function checksPerTireMan(
  plans: readonly MonthPlan[],
  start: string,
  end: string,
  today?: string,
): number {
  const last = today !== undefined && today < end ? today : end;
  let sum = 0;
  for (let m = `${start.slice(0, 7)}-01`; m <= last; m = nextMonth(m)) {
    const from = m < start ? start : m;
    const monthEnd = dayBefore(nextMonth(m));
    const to = monthEnd < last ? monthEnd : last;
    if (to >= from)
      sum += Math.max(0, checksPerDay(planFor(plans, m)?.target_check)) * daysInclusive(from, to);
  }
  return sum;
}

function nextMonth(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 1)).toISOString().slice(0, 10);
}

function dayBefore(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) - DAY_MS).toISOString().slice(0, 10);
}
