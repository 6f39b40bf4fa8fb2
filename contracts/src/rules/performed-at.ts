import { z } from 'zod';

// When field work was done (`performed_at`) against when the server received it.

/** A device clock this far ahead of the server's is refused. */
export const PERFORMED_AT_FUTURE_TOLERANCE_MS = 10 * 60 * 1000;
/** Received this long after the work: the record is marked late. */
export const LATE_AFTER_MS = 24 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

export const PERFORMED_AT_MESSAGES = { invalid: 'Waktu perangkat tidak valid' } as const;

/** `performed_at` in a request body: ISO 8601 with an offset (or Z); optional, default the receipt time. */
export const ZPerformedAt = z.iso.datetime({ offset: true, message: PERFORMED_AT_MESSAGES.invalid });

/** True when the device's time is more than the tolerance ahead of `now`. */
export function isPerformedAtInFuture(performedAt: Date, now: Date = new Date()): boolean {
  return performedAt.getTime() - now.getTime() > PERFORMED_AT_FUTURE_TOLERANCE_MS;
}

/** Whole days between the work and its receipt when that is over 24 h (at least 1), else null. */
export function lateDays(performedAt: Date | string, receivedAt: Date | string): number | null {
  const gap = new Date(receivedAt).getTime() - new Date(performedAt).getTime();
  return gap > LATE_AFTER_MS ? Math.max(1, Math.floor(gap / DAY_MS)) : null;
}

/** What the office screens show beside a late record. */
export const lateLabel = (days: number) => `Terlambat dikirim (${days} hari)`;
