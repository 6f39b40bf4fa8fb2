// Master data: units, projects, customers, banners, news, regions, locations, SOP, imports
// (spec sections 2, 3, 4, 5 "Unit", 7 "Master data", 8, 9).
import { z } from 'zod';
import { PAGE_SIZES } from './constants';
import { UNIT_TYPES } from './enums';
import { listResult, ZListQuery } from './list';
import { blankToUndefined, readNumber, zId, zOptionalId } from './numeric';
import { foldLookalikes, latinLettersOnly, nonLatinMessage } from './rules/lookalike';
import { zTimestamp } from './timestamp';

/** Success texts of spec section 8, with the project texts corrected (the spec says 'Berita ...'). */
export const MASTER_MESSAGES = {
  unit: {
    created: 'Unit berhasil Ditambahkan',
    updated: 'Unit berhasil di update',
    deleted: 'Berhasil menghapus Unit',
    duplicatePlate: 'Nomor polisi sudah terdaftar',
    hasHistory: 'Unit tidak dapat dihapus karena sudah memiliki riwayat pengecekan',
    hasTires: 'Unit tidak dapat dihapus karena masih ada ban terpasang',
  },
  project: {
    created: 'Project berhasil Ditambahkan',
    updated: 'Project berhasil di update',
    deleted: 'Berhasil menghapus project',
    inUse: 'Project tidak dapat dihapus karena masih digunakan oleh unit',
    inUseElsewhere: 'Project tidak dapat dihapus karena masih digunakan oleh data lain',
  },
  customer: {
    created: 'Customer berhasil Ditambahkan',
    updated: 'Customer berhasil di update',
    deleted: 'Customer berhasil dihapus',
    inUse: 'Customer tidak dapat dihapus karena masih digunakan oleh project',
    hasAccounts: 'Customer tidak dapat dihapus karena masih memiliki akun pelanggan',
  },
  banner: {
    created: 'Banner berhasil Ditambahkan',
    updated: 'Banner berhasil di update',
    deleted: 'Banner berhasil dihapus',
  },
  news: {
    created: 'Berita berhasil Ditambahkan',
    updated: 'Berita berhasil di update',
    deleted: 'Berhasil menghapus berita',
  },
  region: {
    created: 'Region berhasil Ditambahkan',
    updated: 'Region berhasil di update',
    deleted: 'Berhasil menghapus Region',
    duplicateName: 'Nama region sudah terdaftar',
    hasLocations: (n: number) =>
      `Region masih memiliki ${n} lokasi. Hapus atau pindahkan lokasinya terlebih dahulu.`,
  },
  location: {
    created: 'Lokasi berhasil Ditambahkan',
    updated: 'Lokasi berhasil di update',
    deleted: 'Berhasil menghapus Lokasi',
    duplicateName: 'Nama lokasi sudah ada di region ini',
    /** `uses`: what still cites the location, e.g. ['12 pengecekan', '1 BKB']. */
    inUse: (uses: readonly string[]) =>
      uses.length === 0
        ? 'Lokasi masih dipakai oleh data lain'
        : `Lokasi masih dipakai oleh ${uses.length === 1 ? uses[0] : `${uses.slice(0, -1).join(', ')} dan ${uses.at(-1)}`}`,
  },
  sop: {
    created: 'SOP berhasil Ditambahkan',
    updated: 'SOP berhasil di update',
    deleted: 'Berhasil menghapus SOP',
  },
} as const;

/** Reply of every create (201), update and delete: the spec's success text and the record. */
export interface TMutationReply<T> {
  message: string;
  data: T;
}

// ---------- shared field builders ----------

/** Numbers typed by people: '' means missing, a decimal comma is accepted ('8,5'). */
const toNumber = (v: unknown) => readNumber(blankToUndefined(v));

const requiredText = (label: string, max = 120) =>
  z
    .string({ error: `${label} wajib diisi` })
    .trim()
    .min(1, `${label} wajib diisi`)
    .max(max, `${label} maksimal ${max} karakter`);

const id = (label: string) =>
  z.preprocess(
    toNumber,
    z
      .number({
        error: (iss) => (iss.input === undefined ? `${label} wajib dipilih` : `${label} tidak valid`),
      })
      .int(`${label} tidak valid`)
      .positive(`${label} tidak valid`)
      .max(2_147_483_647, `${label} tidak valid`),
  );

/** An upload path from POST /api/upload. */
const requiredImage = (label: string) => requiredText(label, 500);

export const ZIdParams = z.object({
  id: zId('ID tidak valid'),
});

const masterListQuery = ZListQuery.extend({
  pageSize: ZListQuery.shape.pageSize.default(PAGE_SIZES.master.default),
});

// ---------- dates ----------

/**
 * A handled date as people type it: dd/mm/yy (20yy), dd/mm/yyyy or yyyy-mm-dd ('-' or '.' also
 * separate day, month and year). Returns yyyy-mm-dd, or null when it is not a real date.
 */
export function parseHandledDate(raw: string): string | null {
  const s = raw.trim();
  let y: number;
  let m: number;
  let d: number;
  let match = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(s);
  if (match) {
    [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  } else {
    match = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{2}|\d{4})$/.exec(s);
    if (!match) return null;
    [d, m, y] = [Number(match[1]), Number(match[2]), Number(match[3])];
    if (match[3]!.length === 2) y += 2000;
  }
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return null;
  if (y < 1950 || y > 2100) return null;
  return date.toISOString().slice(0, 10);
}

/** yyyy-mm-dd as the unit form shows and sends it: dd/mm/yy. */
export function formatHandledDate(isoDate: string | null): string {
  if (!isoDate) return '';
  const [y, m, d] = isoDate.split('-');
  return `${d}/${m}/${y!.slice(2)}`;
}

/**
 * Plate numbers are stored upper-cased with single spaces ('b  9001 tr ' -> 'B 9001 TR'), look-alikes
 * folded ('Ｂ\u200B９００１' -> 'B9001').
 */
export function normalizePlate(raw: string): string {
  return foldLookalikes(raw).replace(/\s+/g, ' ').toUpperCase();
}

// ---------- units ----------

export const UNIT_STATUSES = ['active', 'inactive'] as const;
export const HANDLED_DATE_MESSAGE = 'Tanggal handle harus dd/mm/yy, dd/mm/yyyy atau yyyy-mm-dd';

export const ZUnitType = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim().replace(/\s+/g, ' ').toUpperCase() : v),
  z.enum(UNIT_TYPES, { error: 'Tipe unit tidak dikenal' }),
);

/** POST /api/unit and PUT /api/unit/{id}. */
export const ZUnitBody = z.object({
  plate_number: z
    .string({ error: 'Nomor polisi wajib diisi' })
    .overwrite(normalizePlate)
    .min(1, 'Nomor polisi wajib diisi')
    .max(20, 'Nomor polisi maksimal 20 karakter')
    .refine(latinLettersOnly, { error: (iss) => nonLatinMessage('Nomor polisi', iss.input as string) }),
  unit_type: ZUnitType,
  project_id: id('Project'),
  plan_project: z
    .string()
    .trim()
    .max(120, 'Plan project maksimal 120 karakter')
    .nullish()
    .transform((v) => (v ? v : '-')),
  tonnage: z.preprocess(
    toNumber,
    z
      .number({
        error: (iss) => (iss.input === undefined ? 'Tonase wajib diisi' : 'Tonase harus berupa angka'),
      })
      .min(0, 'Tonase tidak boleh negatif')
      .max(1000, 'Tonase maksimal 1000'),
  ),
  handled_date: requiredText('Tanggal handle', 10)
    .refine((v) => v === '' || parseHandledDate(v) !== null, HANDLED_DATE_MESSAGE)
    .transform((v) => parseHandledDate(v)!),
  status: z
    .preprocess(blankToUndefined, z.enum(UNIT_STATUSES, { error: 'Status harus active atau inactive' }))
    .optional()
    .transform((v) => v ?? 'active'),
});
export type TUnitBody = z.input<typeof ZUnitBody>;
export type TUnitInput = z.output<typeof ZUnitBody>;

/** GET /api/unit: `q` matches the plate (spaces ignored); sort id, plate_number, unit_type, tonnage, handled_date, project, createdAt. */
export const ZUnitListQuery = masterListQuery.extend({
  project_id: zOptionalId('Project tidak valid'),
  unit_type: z.preprocess(blankToUndefined, ZUnitType.optional()),
});
export type TUnitListQuery = z.input<typeof ZUnitListQuery>;

export const ZUnitRow = z.object({
  id: z.number(),
  plate_number: z.string(),
  unit_type: z.enum(UNIT_TYPES),
  project_id: z.number(),
  Project: z.object({ id: z.number(), name: z.string() }),
  plan_project: z.string(),
  /** yyyy-mm-dd (show as dd/mm/yy: formatHandledDate), null when unknown. */
  handled_date: z.string().nullable(),
  tonnage: z.number(),
  status: z.string(),
  createdAt: zTimestamp,
});
export type TUnitRow = z.input<typeof ZUnitRow>;
/** Reply of GET /api/unit. */
export const ZUnitList = listResult(ZUnitRow);
/** Reply of POST /api/unit (201) and PUT /api/unit/{id}. */
export const ZUnitReply = z.object({ message: z.string(), data: ZUnitRow });

// ---------- customers and projects ----------

export const ZCustomerBody = z.object({ name: requiredText('Nama customer') });
export type TCustomerBody = z.input<typeof ZCustomerBody>;
/** GET /api/customer: `q` matches the name; sort id, name, createdAt. */
export const ZCustomerListQuery = masterListQuery;
export const ZCustomerRow = z.object({
  id: z.number(),
  name: z.string(),
  createdAt: zTimestamp,
  /** How many projects use the customer (a customer in use cannot be deleted). */
  projectCount: z.number(),
});
export type TCustomerRow = z.input<typeof ZCustomerRow>;
/** Reply of GET /api/customer. */
export const ZCustomerList = listResult(ZCustomerRow);
/** Reply of POST /api/customer (201) and PUT /api/customer/{id}. */
export const ZCustomerReply = z.object({ message: z.string(), data: ZCustomerRow });

export const ZProjectBody = z.object({ name: requiredText('Nama project'), customer_id: id('Customer') });
export type TProjectBody = z.input<typeof ZProjectBody>;
/** GET /api/project: `q` matches project or customer name; sort id, name, customer, createdAt. */
export const ZProjectListQuery = masterListQuery.extend({
  customer_id: zOptionalId('Customer tidak valid'),
});
export const ZProjectRow = z.object({
  id: z.number(),
  name: z.string(),
  customer_id: z.number(),
  Customer: z.object({ id: z.number(), name: z.string() }),
  createdAt: zTimestamp,
  /** How many units use the project (a project in use cannot be deleted). */
  unitCount: z.number(),
});
export type TProjectRow = z.input<typeof ZProjectRow>;
/** Reply of GET /api/project. */
export const ZProjectList = listResult(ZProjectRow);
/** Reply of POST /api/project (201) and PUT /api/project/{id}. */
export const ZProjectReply = z.object({ message: z.string(), data: ZProjectRow });

// ---------- banners and news ----------

export const ZBannerBody = z.object({
  name: requiredText('Nama banner'),
  image: requiredImage('Gambar banner'),
});
export type TBannerBody = z.input<typeof ZBannerBody>;
/** GET /api/banners: `q` matches the name; sort id, name, createdAt. */
export const ZBannerListQuery = masterListQuery;
export const ZBannerRow = z.object({
  id: z.number(),
  name: z.string(),
  image: z.string(),
  createdAt: zTimestamp,
  updatedAt: zTimestamp,
});
export type TBannerRow = z.input<typeof ZBannerRow>;
/** Reply of POST and PUT /api/banners: the message and the banner as stored. */
export const ZBannerReply = z.object({ message: z.string(), data: ZBannerRow });

export const ZNewsBody = z.object({
  title: requiredText('Judul berita', 200),
  news: requiredText('Isi berita', 20_000),
  author: requiredText('Penulis', 120),
  imageUrl: z
    .string()
    .trim()
    .max(500, 'Path gambar terlalu panjang')
    .nullish()
    .transform((v) => (v && v !== '-' ? v : null)),
});
export type TNewsBody = z.input<typeof ZNewsBody>;
/** GET /api/news: `q` matches title, body or author; sort id, title, author, createdAt. */
export const ZNewsListQuery = masterListQuery;
export const ZNewsRow = z.object({
  id: z.number(),
  title: z.string(),
  news: z.string(),
  author: z.string(),
  imageUrl: z.string().nullable(),
  createdAt: zTimestamp,
  updatedAt: zTimestamp,
});
export type TNewsRow = z.input<typeof ZNewsRow>;
/** Reply of POST and PUT /api/news: the message and the news item as stored. */
export const ZNewsReply = z.object({ message: z.string(), data: ZNewsRow });

// ---------- regions and locations ----------

const optionalCount = (label: string) =>
  z.preprocess(
    toNumber,
    z
      .number({ error: `${label} harus berupa angka` })
      .int(`${label} harus bilangan bulat`)
      .min(0, `${label} tidak boleh negatif`)
      .max(1_000_000, `${label} terlalu besar`)
      .optional(),
  );

/**
 * Target Check of a region: checks expected per tire man per day (the spec's 16 when empty).
 * '' or null clears it, back to the default.
 */
export const TARGET_CHECK_MAX = 1000;
const targetCheck = z.preprocess(
  (v) => (v === '' || v === null ? null : toNumber(v)),
  z
    .number({ error: 'Target check harus berupa angka' })
    .int('Target check harus bilangan bulat')
    .min(0, 'Target check tidak boleh negatif')
    .max(TARGET_CHECK_MAX, `Target check maksimal ${TARGET_CHECK_MAX} per tire man per hari`)
    .nullable(),
);

/** POST /api/region: a new region with its PIC, tire men (manpower) and Target Check. */
export const ZRegionCreateBody = z.object({
  name: requiredText('Nama region'),
  pic: z.string().trim().max(120, 'PIC maksimal 120 karakter').optional(),
  manpower: optionalCount('Manpower'),
  target_check: targetCheck.optional(),
});
export type TRegionCreateBody = z.input<typeof ZRegionCreateBody>;

/**
 * PUT /api/region/{id}: the summary card sends target_check alone, the Region & Lokasi screen
 * every field; target_check '' or null goes back to the default (16 per tire man per day).
 */
export const ZRegionUpdateBody = z.object({
  name: requiredText('Nama region').optional(),
  target_check: targetCheck,
  pic: z.string().trim().max(120, 'PIC maksimal 120 karakter').optional(),
  manpower: optionalCount('Manpower'),
});
export type TRegionUpdateBody = z.input<typeof ZRegionUpdateBody>;

export const ZRegionRow = z.object({
  id: z.number(),
  name: z.string(),
  manpower: z.number(),
  pic: z.string(),
  /** Checks per tire man per day; null: the spec's 16 (CHECKS_PER_TIREMAN_PER_DAY). */
  target_check: z.number().nullable(),
});
export type TRegionRow = z.infer<typeof ZRegionRow>;

export const ZLocationListQuery = z.object({
  region_id: zOptionalId('Region tidak valid'),
});

/** POST /api/location and PUT /api/location/{id}. */
export const ZLocationBody = z.object({
  name: requiredText('Nama lokasi'),
  region_id: id('Region'),
});
export type TLocationBody = z.input<typeof ZLocationBody>;

export const ZLocationRow = z.object({
  id: z.number(),
  name: z.string(),
  region_id: z.number(),
  Region: z.object({ id: z.number(), name: z.string() }),
});
export type TLocationRow = z.infer<typeof ZLocationRow>;

export const ZRegionReply = z.object({ message: z.string(), data: ZRegionRow });
export const ZLocationReply = z.object({ message: z.string(), data: ZLocationRow });
export const ZDeletedReply = z.object({ message: z.string(), data: z.object({ id: z.number() }) });

// ---------- SOP ----------

/** PUT /api/sop/{id}: video_url is an http(s) address of a video file or of an embeddable player. */
export const ZSopUpdateBody = z.object({
  title: requiredText('Judul', 200),
  video_url: z
    .string()
    .trim()
    .max(1000, 'URL video terlalu panjang')
    .refine(
      (v) => v === '' || /^https?:\/\/[^\s]+$/i.test(v),
      'URL video harus diawali http:// atau https://',
    )
    .default(''),
  description: z.string().trim().max(20_000, 'Deskripsi terlalu panjang').default(''),
});
/** An SOP entry: derived from its reply schema (contracts/src/sop.ts). */
export type { TSopEntry } from './sop';

// ---------- imports ----------

export const IMPORT_KINDS = ['units', 'tires'] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];
export const IMPORT_MAX_ROWS = 20_000;
export const IMPORT_MAX_BYTES = 20 * 1024 * 1024;
/** A file with a value past this column is refused (the templates have about 30). */
export const IMPORT_MAX_COLUMNS = 100;
/** A cell longer than this is refused (no import field is near it). */
export const IMPORT_MAX_CELL_CHARS = 1000;

/** Columns of the templates, in order (headers may also be given by the Indonesian aliases). */
export const UNIT_IMPORT_COLUMNS = [
  'plate_number',
  'unit_type',
  'project',
  'tonnage',
  'handled_date',
  'plan_project',
] as const;
export const TIRE_IMPORT_COLUMNS = [
  'serial_number',
  'ir_brand',
  'ori_brand',
  'pattern',
  'size',
  'is_original',
  'groove_1',
  'groove_2',
  'groove_3',
  'groove_4',
  'groove_lowest',
  'pressure',
  'odometer',
  'casing_status',
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
  'information',
  'status',
] as const;

export const ZImportPreviewRow = z.object({
  /** Row number in the file (the header is row 1). */
  row: z.number(),
  /** The cells of the row by column name, as read. */
  values: z.record(z.string(), z.string()),
  /** Indonesian descriptions of what is wrong; empty when the row can be imported. */
  problems: z.array(z.string()),
});
export type TImportPreviewRow = z.input<typeof ZImportPreviewRow>;

/** Reply of POST /api/import/{units|tires}/preview. */
export const ZImportPreview = z.object({
  kind: z.enum(IMPORT_KINDS),
  rows: z.array(ZImportPreviewRow),
  valid: z.number(),
  invalid: z.number(),
  /** Recognised columns (canonical names) and headers that were ignored. */
  columns: z.array(z.string()),
  ignoredColumns: z.array(z.string()),
});
export type TImportPreview = z.input<typeof ZImportPreview>;

/** Reply of POST /api/import/{units|tires}/commit (201). */
export const ZImportCommitReply = z.object({
  message: z.string(),
  data: z.object({ kind: z.enum(IMPORT_KINDS), inserted: z.number(), ms: z.number() }),
});
export type TImportCommitReply = z.input<typeof ZImportCommitReply>;
