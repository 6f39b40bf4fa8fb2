import { type DateRange, shortcutRange } from '../../components/date-range-search';
import { appTime } from '../../lib/dayjs';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

function isDay(s: string | null): s is string {
  if (!s || !DAY.test(s)) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
}

/** The searched range from the URL (?start&end, yyyy-mm-dd); else the current month (spec section 9). */
export function rangeFromParams(params: URLSearchParams, now = appTime()): DateRange {
  const start = params.get('start');
  const end = params.get('end');
  if (isDay(start) && isDay(end) && start <= end) return { start, end };
  return shortcutRange('Bulan ini', now);
}
