import { z } from 'zod';
import { PSI_MAX, PSI_MIN, RTD_MAX, RTD_MIN } from './constants';
import {
  CASING_STATUSES,
  FLAP_STATUSES,
  POSITIONS,
  TIRE_ORIGINS,
  TIRE_STATUSES,
  TUBE_STATUSES,
  VELG_STATUSES,
} from './enums';
import { readNumber, zNumeric } from './numeric';
import { foldLookalikes, latinLettersOnly, nonLatinMessage } from './rules/lookalike';
import { zTimestamp } from './timestamp';
import { ZRupiah } from './tire-intelligence';
import { tireReadingReply } from './tire-reading';

/** '' (or null) means "no value"; anything else must be a number (rules in numeric.ts). */
const toNumberOrNull = (v: unknown) => (v === '' || v === null ? null : readNumber(v));

/** A measured value within bounds, or null when not measured. */
export const zMeasured = (min: number, max: number, message: string) =>
  z.preprocess(toNumberOrNull, z.number({ error: message }).min(min, message).max(max, message).nullable());

export const ZRtd = zMeasured(RTD_MIN, RTD_MAX, `RTD harus angka ${RTD_MIN} sampai ${RTD_MAX}`);
export const ZPsi = zMeasured(PSI_MIN, PSI_MAX, `PSI harus angka ${PSI_MIN} sampai ${PSI_MAX}`);

/** Whole kilometres, 0 or more. */
export const ZOdometer = zNumeric(
  z
    .number({ error: 'Odometer harus angka' })
    .int('Odometer harus bilangan bulat')
    .min(0, 'Odometer tidak boleh negatif')
    .max(100_000_000, 'Odometer terlalu besar'),
);

const text = (max = 100) =>
  z.string({ error: 'Harus berupa teks' }).trim().max(max, `Maksimal ${max} karakter`);
/** Text the spec says is upper-cased before it is stored (brands, sizes, casing/tube/flap/velg values). */
const upper = (max = 100) => text(max).toUpperCase();
/** One of an enumeration, typed in any case; '' means not filled in yet. */
const upperEnum = <T extends readonly [string, ...string[]]>(values: T, message: string) =>
  upper().pipe(z.enum(['', ...values] as [string, ...string[]], { error: message }));
/** Uploaded image path, '-' when none. */
const imagePath = () => text(500);

/**
 * Every stored field of a tire (spec section 3, Tire). Used whole by the tire forms, and field by
 * field (pick/partial) by replace records and tire updates.
 */
export const ZTireFields = z.object({
  /** Wheel position while mounted, '' in stock. */
  position: upper(3).pipe(z.enum(['', ...POSITIONS], { error: 'Posisi tidak dikenal' })),
  odometer: ZOdometer,
  /** Look-alikes folded (rules/lookalike.ts) so that the duplicate check sees one serial. */
  serial_number: z
    .string({ error: 'Harus berupa teks' })
    .overwrite(foldLookalikes)
    .max(100, 'Maksimal 100 karakter')
    .min(1, 'Nomor seri wajib diisi')
    .refine(latinLettersOnly, { error: (iss) => nonLatinMessage('Nomor seri', iss.input as string) }),
  serial_number_img: imagePath(),
  ir_brand: upper(),
  ori_brand: upper(),
  pattern: text(),
  size: upper(),
  is_original: upper(3).pipe(z.enum(TIRE_ORIGINS, { error: 'Kondisi harus ORI atau RET' })),
  groove_1: ZRtd,
  groove_2: ZRtd,
  groove_3: ZRtd,
  groove_4: ZRtd,
  groove_lowest: ZRtd,
  pressure: ZPsi,
  casing_status: upperEnum(CASING_STATUSES, 'Status casing tidak dikenal'),
  tube_brand: upper(),
  tube_size: upper(),
  tube_status: upperEnum(TUBE_STATUSES, 'Status tube tidak dikenal'),
  flap_brand: upper(),
  flap_size: upper(),
  flap_status: upperEnum(FLAP_STATUSES, 'Status flap tidak dikenal'),
  velg_brand: upper(),
  velg_size: upper(),
  velg_holes: zMeasured(0, 99, 'Lubang velg harus angka 0 sampai 99').pipe(
    z.number().int('Lubang velg harus bilangan bulat').nullable(),
  ),
  velg_status: upperEnum(VELG_STATUSES, 'Status velg tidak dikenal'),
  information: text(2000),
  status: upper(20).pipe(z.enum(TIRE_STATUSES, { error: 'Status ban tidak dikenal' })),
  condition: text(100),
  tube_url: imagePath(),
  flap_url: imagePath(),
  inner_tube_url: imagePath(),
});
export type TTireFields = z.infer<typeof ZTireFields>;

/**
 * What the tire cost (issue 11): rupiah, blank = unknown (null). Not part of ZTireFields, so the
 * replace records (which pick tire fields) do not carry them.
 */
export const ZTirePriceFields = z.object({
  purchase_price: ZRupiah.optional(),
  retread_cost: ZRupiah.optional(),
});
export type TTirePriceFields = z.output<typeof ZTirePriceFields>;

/** PUT /tire/update/{id}: any subset of the tire fields; what is left out stays as it is. */
export const ZTireUpdateBody = ZTireFields.partial().extend(ZTirePriceFields.shape);
export type TTireUpdateBody = z.infer<typeof ZTireUpdateBody>;

/** The tube, flap and rim fields a replaced tire carries onto the unit. */
export const TUBE_FLAP_VELG_FIELDS = [
  'tube_brand',
  'tube_size',
  'tube_status',
  'flap_brand',
  'flap_size',
  'flap_status',
  'velg_brand',
  'velg_size',
  'velg_holes',
  'velg_status',
  'tube_url',
  'flap_url',
  'inner_tube_url',
] as const;
export const MEASUREMENT_FIELDS = ['groove_1', 'groove_2', 'groove_3', 'groove_4', 'pressure'] as const;

/**
 * A tire as the API answers it (reply schema, transform-free): every stored field, with the
 * enumerations answered as plain strings, the prices and the timestamps.
 */
export const ZTireReply = z.object({
  id: z.number(),
  position: z.string(),
  odometer: z.number(),
  serial_number: z.string(),
  serial_number_img: z.string(),
  ir_brand: z.string(),
  ori_brand: z.string(),
  pattern: z.string(),
  size: z.string(),
  is_original: z.string(),
  ...tireReadingReply,
  casing_status: z.string(),
  tube_brand: z.string(),
  tube_size: z.string(),
  tube_status: z.string(),
  flap_brand: z.string(),
  flap_size: z.string(),
  flap_status: z.string(),
  velg_brand: z.string(),
  velg_size: z.string(),
  velg_holes: z.number().nullable(),
  velg_status: z.string(),
  information: z.string(),
  status: z.string(),
  condition: z.string(),
  tube_url: z.string(),
  flap_url: z.string(),
  inner_tube_url: z.string(),
  /** Rupiah, null when unknown (always present in replies; optional for older clients' fixtures). */
  purchase_price: z.number().nullable().optional(),
  retread_cost: z.number().nullable().optional(),
  createdAt: zTimestamp,
  updatedAt: zTimestamp,
});
/** A tire as the API answers it. */
export type TTire = z.input<typeof ZTireReply>;

/** GET /tire/findSnLite/{text}: serial prefix search. */
export const ZTireSnLite = z.object({
  id: z.number(),
  serial_number: z.string(),
  ir_brand: z.string(),
  status: z.string(),
  /** Its size and last reading: the field app warns when a tire put on reads higher than that. */
  size: z.string(),
  ...tireReadingReply,
});
export type TTireSnLite = z.input<typeof ZTireSnLite>;
