import { z } from 'zod';

// When field work was done (`performed_at`) against when the server received it.

/** A device clock this far ahead of the server's is refused (and this far behind a unit's registration). */
export const PERFORMED_AT_FUTURE_TOLERANCE_MS = 10 * 60 * 1000;
/** Field work older than this many days is refused, unless the server says otherwise (FIELD_MAX_AGE_DAYS). */
export const DEFAULT_FIELD_MAX_AGE_DAYS = 45;
/** Received this long after the work: the record is marked late. */
export const LATE_AFTER_MS = 24 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

export const PERFORMED_AT_MESSAGES = {
  invalid: 'Waktu perangkat tidak valid',
  tooOld: (days: number) =>
    `Tanggal pengerjaan lebih dari ${days} hari yang lalu: data setua itu tidak diterima. Periksa tanggal dan jam HP`,
  beforeUnit: (plate: string) =>
    `Tanggal pengerjaan lebih awal dari terdaftarnya unit ${plate} di ITMS. Periksa tanggal dan jam HP`,
} as const;

/** `performed_at` in a request body: ISO 8601 with an offset (or Z); optional, default the receipt time. */
export const ZPerformedAt = z.iso.datetime({ offset: true, message: PERFORMED_AT_MESSAGES.invalid });

/** True when the device's time is more than the tolerance ahead of `now`. */
export function isPerformedAtInFuture(performedAt: Date, now: Date = new Date()): boolean {
  return performedAt.getTime() - now.getTime() > PERFORMED_AT_FUTURE_TOLERANCE_MS;
}

/** What bounds a field entry's `performed_at`: the server's clock and limit, and the unit it is about. */
export interface PerformedAtBounds {
  now: Date;
  maxAgeDays: number;
  /** The unit the work was done on (left out: no unit, e.g. a new-tire request). */
  unit?: { createdAt: Date; plate: string } | null;
}

/**
 * Why the work cannot have been done at `performedAt`, or null: later than now plus the clock
 * tolerance, older than `maxAgeDays`, or before the unit was registered (less the tolerance).
 */
export function performedAtProblem(performedAt: Date, b: PerformedAtBounds): string | null {
  const at = performedAt.getTime();
  if (Number.isNaN(at) || isPerformedAtInFuture(performedAt, b.now)) return PERFORMED_AT_MESSAGES.invalid;
  if (b.now.getTime() - at > b.maxAgeDays * DAY_MS) return PERFORMED_AT_MESSAGES.tooOld(b.maxAgeDays);
  if (b.unit && b.unit.createdAt.getTime() - at > PERFORMED_AT_FUTURE_TOLERANCE_MS) {
    return PERFORMED_AT_MESSAGES.beforeUnit(b.unit.plate);
  }
  return null;
}

/** Whole days between the work and its receipt when that is over 24 h (at least 1), else null. */
export function lateDays(performedAt: Date | string, receivedAt: Date | string): number | null {
  const gap = new Date(receivedAt).getTime() - new Date(performedAt).getTime();
  return gap > LATE_AFTER_MS ? Math.max(1, Math.floor(gap / DAY_MS)) : null;
}

/** What the office screens show beside a late record. */
export const lateLabel = (days: number) => `Terlambat dikirim (${days} hari)`;

/**
 * When the document as it stands arrived: its last resubmission after a Return, else its first
 * arrival. A resubmitted document carries the work redone before it was sent again, so its work
 * time is compared with this, never with the first arrival (which came before the redone work).
 */
export function lastArrival(
  createdAt: string,
  returns: readonly { resubmitted_at: string | null }[] = [],
): string {
  let last = createdAt;
  for (const r of returns) {
    if (r.resubmitted_at && Date.parse(r.resubmitted_at) > Date.parse(last)) last = r.resubmitted_at;
  }
  return last;
}
