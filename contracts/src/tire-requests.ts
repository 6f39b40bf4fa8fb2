// PERMINTAAN BAN BARU (/tire-request): new-tire requests and their approval into the tire
// database (spec sections 2, 3, 4, 7).
import { z } from 'zod';
import { DOC_STATUSES, type DocStatus } from './enums';
import { dropBlankOrigin, TIRE_DEFAULT_PAGE_SIZE, TIRE_MAX_PAGE_SIZE } from './tire-list';
import { type TTire, type TTireFields, ZTireFields, ZTirePriceFields } from './tires';

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

/** POST /api/tire/request: serial number required; the request starts pending with condition '-'. */
export const ZTireRequestCreateBody = z.preprocess(
  dropBlankOrigin,
  requestFields.partial().required({ serial_number: true }).extend(ZTirePriceFields.shape),
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
  id: z.coerce
    .number({ error: 'Id tidak valid' })
    .int('Id tidak valid')
    .positive('Id tidak valid')
    .max(2_147_483_647, 'Id tidak valid'),
});

/** GET /api/tire/request/findAll: pending first, newest first; `q` looks in serial and brands. */
export const ZTireRequestListQuery = z.object({
  page: z.coerce.number({ error: 'Halaman tidak valid' }).int().min(1, 'Halaman tidak valid').default(1),
  pageSize: z.coerce
    .number({ error: 'Ukuran halaman tidak valid' })
    .int()
    .min(1, 'Ukuran halaman tidak valid')
    .max(TIRE_MAX_PAGE_SIZE, `Ukuran halaman maksimal ${TIRE_MAX_PAGE_SIZE}`)
    .default(TIRE_DEFAULT_PAGE_SIZE),
  q: z.string().trim().max(200).optional(),
  status: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.enum(DOC_STATUSES, { error: 'Status: pending atau approved' }).optional(),
  ),
});
export type TTireRequestListQuery = z.output<typeof ZTireRequestListQuery>;

/** A row of the request grid: ID, S/N, Ir Brand, Ori Brand, Tgl, Jam. */
export interface TTireRequestRow {
  id: number;
  serial_number: string;
  ir_brand: string;
  ori_brand: string;
  size: string;
  status: DocStatus;
  /** The tire created on approval. */
  tire_id: number | null;
  createdAt: string;
  /** Tgl: yyyy-mm-dd in APP_TIMEZONE. */
  date: string;
  /** Jam: HH:mm in APP_TIMEZONE. */
  time: string;
}

/** GET /api/tire-request/detail/{id}: every tire field of the request. */
export type TTireRequest = Omit<TTireFields, 'status'> & {
  id: number;
  /** Rupiah, null when unknown; copied to the tire on approval. */
  purchase_price?: number | null;
  retread_cost?: number | null;
  status: DocStatus;
  tire_id: number | null;
  createdAt: string;
  updatedAt: string;
};

/** POST /api/tire-request/{id}/approve and PATCH /api/tire-request/status/{id}. */
export interface TTireRequestApproveReply {
  message: string;
  data: { request: TTireRequest; tire: TTire };
}
