// BKB categories: the one list a BKB's Kategori is chosen from (master data, admin only).
import { z } from 'zod';
import { zId } from './numeric';
import { zTimestamp } from './timestamp';

export const MISMATCH_CATEGORY_MESSAGES = {
  created: 'Kategori BKB berhasil Ditambahkan',
  updated: 'Kategori BKB berhasil di update',
  merged: (n: number) => `Kategori BKB berhasil digabung (${n} BKB dipindahkan)`,
  duplicateName: 'Nama kategori BKB sudah terdaftar',
  /** POST /api/mismatch with a category that is not on the list, or no longer active. */
  unknown: 'Kategori BKB tidak dikenal',
  mergeKeepListed: 'Kategori yang dipertahankan tidak boleh ikut digabung',
} as const;

const name = z
  .string({ error: 'Nama kategori wajib diisi' })
  .trim()
  .min(1, 'Nama kategori wajib diisi')
  .max(120, 'Nama kategori maksimal 120 karakter');

/** POST /api/mismatch-category. */
export const ZMismatchCategoryCreateBody = z.object({ name });
export type TMismatchCategoryCreateBody = z.input<typeof ZMismatchCategoryCreateBody>;

/** PUT /api/mismatch-category/{id}: rename (the BKB texts follow), deactivate or activate again. */
export const ZMismatchCategoryUpdateBody = z.object({
  name: name.optional(),
  active: z.boolean({ error: 'Status aktif tidak valid' }).optional(),
});
export type TMismatchCategoryUpdateBody = z.input<typeof ZMismatchCategoryUpdateBody>;

/** POST /api/mismatch-category/merge: the BKB of merge_ids move to keep_id; the others are removed. */
export const ZMismatchCategoryMergeBody = z
  .object({
    keep_id: zId('Kategori yang dipertahankan tidak valid'),
    merge_ids: z
      .array(zId('Kategori tidak valid'), { error: 'Pilih kategori yang digabung' })
      .min(1, 'Pilih minimal satu kategori untuk digabung')
      .max(100, 'Terlalu banyak kategori'),
  })
  .refine((b) => !b.merge_ids.includes(b.keep_id), {
    path: ['merge_ids'],
    message: MISMATCH_CATEGORY_MESSAGES.mergeKeepListed,
  });
export type TMismatchCategoryMergeBody = z.input<typeof ZMismatchCategoryMergeBody>;

export const ZMismatchCategoryRow = z.object({
  id: z.number(),
  name: z.string(),
  active: z.boolean(),
  /** How many BKB carry this category. */
  usage: z.number(),
  created_at: zTimestamp,
  updated_at: zTimestamp,
});
export type TMismatchCategoryRow = z.infer<typeof ZMismatchCategoryRow>;

export const ZMismatchCategoryReply = z.object({ message: z.string(), data: ZMismatchCategoryRow });
export const ZMismatchCategoryMergeReply = z.object({
  message: z.string(),
  data: ZMismatchCategoryRow,
  /** BKB whose category text changed to the kept name. */
  moved: z.number(),
});

/** Case-blind, trimmed: how a typed or queued category finds its list entry. */
export const categoryKey = (s: string) => s.trim().toLowerCase();

/** The listed name of a category (case-blind, trimmed), undefined when the list has no such name. */
export function listedCategory(list: readonly { name: string }[], name: string): string | undefined {
  const key = categoryKey(name);
  return key ? list.find((c) => categoryKey(c.name) === key)?.name : undefined;
}
