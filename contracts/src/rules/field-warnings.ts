import { lowestReading } from './grooves';
import { formatKm, formatNumber } from './number-format';

// Warnings of a check (issue 21, 'Bad input'): values that may be right but deserve a second look.
// The field app shows them and asks for a tap to confirm; the server computes them again from its
// own records when the check arrives and keeps them with the check, for EDP to see.

export const FIELD_WARNING_KINDS = [
  'odometer-lower',
  'rtd-higher',
  'rtd-spread',
  'psi-off',
  'serial-differs',
] as const;
export type FieldWarningKind = (typeof FIELD_WARNING_KINDS)[number];

export interface FieldWarning {
  kind: FieldWarningKind;
  /** The wheel position it is about; absent for the odometer. */
  position?: string;
  message: string;
}

/** RTD 1-4 of one tire further apart than this (mm) is uneven wear or a misreading. */
export const RTD_SPREAD_MM = 3;
/** Pressure further than this from the size's reference (a fraction) is under- or over-inflated. */
export const PSI_TOLERANCE = 0.1;

type Grooves = readonly [number | null, number | null, number | null, number | null];

/** What the records said about the tire at a position before this check. */
export interface TireBefore {
  serial_number: string;
  grooves: Grooves;
}

export interface TireReading {
  position: string;
  serial_number: string;
  grooves: Grooves;
  pressure: number | null;
  before?: TireBefore;
  /** The reference pressure of the tire's size, when known. */
  reference_psi?: number | null;
}

/** Float noise of stored `real` values is no change. */
const EPSILON = 1e-6;

/**
 * Whether a pressure is under ('low') or over ('high') the size's reference by more than
 * PSI_TOLERANCE; null when it is within, or either value is unknown.
 */
export function pressureOff(
  pressure: number | null | undefined,
  reference: number | null | undefined,
): 'low' | 'high' | null {
  if (pressure == null || reference == null || reference <= 0) return null;
  if (Math.abs(pressure - reference) <= reference * PSI_TOLERANCE + EPSILON) return null;
  return pressure < reference ? 'low' : 'high';
}

/** The warnings of a check's values against what was known before it. */
export function checkWarnings(check: {
  odometer: number | null;
  /** The unit's odometer at its last check. */
  last_odometer: number | null;
  tires: readonly TireReading[];
}): FieldWarning[] {
  const out: FieldWarning[] = [];
  if (check.odometer != null && check.last_odometer != null && check.odometer < check.last_odometer) {
    out.push({
      kind: 'odometer-lower',
      message: `Odometer lebih rendah dari pengecekan terakhir (${formatKm(check.last_odometer)})`,
    });
  }
  for (const t of check.tires) {
    const at = `Posisi ${t.position}`;
    const sameTire =
      t.before !== undefined && t.before.serial_number.toLowerCase() === t.serial_number.trim().toLowerCase();
    if (t.before && t.serial_number.trim() !== '' && !sameTire) {
      out.push({
        kind: 'serial-differs',
        position: t.position,
        message: `${at}: nomor seri berbeda dengan data (${t.before.serial_number})`,
      });
    }
    // a tire's tread only wears down: more than last time is a misreading or a retread
    const now = lowestReading(t.grooves);
    const before = sameTire && t.before ? lowestReading(t.before.grooves) : null;
    if (now != null && before != null && now > before + EPSILON) {
      out.push({
        kind: 'rtd-higher',
        position: t.position,
        message: `${at}: RTD lebih tinggi dari sebelumnya (${formatNumber(before)} mm), ban vulkanisir?`,
      });
    }
    const known = t.grooves.filter((v): v is number => v != null && Number.isFinite(v));
    if (known.length > 1 && Math.max(...known) - Math.min(...known) > RTD_SPREAD_MM + EPSILON) {
      out.push({
        kind: 'rtd-spread',
        position: t.position,
        message: `${at}: selisih RTD 1-4 lebih dari ${RTD_SPREAD_MM} mm`,
      });
    }
    const ref = t.reference_psi;
    if (pressureOff(t.pressure, ref)) {
      out.push({
        kind: 'psi-off',
        position: t.position,
        message: `${at}: PSI di luar ±${PSI_TOLERANCE * 100}% dari standar ukuran ini (${formatNumber(ref)} PSI)`,
      });
    }
  }
  return out;
}
