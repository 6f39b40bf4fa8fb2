// Quality Control Record (/quality-control): the field QC check (14 items x 14 positions) and the
// office list and detail matrix (spec sections 2, 3, 7, 9).
import { z } from 'zod';
import { blankToUndefined, zId, zNumeric, zPage } from './numeric';
import { zTimestamp } from './timestamp';
import { ZOptionalPerformedAt } from './tire-checks';

/** QC grid: 15/50/100, default 15 (spec section 9). */
export const QC_PAGE_SIZES = [15, 50, 100] as const;
export const QC_DEFAULT_PAGE_SIZE = 15;
export const QC_MAX_PAGE_SIZE = 100;
/** 14 check items by 14 positions (Pos 1-12, ST1, ST2). */
export const QC_SIZE = 14;

export const QC_MESSAGES = {
  created: 'Data QC berhasil dikirim',
  matrixRequired: `Matriks pemeriksaan wajib diisi (${QC_SIZE} item x ${QC_SIZE} posisi)`,
} as const;

const id = (message: string) => z.preprocess(blankToUndefined, zId(message));
/** Form-urlencoded clients send the matrix as JSON text. */
const jsonText = (v: unknown) => {
  if (typeof v !== 'string') return v;
  try {
    return JSON.parse(v);
  } catch {
    return v;
  }
};

const cell = z.union([z.boolean(), z.enum(['true', 'false']).transform((s) => s === 'true')], {
  error: 'Nilai harus true atau false',
});
/** One check item across the 14 positions; a bad row is reported as `checks.<row index>`. */
const row = z
  .array(cell, { error: `Setiap item harus berisi ${QC_SIZE} nilai true/false` })
  .length(QC_SIZE, `Setiap item harus berisi ${QC_SIZE} nilai (posisi 1-12, ST1, ST2)`);

/** checkN as the old field app sends it: 'true,false,...' (14 values), or a list of 14 booleans. */
const checkText = (n: number) =>
  z.preprocess(
    (v) => (Array.isArray(v) ? v.map(String).join(',') : v),
    z
      .string({ error: `check${n} harus berisi ${QC_SIZE} nilai true/false dipisah koma` })
      .trim()
      .regex(
        new RegExp(`^(true|false)(,(true|false)){${QC_SIZE - 1}}$`),
        `check${n} harus berisi ${QC_SIZE} nilai true/false dipisah koma`,
      )
      .optional(),
  );

const checkFields = Object.fromEntries(
  Array.from({ length: QC_SIZE }, (_, i) => [`check${i + 1}`, checkText(i + 1)]),
) as Record<`check${number}`, ReturnType<typeof checkText>>;

/**
 * POST /api/qccheck (tire man): `checks` is the 14 x 14 matrix (rows = items in QC_ITEM_LABELS
 * order, columns = positions in QC_POSITIONS order), or the fourteen `check1`..`check14` texts.
 * Answers `{ message, id }` with 201; stored as comma-separated texts.
 */
export const ZQcCheckCreateBody = z
  .object({
    unit_id: id('Unit wajib dipilih'),
    location_id: z.preprocess(blankToUndefined, id('Lokasi tidak valid').optional()),
    name_qc: z
      .string({ error: 'Nama QC checker wajib diisi' })
      .trim()
      .min(1, 'Nama QC checker wajib diisi')
      .max(120, 'Nama QC checker terlalu panjang'),
    checks: z.preprocess(
      jsonText,
      z
        .array(row, { error: QC_MESSAGES.matrixRequired })
        .length(QC_SIZE, QC_MESSAGES.matrixRequired)
        .optional(),
    ),
    ...checkFields,
    /** When the QC check was done (the phone's clock); left out = when the server receives it. */
    performed_at: ZOptionalPerformedAt,
  })
  .superRefine((b, ctx) => {
    if (b.checks) return;
    const texts = Array.from({ length: QC_SIZE }, (_, i) => (b as Record<string, unknown>)[`check${i + 1}`]);
    if (texts.every((t) => t === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['checks'], message: QC_MESSAGES.matrixRequired });
      return;
    }
    texts.forEach((t, i) => {
      if (t === undefined) {
        ctx.addIssue({ code: 'custom', path: [`check${i + 1}`], message: `check${i + 1} wajib diisi` });
      }
    });
  })
  .transform((b) => {
    const r = b as Record<string, unknown>;
    const matrix: boolean[][] = b.checks
      ? b.checks
      : Array.from({ length: QC_SIZE }, (_, i) =>
          String(r[`check${i + 1}`])
            .split(',')
            .map((s) => s === 'true'),
        );
    return {
      unit_id: b.unit_id,
      location_id: b.location_id,
      name_qc: b.name_qc,
      performed_at: b.performed_at,
      matrix,
    };
  });
export type TQcCheckCreateBody = z.output<typeof ZQcCheckCreateBody>;

export const ZQcParams = z.object({
  id: zId('Id tidak valid'),
});

const dateString = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Format tanggal harus yyyy-mm-dd');

/** GET /api/qccheck-detailed: newest first; `q` looks in the plate, the QC checker and the tire man. */
export const ZQcListQuery = z
  .object({
    page: zPage,
    pageSize: zNumeric(
      z
        .number({ error: 'Ukuran halaman tidak valid' })
        .int()
        .min(1, 'Ukuran halaman tidak valid')
        .max(QC_MAX_PAGE_SIZE, `Ukuran halaman maksimal ${QC_MAX_PAGE_SIZE}`)
        .default(QC_DEFAULT_PAGE_SIZE),
    ),
    q: z.string().trim().max(200).optional(),
    dateStart: z.preprocess(blankToUndefined, dateString.optional()),
    dateEnd: z.preprocess(blankToUndefined, dateString.optional()),
  })
  .refine((v) => (v.dateStart === undefined) === (v.dateEnd === undefined), {
    path: ['dateEnd'],
    message: 'Mohon pilih tanggal terlebih dahulu',
  });
export type TQcListQuery = z.output<typeof ZQcListQuery>;

/** A row of the grid: Id, IR Checker (Tire_Man), QC Checker (name_qc), No. Body, Lokasi, Tanggal. */
export const ZQcRow = z.object({
  id: z.number(),
  /** When the server received it (ISO, UTC). */
  createdAt: zTimestamp,
  /** When the QC check was done (ISO, UTC). */
  performed_at: zTimestamp,
  /** Whole days it was sent late (rules/performed-at.ts lateDays), null when on time. */
  late_days: z.number().nullable(),
  /** yyyy-mm-dd and HH:mm in APP_TIMEZONE, of performed_at. */
  date: z.string(),
  time: z.string(),
  name_qc: z.string(),
  Tire_Man: z.object({ id: z.number(), name: z.string() }).nullable(),
  Unit: z.object({ id: z.number(), plate_number: z.string() }),
  Location: z.object({ id: z.number(), name: z.string() }).nullable(),
});
export type TQcRow = z.input<typeof ZQcRow>;

/** check1..check14: one item's 14 positions as the stored comma-separated text. */
const checkTexts = Object.fromEntries(
  Array.from({ length: QC_SIZE }, (_, i) => [`check${i + 1}`, z.string()]),
) as Record<`check${number}`, z.ZodString>;

/** GET /api/qccheck/{id}: the row plus check1..check14 and the same values as a matrix. */
export const ZQcDetail = ZQcRow.extend({
  /** The unit's type: its diagram says which positions the unit has (rules/vehicle-diagram). */
  unit_type: z.string(),
  ...checkTexts,
  /** matrix[item][position]: item in QC_ITEM_LABELS order, position in QC_POSITIONS order. */
  matrix: z.array(z.array(z.boolean())),
  items: z.array(z.string()),
  positions: z.array(z.string()),
});
export type TQcDetail = z.input<typeof ZQcDetail>;

/** Reply of POST /api/qccheck (201). */
export const ZQcCreateReply = z.object({ message: z.string(), id: z.number() });
