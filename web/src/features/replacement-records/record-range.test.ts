import { describe, expect, it } from 'vitest';
import { appTime } from '../../lib/dayjs';
import { HISTORY_START, rangeFromParams, requestRange } from './record-range';

describe('Riwayat Pergantian range', () => {
  it('opens on the whole history; the date search narrows it', () => {
    const now = appTime('2026-02-14T10:00:00+07:00');
    expect(rangeFromParams(new URLSearchParams())).toBeNull();
    expect(requestRange(null, now)).toEqual({ start: HISTORY_START, end: '2026-02-14' });
    const searched = rangeFromParams(new URLSearchParams('start=2026-01-01&end=2026-01-31'));
    expect(searched).toEqual({ start: '2026-01-01', end: '2026-01-31' });
    expect(requestRange(searched, now)).toEqual(searched);
    // a broken or reversed range in the URL is no filter
    expect(rangeFromParams(new URLSearchParams('start=2026-02-30&end=2026-03-01'))).toBeNull();
    expect(rangeFromParams(new URLSearchParams('start=2026-03-01&end=2026-02-01'))).toBeNull();
  });
});
