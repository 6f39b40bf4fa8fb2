// The defect catalogue: the codes a tire's five condition zones are recorded with (master data).
// 0 is 'not checked' and 99 'normal'; every other code must be in the catalogue. A code is never
// removed (queued checks on a phone may carry it), only named, renamed or marked unsafe.
import { z } from 'zod';
import { CONDITION_PARTS } from './enums';
import { zNumeric } from './numeric';
import { zTimestamp } from './timestamp';

export const NOT_CHECKED_CODE = 0;
export const NORMAL_CODE = 99;
/** The codes an admin may add beyond the seed's 1-40. */
export const DEFECT_CODE_MIN = 1;
export const DEFECT_CODE_MAX = 98;

/** The zones of one tire, in the order of the stored 'a,b,c,d,e'. */
export const ZONE_LABELS: Record<(typeof CONDITION_PARTS)[number], string> = {
  crown: 'Tapak (crown)',
  shoulder: 'Bahu (shoulder)',
  sidewalls: 'Dinding (sidewall)',
  beads: 'Bead',
  interior: 'Bagian dalam',
};
/** The zones' short names, where five sit side by side on a phone. */
const ZONE_SHORT: Record<(typeof CONDITION_PARTS)[number], string> = {
  crown: 'Tapak',
  shoulder: 'Bahu',
  sidewalls: 'Dinding',
  beads: 'Bead',
  interior: 'Dalam',
};
export const ZONES = CONDITION_PARTS.map((part) => ({
  part,
  label: ZONE_LABELS[part],
  short: ZONE_SHORT[part],
}));

export const DEFECT_CODE_MESSAGES = {
  created: 'Kode kerusakan berhasil Ditambahkan',
  updated: 'Kode kerusakan berhasil di update',
  taken: 'Kode ini sudah ada di katalog',
  /** A check's zone carries a code the catalogue does not have. */
  unknown: (zone: string, code: number) => `${zone}: kode ${code} tidak ada di katalog kerusakan`,
} as const;

const name = z
  .string({ error: 'Nama kerusakan tidak valid' })
  .trim()
  .max(80, 'Nama kerusakan maksimal 80 karakter');

/** PUT /api/defect-code/{code}: names (empty: back to 'Kode N') or marks it unsafe. */
export const ZDefectCodeUpdateBody = z.object({
  name: name.optional(),
  unsafe: z.boolean({ error: 'Status tidak aman tidak valid' }).optional(),
});
export type TDefectCodeUpdateBody = z.input<typeof ZDefectCodeUpdateBody>;

/** POST /api/defect-code: a code beyond the seed's. */
export const ZDefectCodeCreateBody = z.object({
  code: zNumeric(
    z
      .number({ error: 'Kode wajib berupa angka' })
      .int('Kode wajib berupa angka bulat')
      .min(DEFECT_CODE_MIN, `Kode ${DEFECT_CODE_MIN}-${DEFECT_CODE_MAX}`)
      .max(DEFECT_CODE_MAX, `Kode ${DEFECT_CODE_MIN}-${DEFECT_CODE_MAX}`),
  ),
  name: name.min(1, 'Nama kerusakan wajib diisi'),
  unsafe: z.boolean().optional(),
});
export type TDefectCodeCreateBody = z.input<typeof ZDefectCodeCreateBody>;

export const ZDefectCodeParams = z.object({
  code: zNumeric(z.number({ error: 'Kode tidak valid' }).int('Kode tidak valid').min(1).max(DEFECT_CODE_MAX)),
});

/** One code of the catalogue as the phone and the office read it. */
export const ZDefectCode = z.object({
  code: z.number(),
  /** null until an admin names it: shown as 'Kode N'. */
  name: z.string().nullable(),
  /** A defect that makes the tire unsafe to run (a sidewall cut, running flat): a critical tire. */
  unsafe: z.boolean(),
});
export type TDefectCode = z.infer<typeof ZDefectCode>;

export const ZDefectCodeRow = ZDefectCode.extend({
  /** Tire check records carrying it in any zone. */
  usage: z.number(),
  updated_at: zTimestamp,
});
export type TDefectCodeRow = z.infer<typeof ZDefectCodeRow>;
export const ZDefectCodeReply = z.object({ message: z.string(), data: ZDefectCodeRow });

/**
 * The codes the spec names: the seed of the catalogue's first rows (1-40), and the names shown
 * before the catalogue is read.
 */
export const SEEDED_DEFECT_NAMES: Record<number, string> = {
  1: 'Crown Cut',
  8: 'Tread Leaving Casing',
  16: 'Shoulder Cut',
  23: 'Sidewall Cut',
  29: 'Vehicle Damage',
  36: 'Running Flat',
  40: 'Filling Failure',
};

/** The catalogue every server starts with (migration 0046): what a phone uses before its snapshot has one. */
export const SEEDED_CATALOGUE: readonly TDefectCode[] = Array.from({ length: 40 }, (_, i) => ({
  code: i + 1,
  name: SEEDED_DEFECT_NAMES[i + 1] ?? null,
  unsafe: i + 1 === 23 || i + 1 === 36,
}));

/** How a code reads: 'Normal', 'Tidak dicek', its catalogue name, or 'Kode N'. */
export function defectLabel(code: number, catalogue?: readonly Pick<TDefectCode, 'code' | 'name'>[]): string {
  if (code === NORMAL_CODE) return 'Normal';
  if (code === NOT_CHECKED_CODE) return 'Tidak dicek';
  const named = catalogue ? catalogue.find((c) => c.code === code)?.name : SEEDED_DEFECT_NAMES[code];
  return named || `Kode ${code}`;
}

/** The five codes of a stored condition 'a,b,c,d,e' (a short or bad text reads as not checked). */
export function conditionCodes(condition: string | null | undefined): number[] {
  const parts = (condition ?? '').split(',').map((c) => Number(c.trim()));
  return CONDITION_PARTS.map((_, i) => (Number.isInteger(parts[i]) ? parts[i]! : NOT_CHECKED_CODE));
}

/** The defects of a condition, zone by zone: what the office and the PDF list. */
export function defectsOf(condition: string | null | undefined) {
  return conditionCodes(condition).flatMap((code, i) =>
    code === NORMAL_CODE || code === NOT_CHECKED_CODE ? [] : [{ part: CONDITION_PARTS[i]!, code }],
  );
}

/** One zone's defect as lists, exports and the PDF name it: 'Dinding: 23 Sidewall Cut'. */
export function zoneDefectText(
  part: (typeof CONDITION_PARTS)[number],
  code: number,
  catalogue?: readonly Pick<TDefectCode, 'code' | 'name'>[],
): string {
  return `${ZONE_SHORT[part]}: ${code} ${defectLabel(code, catalogue)}`;
}
