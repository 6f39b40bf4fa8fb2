// Warehouse, KARTU STOK BAN (stock cards) and Scrap, all read from the tire event ledger
// (spec section 2: "KARTU STOK BAN", "Scrap"; issue 7).
import { z } from 'zod';

export const STOCK_DEFAULT_PAGE_SIZE = 10;
export const STOCK_MAX_PAGE_SIZE = 200;
export const STOCK_CARD_DEFAULT_PAGE_SIZE = 50;

/** Ledger kinds (server/src/modules/fleet/mounting.ts). */
export const TIRE_EVENT_KINDS = [
  'received',
  'installed',
  'removed',
  'checked',
  'status',
  'updated',
  'scrapped',
  'retreaded',
] as const;
export type TireEventKind = (typeof TIRE_EVENT_KINDS)[number];
export const TIRE_EVENT_LABELS: Record<TireEventKind, string> = {
  received: 'Diterima',
  installed: 'Dipasang',
  removed: 'Dilepas',
  checked: 'Dicek',
  status: 'Ubah status',
  updated: 'Data diperbarui',
  scrapped: 'Scrap',
  retreaded: 'Vulkanisir',
};

/** Shown where a stock tire's location is not known (it never came back from a field visit). */
export const NO_LOCATION_LABEL = 'Tanpa lokasi';
/** Scrap reason when neither condition codes nor a note say why. */
export const UNKNOWN_REASON = 'Tidak diketahui';

const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);
const page = (def: number) => ({
  page: z.coerce.number({ error: 'Halaman tidak valid' }).int().min(1, 'Halaman tidak valid').default(1),
  pageSize: z.coerce
    .number({ error: 'Ukuran halaman tidak valid' })
    .int()
    .min(1, 'Ukuran halaman tidak valid')
    .max(STOCK_MAX_PAGE_SIZE, `Ukuran halaman maksimal ${STOCK_MAX_PAGE_SIZE}`)
    .default(def),
});
const optText = (max = 100) => z.preprocess(blankToUndefined, z.string().trim().max(max).optional());
const optId = (message: string) =>
  z.preprocess(
    blankToUndefined,
    z.coerce.number({ error: message }).int(message).positive(message).optional(),
  );
const dateString = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Format tanggal harus yyyy-mm-dd')
  .refine((s) => {
    const d = new Date(`${s}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
  }, 'Tanggal tidak valid');

// ---------- warehouse ----------

/**
 * GET /api/warehouse: tires in stock (UNINSTALLED or SPARE; never SCRAP). `q` looks in the serial
 * number; `size` and `brand` (IR brand) match whole values, case-insensitive.
 */
export const ZWarehouseQuery = z.object({
  ...page(STOCK_DEFAULT_PAGE_SIZE),
  q: optText(200),
  size: optText(),
  brand: optText(),
  location_id: optId('Lokasi tidak valid'),
  status: z.preprocess(
    (v) => (typeof v === 'string' ? blankToUndefined(v.trim().toUpperCase()) : v),
    z.enum(['UNINSTALLED', 'SPARE'], { error: 'Status: UNINSTALLED atau SPARE' }).optional(),
  ),
});
export type TWarehouseQuery = z.output<typeof ZWarehouseQuery>;

/** The latest ledger entry of a tire. */
export interface TLastMovement {
  id: number;
  kind: TireEventKind;
  /** Ket, as on the stock card. */
  description: string;
  createdAt: string;
  Unit: { id: number; plate_number: string } | null;
  position: string | null;
  user_name: string | null;
}

export interface TWarehouseRow {
  id: number;
  serial_number: string;
  ir_brand: string;
  ori_brand: string;
  pattern: string;
  size: string;
  status: 'UNINSTALLED' | 'SPARE';
  groove_lowest: number | null;
  /** Where the tire was last handled in the field (the location of its latest check, replacement or BKB). */
  Location: { id: number; name: string } | null;
  last_movement: TLastMovement | null;
}

export interface TWarehouseGroup {
  location_id: number | null;
  /** Location name, or 'Tanpa lokasi'. */
  location: string;
  size: string;
  brand: string;
  total: number;
  uninstalled: number;
  spare: number;
}

export interface TWarehouseTotals {
  total: number;
  uninstalled: number;
  spare: number;
}

export interface TWarehouseReply {
  data: TWarehouseRow[];
  total: number;
  page: number;
  pageSize: number;
  totals: TWarehouseTotals;
}

/** Groups per page of the warehouse's location/size/brand table. */
export const WAREHOUSE_GROUPS_PAGE_SIZE = 8;

/**
 * GET /api/warehouse/groups: the list's filter, one page of the location/size/brand groups in
 * location, size and brand order, or by total (`sort=total` ascending, `-total` descending).
 */
export const ZWarehouseGroupsQuery = ZWarehouseQuery.extend({
  ...page(WAREHOUSE_GROUPS_PAGE_SIZE),
  sort: z.enum(['total', '-total'], { error: 'Urutan: total atau -total' }).optional(),
});
export type TWarehouseGroupsQuery = z.output<typeof ZWarehouseGroupsQuery>;

/**
 * Stock by location, size and brand, apart from the list so that turning the list's pages does
 * not recount the groups; paged, as a fleet has thousands of groups.
 */
export interface TWarehouseGroupsReply {
  data: TWarehouseGroup[];
  /** Groups of the filter. */
  total: number;
  page: number;
  pageSize: number;
  totals: TWarehouseTotals;
  /** Locations holding stock of the filter, whatever its location (for choosing one). */
  locations: { id: number; name: string }[];
}

// ---------- stock cards ----------

/** GET /api/stock-card/keys: the sizes and IR brands that have a stock card (upper case, sorted). */
export interface TStockCardKeys {
  sizes: string[];
  brands: string[];
}

export const ZStockCardPageQuery = z.object({ ...page(STOCK_CARD_DEFAULT_PAGE_SIZE) });

/** GET /api/stock-card: the card of a size and/or IR brand (whole values, case-insensitive). */
export const ZStockCardQuery = z.object({
  ...page(STOCK_CARD_DEFAULT_PAGE_SIZE),
  size: optText(),
  brand: optText(),
});
export type TStockCardQuery = z.output<typeof ZStockCardQuery>;

/** One movement of the stock card: columns Id, Cust, Brand, Size, No.Seri, No.Produksi, Ket, User & Lokasi, Stok. */
export interface TStockCardRow {
  /** Id: the ledger entry. */
  id: number;
  tire_id: number;
  kind: TireEventKind;
  createdAt: string;
  /** yyyy-mm-dd and HH:mm in APP_TIMEZONE. */
  date: string;
  time: string;
  /** Cust: the customer of the unit's project ('-' when no unit is involved). */
  customer: string;
  /** Brand: the IR brand. */
  brand: string;
  size: string;
  /** No.Seri. */
  serial_number: string;
  /** No.Produksi: tires carry no production code, so this is the tire's database id. */
  production_no: string;
  /** Ket, e.g. 'Dipasang di B 1234 XX posisi 3 pada 45.000 km'. */
  description: string;
  user_name: string | null;
  location_name: string | null;
  /** User & Lokasi: 'name / location' (or the part that is known, or '-'). */
  user_location: string;
  Unit: { id: number; plate_number: string } | null;
  position: string | null;
  odometer: number | null;
  from_status: string | null;
  to_status: string | null;
  note: string;
  /**
   * Running stock after this movement. Card of a tire: 1 while in stock, 0 while mounted or
   * scrapped. Card of a size/brand: how many of its tires are in stock, counted from the ledger.
   */
  stock: number;
}

export interface TStockCardTire {
  id: number;
  serial_number: string;
  ir_brand: string;
  ori_brand: string;
  size: string;
  pattern: string;
  status: string;
  production_no: string;
}

/** GET /api/tire/{id}/stock-card. */
export interface TTireStockCardReply {
  tire: TStockCardTire;
  data: TStockCardRow[];
  total: number;
  page: number;
  pageSize: number;
}

/** GET /api/stock-card. */
export interface TStockCardReply {
  filter: { size: string | null; brand: string | null };
  /** Tires of the filter in stock now (UNINSTALLED or SPARE), from the tire table. */
  in_stock_now: number;
  data: TStockCardRow[];
  total: number;
  page: number;
  pageSize: number;
}

// ---------- scrap ----------

/** GET /api/scrap: scrapped tires; dates (yyyy-mm-dd, APP_TIMEZONE, inclusive) filter the scrap date. */
export const ZScrapQuery = z
  .object({
    ...page(STOCK_DEFAULT_PAGE_SIZE),
    q: optText(200),
    brand: optText(),
    dateStart: z.preprocess(blankToUndefined, dateString.optional()),
    dateEnd: z.preprocess(blankToUndefined, dateString.optional()),
  })
  .refine((v) => (v.dateStart === undefined) === (v.dateEnd === undefined), {
    path: ['dateEnd'],
    message: 'Mohon pilih tanggal terlebih dahulu',
  })
  .refine((v) => !v.dateStart || !v.dateEnd || v.dateStart <= v.dateEnd, {
    path: ['dateEnd'],
    message: 'Tanggal akhir tidak boleh sebelum tanggal awal',
  });
export type TScrapQuery = z.output<typeof ZScrapQuery>;

export interface TScrapRow {
  id: number;
  serial_number: string;
  ir_brand: string;
  ori_brand: string;
  size: string;
  pattern: string;
  /** The tire's five condition codes as stored ('-' when never recorded). */
  condition: string;
  /** Named defect codes of the condition (e.g. 'Sidewall Cut'), else the scrap note, else 'Tidak diketahui'. */
  reason: string;
  /** Note written when it was scrapped. */
  scrap_note: string;
  scrappedAt: string | null;
  /** yyyy-mm-dd in APP_TIMEZONE. */
  scrapped_date: string | null;
  last_unit: { id: number; plate_number: string } | null;
  /** Sum over its mount periods of (odometer when removed - odometer when installed). */
  km_run: number;
  /** Whole days from its first installation to the scrap date; null if never installed. */
  days_in_service: number | null;
}

export interface TScrapReply {
  data: TScrapRow[];
  total: number;
  page: number;
  pageSize: number;
  totals: {
    total: number;
    byReason: { reason: string; total: number }[];
    byBrand: { brand: string; total: number }[];
  };
}
