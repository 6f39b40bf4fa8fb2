import { z } from 'zod';
import { PAGE_SIZES } from './constants';
import { listResult } from './list';
import { zNumeric, zPage } from './numeric';

/** The two kinds of field submission the office can give back to the tire man. */
export const RETURN_KINDS = ['tire-check', 'tire-replacement'] as const;
export type TReturnKind = (typeof RETURN_KINDS)[number];

/** One Return of a document: when, who, why, and when the tire man sent it again. */
export const ZReturnHistoryEntry = z.object({
  id: z.number(),
  /** ISO, UTC. */
  returned_at: z.string(),
  reason: z.string(),
  /** Who returned it; null for returns made before the history was kept, or a deleted account. */
  returned_by: z.object({ id: z.number(), name: z.string() }).nullable(),
  /** ISO, UTC; null while the tire man has not resubmitted. */
  resubmitted_at: z.string().nullable(),
});
export type TReturnHistoryEntry = z.infer<typeof ZReturnHistoryEntry>;

/** Who gave the workshop signature (Tanda Tangan Workshop) and when; null while unsigned. */
export const ZWorkshopSigned = z
  .object({
    /** Null for signatures given before the signer was kept, or a deleted account. */
    by: z.object({ id: z.number(), name: z.string() }).nullable(),
    /** ISO, UTC. */
    at: z.string(),
  })
  .nullable();

/** GET /tire-check/returns and /tire-replacement/returns: newest return first, one page. */
export const ZReturnsListQuery = z.object({
  page: zPage,
  pageSize: zNumeric(
    z
      .number()
      .int()
      .min(1, 'Ukuran halaman minimal 1')
      .max(100, 'Ukuran halaman maksimal 100')
      .default(PAGE_SIZES.validation.default),
  ),
});
export type TReturnsListQuery = z.output<typeof ZReturnsListQuery>;

/** A row of the 'Dikembalikan' view: a Return and the document it gave back. */
export const ZReturnsListRow = ZReturnHistoryEntry.extend({
  /** The check's or replacement's id. */
  record_id: z.number(),
  plate_number: z.string(),
  tireman: z.object({ id: z.number(), name: z.string() }),
  /** Whether the document has been validated since (approved). */
  status: z.enum(['pending', 'approved']),
});
export type TReturnsListRow = z.infer<typeof ZReturnsListRow>;

export const ZReturnsPage = listResult(ZReturnsListRow);
export type TReturnsPage = z.infer<typeof ZReturnsPage>;

export const RETURN_LABELS = {
  resubmitted: 'Sudah dikirim ulang',
  waiting: 'Belum dikirim ulang',
} as const;
