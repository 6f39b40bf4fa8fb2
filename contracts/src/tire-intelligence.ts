// Tire intelligence (issue 11): tire life, wear forecast, cost per km, alerts (/ban-kritis) and
// brand performance (/analitik-ban). The server keeps one row of wear statistics per tire
// (table tire_wear), refreshed in the transaction of every validation that changes a tire, and
// computes forecasts from it in SQL with the pull point of the request.
import { z } from 'zod';
import { MAX_PAGE_SIZE } from './constants';
import { listResult } from './list';
import { blankToUndefined, readNumber, zNumeric, zPage } from './numeric';

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

/**
 * 'unsafe-defect': the latest validated check of the tire recorded, in some zone, a defect the
 * catalogue marks unsafe (a sidewall cut, running flat): it must not run, so it comes first.
 * 'rtd-zero': a lowest groove of exactly 0 mm is far more often a reading left blank than a tire
 * worn to nothing, so it is kept apart from 'below-pull' (real critical tread) for checking.
 */
export const ALERT_KINDS = [
  'unsafe-defect',
  'below-pull',
  'due-soon',
  'pressure',
  'rtd-rise',
  'rtd-zero',
] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];
export const ALERT_LABELS: Record<AlertKind, string> = {
  'unsafe-defect': 'Kerusakan tidak aman',
  'below-pull': 'Di bawah batas cabut',
  'due-soon': 'Mencapai batas cabut ≤ 30 hari',
  pressure: 'Tekanan di luar ±10%',
  'rtd-rise': 'RTD naik tanpa vulkanisir',
  'rtd-zero': 'RTD 0 mm: periksa data',
};
/** What a size without a reference pressure says instead of a pressure comparison. */
export const NO_REFERENCE_TEXT = 'Belum ada tekanan acuan';

/** The wear forecast of one tire, or why there is none. */
export const ZWearForecast = z.object({
  /** Approved readings in the tire's current life (since its last retread). */
  readings: z.number(),
  /** 'ok' | 'not-enough-data' (fewer than two readings) | 'no-wear' (the fit shows no wear). */
  state: z.enum(['ok', 'not-enough-data', 'no-wear']),
  /** mm of tread lost per 1,000 km, and its uncertainty band (about 95 %). */
  wear_rate: z.number().nullable(),
  wear_rate_low: z.number().nullable(),
  wear_rate_high: z.number().nullable(),
  /** Tire km at which the fitted line reaches the pull point, with the band (earliest, latest). */
  pull_km: z.number().nullable(),
  pull_km_early: z.number().nullable(),
  pull_km_late: z.number().nullable(),
  /** Date (yyyy-mm-dd, APP_TIMEZONE) at which it is expected there, with the band. */
  pull_date: z.string().nullable(),
  pull_date_early: z.string().nullable(),
  pull_date_late: z.string().nullable(),
  /** Average km per day of the tire over its current life. */
  km_per_day: z.number().nullable(),
});
export type TWearForecast = z.input<typeof ZWearForecast>;

/** Life, forecast and cost of one tire: GET /api/tire-intelligence/tires/:id. */
export const ZTireLife = z.object({
  tire_id: z.number(),
  serial_number: z.string(),
  /** Km run, summed over its mount periods (spare positions accrue none). */
  km_total: z.number(),
  /** Days since it was first mounted (to its scrap date when scrapped); null if never mounted. */
  days_in_service: z.number().nullable(),
  retreads: z.number(),
  /** Times it was seen at another position than before (checks and mounts). */
  rotations: z.number(),
  groove_lowest: z.number().nullable(),
  /** Tread worn over all its lives, in mm. */
  mm_worn: z.number(),
  purchase_price: z.number().nullable(),
  retread_cost: z.number().nullable(),
  /** (purchase price + retread cost) / km_total, rupiah; null without a price or km. */
  cost_per_km: z.number().nullable(),
  /** (purchase price + retread cost) / mm_worn, rupiah. */
  cost_per_mm: z.number().nullable(),
  /** Lowest-groove readings of the current life, oldest first: the chart of the stock card. */
  history: z.array(z.object({ date: z.string(), km: z.number(), groove: z.number() })),
  rtd_rise: z.boolean(),
  pull_point_mm: z.number(),
  forecast: ZWearForecast,
});
export type TTireLife = z.input<typeof ZTireLife>;

/** GET /api/tire-intelligence/alerts/summary and the `tire-alerts` socket event. */
export const ZAlertSummary = z.object({
  pull_point_mm: z.number(),
  counts: z.object({
    'unsafe-defect': z.number(),
    'below-pull': z.number(),
    'due-soon': z.number(),
    pressure: z.number(),
    'rtd-rise': z.number(),
    'rtd-zero': z.number(),
  }) satisfies z.ZodType<Record<AlertKind, number>>,
  /** Installed tires with at least one alert. */
  total: z.number(),
  /**
   * Sizes of installed tires without a reference pressure, and their installed tires: no pressure
   * alert can be raised for them (the pressure count says nothing about them).
   */
  no_reference: z.object({
    sizes: z.number(),
    tires: z.number(),
    /** All sizes of installed tires: equal to `sizes` when no reference pressure is set at all. */
    of_sizes: z.number(),
  }),
});
export type TAlertSummary = z.input<typeof ZAlertSummary>;

export const ZAlertListQuery = z.object({
  page: zPage,
  pageSize: zNumeric(
    z
      .number({ error: 'Ukuran halaman tidak valid' })
      .int()
      .min(1, 'Ukuran halaman tidak valid')
      .max(MAX_PAGE_SIZE, `Ukuran halaman maksimal ${MAX_PAGE_SIZE}`)
      .default(10),
  ),
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
export const ZAlertRow = z.object({
  tire_id: z.number(),
  serial_number: z.string(),
  ir_brand: z.string(),
  pattern: z.string(),
  size: z.string(),
  unit_id: z.number(),
  plate_number: z.string(),
  position: z.string(),
  groove_lowest: z.number().nullable(),
  pressure: z.number().nullable(),
  reference_psi: z.number().nullable(),
  kinds: z.array(z.enum(ALERT_KINDS)),
  /**
   * 'unsafe-defect': the zones of the tire's latest validated check whose catalogue code is marked
   * unsafe, named ('Dinding: 23 Sidewall Cut'); empty otherwise.
   */
  unsafe_defects: z.array(z.string()),
  pull_date: z.string().nullable(),
  pull_date_early: z.string().nullable(),
  pull_date_late: z.string().nullable(),
  wear_rate: z.number().nullable(),
});
export type TAlertRow = z.input<typeof ZAlertRow>;
export const ZAlertListReply = listResult(ZAlertRow).extend({ summary: ZAlertSummary });
export type TAlertListReply = z.input<typeof ZAlertListReply>;

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
export const ZPerformanceRow = z.object({
  /** The brand, pattern or size. */
  key: z.string(),
  tires: z.number(),
  km_total: z.number(),
  mm_worn: z.number(),
  /** km per mm of tread (higher is better); null when nothing has worn. */
  km_per_mm: z.number().nullable(),
  /** Median wear rate of the group, mm per 1,000 km. */
  wear_rate: z.number().nullable(),
  /** Tires with a price, and rupiah per km over them (lower is better). */
  priced_tires: z.number(),
  cost_per_km: z.number().nullable(),
});
export type TPerformanceRow = z.input<typeof ZPerformanceRow>;
export const ZPerformanceReply = z.object({
  groupBy: z.enum(PERFORMANCE_GROUPS),
  rows: z.array(ZPerformanceRow),
});
export type TPerformanceReply = z.input<typeof ZPerformanceReply>;

/** Reference pressure per tire size: GET/PUT /api/tire-intelligence/size-pressures. */
export const ZSizePressure = z.object({
  size: z.string(),
  /** Installed tires of this size. */
  tires: z.number(),
  reference_psi: z.number().nullable(),
});
export type TSizePressure = z.input<typeof ZSizePressure>;
export const ZSizePressureUpdate = z.object({
  size: z.string({ error: 'Size wajib diisi' }).trim().toUpperCase().min(1, 'Size wajib diisi').max(100),
  reference_psi: z.preprocess(
    (v) => (v === '' ? null : v),
    zNumeric(
      z
        .number({ error: 'Tekanan referensi harus angka' })
        .min(1, 'Tekanan referensi harus 1 sampai 200 PSI')
        .max(200, 'Tekanan referensi harus 1 sampai 200 PSI')
        .nullable(),
    ),
  ),
});
export type TSizePressureUpdate = z.output<typeof ZSizePressureUpdate>;

/** Rupiah amounts on tires and new-tire requests: whole, 0 to 10 billion, blank for unknown. */
export const ZRupiah = z.preprocess(
  (v) => (v === '' || v === undefined ? null : readNumber(v)),
  z
    .number({ error: 'Harga harus angka' })
    .int('Harga harus bilangan bulat')
    .min(0, 'Harga tidak boleh negatif')
    .max(10_000_000_000, 'Harga terlalu besar')
    .nullable(),
);
