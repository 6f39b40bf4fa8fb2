// BKB (Berita Ketidaksesuaian Ban): field report, office validation, Rekam BKB (spec sections 2, 3, 4, 7).
import { z } from 'zod';
import { DOC_STATUSES, MISMATCH_ACTIONS, type MismatchAction, POSITIONS } from './enums';
import { zNumeric, zPage } from './numeric';
import { queueFilterFields } from './queue';
import { recordFilterFields } from './record-filters';
import { STAGES } from './rules/lifecycle';
import { foldLookalikes } from './rules/lookalike';
import { zStoringCallId } from './storing';
import { ZOptionalPerformedAt } from './tire-checks';

/** Page sizes of the BKB list and Rekam BKB (spec section 9: 15/50/100, default 15). */
export const MISMATCH_PAGE_SIZES = [15, 50, 100] as const;
export const MISMATCH_DEFAULT_PAGE_SIZE = 15;
export const MISMATCH_MAX_PAGE_SIZE = 100;

export const MISMATCH_DELETED_MESSAGE = 'Sukses, BKB berhasil dihapus';
export const MISMATCH_VALIDATED_MESSAGE = 'Berhasil Validasi Data BKB...';
export const MISMATCH_REOPENED_MESSAGE = 'BKB dikembalikan ke daftar validasi';
export const MISMATCH_SIGNED_MESSAGE = 'BKB berhasil ditandatangani';
/** Hint and refusal when nothing was signed (spec section 5). */
export const SIGN_FIRST_MESSAGE = 'harap tanda tangan terlebih dahulu';
export const PICK_DATES_MESSAGE = 'Mohon pilih tanggal terlebih dahulu';

const positionEnum = z.enum(POSITIONS, { error: 'Posisi ban tidak dikenal (1-12, ST atau ST2)' });
const id = (what: string) =>
  zNumeric(
    z
      .number({ error: `${what} tidak valid` })
      .int(`${what} tidak valid`)
      .positive(`${what} tidak valid`)
      .max(2_147_483_647, `${what} tidak valid`),
  );
const optionalId = (what: string) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), id(what).optional());
const path = (what: string) => z.string().trim().max(500, `${what} terlalu panjang`);

/** A signature or photo: an upload path from POST /api/upload, '-' (or empty) meaning none. */
const imagePath = (what: string) =>
  path(what)
    .optional()
    .transform((v) => (v ? v : '-'));

// ---------- field side: POST /api/mismatch ----------

/**
 * The category a BKB starts with when a check found a serial different from the records, when the
 * list (Kategori BKB, contracts/src/mismatch-categories.ts) still has it.
 */
export const SERIAL_MISMATCH_CATEGORY = 'Nomor seri tidak sesuai';

export const ZMismatchDriver = z.object({
  name: z.string().trim().min(1, 'Nama driver wajib diisi').max(120, 'Nama driver terlalu panjang'),
  phone: z.string().trim().max(30, 'Nomor HP driver terlalu panjang').default(''),
  photo: imagePath('Foto driver'),
});

export const ZMismatchFoundPosition = z.object({
  position: positionEnum,
  /**
   * The serial number the tire man read on the tire at this position ('' when the position is
   * empty), look-alikes folded so that it compares with the records.
   */
  found_serial: z.string().overwrite(foldLookalikes).max(60, 'Nomor seri terlalu panjang').default(''),
});

export const ZMismatchCreateBody = z
  .object({
    unit_id: id('Unit'),
    location_id: optionalId('Lokasi'),
    project_id: optionalId('Project'),
    category: z
      .string({ error: 'Kategori wajib diisi' })
      .trim()
      .min(1, 'Kategori wajib diisi')
      .max(120, 'Kategori terlalu panjang'),
    information: z.string().trim().max(2000, 'Keterangan terlalu panjang').default(''),
    /** null or omitted: no driver known, the screens show TIDAK PASTI. */
    driver: ZMismatchDriver.nullish().transform((v) => v ?? null),
    image_url: imagePath('Foto'),
    positions: z
      .array(ZMismatchFoundPosition, { error: 'Posisi ban wajib diisi' })
      .min(1, 'Minimal satu posisi ban')
      .max(POSITIONS.length, 'Terlalu banyak posisi'),
    /** When the report was made (the phone's clock); left out = when the server receives it. */
    performed_at: ZOptionalPerformedAt,
    storing_call_id: zStoringCallId,
  })
  .superRefine((body, ctx) => {
    const seen = new Set<string>();
    const serials = new Map<string, string>();
    body.positions.forEach((p, i) => {
      if (seen.has(p.position)) {
        ctx.addIssue({
          code: 'custom',
          path: ['positions', i, 'position'],
          message: `Posisi ${p.position} tercantum lebih dari sekali`,
        });
      }
      seen.add(p.position);
      // one tire cannot be found at two positions ('' = empty or unreadable, may repeat)
      const serial = p.found_serial.toLowerCase();
      const other = serial ? serials.get(serial) : undefined;
      if (other !== undefined) {
        ctx.addIssue({
          code: 'custom',
          path: ['positions', i, 'found_serial'],
          message: `Nomor seri ${p.found_serial} dipakai di dua posisi (${other} dan ${p.position})`,
        });
      } else if (serial) serials.set(serial, p.position);
    });
  });
export type TMismatchCreateBody = z.input<typeof ZMismatchCreateBody>;
export type TMismatchCreateInput = z.output<typeof ZMismatchCreateBody>;

export const ZMismatchCreateReply = z.object({ id: z.number() });
export type TMismatchCreateReply = z.infer<typeof ZMismatchCreateReply>;

// ---------- office: lists ----------

const pageQuery = {
  page: zPage,
  pageSize: zNumeric(
    z
      .number({ error: 'Ukuran halaman tidak valid' })
      .int()
      .min(1, 'Ukuran halaman tidak valid')
      .max(MISMATCH_MAX_PAGE_SIZE, `Ukuran halaman maksimal ${MISMATCH_MAX_PAGE_SIZE}`)
      .default(MISMATCH_DEFAULT_PAGE_SIZE),
  ),
};

/** GET /api/mismatch-validation: pending BKB, oldest received first by default (`order`). `q` matches plate, tire man or category. */
export const ZMismatchPendingQuery = z.object({
  ...pageQuery,
  ...queueFilterFields,
});
export type TMismatchPendingQuery = z.infer<typeof ZMismatchPendingQuery>;

const ZNamed = z.object({ name: z.string() });

export const ZMismatchPendingRow = z.object({
  id: z.number(),
  /** When the server received it (ISO, UTC). */
  createdAt: z.string(),
  /** When the BKB was done in the field (ISO, UTC). */
  performed_at: z.string(),
  /** Whole days it was sent late (rules/performed-at.ts lateDays), null when on time. */
  late_days: z.number().nullable(),
  tireman_bkb: ZNamed.nullable(),
  Unit: z.object({ plate_number: z.string() }),
  location: z.string().nullable(),
  /** Project name, or 'TIDAK PASTI' when no driver was known. */
  project: z.string().nullable(),
  category: z.string(),
});
export type TMismatchPendingRow = z.infer<typeof ZMismatchPendingRow>;

const isDay = (s: string) => {
  const d = new Date(`${s}T00:00:00Z`);
  return /^\d{4}-\d{2}-\d{2}$/.test(s) && !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
};

/** A day as yyyy-mm-dd; one message per field: missing, malformed or impossible. */
const dateString = z
  .string({ error: PICK_DATES_MESSAGE })
  .trim()
  .superRefine((s, ctx) => {
    if (!s) ctx.addIssue({ code: 'custom', message: PICK_DATES_MESSAGE });
    else if (!/^\d{4}-\d{2}-\d{2}$/.test(s))
      ctx.addIssue({ code: 'custom', message: 'Format tanggal harus yyyy-mm-dd' });
    else if (!isDay(s)) ctx.addIssue({ code: 'custom', message: 'Tanggal tidak valid' });
  });

/** POST /api/mismatch/querry/record/search (Rekam BKB): dates are days in APP_TIMEZONE, both inclusive. */
export const ZMismatchRecordSearchBody = z
  .object({
    dateStart: dateString,
    dateEnd: dateString,
    ...pageQuery,
    ...recordFilterFields,
  })
  .refine((b) => !isDay(b.dateStart) || !isDay(b.dateEnd) || b.dateStart <= b.dateEnd, {
    path: ['dateEnd'],
    message: 'Tanggal akhir tidak boleh sebelum tanggal awal',
  });
export type TMismatchRecordSearchBody = z.input<typeof ZMismatchRecordSearchBody>;

export const ZMismatchRecordRow = z.object({
  id: z.number(),
  tireman_bkb: ZNamed,
  Unit: z.object({ plate_number: z.string() }),
  location: z.string().nullable(),
  category: z.string(),
  status: z.enum(DOC_STATUSES),
  /** When the server received it (ISO, UTC). */
  createdAt: z.string(),
  /** When the BKB was done in the field (ISO, UTC). */
  performed_at: z.string(),
  /** Whole days it was sent late (rules/performed-at.ts lateDays), null when on time. */
  late_days: z.number().nullable(),
  /** yyyy-mm-dd in APP_TIMEZONE, of performed_at. */
  date: z.string(),
  /** HH:mm in APP_TIMEZONE, of performed_at. */
  time: z.string(),
});
export type TMismatchRecordRow = z.infer<typeof ZMismatchRecordRow>;

// ---------- office: detail ----------

export const ZMismatchTire = z.object({
  id: z.number().nullable(),
  serialNumber: z.string(),
  irBrand: z.string(),
});
export type TMismatchTire = z.infer<typeof ZMismatchTire>;

export const ZMismatchPosition = z.object({
  id: z.number(),
  position: z.enum(POSITIONS),
  /** What the records said was mounted there when the BKB was made (Sebelum); null: nothing. */
  originTire: ZMismatchTire.nullable(),
  found_serial: z.string(),
  /**
   * Sesudah: once validated, the tire chosen by the validator; before that, the tire whose serial
   * equals found_serial (case-insensitive), if there is one.
   */
  newTire: ZMismatchTire.nullable(),
  /** null until validated. */
  action: z.enum(MISMATCH_ACTIONS).nullable(),
});
export type TMismatchPosition = z.infer<typeof ZMismatchPosition>;

/** A position's action as the BKB screens and the printed BKB name it. */
export const MISMATCH_ACTION_LABELS: Record<MismatchAction, string> = {
  update: 'Update',
  normal: 'Normal',
  delete: 'Kosong',
};

export const ZMismatchDetail = z.object({
  id: z.number(),
  /** When the server received it (ISO, UTC). */
  createdAt: z.string(),
  /** When the BKB was done in the field (ISO, UTC). */
  performed_at: z.string(),
  /** Whole days it was sent late (rules/performed-at.ts lateDays), null when on time. */
  late_days: z.number().nullable(),
  status: z.enum(DOC_STATUSES),
  /** Where it is in its life (contracts/src/rules/lifecycle.ts STAGE_LABELS). */
  stage: z.enum(STAGES),
  category: z.string(),
  information: z.string(),
  /** null: no driver known (TIDAK PASTI). */
  driver: z.string().nullable(),
  driverPhone: z.string(),
  driverPhoto: z.string(),
  imageUrl: z.string(),
  signatureUrl: z.string(),
  validatedAt: z.string().nullable(),
  tireman_bkb: z.object({ id: z.number(), name: z.string(), phone: z.string() }).nullable(),
  itms_bkb: z.object({ id: z.number(), name: z.string() }).nullable(),
  Unit: z.object({ id: z.number(), plate_number: z.string(), unit_type: z.string() }),
  location: z.string().nullable(),
  project: z.string().nullable(),
  positions: z.array(ZMismatchPosition),
});
export type TMismatchDetail = z.infer<typeof ZMismatchDetail>;

// ---------- office: commands ----------

export const ZMismatchIdParams = z.object({ id: id('Id BKB') });

/** PATCH /api/mismatch/signature/{id}: the spec's last step; signs and approves without touching tires. */
export const ZMismatchSignatureBody = z.object({
  signatureUrl: path('Tanda tangan').optional(),
  /** The validating user; defaults to the signed-in user and may only name that user. */
  itms_id: optionalId('Validator'),
});
export type TMismatchSignatureBody = z.input<typeof ZMismatchSignatureBody>;

export const ZMismatchValidatePosition = z
  .object({
    position: positionEnum,
    /** The tire chosen for this position, by serial (case-insensitive) or by id. */
    serial_number: z.string().overwrite(foldLookalikes).max(60, 'Nomor seri terlalu panjang').optional(),
    tire_id: optionalId('Ban'),
    /**
     * Only 'delete' (Kosong) is taken as given; otherwise the action is 'update' when the chosen
     * serial differs from the original one (case-insensitive), else 'normal'.
     */
    action: z.enum(MISMATCH_ACTIONS, { error: 'Aksi harus update, normal atau delete' }).optional(),
  })
  .transform((p) => ({ ...p, serial_number: p.serial_number ? p.serial_number : undefined }));

/** POST /api/mismatch/{id}/validate: the one transactional command the web uses. */
export const ZMismatchValidateBody = z
  .object({
    /** Drawn or uploaded signature; omitted: the user's stored signature. */
    signatureUrl: path('Tanda tangan').optional(),
    /** Positions not listed stay as they are (normal). */
    positions: z.array(ZMismatchValidatePosition).max(POSITIONS.length, 'Terlalu banyak posisi').default([]),
  })
  .superRefine((body, ctx) => {
    const seen = new Set<string>();
    body.positions.forEach((p, i) => {
      if (seen.has(p.position)) {
        ctx.addIssue({
          code: 'custom',
          path: ['positions', i, 'position'],
          message: `Posisi ${p.position} tercantum lebih dari sekali`,
        });
      }
      seen.add(p.position);
    });
  });
export type TMismatchValidateBody = z.input<typeof ZMismatchValidateBody>;
export type TMismatchValidateInput = z.output<typeof ZMismatchValidateBody>;

export const ZMessageReply = z.object({ message: z.string() });
export const ZMismatchValidateReply = z.object({
  message: z.string(),
  id: z.number(),
  positions: z.array(
    z.object({
      position: z.enum(POSITIONS),
      action: z.enum(MISMATCH_ACTIONS),
      tireId: z.number().nullable(),
    }),
  ),
});
export type TMismatchValidateReply = z.infer<typeof ZMismatchValidateReply>;
