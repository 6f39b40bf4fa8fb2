import { z } from 'zod';

// The field loop (ITMS Lapangan): what the tire man's phone sends and reads.

/** Kinds of field submissions, as the history and the field-status event name them. */
export const SUBMISSION_KINDS = ['tire-check', 'tire-replacement', 'mismatch', 'qc-check'] as const;
export const ZSubmissionKind = z.enum(SUBMISSION_KINDS);
export type TSubmissionKind = z.infer<typeof ZSubmissionKind>;

/** Where a submission stands, seen from the field. */
export const SUBMISSION_STATUSES = ['pending', 'approved', 'returned', 'deleted'] as const;
export const ZSubmissionStatus = z.enum(SUBMISSION_STATUSES);
export type TSubmissionStatus = z.infer<typeof ZSubmissionStatus>;

export const ZFieldStatusEvent = z.object({
  kind: ZSubmissionKind,
  id: z.number().int(),
  status: z.enum(['approved', 'returned', 'deleted']),
  reason: z.string().optional(),
});
export type TFieldStatusEvent = z.infer<typeof ZFieldStatusEvent>;

/** Header of every field write; the app sends a UUID made when the item is saved. */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** 1-255 visible ASCII characters (the IETF draft leaves the format to the server). */
export const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

export const IDEMPOTENCY_MESSAGES = {
  reused: 'Kunci pengiriman sudah dipakai untuk data lain',
  inFlight: 'Data yang sama sedang diproses',
  badKey: 'Header Idempotency-Key harus 1-255 karakter tanpa spasi',
} as const;
