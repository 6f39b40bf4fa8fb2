import { describe, expect, it } from 'vitest';
import { isPerformedAtInFuture, lateDays, lateLabel, ZPerformedAt } from './performed-at';

describe('performed_at', () => {
  it('accepts ISO 8601 with an offset and refuses a bare local time', () => {
    expect(ZPerformedAt.safeParse('2026-11-24T08:30:00+07:00').success).toBe(true);
    expect(ZPerformedAt.safeParse('2026-11-24T01:30:00Z').success).toBe(true);
    expect(ZPerformedAt.safeParse('2026-11-24 08:30').success).toBe(false);
  });

  it('refuses a device clock more than 10 minutes ahead', () => {
    const now = new Date('2026-11-25T10:00:00Z');
    expect(isPerformedAtInFuture(new Date('2026-11-25T10:09:59Z'), now)).toBe(false);
    expect(isPerformedAtInFuture(new Date('2026-11-25T10:10:01Z'), now)).toBe(true);
  });

  it('marks a record received more than 24 h after the work, in whole days', () => {
    expect(lateDays('2026-11-24T10:00:00Z', '2026-11-25T09:59:00Z')).toBeNull();
    expect(lateDays('2026-11-23T10:00:00Z', '2026-11-25T11:00:00Z')).toBe(2);
    expect(lateDays('2026-11-24T10:00:00Z', '2026-11-25T10:30:00Z')).toBe(1);
    expect(lateLabel(2)).toBe('Terlambat dikirim (2 hari)');
  });
});
