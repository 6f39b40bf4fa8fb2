// The customer portal (issue 40): a fleet owner's account (role 'customer', tied to one customer)
// reads its own projects' units, read-only, and only validated work. The office may open the same
// screens for a customer (`customer_id`) to see what the customer sees.
import { z } from 'zod';
import { listResult, optionalFilterId, ZListQuery } from './list';
import { blankToUndefined, zId } from './numeric';
import { DATE_ORDER_MESSAGE, ordered, ZDay } from './reports';
import { ZUnitPageTire, ZUnitRecordRow, ZUnitTrend } from './unit-page';

/** Whose portal: a customer account reads its own; the office names the customer. */
export const ZPortalCustomerQuery = z.object({
  customer_id: optionalFilterId('Pelanggan'),
});
export type TPortalCustomerQuery = z.input<typeof ZPortalCustomerQuery>;

/** GET /api/portal/fleet: the fleet overview's counts (the current month in APP_TIMEZONE). */
export const ZPortalFleet = z.object({
  customer: z.object({ id: z.number(), name: z.string() }),
  /** The month the attendance counts (YYYY-MM). */
  month: z.string(),
  /** Active units of the customer's projects. */
  units: z.number(),
  /** Tires mounted on them. */
  tires_mounted: z.number(),
  /** Mounted tires with an unsafe defect or at or below the pull point. */
  critical_tires: z.number(),
  /** Mounted tires forecast to reach the pull point within the due-soon window. */
  due_replacements: z.number(),
  /** Units with at least one validated check this month. */
  units_checked: z.number(),
  /** Validated checks this month. */
  checks: z.number(),
  /** Breakdown calls not yet done or cancelled. */
  open_calls: z.number(),
});
export type TPortalFleet = z.infer<typeof ZPortalFleet>;

/** GET /api/portal/units: the customer's units, paged; q matches the plate (spaces ignored). */
export const ZPortalUnitsQuery = ZListQuery.pick({ page: true, q: true })
  .extend({ pageSize: ZListQuery.shape.pageSize.default(10) })
  .extend(ZPortalCustomerQuery.shape);
export type TPortalUnitsQuery = z.input<typeof ZPortalUnitsQuery>;

export const ZPortalUnitRow = z.object({
  id: z.number(),
  plate_number: z.string(),
  unit_type: z.string(),
  project: z.string(),
  tires_mounted: z.number(),
  critical_tires: z.number(),
  /** Validated checks this month. */
  checks_month: z.number(),
  /** The last validated check (ISO, UTC); null when never. */
  last_check_at: z.string().nullable(),
  open_calls: z.number(),
});
export type TPortalUnitRow = z.infer<typeof ZPortalUnitRow>;
export const ZPortalUnitList = listResult(ZPortalUnitRow);

/** GET /api/portal/units/{id}: a unit as the customer sees it (no office actions). */
export const ZPortalUnit = z.object({
  unit: z.object({
    id: z.number(),
    plate_number: z.string(),
    unit_type: z.string(),
    project: z.string(),
    customer: z.string(),
    status: z.string(),
    /** The last validated check (ISO, UTC); null when never. */
    last_check_at: z.string().nullable(),
  }),
  /** Tread at or below which a tire is pulled (TIRE_PULL_POINT_MM). */
  pull_point_mm: z.number(),
  tires: z.array(ZUnitPageTire),
  /** Readings of validated checks, per position. */
  trends: z.array(ZUnitTrend),
});
export type TPortalUnit = z.infer<typeof ZPortalUnit>;

export const PORTAL_RECORD_KINDS = ['check', 'replacement', 'mismatch'] as const;
export type PortalRecordKind = (typeof PORTAL_RECORD_KINDS)[number];

/** GET /api/portal/units/{id}/records: the unit's validated checks, replacements or BKB, newest first. */
export const ZPortalRecordsQuery = ZListQuery.pick({ page: true }).extend({
  kind: z.enum(PORTAL_RECORD_KINDS, { error: 'Jenis harus check, replacement atau mismatch' }),
  pageSize: ZListQuery.shape.pageSize.default(10),
});
export type TPortalRecordsQuery = z.input<typeof ZPortalRecordsQuery>;

/** The office's record row without its status (the portal lists validated work only). */
export const ZPortalRecordRow = ZUnitRecordRow.omit({ status: true });
export type TPortalRecordRow = z.infer<typeof ZPortalRecordRow>;
export const ZPortalRecordList = listResult(ZPortalRecordRow);

/** GET /api/portal/units/{id}/photos and /pdf: one validated record of the unit. */
export const ZPortalRecordQuery = z.object({
  kind: z.enum(PORTAL_RECORD_KINDS, { error: 'Jenis harus check, replacement atau mismatch' }),
  record_id: zId('Data tidak valid'),
});
export type TPortalRecordQuery = z.input<typeof ZPortalRecordQuery>;

/**
 * A photo of the record as the customer sees it: the unit's plate and odometer, each tire's serial
 * number (tube, flap and inner tube on a replacement), the BKB's photo; never a signature or a
 * person's photo. `url` is a signed, expiring link.
 */
export const ZPortalPhoto = z.object({
  label: z.string(),
  /** The tire position it shows; null for the unit's own photos. */
  position: z.string().nullable(),
  url: z.string(),
});
export type TPortalPhoto = z.infer<typeof ZPortalPhoto>;
export const ZPortalPhotos = z.object({ photos: z.array(ZPortalPhoto) });
export type TPortalPhotos = z.infer<typeof ZPortalPhotos>;

/** GET /api/portal/report: a month's service (YYYY-MM; the current month when left out). */
export const ZPortalReportQuery = ZPortalCustomerQuery.extend({
  month: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Bulan harus berformat YYYY-MM')
    .optional(),
});
export type TPortalReportQuery = z.input<typeof ZPortalReportQuery>;

/** One unit's month (validated work only), or the total row (`unit_id` null). */
export const ZPortalReportRow = z.object({
  unit_id: z.number().nullable(),
  plate_number: z.string(),
  project: z.string(),
  /** Validated checks done in the month. */
  checks: z.number(),
  /** Validated replacements done in the month. */
  replacements: z.number(),
  /** Tires put on by those replacements. */
  tires_replaced: z.number(),
  /** Validated BKB (tires found not as recorded) of the month. */
  mismatches: z.number(),
  /** Breakdown calls made in the month, and those done. */
  calls: z.number(),
  calls_done: z.number(),
  /** Median roll time (minutes, call to Selesai) of the calls done; null without any. */
  roll_median: z.number().nullable(),
});
export type TPortalReportRow = z.infer<typeof ZPortalReportRow>;

export const ZPortalReport = z.object({
  customer: z.object({ id: z.number(), name: z.string() }),
  month: z.string(),
  /** Every unit of the customer, by plate (those without work too). */
  rows: z.array(ZPortalReportRow),
  total: ZPortalReportRow,
});
export type TPortalReport = z.infer<typeof ZPortalReport>;

/** 'YYYY-MM' -> 'Desember 2026'. */
export function portalMonthLabel(month: string): string {
  return new Intl.DateTimeFormat('id-ID', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${month}-01T00:00:00Z`),
  );
}

/** The monthly report's columns, in the portal's table, the XLSX and the PDF alike. */
export const PORTAL_REPORT_COLUMNS = [
  { key: 'plate_number', header: 'Plat Nomor' },
  { key: 'project', header: 'Proyek' },
  { key: 'checks', header: 'Pengecekan' },
  { key: 'replacements', header: 'Pergantian' },
  { key: 'tires_replaced', header: 'Ban diganti' },
  { key: 'mismatches', header: 'BKB' },
  { key: 'calls', header: 'Storing' },
  { key: 'calls_done', header: 'Storing selesai' },
  { key: 'roll_median', header: 'Roll time median (menit)' },
] as const satisfies readonly { key: keyof TPortalReportRow; header: string }[];

/** How the tire life and cost report groups the customer's tires. */
export const PORTAL_COST_GROUPS = ['unit', 'brand', 'pattern', 'size'] as const;
export type PortalCostGroup = (typeof PORTAL_COST_GROUPS)[number];
export const PORTAL_COST_GROUP_LABELS: Record<PortalCostGroup, string> = {
  unit: 'Unit',
  brand: 'Brand',
  pattern: 'Pattern',
  size: 'Size',
};

/**
 * GET /api/portal/tire-cost: the customer's tires in service during the period (days in
 * APP_TIMEZONE, both inclusive): a tire is the customer's when its latest mounting was on one of
 * its units, and in service when it was first mounted by the period's end and not scrapped before
 * its start.
 */
export const ZPortalTireCostQuery = ZPortalCustomerQuery.extend({
  dateStart: ZDay,
  dateEnd: ZDay,
  groupBy: z.preprocess(
    blankToUndefined,
    z.enum(PORTAL_COST_GROUPS, { error: 'Pengelompokan tidak dikenal' }).default('unit'),
  ),
}).refine(ordered('dateStart', 'dateEnd'), { path: ['dateEnd'], message: DATE_ORDER_MESSAGE });
export type TPortalTireCostQuery = z.input<typeof ZPortalTireCostQuery>;

/** One group (a unit's plate, a brand, a pattern, a size), or the total (`key` null). */
export const ZPortalTireCostRow = z.object({
  key: z.string().nullable(),
  tires: z.number(),
  /** Km over the tires' whole lives, and tread worn (mm) over them. */
  km_total: z.number(),
  mm_worn: z.number(),
  /** Tires with a purchase price; their cost (price and retreads, rupiah). */
  priced_tires: z.number(),
  cost: z.number(),
  /** Rupiah per km and per mm of tread over the priced tires; null when they ran or wore nothing. */
  cost_per_km: z.number().nullable(),
  cost_per_mm: z.number().nullable(),
});
export type TPortalTireCostRow = z.infer<typeof ZPortalTireCostRow>;

/** Scrapped tires of the period by the reason written when they were scrapped. */
export const ZPortalScrapReason = z.object({
  reason: z.string(),
  tires: z.number(),
  /** Their average km over their lives; null when none ran. */
  km_avg: z.number().nullable(),
});
export type TPortalScrapReason = z.infer<typeof ZPortalScrapReason>;

export const ZPortalTireCost = z.object({
  groupBy: z.enum(PORTAL_COST_GROUPS),
  rows: z.array(ZPortalTireCostRow),
  total: ZPortalTireCostRow,
  scrapped: z.array(ZPortalScrapReason),
});
export type TPortalTireCost = z.infer<typeof ZPortalTireCost>;

/** Written for a scrap entry without a reason. */
export const NO_SCRAP_REASON = 'Tanpa keterangan';
