import { z } from 'zod';
import { DOC_STATUSES, POSITIONS, REPLACE_RECORD_STATUSES, UNSIGNED } from './enums';
import { ZListQuery } from './list';
import { zId, zNumeric } from './numeric';
import { picAbsentExclusive, ZPicAbsentReason } from './pic-absent';
import { queueFilterFields } from './queue';
import { STAGES } from './rules/lifecycle';
import { foldLookalikes } from './rules/lookalike';
import { DIAGRAM_KINDS } from './rules/vehicle-diagram';
import { zStoringCallId } from './storing';
import { ZReturnHistoryEntry, ZWorkshopSigned } from './submission-returns';
import { ZFieldWarning, ZOptionalPerformedAt, ZReturnReason } from './tire-checks';
import { ZOdometer, ZTireFields, ZTireReply } from './tires';
import { ZNoWorkshopSign } from './workshop';

const id = (message: string) => z.preprocess((v) => (v === '' ? undefined : v), zId(message));
const optionalId = (message: string) => id(message).optional();
/** Uploaded image path; '-' means none. */
const imagePath = (message: string) => z.string({ error: message }).trim().min(1, message).max(500);
/** Field clients send nested arrays as a JSON string in form-urlencoded bodies. */
const jsonArray = (v: unknown) => {
  if (typeof v !== 'string') return v;
  try {
    return JSON.parse(v);
  } catch {
    return v;
  }
};

/** What a record may carry besides its tire: the descriptive tire fields except the tire's own state. */
const recordTireFields = ZTireFields.omit({ position: true, status: true, serial_number: true });

/** One wheel position of a field replacement. */
export const ZReplaceRecordInput = recordTireFields.partial().extend({
  position: z
    .string({ error: 'Posisi tidak dikenal' })
    .trim()
    .toUpperCase()
    .pipe(z.enum(POSITIONS, { error: 'Posisi tidak dikenal' })),
  status: z
    .string({ error: 'Status harus replace, remove atau check' })
    .trim()
    .toLowerCase()
    .pipe(z.enum(REPLACE_RECORD_STATUSES, { error: 'Status harus replace, remove atau check' })),
  tire_id: optionalId('Ban tidak dikenal'),
  serial_number: z.string().overwrite(foldLookalikes).max(100, 'Maksimal 100 karakter').optional(),
});
export type TReplaceRecordInput = z.infer<typeof ZReplaceRecordInput>;

const MEASURED = ['groove_1', 'groove_2', 'groove_3', 'groove_4', 'pressure'] as const;

/** A signature collected on site; '-' (or left out) = not signed. */
const optionalSign = (message: string) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), imagePath(message).optional());

/** The records of a replacement: one per position, each tire once, measured unless removed. */
const ZReplaceRecords = z.preprocess(
  jsonArray,
  z
    .array(ZReplaceRecordInput, { error: 'Data posisi ban wajib diisi' })
    .min(1, 'Minimal satu posisi ban')
    .max(POSITIONS.length, `Maksimal ${POSITIONS.length} posisi ban`)
    .superRefine((records, ctx) => {
      const seen = new Map<string, number>();
      const serials = new Map<string, number>();
      records.forEach((r, i) => {
        if (r.tire_id == null && !r.serial_number) {
          ctx.addIssue({
            code: 'custom',
            path: [i, 'serial_number'],
            message: 'Ban wajib dipilih (tire_id atau serial_number)',
          });
        }
        const first = seen.get(r.position);
        if (first !== undefined) {
          ctx.addIssue({
            code: 'custom',
            path: [i, 'position'],
            message: `Posisi ${r.position} sudah diisi pada baris ${first + 1}`,
          });
        } else seen.set(r.position, i);
        // a tire taken off at one position may go on at another (rotation): only the tires that
        // end up on the unit must be distinct
        const serial = r.status === 'remove' ? '' : (r.serial_number ?? '').toLowerCase();
        if (serial) {
          const other = serials.get(serial);
          if (other !== undefined) {
            ctx.addIssue({
              code: 'custom',
              path: [i, 'serial_number'],
              message: `Nomor seri ${r.serial_number} dipakai di dua posisi (${records[other]!.position} dan ${r.position})`,
            });
          } else serials.set(serial, i);
        }
        if (r.status !== 'remove') {
          for (const f of MEASURED) {
            if (r[f] == null) {
              ctx.addIssue({
                code: 'custom',
                path: [i, f],
                message: f === 'pressure' ? 'PSI wajib diisi' : 'RTD wajib diisi',
              });
            }
          }
        }
      });
    }),
);

/** POST /tire-replacement (field app, tire man). */
export const ZReplacementSubmitBody = z
  .object({
    unit_id: id('Unit wajib dipilih'),
    location_id: id('Lokasi wajib dipilih'),
    project_id: optionalId('Project tidak dikenal'),
    odometer: ZOdometer,
    spk: z.string({ error: 'SPK wajib diisi' }).trim().min(1, 'SPK wajib diisi').max(100),
    plate_number_url: imagePath('Foto plat nomor wajib diisi'),
    odometer_url: imagePath('Foto odometer wajib diisi'),
    tireman_sign: z
      .string({ error: 'Tanda tangan tire man wajib diisi' })
      .trim()
      .min(1, 'Tanda tangan tire man wajib diisi')
      .max(500)
      .refine((s) => s !== UNSIGNED, 'Tanda tangan tire man wajib diisi'),
    /** The PIC's and the ITMS site leader's signatures, collected on site. */
    pic_sign: optionalSign('Tanda tangan PIC tidak valid'),
    /** Why the PIC did not sign ('PIC tidak di tempat'); never with `pic_sign`. */
    pic_absent_reason: ZPicAbsentReason,
    itms_sign: optionalSign('Tanda tangan ITMS tidak valid'),
    /** When the work was done (the phone's clock); left out = when the server receives it. */
    performed_at: ZOptionalPerformedAt,
    records: ZReplaceRecords,
    storing_call_id: zStoringCallId,
  })
  .superRefine(picAbsentExclusive);
export type TReplacementSubmitBody = z.infer<typeof ZReplacementSubmitBody>;

/** GET /tire-replace/pending: status=edp is the EDP queue, status=tireman the returned ones. */
// neither list takes a sort (the queue has `order`, the history is newest first)
export const ZReplacementQueueQuery = ZListQuery.omit({ sort: true }).extend({
  ...queueFilterFields,
  pageSize: zNumeric(z.number().int().min(1).max(100, 'Maksimal 100 baris per halaman').default(15)),
  status: z.enum(['edp', 'tireman'], { error: 'Status harus edp atau tireman' }).default('edp'),
});
export type TReplacementQueueQuery = z.infer<typeof ZReplacementQueueQuery>;

const ZDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Format tanggal yyyy-mm-dd');

/** GET /tire-replacement: history (Riwayat Pergantian), newest first. q searches plate, tire man, location. */
export const ZReplacementHistoryQuery = ZListQuery.omit({ sort: true }).extend({
  pageSize: zNumeric(z.number().int().min(1).max(100, 'Maksimal 100 baris per halaman').default(15)),
  status: z.enum(DOC_STATUSES, { error: 'Status harus pending atau approved' }).optional(),
  dateStart: ZDate.optional(),
  dateEnd: ZDate.optional(),
  unit_id: optionalId('Unit tidak dikenal'),
});
export type TReplacementHistoryQuery = z.infer<typeof ZReplacementHistoryQuery>;

/** POST /tire-replacement/{id}/validate: the one transactional validation. */
export const ZReplacementValidateBody = z.object({
  /** The EDP signature upload; left out, the signed-in user's stored signature is used. */
  edp_sign: z.string().trim().max(500).optional(),
  /** Refused: the workshop signs in Tanda Tangan Workshop. */
  workshop_sign: ZNoWorkshopSign,
});
export type TReplacementValidateBody = z.infer<typeof ZReplacementValidateBody>;

/**
 * PUT /tire-replacement/{id}: {edp_sign, status: 'approved'} validates (same as the command above);
 * {pic_sign: '-', itms_sign: '-', reason} is the Return, and its reason is required.
 */
export const ZReplacementPutBody = z
  .object({
    edp_sign: z.string().trim().max(500).optional(),
    /** Refused: the workshop signs in Tanda Tangan Workshop. */
    workshop_sign: ZNoWorkshopSign,
    status: z.enum(DOC_STATUSES, { error: 'Status harus pending atau approved' }).optional(),
    pic_sign: z.string().trim().max(500).optional(),
    itms_sign: z.string().trim().max(500).optional(),
    /** Why it is given back (label 'Alasan'); shown to the tire man. */
    reason: z.unknown().optional(),
  })
  .transform((b, ctx) => {
    const isReturn =
      b.status !== 'approved' &&
      (b.pic_sign !== undefined || b.itms_sign !== undefined || b.reason !== undefined);
    if (!isReturn) return { ...b, reason: undefined };
    const reason = ZReturnReason.safeParse(b.reason);
    if (!reason.success) {
      for (const issue of reason.error.issues)
        ctx.addIssue({ code: 'custom', path: ['reason'], message: issue.message });
      return z.NEVER;
    }
    return { ...b, reason: reason.data };
  });
export type TReplacementPutBody = z.output<typeof ZReplacementPutBody>;

/**
 * PUT /tire-replacement/{id}/resubmit: the tire man sends a returned replacement again, optionally
 * with new records (they replace the old ones), the signatures collected again and the redo's time.
 */
export const ZReplacementResubmitBody = z
  .object({
    records: ZReplaceRecords.optional(),
    tireman_sign: optionalSign('Tanda tangan tire man tidak valid'),
    pic_sign: optionalSign('Tanda tangan PIC tidak valid'),
    /** Why the PIC did not sign this time; never with `pic_sign`. */
    pic_absent_reason: ZPicAbsentReason,
    itms_sign: optionalSign('Tanda tangan ITMS tidak valid'),
    performed_at: ZOptionalPerformedAt,
  })
  .superRefine(picAbsentExclusive)
  .optional();
export type TReplacementResubmitBody = NonNullable<z.output<typeof ZReplacementResubmitBody>>;

export const ZReplacementResubmitReply = z.object({ id: z.number().int(), message: z.string() });
export type TReplacementResubmitReply = z.infer<typeof ZReplacementResubmitReply>;

/** Record fields the office may correct (PUT /tire-replace-record/{id} without tire_id, PUT /history). */
export const ZReplaceRecordFieldsBody = recordTireFields.partial();
export type TReplaceRecordFieldsBody = z.infer<typeof ZReplaceRecordFieldsBody>;

/** PUT /tire-replace-record/{id}: {tire_id[, serial_number]} swaps the record's tire; otherwise fields. */
export const ZReplaceRecordPutBody = ZReplaceRecordFieldsBody.extend({
  tire_id: optionalId('Ban tidak dikenal'),
  serial_number: z.string().overwrite(foldLookalikes).max(100).optional(),
});
export type TReplaceRecordPutBody = z.infer<typeof ZReplaceRecordPutBody>;

/** PUT /history?p_id=&c_id= */
export const ZHistoryEditQuery = z.object({
  p_id: id('p_id (id pergantian) wajib diisi'),
  c_id: id('c_id (id rekam pergantian) wajib diisi'),
});

// ---- replies ----

const ZDocStatus = z.enum(DOC_STATUSES);

export const ZReplacementRow = z.object({
  id: z.number(),
  /** When the server received it (ISO, UTC). */
  createdAt: z.string(),
  /** When the replacement was done (ISO, UTC). */
  performed_at: z.string(),
  /** Whole days it was sent late (rules/performed-at.ts lateDays), null when on time. */
  late_days: z.number().nullable(),
  /** yyyy-mm-dd and HH:mm in APP_TIMEZONE, of performed_at. */
  date: z.string(),
  time: z.string(),
  status: ZDocStatus,
  returned_at: z.string().nullable(),
  Unit: z.object({ id: z.number(), plate_number: z.string() }),
  Location: z.object({ name: z.string() }),
  Tire_Man: z.object({ name: z.string() }),
});
export type TReplacementRow = z.input<typeof ZReplacementRow>;

/** A tire as it was before the replacement at that position, with how long it had been mounted. */
export const ZBeforeTire = ZTireReply.extend({
  km_installed: z.number().nullable(),
  installed_at: z.string().nullable(),
});
export type TBeforeTire = z.input<typeof ZBeforeTire>;

/** A replace record: its own copy of the tire fields (as reported, as corrected by the office) plus links. */
export const ZReplaceRecord = ZTireReply.omit({
  id: true,
  status: true,
  createdAt: true,
  updatedAt: true,
}).extend({
  id: z.number(),
  tire_replacement_id: z.number(),
  tire_id: z.number().nullable(),
  status: z.enum(REPLACE_RECORD_STATUSES),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** The record's tire as it is now (After). */
  Tire_ITM: ZTireReply.nullable(),
  /** The tire that was at the position (pending: mounted now; approved: taken off by the validation). */
  Before: ZBeforeTire.nullable(),
});
export type TReplaceRecord = z.input<typeof ZReplaceRecord>;

export const ZReplacementDetail = z.object({
  id: z.number(),
  odometer: z.number(),
  spk: z.string(),
  /** Received by the server (ISO, UTC). */
  createdAt: z.string(),
  /** Done in the field (ISO, UTC); date and time are its local day and time. */
  performed_at: z.string(),
  /** Whole days it was sent late, null when on time. */
  late_days: z.number().nullable(),
  date: z.string(),
  time: z.string(),
  plate_number_url: z.string(),
  odometer_url: z.string(),
  tireman_sign: z.string(),
  pic_sign: z.string(),
  /** Why the PIC did not sign ('PIC tidak di tempat'), null when not recorded. */
  pic_absent_reason: z.string().nullable(),
  itms_sign: z.string(),
  edp_sign: z.string(),
  workshop_sign: z.string(),
  status: ZDocStatus,
  /** Where it is in its life (contracts/src/rules/lifecycle.ts STAGE_LABELS). */
  stage: z.enum(STAGES),
  returned_at: z.string().nullable(),
  /** The office's reason for the last Return (Alasan), null when never returned. */
  return_reason: z.string().nullable(),
  /** What deserved a second look (RTD higher than the tire's last reading, spread, PSI), for EDP. */
  field_warnings: z.array(ZFieldWarning),
  validated_at: z.string().nullable(),
  unit_id: z.number(),
  diagram: z.enum(DIAGRAM_KINDS),
  Unit: z.object({
    id: z.number(),
    plate_number: z.string(),
    unit_type: z.string(),
    tonnage: z.number(),
    Project: z.object({ name: z.string() }),
  }),
  Project: z.object({ id: z.number(), name: z.string() }).nullable(),
  Location: z.object({
    id: z.number(),
    name: z.string(),
    Region: z.object({ id: z.number(), name: z.string(), manpower: z.number(), pic: z.string() }),
  }),
  Tire_Man: z.object({ id: z.number(), name: z.string(), phone: z.string(), photo: z.string() }),
  Validator: z.object({ id: z.number(), name: z.string() }).nullable(),
  workshop_signed: ZWorkshopSigned,
  /** Latest tire check of the unit, or null. */
  lastCheckAt: z.string().nullable(),
  Tire_Replace_Records: z.array(ZReplaceRecord),
  /** Every Return of the replacement, oldest first (who, when, why, resubmitted when). */
  returns: z.array(ZReturnHistoryEntry),
});
export type TReplacementDetail = z.input<typeof ZReplacementDetail>;

/** GET /tire-replace-record/{id}: one record with its replacement's unit and state. */
export const ZReplaceRecordDetail = ZReplaceRecord.extend({
  Tire_Replacement: z.object({
    id: z.number(),
    unit_id: z.number(),
    status: ZDocStatus,
    odometer: z.number(),
  }),
});
export type TReplaceRecordDetail = z.input<typeof ZReplaceRecordDetail>;

/** A command's confirmation (Indonesian message). */
export const ZReplacementMessageReply = z.object({ message: z.string() });

/** POST /tire-replacement: the new replacement's id. */
export const ZReplacementSubmitReply = z.object({ id: z.number(), message: z.string() });

/** PUT /tire-replace-record/{id} and PUT /history: whether anything changed, and the record now. */
export const ZReplaceRecordUpdateReply = z.object({
  message: z.string(),
  changed: z.boolean(),
  data: ZReplaceRecordDetail,
});

/** PUT /tire/update/{id}: the tire as saved. */

export const REPLACEMENT_MESSAGES = {
  submitted: 'Pergantian ban terkirim',
  validated: 'Pergantian ban sukses',
  returned: 'Returned! Pergantian telah dikembalikan.',
  resubmitted: 'Pergantian dikirim ulang',
  deleted: 'Pergantian berhasil dihapus',
  recordUpdated: 'Rekam pergantian sukses diperbarui',
  recordUnchanged: 'Rekam pergantian tidak dirubah',
  signFirst: 'harap tanda tangan terlebih dahulu',
  emptySearch: 'Pencarian tidak boleh kosong',
} as const;
