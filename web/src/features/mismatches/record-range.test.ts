import { describe, expect, it } from 'vitest';
import { appTime } from '../../lib/dayjs';
import { rangeFromParams } from './record-range';

describe('Rekam BKB range in the URL', () => {
  const now = appTime('2026-02-14T10:00:00+07:00');

  it('defaults to the current month', () => {
    expect(rangeFromParams(new URLSearchParams(), now)).toEqual({ start: '2026-02-01', end: '2026-02-28' });
  });

  it('keeps a valid ?start&end', () => {
    const p = new URLSearchParams('start=2025-12-30&end=2026-01-02');
    expect(rangeFromParams(p, now)).toEqual({ start: '2025-12-30', end: '2026-01-02' });
  });

  it('ignores impossible, reversed or half ranges', () => {
    for (const qs of [
      'start=2026-02-30&end=2026-03-01',
      'start=2026-03-01&end=2026-02-01',
      'start=2026-01-01',
    ]) {
      expect(rangeFromParams(new URLSearchParams(qs), now)).toEqual({
        start: '2026-02-01',
        end: '2026-02-28',
      });
    }
  });
});
