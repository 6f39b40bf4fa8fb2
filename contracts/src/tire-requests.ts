// PERMINTAAN BAN BARU (/tire-request): new-tire requests and their approval into the tire
// database (spec sections 2, 3, 4, 7).
import { z } from 'zod';
import { DOC_STATUSES } from './enums';
import { listResult } from './list';
import { zId, zNumeric, zPage } from './numeric';
import { zTimestamp } from './timestamp';
import { ZOptionalPerformedAt } from './tire-checks';
import { dropBlankOrigin, TIRE_DEFAULT_PAGE_SIZE, TIRE_MAX_PAGE_SIZE } from './tire-list';
import { ZTireFields, ZTirePriceFields, ZTireReply } from './tires';

export const TIRE_REQUEST_MESSAGES = {
  created: 'Permintaan ban berhasil ditambahkan',
  updated: 'Permintaan ban berhasil diperbarui',
  deleted: 'Permintaan ban berhasil dihapus',
  approved: 'Ban berhasil ditambahkan ke database',
  alreadyApproved: 'Permintaan ban sudah disetujui',
  duplicateSerial: 'Nomor seri ban sudah terdaftar',
  /** Shown by the web when the add dialog is cancelled. */
  cancelled: 'Ban tidak ditambahkan',
} as const;

/** The tire fields of a request: everything of a tire except its live state (status, position, condition). */
const requestFields = ZTireFields.omit({ status: true, position: true, condition: true });

/**
 * POST /api/tire/request: serial number required; the request starts pending with condition '-',
 * dated when it was made (`performed_at`, the phone's clock; left out: when it arrives).
 */
export const ZTireRequestCreateBody = z.preprocess(
  dropBlankOrigin,
  requestFields
    .partial()
    .required({ serial_number: true })
    .extend(ZTirePriceFields.shape)
    .extend({ performed_at: ZOptionalPerformedAt }),
);
export type TTireRequestCreateBody = z.output<typeof ZTireRequestCreateBody>;

/** PUT /api/tire-request/{id}: the fields to change (status and condition are not editable here). */
export const ZTireRequestUpdateBody = z.preprocess(
  dropBlankOrigin,
  requestFields.partial().extend(ZTirePriceFields.shape),
);
export type TTireRequestUpdateBody = z.output<typeof ZTireRequestUpdateBody>;

/** PATCH /api/tire-request/status/{id}: the spec's second step of the approval. */
export const ZTireRequestStatusBody = z.object({
  status: z.literal('approved', { error: "Status hanya 'approved'" }),
});

export const ZTireRequestParams = z.object({
  id: zId('Id tidak valid'),
});

/** GET /api/tire/request/findAll: pending first, newest first; `q` looks in serial and brands. */
export const ZTireRequestListQuery = z.object({
  page: zPage,
  pageSize: zNumeric(
    z
      .number({ error: 'Ukuran halaman tidak valid' })
      .int()
      .min(1, 'Ukuran halaman tidak valid')
      .max(TIRE_MAX_PAGE_SIZE, `Ukuran halaman maksimal ${TIRE_MAX_PAGE_SIZE}`)
      .default(TIRE_DEFAULT_PAGE_SIZE),
  ),
  q: z.string().trim().max(200).optional(),
  status: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.enum(DOC_STATUSES, { error: 'Status: pending atau approved' }).optional(),
  ),
});
export type TTireRequestListQuery = z.output<typeof ZTireRequestListQuery>;

/** A row of the request grid: ID, S/N, Ir Brand, Ori Brand, Tgl, Jam. */
export const ZTireRequestRow = z.object({
  id: z.number(),
  serial_number: z.string(),
  ir_brand: z.string(),
  ori_brand: z.string(),
  size: z.string(),
  status: z.enum(DOC_STATUSES),
  /** The tire created on approval. */
  tire_id: z.number().nullable(),
  /** When it was asked for (ISO, UTC), and when the server received it. */
  performed_at: zTimestamp,
  createdAt: zTimestamp,
  /** Whole days it was sent late (rules/performed-at.ts lateDays), null when on time. */
  late_days: z.number().nullable(),
  /** Tgl: yyyy-mm-dd in APP_TIMEZONE, of performed_at. */
  date: z.string(),
  /** Jam: HH:mm in APP_TIMEZONE, of performed_at. */
  time: z.string(),
});
export type TTireRequestRow = z.input<typeof ZTireRequestRow>;

/** GET /api/tire/request/findAll. */
export const ZTireRequestListReply = listResult(ZTireRequestRow);

/**
 * GET /api/tire-request/detail/{id}: every tire field of the request (prices in rupiah, null when
 * unknown, copied to the tire on approval), its status, the tire made from it and who asked.
 */
export const ZTireRequest = ZTireReply.extend({
  status: z.enum(DOC_STATUSES),
  tire_id: z.number().nullable(),
  /** The user who asked; null for requests made before it was recorded. */
  requested_by: z.number().nullable(),
  /** When it was asked for (the phone's clock), and whole days it was sent late (null: on time). */
  performed_at: zTimestamp,
  late_days: z.number().nullable(),
});
export type TTireRequest = z.input<typeof ZTireRequest>;

/** POST /api/tire/request and PUT /api/tire-request/{id}. */
export const ZTireRequestMessageReply = z.object({ message: z.string(), data: ZTireRequest });

/** DELETE /api/tire-request/{id}. */
export const ZTireRequestDeleteReply = z.object({ message: z.string(), id: z.number() });

/** POST /api/tire-request/{id}/approve and PATCH /api/tire-request/status/{id}. */
export const ZTireRequestApproveReply = z.object({
  message: z.string(),
  data: z.object({ request: ZTireRequest, tire: ZTireReply }),
});
export type TTireRequestApproveReply = z.input<typeof ZTireRequestApproveReply>;
