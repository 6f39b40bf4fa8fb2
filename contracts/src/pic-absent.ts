// 'PIC tidak di tempat' (issue 36, item 2): when the customer's PIC is not on site, the tire man
// records why instead of the PIC's signature. A check or a replacement carries one or the other,
// never both; a PIC signature given later clears the reason.
import { z } from 'zod';
import { UNSIGNED } from './enums';

export const PIC_ABSENT_REASON_MAX = 200;

export const PIC_ABSENT_MESSAGES = {
  required: 'Alasan PIC tidak di tempat wajib diisi',
  tooLong: `Alasan PIC tidak di tempat maksimal ${PIC_ABSENT_REASON_MAX} karakter`,
  both: 'Pilih salah satu: tanda tangan PIC atau alasan PIC tidak di tempat, bukan keduanya',
} as const;

/** The reason, trimmed; left out (or null) = the PIC was there or simply did not sign. */
export const ZPicAbsentReason = z.preprocess(
  (v) => (v === null ? undefined : v),
  z
    .string({ error: PIC_ABSENT_MESSAGES.required })
    .trim()
    .min(1, PIC_ABSENT_MESSAGES.required)
    .max(PIC_ABSENT_REASON_MAX, PIC_ABSENT_MESSAGES.tooLong)
    .optional(),
);

/** Whether a body's PIC signature is given ('-', blank or left out = not signed). */
const picSigned = (sign: string | undefined) => sign !== undefined && sign !== '' && sign !== UNSIGNED;

/** The rule of a body with both fields: a PIC signature and a reason for the PIC's absence exclude each other. */
export function picAbsentExclusive(
  body: { pic_sign?: string; pic_absent_reason?: string } | undefined,
  ctx: z.RefinementCtx,
): void {
  if (body?.pic_absent_reason !== undefined && picSigned(body.pic_sign)) {
    ctx.addIssue({ code: 'custom', path: ['pic_absent_reason'], message: PIC_ABSENT_MESSAGES.both });
  }
}

/** What the office reads where the PIC's signature would be, when the tire man recorded a reason. */
export const picAbsentNote = (reason: string | null | undefined): string | undefined =>
  reason ? `PIC tidak di tempat: ${reason}` : undefined;
