// The office inbox (issue 39, item 2): what happened that an admin or EDP should look at, one item
// per recipient with its own read state, each linking to its screen; per-user choices of what to
// receive. Breakdown-target breaches are not a kind yet: breakdown calls are not in the product.
import { z } from 'zod';
import { ZListQuery } from './list';

/** What an item announces. */
export const INBOX_KINDS = [
  'bkb',
  'check-waiting',
  'critical-tire',
  'import-done',
  'storing-breach',
] as const;
export type TInboxKind = (typeof INBOX_KINDS)[number];

/** The kinds as the preferences and the list show them. */
export const INBOX_KIND_LABELS: Record<TInboxKind, string> = {
  bkb: 'BKB baru',
  'check-waiting': 'Pengecekan menunggu lebih dari 24 jam',
  'critical-tire': 'Ban kritis baru',
  'import-done': 'Impor selesai',
  'storing-breach': 'Storing lewat target',
};

export const INBOX_MESSAGES = {
  read: 'Ditandai sudah dibaca',
  allRead: 'Semua ditandai sudah dibaca',
  preferencesSaved: 'Pilihan notifikasi disimpan',
} as const;

/** Page sizes of /notifikasi and the bell's dropdown. */
export const INBOX_PAGE_SIZES = { options: [10, 20, 50], default: 10 } as const;
export const INBOX_DROPDOWN_SIZE = 5;

export const ZInboxItem = z.object({
  id: z.number(),
  kind: z.enum(INBOX_KINDS),
  title: z.string(),
  body: z.string(),
  /** The back-office screen it opens (a path of the route table, maybe with a query). */
  link: z.string(),
  created_at: z.string(),
  /** When this user read it; null while unread. */
  read_at: z.string().nullable(),
});
export type TInboxItem = z.infer<typeof ZInboxItem>;

/** GET /api/inbox: newest first; `unread=true` leaves out what was read. */
export const ZInboxListQuery = ZListQuery.omit({ sort: true, q: true }).extend({
  unread: z
    .preprocess(
      (v) => (v === 'true' || v === '1' ? true : v === 'false' || v === '0' || v === '' ? false : v),
      z.boolean({ error: 'Filter belum dibaca tidak valid' }),
    )
    .optional(),
});
export type TInboxListQuery = z.input<typeof ZInboxListQuery>;

export const ZInboxUnreadReply = z.object({ unread: z.number() });
export type TInboxUnreadReply = z.infer<typeof ZInboxUnreadReply>;

export const ZInboxReadReply = z.object({ message: z.string(), unread: z.number() });

/** Whether the user receives each kind; every kind is on until he turns it off. */
export const ZInboxPreferences = z.object({
  preferences: z.array(z.object({ kind: z.enum(INBOX_KINDS), enabled: z.boolean() })),
});
export type TInboxPreferences = z.infer<typeof ZInboxPreferences>;

export const ZInboxPreferencesBody = z.object({
  preferences: z
    .array(
      z.object({
        kind: z.enum(INBOX_KINDS, { error: 'Jenis notifikasi tidak dikenal' }),
        enabled: z.boolean({ error: 'Pilihan harus ya atau tidak' }),
      }),
    )
    .max(INBOX_KINDS.length * 2),
});
export type TInboxPreferencesBody = z.infer<typeof ZInboxPreferencesBody>;

export const ZInboxPreferencesReply = ZInboxPreferences.extend({ message: z.string() });
