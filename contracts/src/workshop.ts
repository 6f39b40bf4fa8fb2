// Tanda Tangan Workshop (issue 22): validated checks and replacements awaiting the workshop
// signature, and the batch signature given by a workshop signatory.
import { z } from 'zod';
import { PAGE_SIZES } from './constants';
import { UNSIGNED } from './enums';
import { listResult } from './list';
import { blankToUndefined, zId, zNumeric, zPage } from './numeric';
import { queueFilterFields } from './queue';
import { DATE_ORDER_MESSAGE, PICK_DATES_MESSAGE, ZDay } from './reports';

export const WORKSHOP_KINDS = ['tire-check', 'tire-replacement'] as const;
export type WorkshopKind = (typeof WORKSHOP_KINDS)[number];

/** What each kind is called on screen. */
export const WORKSHOP_KIND_LABELS: Record<WorkshopKind, string> = {
  'tire-check': 'Pengecekan',
  'tire-replacement': 'Pergantian',
};

export const WORKSHOP_MESSAGES = {
  signed: (n: number) => `${n} data berhasil ditandatangani workshop`,
  notSignatory: 'Akun Anda bukan penanda tangan workshop',
  needSignature: 'Belum ada tanda tangan tersimpan, gambar tanda tangan terlebih dahulu',
  nothingSigned: 'Tidak ada yang ditandatangani, sebagian data sudah berubah',
  alreadySigned: 'sudah ditandatangani workshop',
  deleted: 'sudah dihapus',
  notValidated: 'belum divalidasi',
  pickItems: 'Pilih data yang akan ditandatangani',
  elsewhere: 'Tanda tangan workshop hanya diberikan di Tanda Tangan Workshop, oleh penanda tangan workshop',
} as const;

/**
 * `workshop_sign` in any body but POST /api/workshop/sign: refused unless it says "none", so a
 * validation can never take the item out of the workshop's queue.
 */
export const ZNoWorkshopSign = z
  .unknown()
  .refine((v) => v === null || v === '' || v === UNSIGNED, WORKSHOP_MESSAGES.elsewhere)
  .optional();

/** GET /api/workshop/queue: paged (15/50/100), plate search `q`, work-day range (performed_at). */
export const ZWorkshopQueueQuery = z
  .object({
    page: zPage,
    pageSize: zNumeric(
      z
        .number({ error: 'Ukuran halaman tidak valid' })
        .int('Ukuran halaman tidak valid')
        .min(1, 'Ukuran halaman tidak valid')
        .max(100, 'Ukuran halaman maksimal 100')
        .default(PAGE_SIZES.validation.default),
    ),
    /** Plate number, or part of it; spaces are ignored. */
    q: z.preprocess(blankToUndefined, z.string().trim().max(40, 'No. Body terlalu panjang').optional()),
    dateStart: z.preprocess(blankToUndefined, ZDay.optional()),
    dateEnd: z.preprocess(blankToUndefined, ZDay.optional()),
    /** Validated longest ago first (the default: the work waiting longest), or the newest first. */
    order: queueFilterFields.order,
  })
  .refine((q) => (q.dateStart === undefined) === (q.dateEnd === undefined), {
    path: ['dateEnd'],
    message: PICK_DATES_MESSAGE,
  })
  .refine((q) => !q.dateStart || !q.dateEnd || q.dateStart <= q.dateEnd, {
    path: ['dateEnd'],
    message: DATE_ORDER_MESSAGE,
  });
export type TWorkshopQueueQuery = z.input<typeof ZWorkshopQueueQuery>;
export type TWorkshopQueueInput = z.output<typeof ZWorkshopQueueQuery>;

export const ZWorkshopItem = z.object({
  kind: z.enum(WORKSHOP_KINDS, { error: 'Jenis data tidak valid' }),
  id: zId('Id tidak valid'),
});
export type TWorkshopItem = z.infer<typeof ZWorkshopItem>;

export const ZWorkshopQueueRow = z.object({
  kind: z.enum(WORKSHOP_KINDS),
  id: z.number(),
  plate_number: z.string(),
  tireman: z.object({ id: z.number(), name: z.string() }),
  location: z.string(),
  project: z.string().nullable(),
  /** When the work was done (ISO, UTC), and its local day `yyyy-mm-dd` and time `HH:mm`. */
  performed_at: z.string(),
  date: z.string(),
  time: z.string(),
  /** When the EDP validated it (ISO, UTC), and who. */
  validated_at: z.string().nullable(),
  validator: z.string().nullable(),
});
export type TWorkshopQueueRow = z.infer<typeof ZWorkshopQueueRow>;

export const ZWorkshopQueuePage = listResult(ZWorkshopQueueRow).extend({
  /** The caller is a workshop signatory (the screen shows the sign buttons). */
  can_sign: z.boolean(),
  /** The caller has a stored signature to sign with, and its upload path (null = none). */
  has_signature: z.boolean(),
  signature: z.string().nullable(),
});
export type TWorkshopQueuePage = z.infer<typeof ZWorkshopQueuePage>;

/** POST /api/workshop/sign: one or many items; `workshop_sign` omitted = the stored signature. */
export const ZWorkshopSignBody = z.object({
  items: z.preprocess(
    (v) => {
      if (typeof v !== 'string') return v;
      try {
        return JSON.parse(v);
      } catch {
        return v;
      }
    },
    z
      .array(ZWorkshopItem, { error: WORKSHOP_MESSAGES.pickItems })
      .min(1, WORKSHOP_MESSAGES.pickItems)
      .max(200, 'Maksimal 200 data sekali tanda tangan')
      .superRefine((items, ctx) => {
        const seen = new Set<string>();
        items.forEach((it, i) => {
          const key = `${it.kind}:${it.id}`;
          if (seen.has(key)) ctx.addIssue({ code: 'custom', path: [i, 'id'], message: 'Data duplikat' });
          seen.add(key);
        });
      }),
  ),
  /** Upload path of a drawn signature (POST /api/upload by the signer). */
  workshop_sign: z.preprocess(
    blankToUndefined,
    z.string().trim().min(2, 'Tanda tangan tidak valid').max(500, 'Path gambar terlalu panjang').optional(),
  ),
});
export type TWorkshopSignBody = z.input<typeof ZWorkshopSignBody>;
export type TWorkshopSignInput = z.output<typeof ZWorkshopSignBody>;

export const ZWorkshopSignReply = z.object({
  message: z.string(),
  signed: z.number(),
  workshop_sign: z.string(),
  /** The items signed (as parsed from the request: kind and numeric id). */
  items: z.array(z.object({ kind: z.enum(WORKSHOP_KINDS), id: z.number() })),
});
export type TWorkshopSignReply = z.infer<typeof ZWorkshopSignReply>;
