// List Data Ban (/tire), tire create/delete/status, and Ban Terpasang Aktif (/active-unit)
// (spec sections 2, 3, 5, 7, 9). The tire fields themselves live in tires.ts (ZTireFields).
import { z } from 'zod';
import { POSITIONS, TIRE_STATUSES } from './enums';
import { listResult } from './list';
import { blankToUndefined, zId, zNumeric, zOptionalId, zPage } from './numeric';
import { zTimestamp } from './timestamp';
import { ZOdometer, ZTireFields, ZTirePriceFields, ZTireReply } from './tires';

/** Master lists: 10 per page, options 5/10/20 (spec section 9). */
export const TIRE_PAGE_SIZES = [5, 10, 20] as const;
export const TIRE_DEFAULT_PAGE_SIZE = 10;
/** Largest page the tire and active-tire lists serve. */
export const TIRE_MAX_PAGE_SIZE = 100;

export const TIRE_MESSAGES = {
  emptySearch: 'pencarian tidak boleh kosong',
  created: 'Ban berhasil ditambahkan',
  deleted: 'Berhasil menghapus ban',
  statusChanged: 'Status ban berhasil diubah',
  mountedNoDelete: 'Ban masih terpasang pada unit',
  mountedNoScrap: 'Ban masih terpasang pada unit, lepas ban terlebih dahulu',
  duplicateSerial: 'Nomor seri ban sudah terdaftar',
  installViaUnit: 'Ban hanya dapat dipasang melalui unit (Ban Terpasang Aktif)',
  activeUpdated: 'Ban terpasang berhasil diperbarui',
  updated: 'Data Ban Berhasil di Edit',
} as const;

// ---------- search by (collapsible detail search) ----------

/** Columns the detail search may look in, grouped as the select shows them. */
export const TIRE_SEARCH_GROUPS = [
  {
    label: 'Identitas ban',
    fields: [
      { value: 'serial_number', label: 'Nomor Seri (S/N)' },
      { value: 'ir_brand', label: 'IR Brand' },
      { value: 'ori_brand', label: 'Ori Brand (Merk)' },
      { value: 'pattern', label: 'Pattern' },
      { value: 'size', label: 'Size' },
      { value: 'is_original', label: 'ORI / RET' },
      { value: 'casing_status', label: 'Status Casing' },
    ],
  },
  {
    label: 'RTD dan tekanan',
    fields: [
      { value: 'groove_1', label: 'RTD 1' },
      { value: 'groove_2', label: 'RTD 2' },
      { value: 'groove_3', label: 'RTD 3' },
      { value: 'groove_4', label: 'RTD 4' },
      { value: 'groove_lowest', label: 'RTD Terendah' },
      { value: 'pressure', label: 'Tekanan (PSI)' },
    ],
  },
  {
    label: 'Tube',
    fields: [
      { value: 'tube_brand', label: 'Merk Tube' },
      { value: 'tube_size', label: 'Ukuran Tube' },
      { value: 'tube_status', label: 'Status Tube' },
    ],
  },
  {
    label: 'Flap',
    fields: [
      { value: 'flap_brand', label: 'Merk Flap' },
      { value: 'flap_size', label: 'Ukuran Flap' },
      { value: 'flap_status', label: 'Status Flap' },
    ],
  },
  {
    label: 'Velg',
    fields: [
      { value: 'velg_brand', label: 'Merk Velg' },
      { value: 'velg_size', label: 'Ukuran Velg' },
      { value: 'velg_holes', label: 'Lubang Velg' },
      { value: 'velg_status', label: 'Status Velg' },
    ],
  },
] as const;

export const TIRE_SEARCH_FIELDS = [
  'serial_number',
  'ir_brand',
  'ori_brand',
  'pattern',
  'size',
  'is_original',
  'casing_status',
  'groove_1',
  'groove_2',
  'groove_3',
  'groove_4',
  'groove_lowest',
  'pressure',
  'tube_brand',
  'tube_size',
  'tube_status',
  'flap_brand',
  'flap_size',
  'flap_status',
  'velg_brand',
  'velg_size',
  'velg_holes',
  'velg_status',
] as const;
export type TireSearchField = (typeof TIRE_SEARCH_FIELDS)[number];

/** Searched by equality (the text box must hold a number); every other field is a case-insensitive "contains". */
export const TIRE_NUMERIC_SEARCH_FIELDS: readonly TireSearchField[] = [
  'groove_1',
  'groove_2',
  'groove_3',
  'groove_4',
  'groove_lowest',
  'pressure',
  'velg_holes',
];

/**
 * RTD shortcut chips on the lowest groove: `a-b` means lowest >= a and lowest < b + 1, so that a
 * measured 3.5 mm falls in 0-3 and 12.9 mm in 10-12.
 */
export const RTD_RANGES = {
  '0-3': { min: 0, below: 4 },
  '4-6': { min: 4, below: 7 },
  '7-9': { min: 7, below: 10 },
  '10-12': { min: 10, below: 13 },
} as const;
export type RtdRange = keyof typeof RTD_RANGES;
export const RTD_RANGE_KEYS = Object.keys(RTD_RANGES) as RtdRange[];

/** Sortable columns; `sort=field` ascending, `sort=-field` descending. Default: newest first (-id). */
export const TIRE_SORT_FIELDS = [
  'id',
  'position',
  'serial_number',
  'ir_brand',
  'ori_brand',
  'pattern',
  'size',
  'status',
  'groove_lowest',
  'pressure',
  'created_at',
] as const;

const upperOpt = <T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? blankToUndefined(v.trim().toUpperCase()) : blankToUndefined(v)),
    z.enum(values, { error: message }).optional(),
  );

const pageQuery = {
  page: zPage,
  pageSize: zNumeric(
    z
      .number({ error: 'Ukuran halaman tidak valid' })
      .int()
      .min(1, 'Ukuran halaman tidak valid')
      .max(TIRE_MAX_PAGE_SIZE, `Ukuran halaman maksimal ${TIRE_MAX_PAGE_SIZE}`)
      .default(TIRE_DEFAULT_PAGE_SIZE),
  ),
};

/**
 * GET /api/tire (and /api/tire/export). With `searchBy`, `q` is required ('pencarian tidak boleh
 * kosong'); without it, `q` looks in serial number, both brands, pattern and size.
 */
export const ZTireListQuery = z.object({
  ...pageQuery,
  sort: z
    .string()
    .trim()
    .regex(
      new RegExp(`^-?(${TIRE_SORT_FIELDS.join('|')})$`),
      `Urutan hanya berdasarkan ${TIRE_SORT_FIELDS.join(', ')}`,
    )
    .optional(),
  searchBy: z.preprocess(
    blankToUndefined,
    z.enum(TIRE_SEARCH_FIELDS, { error: 'Kolom pencarian tidak dikenal' }).optional(),
  ),
  q: z.string().trim().max(200, 'Pencarian terlalu panjang').optional(),
  rtd: z.preprocess(
    blankToUndefined,
    z
      .enum(RTD_RANGE_KEYS as [RtdRange, ...RtdRange[]], { error: 'Rentang RTD: 0-3, 4-6, 7-9 atau 10-12' })
      .optional(),
  ),
  status: upperOpt(TIRE_STATUSES, 'Status: INSTALLED, UNINSTALLED, SCRAP atau SPARE'),
});
export type TTireListQuery = z.output<typeof ZTireListQuery>;
export type TTireListQueryInput = z.input<typeof ZTireListQuery>;

/** A row of List Data Ban. */
export const ZTireListRow = z.object({
  id: z.number(),
  /** POS: wheel position while mounted, '' in stock. */
  position: z.string(),
  serial_number: z.string(),
  ir_brand: z.string(),
  ori_brand: z.string(),
  pattern: z.string(),
  size: z.string(),
  is_original: z.string(),
  status: z.enum(TIRE_STATUSES),
  groove_1: z.number().nullable(),
  groove_2: z.number().nullable(),
  groove_3: z.number().nullable(),
  groove_4: z.number().nullable(),
  groove_lowest: z.number().nullable(),
  pressure: z.number().nullable(),
  /** Rupiah, null when unknown (issue 11). */
  purchase_price: z.number().nullable().optional(),
  retread_cost: z.number().nullable().optional(),
  /** The unit it is mounted on now, null when not mounted. */
  Unit: z.object({ id: z.number(), plate_number: z.string() }).nullable(),
  createdAt: zTimestamp,
});
export type TTireListRow = z.input<typeof ZTireListRow>;

export const ZTireSummary = z.object({
  total: z.number(),
  installed: z.number(),
  uninstalled: z.number(),
  scrap: z.number(),
  spare: z.number(),
  /** Tires whose lowest groove falls in each RTD shortcut range. */
  rtd: z.object({ '0-3': z.number(), '4-6': z.number(), '7-9': z.number(), '10-12': z.number() }),
});
export type TTireSummary = z.input<typeof ZTireSummary>;

/** Reply of GET /api/tire. `summary` counts the same filtered set as `total`. */
export const ZTireListReply = listResult(ZTireListRow).extend({ summary: ZTireSummary });
export type TTireListReply = z.input<typeof ZTireListReply>;

/** GET /api/tire/{id}: every field, plus where it is mounted now. */
export const ZTireDetail = ZTireReply.extend({
  tireDetail: z.object({ size: z.string(), pattern: z.string() }),
  Unit: z
    .object({
      id: z.number(),
      plate_number: z.string(),
      unit_type: z.string(),
      position: z.string(),
      km_installed: z.number(),
    })
    .nullable(),
});
export type TTireDetail = z.input<typeof ZTireDetail>;

// ---------- create / status ----------

/** Blank ORI/RET from the new-tire form means "not said": the default (ORI) applies. */
export const dropBlankOrigin = (v: unknown) => {
  if (v && typeof v === 'object' && !Array.isArray(v)) {
    const o = { ...(v as Record<string, unknown>) };
    if (o.is_original === '' || o.is_original === null) delete o.is_original;
    return o;
  }
  return v;
};

/** The tire fields a new tire or a new-tire request may carry; only the serial number is required. */
export const ZTireInput = z.preprocess(
  dropBlankOrigin,
  ZTireFields.omit({ status: true, position: true })
    .partial()
    .required({ serial_number: true })
    .extend(ZTirePriceFields.shape),
);
export type TTireInput = z.output<typeof ZTireInput>;

/** POST /api/tire: a tire enters the database in stock (UNINSTALLED); 201. */
export const ZTireCreateBody = ZTireInput;

export const ZTireIdParams = z.object({
  id: zId('Id ban tidak valid'),
});

/** PATCH /api/tire/status/{id}. SCRAP takes an optional reason (stored in the ledger) and condition codes. */
export const ZTireStatusBody = z.object({
  status: z
    .string({ error: 'Status wajib diisi' })
    .trim()
    .toUpperCase()
    .pipe(z.enum(TIRE_STATUSES, { error: 'Status: INSTALLED, UNINSTALLED, SCRAP atau SPARE' })),
  reason: z.string().trim().max(500, 'Alasan terlalu panjang').optional(),
  /**
   * Five condition codes 'crown,shoulder,sidewalls,beads,interior' (0, 99 or a code of the defect
   * catalogue, checked by the server), kept on the tire.
   */
  condition: z
    .string()
    .trim()
    .regex(/^\d{1,2}(,\d{1,2}){4}$/, 'Kondisi berisi lima kode dipisah koma')
    .optional(),
});
export type TTireStatusBody = z.infer<typeof ZTireStatusBody>;

/** POST /api/tire and PATCH /api/tire/status/{id}. */
export const ZTireMessageReply = z.object({ message: z.string(), data: ZTireReply });
export type TTireMessageReply = z.input<typeof ZTireMessageReply>;

/** DELETE /api/tire/{id}. */
export const ZTireDeleteReply = z.object({ message: z.string(), id: z.number() });

// ---------- Ban Terpasang Aktif (/active-unit) ----------

/** GET /api/active-unit: default only INSTALLED slots; `status=ALL` shows emptied slots too. */
export const ZActiveTireListQuery = z.object({
  ...pageQuery,
  unit_id: zOptionalId('Unit tidak valid'),
  project_id: zOptionalId('Project tidak valid'),
  /** Plate number or serial number, contains, case-insensitive. */
  q: z.string().trim().max(200).optional(),
  status: upperOpt(['INSTALLED', 'UNINSTALLED', 'ALL'] as const, 'Status: INSTALLED, UNINSTALLED atau ALL'),
});
export type TActiveTireListQuery = z.output<typeof ZActiveTireListQuery>;

export const ZActiveTireRow = z.object({
  /** activeTireId. */
  id: z.number(),
  tire_id: z.number().nullable(),
  /** Odometer of the unit when the tire was mounted. */
  km_installed: z.number(),
  position: z.string(),
  status: z.enum(['INSTALLED', 'UNINSTALLED']),
  installedAt: zTimestamp,
  serial_number: z.string().nullable(),
  ir_brand: z.string().nullable(),
  Unit: z.object({
    id: z.number(),
    plate_number: z.string(),
    unit_type: z.string(),
    Project: z.object({ id: z.number(), name: z.string() }),
  }),
});
export type TActiveTireRow = z.input<typeof ZActiveTireRow>;

/** GET /api/active-unit. */
export const ZActiveTireListReply = listResult(ZActiveTireRow);

/** PUT /api/active-unit/{activeTireId}. */
export const ZActiveTireMessageReply = z.object({ message: z.string(), data: ZActiveTireRow });

export const ZActiveTireParams = z.object({
  activeTireId: zId('Id tidak valid'),
});

/**
 * PUT /api/active-unit/{activeTireId}: INSTALLED mounts `tire_id` (or `tire_itms_id`) at the slot
 * (the slot's unit and position unless `position` names another position of the same unit);
 * UNINSTALLED takes the mounted tire off. `odometer` is the unit's km now (default: the unit's last
 * checked odometer).
 */
export const ZActiveTireUpdateBody = z
  .object({
    tire_id: zOptionalId('Ban tidak valid'),
    tire_itms_id: zOptionalId('Ban tidak valid'),
    unit_id: zOptionalId('Unit tidak valid'),
    position: z.preprocess(
      (v) =>
        typeof v === 'number'
          ? String(v)
          : typeof v === 'string'
            ? blankToUndefined(v.trim().toUpperCase())
            : v,
      z.enum(POSITIONS, { error: 'Posisi tidak dikenal (1-12, ST, ST2)' }).optional(),
    ),
    status: z
      .string({ error: 'Status wajib diisi' })
      .trim()
      .toUpperCase()
      .pipe(z.enum(['INSTALLED', 'UNINSTALLED'], { error: 'Status: INSTALLED atau UNINSTALLED' })),
    odometer: z.preprocess(blankToUndefined, ZOdometer.optional()),
  })
  .superRefine((b, ctx) => {
    if (b.status === 'INSTALLED' && b.tire_id === undefined && b.tire_itms_id === undefined) {
      ctx.addIssue({ code: 'custom', path: ['tire_id'], message: 'Ban wajib dipilih' });
    }
  });
export type TActiveTireUpdateBody = z.output<typeof ZActiveTireUpdateBody>;
