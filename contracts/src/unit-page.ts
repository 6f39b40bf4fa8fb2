// The unit page (/unit/:id, issue 25): one unit's tires on its diagram with their last tread depth
// and pressure, the trends per position, the month's attendance, and its paged history.
import { z } from 'zod';
import { POSITIONS } from './enums';
import { listResult, ZListQuery } from './list';
import { ZUnitRow } from './master-data';

/** Readings per position in the trend charts. */
export const UNIT_TREND_READINGS = 12;

export const ZUnitPageTire = z.object({
  position: z.enum(POSITIONS),
  tire_id: z.number(),
  serial_number: z.string(),
  size: z.string(),
  ir_brand: z.string(),
  /** The tire's lowest tread depth (mm) from its last validated reading; null when never measured. */
  groove_lowest: z.number().nullable(),
  /** Its last pressure (PSI); null when never measured. */
  pressure: z.number().nullable(),
  /** The reference pressure of its size (Ban Kritis: tekanan per ukuran); null when not set. */
  reference_psi: z.number().nullable(),
  /** When that reading was taken (ISO, UTC); null when never measured. */
  measured_at: z.string().nullable(),
});
export type TUnitPageTire = z.infer<typeof ZUnitPageTire>;

export const ZUnitTrendReading = z.object({
  /** The check's performed_at (ISO, UTC). */
  performed_at: z.string(),
  check_id: z.number(),
  serial_number: z.string(),
  groove_lowest: z.number().nullable(),
  pressure: z.number().nullable(),
});
export const ZUnitTrend = z.object({
  position: z.enum(POSITIONS),
  /** The last readings at the position (any tire), oldest first. */
  readings: z.array(ZUnitTrendReading),
});
export type TUnitTrend = z.infer<typeof ZUnitTrend>;

/** Reply of GET /api/unit/{id}/overview. */
export const ZUnitOverview = z.object({
  unit: ZUnitRow.extend({
    Customer: z.object({ id: z.number(), name: z.string() }),
    /** Where it was last checked; null when never. */
    Location: z.object({ id: z.number(), name: z.string() }).nullable(),
    last_check_at: z.string().nullable(),
  }),
  /** Tread at or below which a tire is pulled (TIRE_PULL_POINT_MM). */
  pull_point_mm: z.number(),
  /** The mounted tires, by position. */
  tires: z.array(ZUnitPageTire),
  /** Per position that has readings, in position order. */
  trends: z.array(ZUnitTrend),
  /** The unit's days of the current month in APP_TIMEZONE (Absensi Unit). */
  attendance: z.object({
    month: z.string(),
    /** One letter per day of the month, day 1 first: Y checked, N not. */
    days: z.string(),
    /** Checks of the unit in the month. */
    total: z.number(),
  }),
});
export type TUnitOverview = z.infer<typeof ZUnitOverview>;

export const UNIT_RECORD_KINDS = ['check', 'replacement', 'mismatch'] as const;
export type UnitRecordKind = (typeof UNIT_RECORD_KINDS)[number];

/** GET /api/unit/{id}/records: the unit's checks, replacements or BKB, newest first. */
export const ZUnitRecordsQuery = ZListQuery.pick({ page: true }).extend({
  kind: z.enum(UNIT_RECORD_KINDS, { error: 'Jenis harus check, replacement atau mismatch' }),
  pageSize: ZListQuery.shape.pageSize.default(10),
});
export type TUnitRecordsQuery = z.input<typeof ZUnitRecordsQuery>;

export const ZUnitRecordRow = z.object({
  id: z.number(),
  /** When the work was done (ISO, UTC). */
  performed_at: z.string(),
  status: z.enum(['pending', 'approved']),
  /** The tire man's name ('tidak ada' when missing). */
  tireman: z.string(),
  /** Location name ('tidak ada' when missing). */
  location: z.string(),
  /** Checks: the odometer; replacements and BKB: null. */
  odometer: z.number().nullable(),
  /** BKB: its category; others: null. */
  category: z.string().nullable(),
  /** The positions the work touched, in position order. */
  positions: z.array(z.enum(POSITIONS)),
});
export type TUnitRecordRow = z.infer<typeof ZUnitRecordRow>;
export const ZUnitRecordList = listResult(ZUnitRecordRow);
