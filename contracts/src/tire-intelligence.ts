// Tire intelligence (issue 11): tire life, wear forecast, cost per km, alerts (/ban-kritis) and
// brand performance (/analitik-ban). The server keeps one row of wear statistics per tire
// (table tire_wear), refreshed in the transaction of every validation that changes a tire, and
// computes forecasts from it in SQL with the pull point of the request.
import { z } from 'zod';
import { MAX_PAGE_SIZE } from './constants';

/** Default pull point: the QC item "tread depth over 3 mm". Overridden by TIRE_PULL_POINT_MM. */
export const DEFAULT_PULL_POINT_MM = 3;
/** Legal minimum tread in Indonesia (PP 55/2012). */
export const LEGAL_MIN_TREAD_MM = 1;
/** "Forecast to reach the pull point within" this many days. */
export const DUE_SOON_DAYS = 30;
/** Pressure more than this fraction away from the size's reference pressure is an alert. */
export const PRESSURE_TOLERANCE = 0.1;
/** A reading this much deeper than the one before it, with no retread between, is a data error. */
export const RTD_RISE_TOLERANCE_MM = 1;

export const ALERT_KINDS = ['below-pull', 'due-soon', 'pressure', 'rtd-rise'] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];
export const ALERT_LABELS: Record<AlertKind, string> = {
  'below-pull': 'Di bawah batas cabut',
  'due-soon': 'Mencapai batas cabut ≤ 30 hari',
  pressure: 'Tekanan di luar ±10%',
  'rtd-rise': 'RTD naik tanpa vulkanisir',
};

/** The wear forecast of one tire, or why there is none. */
export interface TWearForecast {
  /** Approved readings in the tire's current life (since its last retread). */
  readings: number;
  /** 'ok' | 'not-enough-data' (fewer than two readings) | 'no-wear' (the fit shows no wear). */
  state: 'ok' | 'not-enough-data' | 'no-wear';
  /** mm of tread lost per 1,000 km, and its uncertainty band (about 95 %). */
  wear_rate: number | null;
  wear_rate_low: number | null;
  wear_rate_high: number | null;
  /** Tire km at which the fitted line reaches the pull point, with the band (earliest, latest). */
  pull_km: number | null;
  pull_km_early: number | null;
  pull_km_late: number | null;
  /** Date (yyyy-mm-dd, APP_TIMEZONE) at which it is expected there, with the band. */
  pull_date: string | null;
  pull_date_early: string | null;
  pull_date_late: string | null;
  /** Average km per day of the tire over its current life. */
  km_per_day: number | null;
}

/** Life, forecast and cost of one tire: GET /api/tire-intelligence/tires/:id. */
export interface TTireLife {
  tire_id: number;
  serial_number: string;
  /** Km run, summed over its mount periods (spare positions accrue none). */
  km_total: number;
  /** Days since it was first mounted (to its scrap date when scrapped); null if never mounted. */
  days_in_service: number | null;
  retreads: number;
  /** Times it was seen at another position than before (checks and mounts). */
  rotations: number;
  groove_lowest: number | null;
  /** Tread worn over all its lives, in mm. */
  mm_worn: number;
  purchase_price: number | null;
  retread_cost: number | null;
  /** (purchase price + retread cost) / km_total, rupiah; null without a price or km. */
  cost_per_km: number | null;
  /** (purchase price + retread cost) / mm_worn, rupiah. */
  cost_per_mm: number | null;
  /** Lowest-groove readings of the current life, oldest first: the chart of the stock card. */
  history: { date: string; km: number; groove: number }[];
  rtd_rise: boolean;
  pull_point_mm: number;
  forecast: TWearForecast;
}

/** GET /api/tire-intelligence/alerts/summary and the `tire-alerts` socket event. */
export interface TAlertSummary {
  pull_point_mm: number;
  counts: Record<AlertKind, number>;
  /** Installed tires with at least one alert. */
  total: number;
}

const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

export const ZAlertListQuery = z.object({
  page: z.coerce.number({ error: 'Halaman tidak valid' }).int().min(1, 'Halaman tidak valid').default(1),
  pageSize: z.coerce
    .number({ error: 'Ukuran halaman tidak valid' })
    .int()
    .min(1, 'Ukuran halaman tidak valid')
    .max(MAX_PAGE_SIZE, `Ukuran halaman maksimal ${MAX_PAGE_SIZE}`)
    .default(10),
  /** One kind, or every alert when absent. */
  kind: z.preprocess(
    blankToUndefined,
    z.enum(ALERT_KINDS, { error: 'Jenis peringatan tidak dikenal' }).optional(),
  ),
  /** Serial number or plate, prefix, case-insensitive. */
  q: z.preprocess(blankToUndefined, z.string().trim().max(100, 'Maksimal 100 karakter').optional()),
});
export type TAlertListQuery = z.output<typeof ZAlertListQuery>;

/** One installed tire with its alerts: a row of /ban-kritis. Sorted most urgent first. */
export interface TAlertRow {
  tire_id: number;
  serial_number: string;
  ir_brand: string;
  pattern: string;
  size: string;
  unit_id: number;
  plate_number: string;
  position: string;
  groove_lowest: number | null;
  pressure: number | null;
  reference_psi: number | null;
  kinds: AlertKind[];
  pull_date: string | null;
  pull_date_early: string | null;
  pull_date_late: string | null;
  wear_rate: number | null;
}
export interface TAlertListReply {
  data: TAlertRow[];
  total: number;
  page: number;
  pageSize: number;
  summary: TAlertSummary;
}

export const PERFORMANCE_GROUPS = ['brand', 'pattern', 'size'] as const;
export type PerformanceGroup = (typeof PERFORMANCE_GROUPS)[number];
export const PERFORMANCE_GROUP_LABELS: Record<PerformanceGroup, string> = {
  brand: 'Brand',
  pattern: 'Pattern',
  size: 'Size',
};

export const ZPerformanceQuery = z.object({
  groupBy: z.preprocess(
    blankToUndefined,
    z.enum(PERFORMANCE_GROUPS, { error: 'Pengelompokan tidak dikenal' }).default('brand'),
  ),
  /** Restrict to one size (brands are compared within a size). */
  size: z.preprocess(blankToUndefined, z.string().trim().toUpperCase().max(100).optional()),
});
export type TPerformanceQuery = z.output<typeof ZPerformanceQuery>;

/** GET /api/tire-intelligence/performance (and /performance/export, XLSX). */
export interface TPerformanceRow {
  /** The brand, pattern or size. */
  key: string;
  tires: number;
  km_total: number;
  mm_worn: number;
  /** km per mm of tread (higher is better); null when nothing has worn. */
  km_per_mm: number | null;
  /** Median wear rate of the group, mm per 1,000 km. */
  wear_rate: number | null;
  /** Tires with a price, and rupiah per km over them (lower is better). */
  priced_tires: number;
  cost_per_km: number | null;
}
export interface TPerformanceReply {
  groupBy: PerformanceGroup;
  rows: TPerformanceRow[];
}

/** Reference pressure per tire size: GET/PUT /api/tire-intelligence/size-pressures. */
export interface TSizePressure {
  size: string;
  /** Installed tires of this size. */
  tires: number;
  reference_psi: number | null;
}
export const ZSizePressureUpdate = z.object({
  size: z.string({ error: 'Size wajib diisi' }).trim().toUpperCase().min(1, 'Size wajib diisi').max(100),
  reference_psi: z.preprocess(
    (v) => (v === '' ? null : v),
    z.coerce
      .number({ error: 'Tekanan referensi harus angka' })
      .min(1, 'Tekanan referensi harus 1 sampai 200 PSI')
      .max(200, 'Tekanan referensi harus 1 sampai 200 PSI')
      .nullable(),
  ),
});
export type TSizePressureUpdate = z.output<typeof ZSizePressureUpdate>;

/** Rupiah amounts on tires and new-tire requests: whole, 0 to 10 billion, blank for unknown. */
export const ZRupiah = z.preprocess(
  (v) => (v === '' || v === undefined ? null : typeof v === 'string' ? Number(v.trim()) : v),
  z
    .number({ error: 'Harga harus angka' })
    .int('Harga harus bilangan bulat')
    .min(0, 'Harga tidak boleh negatif')
    .max(10_000_000_000, 'Harga terlalu besar')
    .nullable(),
);
