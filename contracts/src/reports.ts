// Records, reports and dashboard (spec section 2 "Dashboard", "Tire check records", "Replacement
// history", "Leaderboard", "Summary Pengecekan", "Absensi Unit Bulanan"; sections 3, 4, 7, 9).
// Every date is a day `yyyy-mm-dd` in APP_TIMEZONE; a range includes the whole end day.
import { z } from 'zod';
import { DOC_STATUSES } from './enums';
import { INT4_MAX, zNumeric, zOptionalId } from './numeric';
import { recordFilterFields } from './record-filters';

export const PICK_DATES_MESSAGE = 'Mohon pilih tanggal terlebih dahulu';
export const DATE_ORDER_MESSAGE = 'Tanggal awal tidak boleh setelah tanggal akhir';
export const PICK_MONTH_MESSAGE = 'Silahkan memilih bulan pengecekan';
/** Shown for a missing tire man or location name (Rekam Pengecekan, Riwayat Pergantian). */
export const MISSING_NAME = 'tidak ada';

/** Page sizes of the record screens (spec section 9: 15/50/100, default 15). */
export const RECORD_PAGE_SIZES = [15, 50, 100] as const;
export const RECORD_DEFAULT_PAGE_SIZE = 15;
export const LEADERBOARD_PAGE_SIZE = 10;
/** Units per page of the absence table; the web virtualises, so large pages are allowed. */
export const ABSENCE_DEFAULT_PAGE_SIZE = 100;
export const ABSENCE_MAX_PAGE_SIZE = 5000;

const isRealDay = (s: string) => {
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
};

/** A day `yyyy-mm-dd`; missing, empty or malformed all say 'Mohon pilih tanggal terlebih dahulu'. */
export const ZDay = z
  .string({ error: PICK_DATES_MESSAGE })
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, PICK_DATES_MESSAGE)
  .refine(isRealDay, PICK_DATES_MESSAGE);

/** A refinement: day `a` is not after day `b` (either may be missing). */
export const ordered =
  <K extends string>(a: K, b: K) =>
  (v: Partial<Record<K, string>>) =>
    !v[a] || !v[b] || (v[a] as string) <= (v[b] as string);

const pageField = zNumeric(
  z
    .number({ error: 'Halaman tidak valid' })
    .int()
    .min(1, 'Halaman tidak valid')
    .max(INT4_MAX, 'Halaman tidak valid'),
);
const pageSizeField = (max: number, dflt: number) =>
  zNumeric(
    z
      .number({ error: 'Ukuran halaman tidak valid' })
      .int('Ukuran halaman tidak valid')
      .min(1, 'Ukuran halaman tidak valid')
      .max(max, `Ukuran halaman maksimal ${max}`)
      .default(dflt),
  );
const optionalId = zOptionalId('Region tidak valid');
const boolish = z.preprocess(
  (v) => (v === 'true' || v === '1' ? true : v === 'false' || v === '0' || v === '' ? false : v),
  z.boolean().optional(),
);

// ---------- Produktifitas (dashboard) ----------

/** POST /api/tire-check/querry/search and .../search/export: spec names firstDate, lastDate. */
export const ZProductivityBody = z
  .object({ firstDate: ZDay, lastDate: ZDay })
  .refine(ordered('firstDate', 'lastDate'), { path: ['lastDate'], message: DATE_ORDER_MESSAGE });
export type TProductivityBody = z.input<typeof ZProductivityBody>;

export const ZProductivityTireMan = z.object({
  id: z.number(),
  name: z.string(),
  total_pengecekan: z.number(),
  total_pengecekan_approved: z.number(),
});
export type TProductivityTireMan = z.infer<typeof ZProductivityTireMan>;

/** Every tire man (and anyone else who made checks in the range), most checks first. */
export const ZProductivityReply = z.object({
  firstDate: z.string(),
  lastDate: z.string(),
  total: z.number(),
  approved: z.number(),
  tire_man: z.array(ZProductivityTireMan),
});
export type TProductivityReply = z.infer<typeof ZProductivityReply>;

// ---------- Leaderboard ----------

/**
 * GET /api/tire-check/leader-board: dates default to the current month in APP_TIMEZONE. Without
 * page/pageSize the reply is the whole array (dashboard); with either it is a page (Leaderboard).
 */
export const ZLeaderboardQuery = z
  .object({
    dateStart: ZDay.optional(),
    dateEnd: ZDay.optional(),
    page: pageField.optional(),
    pageSize: zNumeric(
      z
        .number({ error: 'Ukuran halaman tidak valid' })
        .int('Ukuran halaman tidak valid')
        .min(1, 'Ukuran halaman tidak valid')
        .max(100, 'Ukuran halaman maksimal 100')
        .optional(),
    ),
  })
  .refine((q) => (q.dateStart === undefined) === (q.dateEnd === undefined), {
    path: ['dateEnd'],
    message: PICK_DATES_MESSAGE,
  })
  .refine(ordered('dateStart', 'dateEnd'), { path: ['dateEnd'], message: DATE_ORDER_MESSAGE });
export type TLeaderboardQuery = z.input<typeof ZLeaderboardQuery>;

export const ZLeaderboardEntry = z.object({
  /** Position in the ranking, 1 = most checks; tire men with as many checks share it (1, 1, 3). */
  rank: z.number(),
  id: z.number(),
  userName: z.string(),
  /** Checks made in the period. */
  highScore: z.number(),
});
export type TLeaderboardEntry = z.infer<typeof ZLeaderboardEntry>;
export const ZLeaderboardPage = z.object({
  data: z.array(ZLeaderboardEntry),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
  dateStart: z.string(),
  dateEnd: z.string(),
});
export type TLeaderboardPage = z.infer<typeof ZLeaderboardPage>;

// ---------- Summary per region ----------

/** POST /api/tire-check/summary and .../summary/export. */
export const ZSummaryBody = z
  .object({ dateStart: ZDay, dateEnd: ZDay, regionId: optionalId })
  .refine(ordered('dateStart', 'dateEnd'), { path: ['dateEnd'], message: DATE_ORDER_MESSAGE });
export type TSummaryBody = z.input<typeof ZSummaryBody>;

export const ZSummaryRow = z.object({
  /** Region id. */
  id: z.number(),
  /** Region name (the dashboard's Lokasi column, the gauge card title). */
  region: z.string(),
  /** The region's PIC (person in charge). */
  pic: z.string(),
  /** The region's manpower in its plan for the range's last month (region_plans; for reading). */
  manpower: z.number(),
  /** Tire men who did counted work (rules/work-done.ts) in the region in the range: the formula's. */
  tire_men: z.number(),
  total: z.number(),
  approved: z.number(),
  /**
   * Spec section 4, one column per check: pic_sign '-' -> PIC; else edp_sign '-' -> EDP; else
   * workshop_sign '-' -> WS (rules/work-done.ts signatureAwaited).
   */
  awaiting_pic: z.number(),
  awaiting_edp: z.number(),
  awaiting_workshop: z.number(),
  /** Name of the tire man with most checks in the region and range (ties: lowest id); null if none. */
  leader: z.string().nullable(),
  /**
   * Target Check (checks per tire man per day) in the region's plan for the range's last month;
   * null when not set (the spec's 16 applies). Saved by PUT /api/region/{id}, from this month on.
   */
  target_check: z.number().nullable(),
  /** Sum over the range's months of (that month's Target Check ?? 16) x tire_men x its days in the range. */
  expected: z.number(),
  /** The same up to today; = expected for a past range. */
  expected_to_date: z.number(),
  /** total / expected_to_date x 100, 2 decimals; null when expected_to_date is 0. */
  percentage: z.number().nullable(),
  /** approved / expected_to_date x 100, 2 decimals (the gauge's inner ring); null when it is 0. */
  approved_percentage: z.number().nullable(),
});
export type TSummaryRow = z.infer<typeof ZSummaryRow>;

export const ZSummaryReply = z.object({
  dateStart: z.string(),
  dateEnd: z.string(),
  /** Days in the range, both ends included. */
  days: z.number(),
  /** Days of the range up to today (APP_TIMEZONE), both included: what the percentage is measured on. */
  daysToDate: z.number(),
  /** One row per region (all regions, also those without checks), by region id. */
  data: z.array(ZSummaryRow),
});
export type TSummaryReply = z.infer<typeof ZSummaryReply>;

// ---------- Absensi Unit Bulanan ----------

/**
 * POST /api/tire-check/absent and .../absent/export: `month` 'YYYY-MM', or the spec's dateStart
 * (a month 'YYYY-MM' or any day of it) with dateEnd (ignored: the whole month is reported).
 */
export const ZAbsenceBody = z
  .object({
    month: z.string().trim().optional(),
    dateStart: z.string().trim().optional(),
    dateEnd: z.string().trim().optional(),
    page: pageField.default(1),
    pageSize: pageSizeField(ABSENCE_MAX_PAGE_SIZE, ABSENCE_DEFAULT_PAGE_SIZE),
    /** Plate number contains (case-insensitive). */
    q: z.string().trim().max(60, 'Pencarian terlalu panjang').optional(),
    /** Only units checked at least once in the month (default: the whole fleet). */
    onlyChecked: boolish,
  })
  .transform((b, ctx) => {
    const raw = b.month || b.dateStart || '';
    const m = /^(\d{4})-(\d{2})(?:-\d{2})?$/.exec(raw);
    const month = m ? `${m[1]}-${m[2]}` : '';
    if (!m || !isRealDay(`${month}-01`) || (raw.length === 10 && !isRealDay(raw))) {
      ctx.addIssue({ code: 'custom', path: ['month'], message: PICK_MONTH_MESSAGE });
      return z.NEVER;
    }
    return { month, page: b.page, pageSize: b.pageSize, q: b.q || undefined, onlyChecked: !!b.onlyChecked };
  });
export type TAbsenceBody = z.input<typeof ZAbsenceBody>;

export const ZAbsenceUnit = z.object({
  unit_id: z.number(),
  plate_number: z.string(),
  /**
   * One letter per day of the month, day 1 first: Y checked that day, N not (as in the export).
   * A string rather than booleans: 5,000 units answer 0.3 MB instead of 1.2 MB.
   */
  days: z.string().regex(/^[YN]{28,31}$/),
  /** Checks of the unit in the month. */
  total: z.number(),
});
export type TAbsenceUnit = z.infer<typeof ZAbsenceUnit>;

const ZAbsenceCounts = z.object({
  /** Units checked exactly once, twice, three times, four or more times in the month. */
  once: z.number(),
  twice: z.number(),
  thrice: z.number(),
  fourPlus: z.number(),
  totalChecks: z.number(),
  /** Units checked at least once. */
  distinctUnits: z.number(),
});
export const ZAbsenceSummary = ZAbsenceCounts.extend({
  /** Each count divided by distinctUnits, as a percentage with 2 decimals (0 when no unit was checked). */
  share: ZAbsenceCounts,
  /** Units in the fleet (checked or not). */
  fleetUnits: z.number(),
});
export type TAbsenceSummary = z.infer<typeof ZAbsenceSummary>;

export const ZAbsenceReply = z.object({
  month: z.string(),
  dateStart: z.string(),
  dateEnd: z.string(),
  /** Days in the month (28-31). */
  days: z.number(),
  /** One page of units, by plate number. */
  units: z.array(ZAbsenceUnit),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
  summary: ZAbsenceSummary,
});
export type TAbsenceReply = z.infer<typeof ZAbsenceReply>;

// ---------- Rekam Pengecekan / Riwayat Pergantian ----------

const recordSearchFields = {
  dateStart: ZDay,
  dateEnd: ZDay,
  page: pageField.default(1),
  pageSize: pageSizeField(100, RECORD_DEFAULT_PAGE_SIZE),
  ...recordFilterFields,
};

/**
 * POST /api/tire-check/querry/record/search (body), GET /api/tire-replacement/record/search
 * (query) and their exports (query): the dates plus plate (unit), tire man, location and status.
 */
export const ZRecordSearch = z
  .object(recordSearchFields)
  .refine(ordered('dateStart', 'dateEnd'), { path: ['dateEnd'], message: DATE_ORDER_MESSAGE });
export type TRecordSearch = z.input<typeof ZRecordSearch>;

const recordRowBase = {
  id: z.number(),
  /** When the server received it: ISO timestamp (UTC). */
  createdAt: z.string(),
  /** When the work was done: ISO timestamp (UTC). The search and the order go by it. */
  performed_at: z.string(),
  /** Whole days it was sent late (rules/performed-at.ts lateDays), null when on time. */
  late_days: z.number().nullable(),
  /** yyyy-mm-dd in APP_TIMEZONE, of performed_at. */
  date: z.string(),
  /** HH:mm in APP_TIMEZONE, of performed_at. */
  time: z.string(),
  status: z.enum(DOC_STATUSES),
  unit_id: z.number(),
  plate_number: z.string(),
  /** Location name, 'tidak ada' when missing. */
  Location: z.object({ name: z.string() }),
};

export const ZCheckRecordRow = z.object({
  ...recordRowBase,
  tireman_tire_check: z.object({ id: z.number(), name: z.string() }),
});
export type TCheckRecordRow = z.infer<typeof ZCheckRecordRow>;

export const ZReplacementRecordRow = z.object({
  ...recordRowBase,
  Tire_Man: z.object({ id: z.number(), name: z.string() }),
});
export type TReplacementRecordRow = z.infer<typeof ZReplacementRecordRow>;

const pageOf = <T extends z.ZodTypeAny>(row: T) =>
  z.object({
    data: z.array(row),
    total: z.number(),
    page: z.number(),
    pageSize: z.number(),
    dateStart: z.string(),
    dateEnd: z.string(),
  });
export const ZCheckRecordPage = pageOf(ZCheckRecordRow);
export type TCheckRecordPage = z.infer<typeof ZCheckRecordPage>;
export const ZReplacementRecordPage = pageOf(ZReplacementRecordRow);
export type TReplacementRecordPage = z.infer<typeof ZReplacementRecordPage>;

// ---------- Dashboard counters ----------

/** GET /api/dashboard/counters: the dashboard cards. */
export const ZDashboardCounters = z.object({
  /** Checks done today (performed_at, APP_TIMEZONE). */
  today: z.number(),
  /** Checks waiting for EDP (the Validasi Pengecekan queue: edp_sign '-' and not returned). */
  pending: z.number(),
  /** BKB waiting for validation. */
  bkb: z.number(),
  /** Checks and replacements returned to the tire man and not yet resubmitted ('Dikembalikan'). */
  returned: z.number(),
  /** Replacements waiting for EDP (the Validasi Pergantian queue). */
  pergantian: z.number(),
  /** Accounts with role tire-man. */
  tireMen: z.number(),
  /** Breakdown calls still open (Storing, issue 38). */
  storing: z.number(),
  /** Of them, those past their response or roll-time target. */
  storingBreached: z.number(),
  /** Server time (ISO, UTC) and APP_TIMEZONE, for the clock and the greeting. */
  now: z.string(),
  timezone: z.string(),
  /** Today in APP_TIMEZONE, yyyy-mm-dd. */
  todayDate: z.string(),
});
export type TDashboardCounters = z.infer<typeof ZDashboardCounters>;

// ---------- Temuan (findings: defects counted, issue 37 item 7) ----------

/** How the Temuan report groups the defects. */
export const FINDINGS_GROUPS = ['code', 'brand', 'position', 'customer'] as const;
export type TFindingsGroup = (typeof FINDINGS_GROUPS)[number];
/** The 'Kelompokkan' choices, as the screen and the export name them. */
export const FINDINGS_GROUP_LABELS: Record<TFindingsGroup, string> = {
  code: 'Kode kerusakan',
  brand: 'Merek',
  position: 'Posisi',
  customer: 'Customer',
};
/** The label of a tire record without a brand. */
export const NO_BRAND = 'Tanpa merek';

/**
 * GET /api/report/temuan and .../temuan/export: the defects of the checks performed in the range
 * (that count as work done, rules/work-done.ts), grouped; optionally of one region or customer.
 */
export const ZFindingsQuery = z
  .object({
    dateStart: ZDay,
    dateEnd: ZDay,
    group: z.enum(FINDINGS_GROUPS, { error: 'Pengelompokan tidak valid' }).default('code'),
    regionId: optionalId,
    customerId: zOptionalId('Customer tidak valid'),
  })
  .refine(ordered('dateStart', 'dateEnd'), { path: ['dateEnd'], message: DATE_ORDER_MESSAGE });
export type TFindingsQuery = z.input<typeof ZFindingsQuery>;

const ZFindingsCounts = z.object({
  /** Zones carrying a defect code (not 0 'not checked', not 99 'normal'). */
  defects: z.number(),
  /** Tire records with at least one defect. */
  tires: z.number(),
  /** Defects whose code the catalogue marks unsafe. */
  unsafe: z.number(),
});

export const ZFindingsRow = ZFindingsCounts.extend({
  /** The group's key: the code, the brand, the position or the customer id, as text. */
  key: z.string(),
  /** How it reads: the catalogue name ('Kode N' unnamed), the brand ('Tanpa merek'), the position, the customer. */
  label: z.string(),
});
export type TFindingsRow = z.infer<typeof ZFindingsRow>;

export const ZFindingsReply = z.object({
  dateStart: z.string(),
  dateEnd: z.string(),
  group: z.enum(FINDINGS_GROUPS),
  /** Most defects first (then the key). */
  data: z.array(ZFindingsRow),
  /** Over every tire record of the range: tires counts each record once, whatever its groups. */
  totals: ZFindingsCounts,
});
export type TFindingsReply = z.infer<typeof ZFindingsReply>;
