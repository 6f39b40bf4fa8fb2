import type { TReplaceRecordFieldsBody } from '@itms/contracts/tire-replacements';
import type { TTire, TTireUpdateBody } from '@itms/contracts/tires';

/** Text fields the spec says are upper-cased before sending (brands, sizes, tube/flap/velg values). */
export const UPPER_TEXT_FIELDS = [
  'ir_brand',
  'ori_brand',
  'size',
  'tube_brand',
  'tube_size',
  'flap_brand',
  'flap_size',
  'velg_brand',
  'velg_size',
] as const;
export const PLAIN_TEXT_FIELDS = ['pattern', 'information'] as const;
export const SELECT_FIELDS = [
  'is_original',
  'casing_status',
  'tube_status',
  'flap_status',
  'velg_status',
] as const;
export const NUMBER_FIELDS = [
  'groove_1',
  'groove_2',
  'groove_3',
  'groove_4',
  'groove_lowest',
  'pressure',
  'velg_holes',
] as const;

type UpperField = (typeof UPPER_TEXT_FIELDS)[number];
type PlainField = (typeof PLAIN_TEXT_FIELDS)[number];
type SelectField = (typeof SELECT_FIELDS)[number];
type NumberField = (typeof NUMBER_FIELDS)[number];

/** The Form Detail Ban values: text as typed, selects possibly cleared, numbers possibly empty. */
export type TireFormValues = { serial_number?: string } & Partial<Record<UpperField | PlainField, string>> &
  Partial<Record<SelectField, string | null>> &
  Partial<Record<NumberField, number | null>>;

type TireLike = Partial<Pick<TTire, UpperField | PlainField | SelectField | NumberField | 'serial_number'>>;

/** Form values of a tire or of a replace record. */
export function tireFormValues(t: TireLike): TireFormValues {
  const out: TireFormValues = { serial_number: t.serial_number ?? '' };
  for (const f of [...UPPER_TEXT_FIELDS, ...PLAIN_TEXT_FIELDS]) out[f] = t[f] ?? '';
  for (const f of SELECT_FIELDS) out[f] = t[f] ? t[f] : null;
  for (const f of NUMBER_FIELDS) out[f] = t[f] ?? null;
  return out;
}

const upper = (v: string | null | undefined) => (v ?? '').trim().toUpperCase();

/**
 * The body of PUT /tire-replace-record/{id} (After) from the form: text trimmed, brands, sizes and
 * the tube/flap/velg/casing values upper-cased, empty numbers sent as null.
 */
export function recordBodyOf(v: TireFormValues): TReplaceRecordFieldsBody {
  const body: Record<string, unknown> = {};
  for (const f of UPPER_TEXT_FIELDS) body[f] = upper(v[f]);
  for (const f of PLAIN_TEXT_FIELDS) body[f] = (v[f] ?? '').trim();
  for (const f of SELECT_FIELDS) body[f] = upper(v[f]);
  // a tire is ORI or RET: leaving it empty keeps what is stored
  if (!body.is_original) delete body.is_original;
  for (const f of NUMBER_FIELDS) {
    const n = v[f];
    body[f] = typeof n === 'number' && Number.isFinite(n) ? n : null;
  }
  return body as TReplaceRecordFieldsBody;
}

/** The body of PUT /tire/update/{id} (Before): the record fields plus the serial number. */
export function tireBodyOf(v: TireFormValues): TTireUpdateBody {
  const body: TTireUpdateBody = { ...(recordBodyOf(v) as TTireUpdateBody) };
  const serial = (v.serial_number ?? '').trim();
  if (serial) body.serial_number = serial;
  return body;
}
