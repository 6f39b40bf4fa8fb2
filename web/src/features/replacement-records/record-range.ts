import type { DateRange } from '../../components/date-range-search';
import { appTime } from '../../lib/dayjs';

/** Before the first replacement anyone could have recorded: the whole history's first day. */
export const HISTORY_START = '2000-01-01';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

function isDay(s: string | null): s is string {
  if (!s || !DAY.test(s)) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
}

/** The searched range from the URL (?start&end, yyyy-mm-dd); null (the whole history) without one. */
export function rangeFromParams(params: URLSearchParams): DateRange | null {
  const start = params.get('start');
  const end = params.get('end');
  if (isDay(start) && isDay(end) && start <= end) return { start, end };
  return null;
}

/**
 * What the server is asked for: the searched range, or the whole history (work is never dated in
 * the future, so up to today).
 */
export function requestRange(range: DateRange | null, now = appTime()): DateRange {
  return range ?? { start: HISTORY_START, end: now.format('YYYY-MM-DD') };
}
