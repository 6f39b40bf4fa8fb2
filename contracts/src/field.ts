import { z } from 'zod';
import { ZDefectCode } from './defect-codes';
import { zId, zNumeric, zPage } from './numeric';
import { ZCallRow } from './storing';
import { tireReadingReply } from './tire-reading';

// The field loop (ITMS Lapangan): what the tire man's phone sends and reads.

/** Kinds of field submissions, as the history and the field-status event name them. */
export const SUBMISSION_KINDS = [
  'tire-check',
  'tire-replacement',
  'mismatch',
  'qc-check',
  'tire-request',
] as const;
export const ZSubmissionKind = z.enum(SUBMISSION_KINDS);
export type TSubmissionKind = z.infer<typeof ZSubmissionKind>;

/** Where a submission stands, seen from the field. */
export const SUBMISSION_STATUSES = ['pending', 'approved', 'returned', 'deleted'] as const;
export const ZSubmissionStatus = z.enum(SUBMISSION_STATUSES);
export type TSubmissionStatus = z.infer<typeof ZSubmissionStatus>;

export const ZFieldStatusEvent = z.object({
  kind: ZSubmissionKind,
  id: z.number().int(),
  status: z.enum(['approved', 'returned', 'deleted']),
  reason: z.string().optional(),
});
export type TFieldStatusEvent = z.infer<typeof ZFieldStatusEvent>;

/** Header of every field write; the app sends a UUID made when the item is saved. */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** 1-255 visible ASCII characters (the IETF draft leaves the format to the server). */
export const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

/**
 * How long the server remembers a key and its reply, in days. The phone retries an entry on its
 * own only while its first try is younger than this (less a day of clock margin): after that the
 * server may have forgotten the key, so a resend could store the entry twice and the tire man is
 * asked first. Longer than a field entry may wait to be accepted (`FIELD_MAX_AGE_DAYS`, 45).
 */
export const IDEMPOTENCY_KEEP_DAYS = 60;

export const IDEMPOTENCY_MESSAGES = {
  reused: 'Kunci pengiriman sudah dipakai untuk data lain',
  inFlight: 'Data yang sama sedang diproses',
  badKey: 'Header Idempotency-Key harus 1-255 karakter tanpa spasi',
} as const;

// ---------------------------------------------------------------- field reads (issue 20, item 3)

const ZIso = z.string().describe('ISO 8601, UTC');
const ZRef = z.object({ id: z.number().int(), name: z.string() });

/** A tire mounted on one position of a unit, with its last validated measurement. */
export const ZFieldMountedTire = z.object({
  position: z.string(),
  tire_id: z.number().int(),
  serial_number: z.string(),
  ir_brand: z.string(),
  ori_brand: z.string(),
  size: z.string(),
  pattern: z.string(),
  ...tireReadingReply,
  /** When the values were read: the tire's last approved reading, else its last change. */
  measured_at: ZIso.nullable(),
});
export type TFieldMountedTire = z.infer<typeof ZFieldMountedTire>;

export const ZFieldUnit = z.object({
  id: z.number().int(),
  plate_number: z.string(),
  unit_type: z.string(),
  /** The vehicle diagram (contracts/src/rules/vehicle-diagram.ts) and its positions, 1..n, ST, ST2. */
  diagram: z.enum(['engkel', 'tronton', 'trailer']),
  positions: z.array(z.string()),
  project: ZRef,
  /** Where the unit was last checked (null before its first check). */
  location: ZRef.nullable(),
  tonnage: z.number(),
  /** performed_at of the unit's last check, by anyone. */
  last_check_at: ZIso.nullable(),
  /** The odometer of that check (Km): a lower one is a warning. */
  last_odometer: z.number().int().nullable(),
  /**
   * Checked in the current month (APP_TIMEZONE) by a check that counts as work done
   * (rules/work-done.ts), as Absensi Unit Bulanan counts it.
   */
  checked_this_month: z.boolean(),
  /**
   * Local day (APP_TIMEZONE) of its last check that counts as work done, from the unit attendance;
   * null before any. The day plan (Tugas, rules/day-plan.ts) orders by it. Absent in snapshots
   * stored on a phone before it existed.
   */
  last_done_on: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .nullable()
    .optional(),
  /** Mounted tires, by position (1..12, ST, ST2). */
  tires: z.array(ZFieldMountedTire),
});
export type TFieldUnit = z.infer<typeof ZFieldUnit>;

/** A check or replacement the office returned to the tire man, to be done again. */
export const ZFieldReturnedItem = z.object({
  kind: z.enum(['tire-check', 'tire-replacement']),
  id: z.number().int(),
  unit_id: z.number().int(),
  plate_number: z.string(),
  performed_at: ZIso,
  returned_at: ZIso,
  return_reason: z.string().nullable(),
});
export type TFieldReturnedItem = z.infer<typeof ZFieldReturnedItem>;

/**
 * GET /api/field/bootstrap: everything the phone needs to work offline. Sent with an ETag (a hash
 * of the body without `server_time`); If-None-Match with that tag gets 304 and no body.
 */
export const ZFieldBootstrap = z.object({
  server_time: ZIso,
  me: z.object({
    id: z.number().int(),
    name: z.string(),
    email: z.string(),
    phone: z.string(),
    photo: z.string(),
    has_signature: z.boolean(),
    /** The stored signature's upload path, null when none. */
    signature: z.string().nullable(),
  }),
  /** The units of his projects; with no project, the units he checked in the last 60 days. */
  units: z.array(ZFieldUnit),
  locations: z.array(z.object({ id: z.number().int(), name: z.string(), region: ZRef })),
  projects: z.array(ZRef),
  size_pressures: z.array(z.object({ size: z.string(), reference_psi: z.number() })),
  /** The active BKB categories (Kategori of Lapor BKB), by name. */
  mismatch_categories: z.array(ZRef),
  /** The defect catalogue (condition codes besides 0 and 99), by code. */
  defect_codes: z.array(ZDefectCode),
  /** TIRE_PULL_POINT_MM: tread depth at which a tire should come off. */
  pull_point_mm: z.number(),
  returned: z.array(ZFieldReturnedItem),
  /** His open breakdown calls (Storing), the one waiting longest first. */
  calls: z.array(ZCallRow),
});
export type TFieldBootstrap = z.infer<typeof ZFieldBootstrap>;

/** How many days back a tire man without projects finds the units he checked. */
export const FIELD_RECENT_UNIT_DAYS = 60;

/** GET /api/field/units: plate search over all units (case-insensitive, spaces ignored). */
export const ZFieldUnitSearchQuery = z.object({
  q: z.string().trim().max(60, 'Pencarian terlalu panjang').optional(),
  page: zPage,
  pageSize: zNumeric(
    z
      .number({ error: 'Ukuran halaman tidak valid' })
      .int()
      .min(1, 'Ukuran halaman tidak valid')
      .max(100, 'Maksimal 100 baris per halaman')
      .default(20),
  ),
});
export type TFieldUnitSearchQuery = z.output<typeof ZFieldUnitSearchQuery>;

export const ZFieldUnitSearchRow = z.object({
  id: z.number().int(),
  plate_number: z.string(),
  unit_type: z.string(),
  project: ZRef,
});
export type TFieldUnitSearchRow = z.infer<typeof ZFieldUnitSearchRow>;

/** GET /api/field/history: the tire man's submissions, newest first by performed_at. */
export const ZFieldHistoryQuery = z.object({
  page: zPage,
  pageSize: zNumeric(
    z
      .number({ error: 'Ukuran halaman tidak valid' })
      .int()
      .min(1, 'Ukuran halaman tidak valid')
      .max(100, 'Maksimal 100 baris per halaman')
      .default(20),
  ),
});
export type TFieldHistoryQuery = z.output<typeof ZFieldHistoryQuery>;

export const ZFieldHistoryRow = z.object({
  kind: ZSubmissionKind,
  id: z.number().int(),
  /** Null for a tire request (it names a tire, not a unit). */
  unit_id: z.number().int().nullable(),
  plate_number: z.string(),
  /** The requested tire's serial (tire requests only, else null). */
  serial_number: z.string().nullable(),
  /** When the work was done; a tire request's time of asking. */
  performed_at: ZIso,
  /** pending, approved (a QC check needs no validation: approved when stored), returned, deleted. */
  status: ZSubmissionStatus,
  return_reason: z.string().nullable(),
});
export type TFieldHistoryRow = z.infer<typeof ZFieldHistoryRow>;

export const ZFieldReturnedParams = z.object({
  kind: z.enum(['tire-check', 'tire-replacement'], {
    error: 'Jenis harus tire-check atau tire-replacement',
  }),
  id: zId('Id tidak valid'),
});

export const FIELD_MESSAGES = {
  returnedNotFound: 'Data yang dikembalikan tidak ditemukan',
} as const;

const ZFieldReturnedUnit = z.object({
  id: z.number().int(),
  plate_number: z.string(),
  unit_type: z.string(),
  diagram: z.enum(['engkel', 'tronton', 'trailer']),
  positions: z.array(z.string()),
  tonnage: z.number(),
  project: ZRef,
});

const measured = {
  groove_1: z.number().nullable(),
  groove_2: z.number().nullable(),
  groove_3: z.number().nullable(),
  groove_4: z.number().nullable(),
  pressure: z.number().nullable(),
};

const returnedCommon = {
  id: z.number().int(),
  unit: ZFieldReturnedUnit,
  location: ZRef,
  project: ZRef.nullable(),
  odometer: z.number().int(),
  plate_number_url: z.string(),
  odometer_url: z.string(),
  tireman_sign: z.string(),
  /** Cleared ('-') by the Return: collected again on the redo. */
  pic_sign: z.string(),
  itms_sign: z.string(),
  performed_at: ZIso,
  created_at: ZIso,
  returned_at: ZIso,
  return_reason: z.string().nullable(),
};

/** GET /api/field/returned/{kind}/{id}: a returned check or replacement, whole, to redo it. */
export const ZFieldReturnedCheck = z.object({
  kind: z.literal('tire-check'),
  ...returnedCommon,
  plate_number: z.string(),
  equipment: z.string(),
  driver: z.object({ id: z.number().int(), name: z.string(), phone: z.string() }).nullable(),
  driver_sign: z.string(),
  pic_name: z.string(),
  records: z.array(
    z.object({
      position: z.string(),
      tire_id: z.number().int().nullable(),
      serial_number: z.string(),
      serial_number_url: z.string(),
      ir_brand: z.string(),
      ori_brand: z.string(),
      pattern: z.string(),
      size: z.string(),
      ...measured,
      condition: z.string(),
      rotation: z.string(),
      temperature: z.number().nullable(),
      information: z.string(),
    }),
  ),
});
export type TFieldReturnedCheck = z.infer<typeof ZFieldReturnedCheck>;

export const ZFieldReturnedReplacement = z.object({
  kind: z.literal('tire-replacement'),
  ...returnedCommon,
  spk: z.string(),
  records: z.array(
    z.object({
      position: z.string(),
      /** replace: installed here; remove: taken off; check: checked in place. */
      status: z.string(),
      tire_id: z.number().int().nullable(),
      serial_number: z.string(),
      serial_number_img: z.string(),
      ir_brand: z.string(),
      ori_brand: z.string(),
      pattern: z.string(),
      size: z.string(),
      is_original: z.string(),
      odometer: z.number().int(),
      ...measured,
      groove_lowest: z.number().nullable(),
      casing_status: z.string(),
      tube_brand: z.string(),
      tube_size: z.string(),
      tube_status: z.string(),
      flap_brand: z.string(),
      flap_size: z.string(),
      flap_status: z.string(),
      velg_brand: z.string(),
      velg_size: z.string(),
      velg_holes: z.number().int().nullable(),
      velg_status: z.string(),
      information: z.string(),
      condition: z.string(),
      tube_url: z.string(),
      flap_url: z.string(),
      inner_tube_url: z.string(),
    }),
  ),
});
export type TFieldReturnedReplacement = z.infer<typeof ZFieldReturnedReplacement>;

export const ZFieldReturnedDetail = z.discriminatedUnion('kind', [
  ZFieldReturnedCheck,
  ZFieldReturnedReplacement,
]);
export type TFieldReturnedDetail = z.infer<typeof ZFieldReturnedDetail>;

/** One unit still to check in a tire man's day plan (Tugas). */
export const ZPlanUnit = z.object({
  id: z.number().int(),
  plate_number: z.string(),
  unit_type: z.string(),
  project: ZRef,
  /** Local day of its last check that counts as work done; null when never checked. */
  last_done_on: z.string().nullable(),
});
export type TPlanUnit = z.infer<typeof ZPlanUnit>;

/** A tire man's day plan as the office reads it: the units of his projects not checked this month. */
export const ZTiremanPlan = z.object({
  tireman: ZRef,
  /** The current month, yyyy-mm (APP_TIMEZONE). */
  month: z.string(),
  /** Units checked this month (N of 'N dari M'). */
  done: z.number().int(),
  /** His units (M). */
  total: z.number().int(),
  /** Never checked first, then the oldest last check. */
  todo: z.array(ZPlanUnit),
});
export type TTiremanPlan = z.infer<typeof ZTiremanPlan>;
