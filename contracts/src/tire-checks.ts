// Tire checks: field submission, the EDP validation queue, the check form and its transactional
// validation command (spec sections 2, 3, 4, 5, 7).
import { z } from 'zod';
import { PSI_MAX, PSI_MIN, RTD_MAX, RTD_MIN } from './constants';
import { POSITIONS, UNSIGNED } from './enums';
import { blankToUndefined, readNumber, zNumeric, zPage } from './numeric';
import { picAbsentExclusive, ZPicAbsentReason } from './pic-absent';
import { queueFilterFields } from './queue';
import { FIELD_WARNING_KINDS } from './rules/field-warnings';
import { STAGES } from './rules/lifecycle';
import { foldLookalikes } from './rules/lookalike';
import { ZPerformedAt } from './rules/performed-at';
import { ZReturnHistoryEntry, ZWorkshopSigned } from './submission-returns';
import { tireReadingReply } from './tire-reading';

/** Page sizes of the validation list (spec section 9: 15/50/100, default 15). */
export const CHECK_QUEUE_PAGE_SIZE = { default: 15, max: 100 } as const;

/**
 * A number from JSON or from a form field. Empty means missing; text that is not a number is
 * refused (never silently 0).
 */
const num = (label: string) =>
  z.preprocess(
    (v) => readNumber(blankToUndefined(v)),
    z.number({
      error: (iss) => (iss.input === undefined ? `${label} wajib diisi` : `${label} harus berupa angka`),
    }),
  );

const optionalNum = (label: string) => z.preprocess(blankToUndefined, num(label).optional());

const id = (label: string) =>
  num(label).pipe(
    z
      .number()
      .int(`${label} tidak valid`)
      .positive(`${label} tidak valid`)
      .max(2_147_483_647, `${label} tidak valid`),
  );

export const ZRtd = (label: string) =>
  num(label).pipe(
    z.number().min(RTD_MIN, `${label} minimal ${RTD_MIN} mm`).max(RTD_MAX, `${label} maksimal ${RTD_MAX} mm`),
  );
export const ZPsi = num('Tekanan (PSI)').pipe(
  z.number().min(PSI_MIN, `Tekanan minimal ${PSI_MIN} PSI`).max(PSI_MAX, `Tekanan maksimal ${PSI_MAX} PSI`),
);
export const ZOdometer = num('Odometer').pipe(
  z.number().int('Odometer harus bilangan bulat').min(0, 'Odometer tidak boleh negatif'),
);

/** An upload path (from POST /api/upload) or '-' for none. */
const ZImagePath = (label: string) =>
  z.preprocess(
    (v) => blankToUndefined(v) ?? UNSIGNED,
    z
      .string({ error: `${label} tidak valid` })
      .trim()
      .max(300, `${label} terlalu panjang`),
  );

export const ZPosition = z.preprocess(
  (v) => (typeof v === 'number' ? String(v) : typeof v === 'string' ? v.trim().toUpperCase() : v),
  z.enum(POSITIONS, { error: 'Posisi tidak dikenal (1-12, ST, ST2)' }),
);

/** One condition code: 0 not checked, 99 normal, else a defect of the catalogue (checked by the server). */
const isConditionCode = (n: number) => Number.isInteger(n) && n >= 0 && n <= 99;

/**
 * Five condition codes (crown, shoulder, sidewalls, beads, interior), sent as 'a,b,c,d,e' or as an
 * array; stored as the comma-separated text.
 */
export const ZCondition = z
  .preprocess(
    (v) => {
      if (v === undefined || v === null || v === '') return undefined;
      const parts = Array.isArray(v) ? v : String(v).split(',');
      return parts.map(readNumber);
    },
    z
      .array(z.number({ error: 'Kode kondisi harus berupa angka' }), {
        error: 'Kondisi wajib berisi lima kode',
      })
      .length(5, 'Kondisi wajib berisi lima kode (crown, shoulder, sidewalls, beads, interior)')
      .refine((codes) => codes.every(isConditionCode), 'Kode kondisi hanya 0-99')
      .optional(),
  )
  .transform((codes) => (codes ?? [0, 0, 0, 0, 0]).join(','));

const optionalText = (max: number, label: string) =>
  z.preprocess(
    (v) => (v === null || v === undefined ? '' : typeof v === 'number' ? String(v) : v),
    z
      .string({ error: `${label} tidak valid` })
      .trim()
      .max(max, `${label} terlalu panjang`),
  );

export const ZTireCheckRecordInput = z.object({
  position: ZPosition,
  // look-alikes folded, so a fullwidth serial typed on a phone links to its tire; other scripts
  // are not refused here: a queued check must never get stuck on a 400
  serial_number: z
    .string({ error: 'Nomor seri wajib diisi' })
    .overwrite(foldLookalikes)
    .min(1, 'Nomor seri wajib diisi')
    .max(60, 'Nomor seri terlalu panjang'),
  serial_number_url: ZImagePath('Foto nomor seri'),
  groove_1: ZRtd('RTD 1'),
  groove_2: ZRtd('RTD 2'),
  groove_3: ZRtd('RTD 3'),
  groove_4: ZRtd('RTD 4'),
  pressure: ZPsi,
  condition: ZCondition,
  rotation: optionalText(60, 'Rotasi'),
  temperature: optionalNum('Suhu').pipe(
    z.number().min(-50, 'Suhu tidak valid').max(300, 'Suhu tidak valid').optional(),
  ),
  information: optionalText(1000, 'Informasi'),
});
export type TTireCheckRecordInput = z.input<typeof ZTireCheckRecordInput>;
export type TTireCheckRecordOutput = z.output<typeof ZTireCheckRecordInput>;

/** Form-urlencoded clients send nested lists as JSON text. */
const jsonText = (v: unknown) => {
  if (typeof v !== 'string') return v;
  try {
    return JSON.parse(v);
  } catch {
    return v;
  }
};

export const ZTireCheckRecords = z.preprocess(
  jsonText,
  z
    .array(ZTireCheckRecordInput, { error: 'Data ban wajib diisi' })
    .min(1, 'Data ban wajib diisi, minimal satu posisi')
    .max(POSITIONS.length, `Maksimal ${POSITIONS.length} posisi`)
    // runs even when a record has other errors: a serial used twice is shown at once, at its field
    .superRefine(
      (records, ctx) => {
        const seenPos = new Map<string, number>();
        const seenSerial = new Map<string, number>();
        records.forEach((r, i) => {
          if (typeof r !== 'object' || r === null) return;
          if (typeof r.position === 'string') {
            if (seenPos.has(r.position)) {
              ctx.addIssue({
                code: 'custom',
                path: [i, 'position'],
                message: `Posisi ${r.position} duplikat`,
              });
            } else seenPos.set(r.position, i);
          }
          if (typeof r.serial_number !== 'string' || r.serial_number.trim() === '') return;
          const serial = foldLookalikes(r.serial_number).trim().toLowerCase();
          if (seenSerial.has(serial)) {
            ctx.addIssue({
              code: 'custom',
              path: [i, 'serial_number'],
              message: `Nomor seri ${r.serial_number.trim()} dipakai di dua posisi`,
            });
          } else seenSerial.set(serial, i);
        });
      },
      { when: (payload) => Array.isArray(payload.value) },
    ),
);

const ZDriver = z.preprocess(
  jsonText,
  z
    .object({
      name: optionalText(120, 'Nama driver'),
      phone: optionalText(30, 'Nomor driver'),
    })
    .optional(),
);

/** Equipment: comma-separated text or a list; stored comma-separated. */
const ZEquipment = z.preprocess(
  (v) => (v === undefined || v === null ? '' : v),
  z
    .union([z.string(), z.array(z.string())], { error: 'Perlengkapan tidak valid' })
    .transform((v) =>
      (Array.isArray(v) ? v : v.split(','))
        .map((s) => s.trim())
        .filter(Boolean)
        .join(','),
    )
    .pipe(z.string().max(1000, 'Perlengkapan terlalu panjang')),
);

/** `performed_at` of a field write: ISO 8601 with an offset; blank or left out = the receipt time. */
export const ZOptionalPerformedAt = z.preprocess(blankToUndefined, ZPerformedAt.optional());

/** POST /tire-check: a tire man's check of one unit. */
export const ZTireCheckCreateBody = z
  .object({
    unit_id: id('Unit'),
    location_id: id('Lokasi'),
    project_id: z.preprocess(blankToUndefined, id('Project').optional()),
    odometer: ZOdometer,
    driver: ZDriver,
    /** Flat alternative to `driver` for form-urlencoded clients. */
    driver_name: optionalText(120, 'Nama driver').optional(),
    driver_phone: optionalText(30, 'Nomor driver').optional(),
    equipment: ZEquipment,
    plate_number_url: ZImagePath('Foto plat nomor'),
    odometer_url: ZImagePath('Foto odometer'),
    tireman_sign: ZImagePath('Tanda tangan tire man'),
    driver_sign: ZImagePath('Tanda tangan driver'),
    /** Signatures collected on site ('-' or left out = not signed). */
    pic_sign: ZImagePath('Tanda tangan PIC'),
    pic_name: optionalText(120, 'Nama PIC'),
    /** Why the PIC did not sign ('PIC tidak di tempat'); never with `pic_sign`. */
    pic_absent_reason: ZPicAbsentReason,
    /** The ITMS site leader's signature. */
    itms_sign: ZImagePath('Tanda tangan ITMS'),
    /** When the check was done (the phone's clock); left out = when the server receives it. */
    performed_at: ZOptionalPerformedAt,
    records: ZTireCheckRecords,
  })
  .superRefine(picAbsentExclusive);
export type TTireCheckCreateBody = z.output<typeof ZTireCheckCreateBody>;
export type TTireCheckCreateInput = z.input<typeof ZTireCheckCreateBody>;

export const ZIdParams = z.object({ id: id('Id') });
export const ZUnitIdParams = z.object({ unitId: id('Id unit') });

export const ZCheckQueueQuery = z.object({
  page: zPage,
  pageSize: zNumeric(
    z
      .number()
      .int()
      .min(1, 'Ukuran halaman minimal 1')
      .max(CHECK_QUEUE_PAGE_SIZE.max, `Ukuran halaman maksimal ${CHECK_QUEUE_PAGE_SIZE.max}`)
      .default(CHECK_QUEUE_PAGE_SIZE.default),
  ),
});
export type TCheckQueueQuery = z.output<typeof ZCheckQueueQuery>;

/** GET /tire-check/noEdpSign: a page of the EDP queue, searched, filtered and ordered. */
export const ZCheckQueueListQuery = ZCheckQueueQuery.extend(queueFilterFields);
export type TCheckQueueListQuery = z.output<typeof ZCheckQueueListQuery>;

/** PATCH /tire-check/picSign/{id}: the PIC's signature, given on site. */
export const ZPicSignBody = z.object({
  pic_sign: z.string({ error: 'Tanda tangan PIC wajib diisi' }).trim().min(2, 'Tanda tangan PIC wajib diisi'),
  pic_name: z
    .string({ error: 'Nama PIC wajib diisi' })
    .trim()
    .min(1, 'Nama PIC wajib diisi')
    .max(120, 'Nama PIC terlalu panjang'),
});

/** PATCH /tire-check/edpSign/{id}: the spec's last step of the per-call validation. */
export const ZEdpSignBody = z.object({
  edp_sign: z
    .string({ error: 'harap tanda tangan terlebih dahulu' })
    .trim()
    .min(2, 'harap tanda tangan terlebih dahulu'),
  status: z.enum(['approved'], { error: "Status hanya 'approved'" }).optional(),
  /** Sent by the old client; the signed-in user is used instead. */
  userLoginId: z.unknown().optional(),
});

export const RETURN_REASON_MESSAGES = {
  required: 'Alasan pengembalian wajib diisi',
  tooLong: 'Alasan pengembalian maksimal 500 karakter',
} as const;

/** Why the office gives a submission back (label 'Alasan'); shown to the tire man. */
export const ZReturnReason = z
  .string({ error: RETURN_REASON_MESSAGES.required })
  .trim()
  .min(1, RETURN_REASON_MESSAGES.required)
  .max(500, RETURN_REASON_MESSAGES.tooLong);

/** PUT /tire-check/{id}: the Return, with its reason. Both signatures go back to '-'. */
export const ZReturnBody = z.preprocess(
  // no body at all still names the missing reason
  (v) => v ?? {},
  z.object({
    reason: ZReturnReason,
    pic_sign: z.literal(UNSIGNED, { error: "Return mengosongkan tanda tangan PIC ('-')" }).optional(),
    itms_sign: z.literal(UNSIGNED, { error: "Return mengosongkan tanda tangan ITMS ('-')" }).optional(),
  }),
);
export type TReturnBody = z.output<typeof ZReturnBody>;

/**
 * PUT /tire-check/{id}/resubmit: the tire man sends a returned check again, optionally re-measured,
 * with the signatures collected again on site and the redo's time.
 */
export const ZResubmitBody = z
  .object({
    records: ZTireCheckRecords.optional(),
    pic_sign: z.preprocess(blankToUndefined, ZImagePath('Tanda tangan PIC').optional()),
    pic_name: z.preprocess(
      blankToUndefined,
      z.string().trim().max(120, 'Nama PIC terlalu panjang').optional(),
    ),
    /** Why the PIC did not sign this time; never with `pic_sign`. */
    pic_absent_reason: ZPicAbsentReason,
    itms_sign: z.preprocess(blankToUndefined, ZImagePath('Tanda tangan ITMS').optional()),
    driver_sign: z.preprocess(blankToUndefined, ZImagePath('Tanda tangan driver').optional()),
    tireman_sign: z.preprocess(blankToUndefined, ZImagePath('Tanda tangan tire man').optional()),
    performed_at: ZOptionalPerformedAt,
  })
  .superRefine(picAbsentExclusive)
  .optional();
export type TResubmitBody = NonNullable<z.output<typeof ZResubmitBody>>;

/** New measurements of one tire (PUT /tire/{tireId}, and each line of the validation command). */
export const ZTireMeasurement = z.object({
  groove_1: ZRtd('RTD 1'),
  groove_2: ZRtd('RTD 2'),
  groove_3: ZRtd('RTD 3'),
  groove_4: ZRtd('RTD 4'),
  pressure: ZPsi,
  odometer: ZOdometer,
});
export type TTireMeasurement = z.output<typeof ZTireMeasurement>;

export const ZTireMeasureBody = ZTireMeasurement.extend({
  /** The check these values come from, for the tire's ledger. */
  tire_check_id: z.preprocess(blankToUndefined, id('Id pengecekan').optional()),
});

export const ZValidateLine = ZTireMeasurement.extend({
  record_id: z.preprocess(blankToUndefined, id('Id rekam').optional()),
  tire_id: z.preprocess(blankToUndefined, id('Id ban').optional()),
}).refine((l) => l.record_id !== undefined || l.tire_id !== undefined, {
  message: 'record_id atau tire_id wajib diisi',
  path: ['record_id'],
});
export type TValidateLine = z.output<typeof ZValidateLine>;

/** POST /tire-check/{id}/validate: every tire's After values, the EDP signature, approval; all or nothing. */
export const ZValidateBody = z.object({
  /** Upload path of the drawn signature; omitted = the user's stored signature. */
  edp_sign: z.preprocess(blankToUndefined, z.string().trim().min(2).max(300).optional()),
  records: z.preprocess(
    jsonText,
    z
      .array(ZValidateLine, { error: 'Data ban tidak valid' })
      .max(POSITIONS.length * 2, 'Terlalu banyak data ban')
      .superRefine((lines, ctx) => {
        const seen = new Set<string>();
        lines.forEach((l, i) => {
          const key = l.record_id !== undefined ? `r${l.record_id}` : `t${l.tire_id}`;
          if (seen.has(key))
            ctx.addIssue({ code: 'custom', path: [i, 'record_id'], message: 'Ban duplikat' });
          seen.add(key);
        });
      })
      .default([]),
  ),
});
export type TValidateBody = z.output<typeof ZValidateBody>;

// ---- replies ----------------------------------------------------------------------------------

export const CHECK_MESSAGES = {
  created: 'Berhasil Mengirim Data Tire Check...',
  validated: 'Pengecekan tervalidasi',
  bulkValidated: (n: number) => `${n} pengecekan tervalidasi`,
  returned: 'Returned! Pengecekan telah dikembalikan.',
  deleted: 'Berhasil menghapus data pengecekan',
  resubmitted: 'Pengecekan dikirim ulang',
  picSigned: 'Tanda tangan PIC tersimpan',
  edpSigned: 'Pengecekan tervalidasi',
  tireUpdated: 'Data Ban Berhasil di Edit',
  needSignature: 'harap tanda tangan terlebih dahulu',
  tireNotOfUnit: 'Ban ini tidak terpasang pada unit pengecekan ini',
  checkNotFound: 'Pengecekan tidak ditemukan',
} as const;

/** A write's answer: the message and the check's id. */
export const ZMessageReply = z.object({ message: z.string(), id: z.number() });
export type TMessageReply = z.input<typeof ZMessageReply>;

const ZCheckStatus = z.enum(['pending', 'approved']);
const ZUnitWithProject = z.object({
  id: z.number(),
  plate_number: z.string(),
  unit_type: z.string(),
  tonnage: z.number(),
  Project: z.object({ name: z.string() }),
});

/** A row of the validation queue (GET /tire-check/noEdpSign) and of the returned list. */
export const ZCheckQueueRow = z.object({
  id: z.number(),
  /** When the server received it: ISO timestamp (UTC). */
  createdAt: z.string(),
  /** When the check was done: ISO timestamp (UTC). */
  performed_at: z.string(),
  /** Whole days it was sent late (rules/performed-at.ts lateDays), null when on time. */
  late_days: z.number().nullable(),
  /** HH:mm in APP_TIMEZONE, of performed_at. */
  time: z.string(),
  /** yyyy-mm-dd in APP_TIMEZONE, of performed_at. */
  date: z.string(),
  plate_number: z.string(),
  status: ZCheckStatus,
  tireman_tire_check: z.object({ id: z.number(), name: z.string() }),
  Location: z.object({ name: z.string() }),
  Unit: z.object({ plate_number: z.string(), Project: z.object({ name: z.string() }) }),
  /** The check's project (or the unit's when the check names none). */
  project: z.string(),
  returned_at: z.string().nullable(),
});
export type TCheckQueueRow = z.input<typeof ZCheckQueueRow>;

export const ZTireItm = z.object({
  id: z.number(),
  serial_number: z.string(),
  ir_brand: z.string(),
  ori_brand: z.string(),
  pattern: z.string(),
  size: z.string(),
  is_original: z.string(),
  position: z.string(),
  status: z.string(),
  ...tireReadingReply,
  odometer: z.number(),
});
export type TTireItm = z.input<typeof ZTireItm>;

/**
 * The tire's reading at the validated check done before this one (the EDP judges the change, not
 * the number alone).
 */
export const ZPreviousReading = z.object({
  check_id: z.number(),
  /** When that check was done (ISO, UTC). */
  performed_at: z.string(),
  odometer: z.number(),
  ...tireReadingReply,
});
export type TPreviousReading = z.input<typeof ZPreviousReading>;

/** GET /tire-check-record/{id} (an array of these) and `records` of the detail. */
export const ZTireCheckRecord = z.object({
  id: z.number(),
  tire_check_id: z.number(),
  tire_id: z.number().nullable(),
  position: z.string(),
  serial_number: z.string(),
  serial_number_url: z.string(),
  ir_brand: z.string(),
  ori_brand: z.string(),
  pattern: z.string(),
  size: z.string(),
  status: z.string(),
  groove_1: z.number().nullable(),
  groove_2: z.number().nullable(),
  groove_3: z.number().nullable(),
  groove_4: z.number().nullable(),
  pressure: z.number().nullable(),
  /** 'a,b,c,d,e': crown, shoulder, sidewalls, beads, interior. */
  condition: z.string(),
  rotation: z.string(),
  temperature: z.number().nullable(),
  information: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  Tire_Check: z.object({ odometer: z.number() }),
  /** The tire as it is now (null when the serial is not in the tire database). */
  Tire_ITM: ZTireItm.nullable(),
  /** Null when the tire has no validated check before this one. */
  previous_reading: ZPreviousReading.nullable(),
});
export type TTireCheckRecord = z.input<typeof ZTireCheckRecord>;

/** GET /tire-check/detail/{id}. */
/** A warning the server found when the check arrived (rules/field-warnings.ts). */
export const ZFieldWarning = z.object({
  kind: z.enum(FIELD_WARNING_KINDS),
  position: z.string().optional(),
  message: z.string(),
});

export const ZTireCheckDetail = z.object({
  id: z.number(),
  /** Received by the server (ISO, UTC). */
  createdAt: z.string(),
  /** Done in the field (ISO, UTC); date and time are its local day and time. */
  performed_at: z.string(),
  /** Whole days it was sent late, null when on time. */
  late_days: z.number().nullable(),
  time: z.string(),
  date: z.string(),
  plate_number: z.string(),
  unit_id: z.number(),
  tireman: z.number(),
  location_id: z.number(),
  project_id: z.number().nullable(),
  odometer: z.number(),
  equipment: z.string(),
  tireman_sign: z.string(),
  driver_sign: z.string(),
  pic_sign: z.string(),
  pic_name: z.string(),
  /** Why the PIC did not sign ('PIC tidak di tempat'), null when not recorded. */
  pic_absent_reason: z.string().nullable(),
  edp_sign: z.string(),
  workshop_sign: z.string(),
  itms_sign: z.string(),
  status: ZCheckStatus,
  /** Where it is in its life (contracts/src/rules/lifecycle.ts STAGE_LABELS). */
  stage: z.enum(STAGES),
  plate_number_url: z.string(),
  odometer_url: z.string(),
  returned_at: z.string().nullable(),
  /** The office's reason for the last Return (Alasan), null when never returned. */
  return_reason: z.string().nullable(),
  /** What deserved a second look (odometer lower, RTD higher, spread, PSI, serial), for EDP. */
  field_warnings: z.array(ZFieldWarning),
  validated_by: z.number().nullable(),
  validated_at: z.string().nullable(),
  validator: z.object({ id: z.number(), name: z.string() }).nullable(),
  workshop_signed: ZWorkshopSigned,
  Location: z.object({
    name: z.string(),
    Region: z.object({ id: z.number(), name: z.string(), manpower: z.number(), pic: z.string() }),
  }),
  Driver: z.object({ name: z.string(), phone: z.string() }).nullable(),
  Unit: ZUnitWithProject,
  Project: z.object({ name: z.string() }).nullable(),
  tireman_tire_check: z.object({
    id: z.number(),
    name: z.string(),
    signature: z.string(),
    photo: z.string(),
    phone: z.string(),
  }),
  records: z.array(ZTireCheckRecord),
  /** Every Return of the check, oldest first (who, when, why, resubmitted when). */
  returns: z.array(ZReturnHistoryEntry),
});
export type TTireCheckDetail = z.input<typeof ZTireCheckDetail>;

export const ZActiveTireEntry = z.object({
  activeTireId: z.number(),
  position: z.string(),
  status: z.enum(['INSTALLED', 'UNINSTALLED']),
  km_installed: z.number(),
  tire_id: z.number().nullable(),
  detail: z
    .object({
      id: z.number(),
      tireId: z.number(),
      serial_number: z.string(),
      ir_brand: z.string(),
      groove_1: z.number().nullable(),
      groove_2: z.number().nullable(),
      groove_3: z.number().nullable(),
      groove_4: z.number().nullable(),
      pressure: z.number().nullable(),
      odometer: z.number(),
    })
    .nullable(),
});
export type TActiveTireEntry = z.input<typeof ZActiveTireEntry>;

/** GET /active-unit-tire/{unitId}. */
export const ZActiveUnitTires = z.object({
  Unit: ZUnitWithProject,
  Tire: z.array(ZActiveTireEntry),
  OffTire: z.array(ZActiveTireEntry),
});
export type TActiveUnitTires = z.input<typeof ZActiveUnitTires>;

/** PUT /tire/{tireId}. */
export const ZTireMeasureReply = z.object({
  message: z.string(),
  data: z.object({
    id: z.number(),
    serial_number: z.string(),
    groove_1: z.number().nullable(),
    groove_2: z.number().nullable(),
    groove_3: z.number().nullable(),
    groove_4: z.number().nullable(),
    groove_lowest: z.number().nullable(),
    pressure: z.number().nullable(),
    odometer: z.number(),
  }),
});
export type TTireMeasureReply = z.input<typeof ZTireMeasureReply>;

/** A count (today's checks, the queue's size). */
export const ZCountReply = z.object({ total: z.number() });
export type TCountReply = z.input<typeof ZCountReply>;

/** Most checks one bulk validation takes (one transaction; about ten tires each). */
export const BULK_VALIDATE_MAX = 50;

/**
 * POST /tire-check/validate-bulk: unedited checks (After = Before) validated together with one
 * signature, all or nothing.
 */
export const ZBulkValidateBody = z.object({
  ids: z
    .array(id('Id pengecekan'), { error: 'Pilih pengecekan yang akan divalidasi' })
    .min(1, 'Pilih pengecekan yang akan divalidasi')
    .max(BULK_VALIDATE_MAX, `Maksimal ${BULK_VALIDATE_MAX} pengecekan sekaligus`)
    .refine((ids) => new Set(ids).size === ids.length, 'Pengecekan duplikat'),
  /** Upload path of a signature drawn now; omitted = the user's stored signature. */
  edp_sign: z.preprocess(blankToUndefined, z.string().trim().min(2).max(300).optional()),
});
export type TBulkValidateBody = z.output<typeof ZBulkValidateBody>;

export const ZBulkValidateReply = z.object({ message: z.string(), ids: z.array(z.number()) });
export type TBulkValidateReply = z.input<typeof ZBulkValidateReply>;
