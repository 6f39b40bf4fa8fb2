// The date range of the records screens (Rekam Pengecekan, Riwayat Pergantian, Rekam BKB,
// Leaderboard, Summary Pengecekan): read from the URL, and named in the result header only for
// the rows actually on screen.
import { useState } from 'react';
import { type DateRange, shortcutRange } from '../components/date-range-search';
import { appTime, formatDayDate, fromApiDate } from './dayjs';

/** Before the first replacement anyone could have recorded: the whole history's first day. */
export const HISTORY_START = '2000-01-01';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

function isDay(s: string | null): s is string {
  if (!s || !DAY.test(s)) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
}

/** The searched range from the URL (?start&end, yyyy-mm-dd); null without a whole, valid one. */
export function rangeFromParams(params: URLSearchParams): DateRange | null {
  const start = params.get('start');
  const end = params.get('end');
  if (isDay(start) && isDay(end) && start <= end) return { start, end };
  return null;
}

/** The searched range, else the current month (spec section 9). */
export function rangeOrMonth(params: URLSearchParams, now = appTime()): DateRange {
  return rangeFromParams(params) ?? shortcutRange('Bulan ini', now);
}

/**
 * What the server is asked for: the searched range, or the whole history (work is never dated in
 * the future, so up to today).
 */
export function requestRange(range: DateRange | null, now = appTime()): DateRange {
  return range ?? { start: HISTORY_START, end: now.format('YYYY-MM-DD') };
}

const keyOf = (r: DateRange | null) => (r ? `${r.start}_${r.end}` : 'all');

/**
 * The range of the rows on screen: the asked range once its answer is in. While another range
 * loads, the previous rows stay on screen (keepPreviousData) and so does their range; after a
 * failure no rows are shown and no range is named (undefined, as before the first answer).
 */
export function useShownRange(
  asked: DateRange | null,
  q: { data: unknown; isPlaceholderData: boolean; isError: boolean; isFetching: boolean },
): DateRange | null | undefined {
  const [shown, setShown] = useState<{ range: DateRange | null } | undefined>(undefined);
  const answered = q.data !== undefined && !q.isPlaceholderData;
  // adjusting state while rendering (react.dev "storing information from previous renders")
  if (answered && (!shown || keyOf(shown.range) !== keyOf(asked))) setShown({ range: asked });
  if (q.isError && !q.isFetching) return undefined;
  return answered ? asked : shown?.range;
}

/**
 * The result header: 'Menampilkan 12 pengecekan dari Senin, 01 Juni 2026 s.d. Selasa, 30 Juni
 * 2026', or '... dari semua riwayat' for the whole history.
 */
export function rangeHeader(what: string, range: DateRange | null): string {
  const span = range
    ? `${formatDayDate(fromApiDate(range.start))} s.d. ${formatDayDate(fromApiDate(range.end))}`
    : 'semua riwayat';
  return `Menampilkan ${what} dari ${span}`;
}
