// Warehouse, KARTU STOK BAN (stock cards) and Scrap, all read from the tire event ledger
// (spec section 2: "KARTU STOK BAN", "Scrap"; issue 7).
import { z } from 'zod';
import { listResult } from './list';
import { blankToUndefined, zNumeric, zOptionalId, zPage } from './numeric';
import { zTimestamp } from './timestamp';

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

const page = (def: number) => ({
  page: zPage,
  pageSize: zNumeric(
    z
      .number({ error: 'Ukuran halaman tidak valid' })
      .int()
      .min(1, 'Ukuran halaman tidak valid')
      .max(STOCK_MAX_PAGE_SIZE, `Ukuran halaman maksimal ${STOCK_MAX_PAGE_SIZE}`)
      .default(def),
  ),
});
const optText = (max = 100) => z.preprocess(blankToUndefined, z.string().trim().max(max).optional());
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
  location_id: zOptionalId('Lokasi tidak valid'),
  status: z.preprocess(
    (v) => (typeof v === 'string' ? blankToUndefined(v.trim().toUpperCase()) : v),
    z.enum(['UNINSTALLED', 'SPARE'], { error: 'Status: UNINSTALLED atau SPARE' }).optional(),
  ),
});
export type TWarehouseQuery = z.output<typeof ZWarehouseQuery>;

/** The latest ledger entry of a tire. */
export const ZLastMovement = z.object({
  id: z.number(),
  kind: z.enum(TIRE_EVENT_KINDS),
  /** Ket, as on the stock card. */
  description: z.string(),
  createdAt: zTimestamp,
  Unit: z.object({ id: z.number(), plate_number: z.string() }).nullable(),
  position: z.string().nullable(),
  user_name: z.string().nullable(),
});
export type TLastMovement = z.input<typeof ZLastMovement>;

export const ZWarehouseRow = z.object({
  id: z.number(),
  serial_number: z.string(),
  ir_brand: z.string(),
  ori_brand: z.string(),
  pattern: z.string(),
  size: z.string(),
  status: z.enum(['UNINSTALLED', 'SPARE']),
  groove_lowest: z.number().nullable(),
  /** Where the tire was last handled in the field (the location of its latest check, replacement or BKB). */
  Location: z.object({ id: z.number(), name: z.string() }).nullable(),
  last_movement: ZLastMovement.nullable(),
});
export type TWarehouseRow = z.input<typeof ZWarehouseRow>;

export const ZWarehouseGroup = z.object({
  location_id: z.number().nullable(),
  /** Location name, or 'Tanpa lokasi'. */
  location: z.string(),
  size: z.string(),
  brand: z.string(),
  total: z.number(),
  uninstalled: z.number(),
  spare: z.number(),
});
export type TWarehouseGroup = z.input<typeof ZWarehouseGroup>;

export const ZWarehouseTotals = z.object({ total: z.number(), uninstalled: z.number(), spare: z.number() });
export type TWarehouseTotals = z.input<typeof ZWarehouseTotals>;

/** GET /api/warehouse. */
export const ZWarehouseReply = listResult(ZWarehouseRow).extend({ totals: ZWarehouseTotals });
export type TWarehouseReply = z.input<typeof ZWarehouseReply>;

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
export const ZWarehouseGroupsReply = z.object({
  data: z.array(ZWarehouseGroup),
  /** Groups of the filter. */
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
  totals: ZWarehouseTotals,
  /** Locations holding stock of the filter, whatever its location (for choosing one). */
  locations: z.array(z.object({ id: z.number(), name: z.string() })),
});
export type TWarehouseGroupsReply = z.input<typeof ZWarehouseGroupsReply>;

// ---------- stock cards ----------

/** GET /api/stock-card/keys: the sizes and IR brands that have a stock card (upper case, sorted). */
export const ZStockCardKeys = z.object({ sizes: z.array(z.string()), brands: z.array(z.string()) });
export type TStockCardKeys = z.input<typeof ZStockCardKeys>;

export const ZStockCardPageQuery = z.object({ ...page(STOCK_CARD_DEFAULT_PAGE_SIZE) });

/** GET /api/stock-card: the card of a size and/or IR brand (whole values, case-insensitive). */
export const ZStockCardQuery = z.object({
  ...page(STOCK_CARD_DEFAULT_PAGE_SIZE),
  size: optText(),
  brand: optText(),
});
export type TStockCardQuery = z.output<typeof ZStockCardQuery>;

/** One movement of the stock card: columns Id, Cust, Brand, Size, No.Seri, No.Produksi, Ket, User & Lokasi, Stok. */
export const ZStockCardRow = z.object({
  /** Id: the ledger entry. */
  id: z.number(),
  tire_id: z.number(),
  kind: z.enum(TIRE_EVENT_KINDS),
  /** When the entry was written (for a field document: when the EDP validated it). */
  createdAt: zTimestamp,
  /** When the movement was done: the field document's performed_at, else createdAt. */
  performed_at: zTimestamp,
  /** yyyy-mm-dd and HH:mm in APP_TIMEZONE, of performed_at. */
  date: z.string(),
  time: z.string(),
  /** Cust: the customer of the unit's project ('-' when no unit is involved). */
  customer: z.string(),
  /** Brand: the IR brand. */
  brand: z.string(),
  size: z.string(),
  /** No.Seri. */
  serial_number: z.string(),
  /** No.Produksi: tires carry no production code, so this is the tire's database id. */
  production_no: z.string(),
  /** Ket, e.g. 'Dipasang di B 1234 XX posisi 3 pada 45.000 km'. */
  description: z.string(),
  user_name: z.string().nullable(),
  location_name: z.string().nullable(),
  /** User & Lokasi: 'name / location' (or the part that is known, or '-'). */
  user_location: z.string(),
  Unit: z.object({ id: z.number(), plate_number: z.string() }).nullable(),
  position: z.string().nullable(),
  odometer: z.number().nullable(),
  from_status: z.string().nullable(),
  to_status: z.string().nullable(),
  note: z.string(),
  /**
   * Running stock after this movement. Card of a tire: 1 while in stock, 0 while mounted or
   * scrapped. Card of a size/brand: how many of its tires are in stock, counted from the ledger.
   */
  stock: z.number(),
});
export type TStockCardRow = z.input<typeof ZStockCardRow>;

export const ZStockCardTire = z.object({
  id: z.number(),
  serial_number: z.string(),
  ir_brand: z.string(),
  ori_brand: z.string(),
  size: z.string(),
  pattern: z.string(),
  status: z.string(),
  production_no: z.string(),
});
export type TStockCardTire = z.input<typeof ZStockCardTire>;

/** GET /api/tire/{id}/stock-card. */
export const ZTireStockCardReply = listResult(ZStockCardRow).extend({ tire: ZStockCardTire });
export type TTireStockCardReply = z.input<typeof ZTireStockCardReply>;

/** GET /api/stock-card. */
export const ZStockCardReply = listResult(ZStockCardRow).extend({
  filter: z.object({ size: z.string().nullable(), brand: z.string().nullable() }),
  /** Tires of the filter in stock now (UNINSTALLED or SPARE), from the tire table. */
  in_stock_now: z.number(),
});
export type TStockCardReply = z.input<typeof ZStockCardReply>;

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

export const ZScrapRow = z.object({
  id: z.number(),
  serial_number: z.string(),
  ir_brand: z.string(),
  ori_brand: z.string(),
  size: z.string(),
  pattern: z.string(),
  /** The tire's five condition codes as stored ('-' when never recorded). */
  condition: z.string(),
  /** Named defect codes of the condition (e.g. 'Sidewall Cut'), else the scrap note, else 'Tidak diketahui'. */
  reason: z.string(),
  /** Note written when it was scrapped. */
  scrap_note: z.string(),
  scrappedAt: zTimestamp.nullable(),
  /** yyyy-mm-dd in APP_TIMEZONE. */
  scrapped_date: z.string().nullable(),
  last_unit: z.object({ id: z.number(), plate_number: z.string() }).nullable(),
  /** Sum over its mount periods of (odometer when removed - odometer when installed). */
  km_run: z.number(),
  /** Whole days from its first installation to the scrap date; null if never installed. */
  days_in_service: z.number().nullable(),
});
export type TScrapRow = z.input<typeof ZScrapRow>;

/** GET /api/scrap. */
export const ZScrapReply = listResult(ZScrapRow).extend({
  totals: z.object({
    total: z.number(),
    byReason: z.array(z.object({ reason: z.string(), total: z.number() })),
    byBrand: z.array(z.object({ brand: z.string(), total: z.number() })),
  }),
});
export type TScrapReply = z.input<typeof ZScrapReply>;
