// The Form Pengecekan's data: Before values (what the tire man recorded), the editable After
// values, their bounds (spec section 5), the BKB rule and the body of the validation command.
import { PSI_MAX, PSI_MIN, RTD_MAX, RTD_MIN } from '@itms/contracts/constants';
import { POSITIONS } from '@itms/contracts/enums';
import { formatNumber } from '@itms/contracts/rules/number-format';
import type { TActiveUnitTires, TTireCheckRecord, TValidateBody } from '@itms/contracts/tire-checks';

export const MEASURE_KEYS = ['groove_1', 'groove_2', 'groove_3', 'groove_4', 'pressure', 'odometer'] as const;
export type MeasureKey = (typeof MEASURE_KEYS)[number];

export interface MeasureField {
  key: MeasureKey;
  label: string;
  min: number;
  max?: number;
  step: number;
  /** Decimals kept on blur; undefined = as typed. */
  precision?: number;
  unit: string;
}

/** RTD 1-4 0..24 mm, PSI 0..200, KM at least 0 (spec section 5). */
export const MEASURE_FIELDS: readonly MeasureField[] = [
  { key: 'groove_1', label: 'RTD 1', min: RTD_MIN, max: RTD_MAX, step: 0.5, unit: 'mm' },
  { key: 'groove_2', label: 'RTD 2', min: RTD_MIN, max: RTD_MAX, step: 0.5, unit: 'mm' },
  { key: 'groove_3', label: 'RTD 3', min: RTD_MIN, max: RTD_MAX, step: 0.5, unit: 'mm' },
  { key: 'groove_4', label: 'RTD 4', min: RTD_MIN, max: RTD_MAX, step: 0.5, unit: 'mm' },
  { key: 'pressure', label: 'PSI', min: PSI_MIN, max: PSI_MAX, step: 1, unit: 'PSI' },
  { key: 'odometer', label: 'KM', min: 0, step: 1, precision: 0, unit: 'Km' },
];

export type Measures = Record<MeasureKey, number | null>;
/** After values of every record of the check, by record id. */
export type AfterValues = Record<number, Measures>;

/**
 * What is wrong with a value outside its field's bounds ('PSI harus 0 sampai 200 PSI'), null when
 * it is inside or empty. Such a value is refused at its field, never changed into the bound.
 */
export function outOfRange(field: MeasureField, value: number | null): string | null {
  if (value == null || (value >= field.min && (field.max === undefined || value <= field.max))) return null;
  return field.max === undefined
    ? `${field.label} minimal ${field.min}`
    : `${field.label} harus ${field.min} sampai ${field.max} ${field.unit}`;
}

/** What the tire man recorded (the Before block); KM is the check's odometer. */
export function beforeOf(record: TTireCheckRecord): Measures {
  return {
    groove_1: record.groove_1,
    groove_2: record.groove_2,
    groove_3: record.groove_3,
    groove_4: record.groove_4,
    pressure: record.pressure,
    odometer: record.Tire_Check.odometer,
  };
}

/** The tire at the validated check done before this one (the Sebelumnya column); null when none. */
export function previousOf(record: TTireCheckRecord): Measures | null {
  const p = record.previous_reading;
  if (!p) return null;
  return {
    groove_1: p.groove_1,
    groove_2: p.groove_2,
    groove_3: p.groove_3,
    groove_4: p.groove_4,
    pressure: p.pressure,
    odometer: p.odometer,
  };
}

/** The After block starts with the recorded values. */
export function initialAfter(records: readonly TTireCheckRecord[]): AfterValues {
  return Object.fromEntries(records.map((r) => [r.id, beforeOf(r)]));
}

/** Whether any After value differs from what the form started with (unsaved input). */
export function afterChanged(records: readonly TTireCheckRecord[], after: AfterValues): boolean {
  return records.some((r) => {
    const start = beforeOf(r);
    return MEASURE_KEYS.some((k) => (after[r.id]?.[k] ?? null) !== start[k]);
  });
}

const positionIndex = (p: string) => {
  const i = (POSITIONS as readonly string[]).indexOf(p.toUpperCase());
  return i < 0 ? POSITIONS.length : i;
};

/** Positions 1..12, then ST and ST2. */
export function sortByPosition<T extends { position: string; id: number }>(records: readonly T[]): T[] {
  return [...records].sort((a, b) => positionIndex(a.position) - positionIndex(b.position) || a.id - b.id);
}

/** Serial of the tire mounted at each position of the unit now. */
export function activeSerials(active: TActiveUnitTires | undefined): Map<string, string> {
  const map = new Map<string, string>();
  for (const t of active?.Tire ?? []) {
    if (t.detail) map.set(t.position.toUpperCase(), t.detail.serial_number);
  }
  return map;
}

const normSerial = (s: string) => s.trim().toUpperCase();

/**
 * BKB (Berita Ketidaksesuaian Ban): the recorded serial is not the unit's active tire at that
 * position (another tire, or none mounted). Unknown while the active tires are not loaded.
 */
export function isBkb(record: TTireCheckRecord, serials: Map<string, string> | null): boolean {
  if (!serials) return false;
  const mounted = serials.get(record.position.toUpperCase());
  return mounted === undefined || normSerial(mounted) !== normSerial(record.serial_number);
}

/** Fields left empty, named for people ('Posisi 3 RTD 2'). */
export function emptyAfterFields(records: readonly TTireCheckRecord[], after: AfterValues): string[] {
  const names: string[] = [];
  for (const r of sortByPosition(records)) {
    for (const f of MEASURE_FIELDS) {
      if (after[r.id]?.[f.key] == null) names.push(`Posisi ${r.position} ${f.label}`);
    }
  }
  return names;
}

/** Values outside their bounds, named for people ('Posisi 3 PSI (250)'). */
export function outOfRangeAfterFields(records: readonly TTireCheckRecord[], after: AfterValues): string[] {
  const names: string[] = [];
  for (const r of sortByPosition(records)) {
    for (const f of MEASURE_FIELDS) {
      const v = after[r.id]?.[f.key] ?? null;
      if (outOfRange(f, v)) names.push(`Posisi ${r.position} ${f.label} (${formatNumber(v)})`);
    }
  }
  return names;
}

/** Body of POST /tire-check/{id}/validate; throws when an After value is empty or out of bounds. */
export function buildValidateBody(
  records: readonly TTireCheckRecord[],
  after: AfterValues,
  edpSign: string | undefined,
): TValidateBody {
  const empty = emptyAfterFields(records, after);
  if (empty.length) throw new Error(`Nilai After belum diisi: ${empty.join(', ')}`);
  const wrong = outOfRangeAfterFields(records, after);
  if (wrong.length) throw new Error(`Nilai di luar batas: ${wrong.join(', ')}`);
  const lines = sortByPosition(records).map((r) => {
    const a = after[r.id] as Record<MeasureKey, number>;
    return {
      record_id: r.id,
      groove_1: a.groove_1,
      groove_2: a.groove_2,
      groove_3: a.groove_3,
      groove_4: a.groove_4,
      pressure: a.pressure,
      odometer: Math.round(a.odometer),
    };
  });
  return edpSign ? { edp_sign: edpSign, records: lines } : { records: lines };
}

/** WhatsApp chat link of an Indonesian number: 0812..., +62812... or 62812... -> https://wa.me/62812... */
export function waLink(phone: string | null | undefined): string | null {
  const digits = (phone ?? '').replace(/\D/g, '');
  if (digits.length < 8) return null;
  const intl = digits.startsWith('62')
    ? digits
    : digits.startsWith('0')
      ? `62${digits.slice(1)}`
      : `62${digits}`;
  return `https://wa.me/${intl}`;
}
