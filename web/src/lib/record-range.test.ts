import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { appTime } from './dayjs';
import {
  HISTORY_START,
  rangeFromParams,
  rangeHeader,
  rangeOrMonth,
  requestRange,
  useShownRange,
} from './record-range';

const now = appTime('2026-02-14T10:00:00+07:00');
const feb = { start: '2026-02-01', end: '2026-02-28' };
const jan = { start: '2026-01-01', end: '2026-01-31' };

describe('records range in the URL', () => {
  it('keeps a valid ?start&end; the current month, or the whole history, without one', () => {
    const p = new URLSearchParams('start=2025-12-30&end=2026-01-02');
    expect(rangeFromParams(p)).toEqual({ start: '2025-12-30', end: '2026-01-02' });
    expect(rangeOrMonth(p, now)).toEqual({ start: '2025-12-30', end: '2026-01-02' });
    expect(rangeOrMonth(new URLSearchParams(), now)).toEqual(feb);
    expect(rangeFromParams(new URLSearchParams())).toBeNull();
    expect(requestRange(null, now)).toEqual({ start: HISTORY_START, end: '2026-02-14' });
    expect(requestRange(jan, now)).toEqual(jan);
  });

  it('ignores impossible, reversed, half or empty ranges', () => {
    for (const qs of [
      'start=2026-02-30&end=2026-03-01',
      'start=2026-03-01&end=2026-02-01',
      'start=2026-01-01',
      'start=&end=',
      'start=2026-1-1&end=2026-01-31',
    ]) {
      expect(rangeFromParams(new URLSearchParams(qs)), qs).toBeNull();
      expect(rangeOrMonth(new URLSearchParams(qs), now), qs).toEqual(feb);
    }
  });
});

describe('result header', () => {
  it('names the range in words, or the whole history', () => {
    expect(rangeHeader('12 pengecekan', jan)).toBe(
      'Menampilkan 12 pengecekan dari Kamis, 01 Januari 2026 s.d. Sabtu, 31 Januari 2026',
    );
    expect(rangeHeader('3 pergantian', null)).toBe('Menampilkan 3 pergantian dari semua riwayat');
  });

  it('names the range of the rows on screen, not the one still loading or failed', () => {
    type Q = { data: unknown; isPlaceholderData: boolean; isError: boolean; isFetching: boolean };
    const idle: Q = { data: undefined, isPlaceholderData: false, isError: false, isFetching: true };
    const { result, rerender } = renderHook(({ asked, q }) => useShownRange(asked, q), {
      initialProps: { asked: jan as typeof jan | null, q: idle },
    });
    // nothing answered yet: no range named
    expect(result.current).toBeUndefined();
    rerender({ asked: jan, q: { ...idle, data: ['jan'], isFetching: false } });
    expect(result.current).toEqual(jan);
    // February asked, January's rows still shown while it loads
    rerender({ asked: feb, q: { data: ['jan'], isPlaceholderData: true, isError: false, isFetching: true } });
    expect(result.current).toEqual(jan);
    rerender({ asked: feb, q: { ...idle, data: ['feb'], isFetching: false } });
    expect(result.current).toEqual(feb);
    // the whole history asked and failed: no rows, no range
    rerender({
      asked: null,
      q: { data: ['feb'], isPlaceholderData: true, isError: true, isFetching: false },
    });
    expect(result.current).toBeUndefined();
    rerender({ asked: null, q: { ...idle, data: ['all'], isFetching: false } });
    expect(result.current).toBeNull();
  });
});
