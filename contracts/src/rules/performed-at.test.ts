import { describe, expect, it } from 'vitest';
import { isPerformedAtInFuture, lateDays, lateLabel, performedAtProblem, ZPerformedAt } from './performed-at';

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

  it('refuses work older than the limit, or dated before its unit was registered', () => {
    const now = new Date('2026-11-25T10:00:00Z');
    const unit = { createdAt: new Date('2026-11-01T00:00:00Z'), plate: 'B 9001 TR' };
    const problem = (at: string, u: typeof unit | null = unit) =>
      performedAtProblem(new Date(at), { now, maxAgeDays: 45, unit: u });
    expect(problem('2026-11-25T10:09:00Z')).toBeNull();
    expect(problem('2026-11-02T08:00:00+07:00')).toBeNull();
    expect(problem('2026-11-25T10:11:00Z')).toBe('Waktu perangkat tidak valid');
    expect(problem('2001-01-01T00:00:00Z', null)).toBe(
      'Tanggal pengerjaan lebih dari 45 hari yang lalu: data setua itu tidak diterima. Periksa tanggal dan jam HP',
    );
    expect(problem('2026-10-11T10:00:00Z', null)).toBeNull(); // 45 days
    expect(problem('2026-10-11T09:59:00Z', null)).not.toBeNull();
    // a phone clock a few minutes behind the registration is tolerated
    expect(problem('2026-10-31T23:55:00Z')).toBeNull();
    expect(problem('2026-10-31T23:49:00Z')).toBe(
      'Tanggal pengerjaan lebih awal dari terdaftarnya unit B 9001 TR di ITMS. Periksa tanggal dan jam HP',
    );
  });

  it('marks a record received more than 24 h after the work, in whole days', () => {
    expect(lateDays('2026-11-24T10:00:00Z', '2026-11-25T09:59:00Z')).toBeNull();
    expect(lateDays('2026-11-23T10:00:00Z', '2026-11-25T11:00:00Z')).toBe(2);
    expect(lateDays('2026-11-24T10:00:00Z', '2026-11-25T10:30:00Z')).toBe(1);
    expect(lateLabel(2)).toBe('Terlambat dikirim (2 hari)');
  });
});
