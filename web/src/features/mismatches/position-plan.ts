import type { MismatchAction } from '@itms/contracts/enums';
import type { TMismatchPosition, TMismatchTire, TMismatchValidateBody } from '@itms/contracts/mismatches';

/** A tire the validator can pick for a position (Sesudah). */
export interface ChosenTire {
  id: number | null;
  serialNumber: string;
  irBrand: string;
}

/** What the validator decided for one position of a BKB. */
export interface PositionChoice {
  /** Sesudah: the serial number typed or picked. */
  serial: string;
  /** The tire behind `serial` when it is known (picked from the list or found by the tire man). */
  tire: ChosenTire | null;
  /** Kosong: the position is emptied. */
  empty: boolean;
  /** The last serial that differed from Sebelum, so that Update can bring it back after Normal. */
  other: { serial: string; tire: ChosenTire | null } | null;
}

const norm = (s: string | null | undefined) => (s ?? '').trim().toLowerCase();

/** Serial numbers compare case-insensitively (spec section 4). */
export function sameSerial(a: string | null | undefined, b: string | null | undefined): boolean {
  return norm(a) === norm(b);
}

/** A serial that would change the position: not empty and not the one already there. */
function differs(p: TMismatchPosition, serial: string): boolean {
  return norm(serial) !== '' && !sameSerial(serial, p.originTire?.serialNumber);
}

const asChosen = (t: TMismatchTire | null): ChosenTire | null =>
  t ? { id: t.id, serialNumber: t.serialNumber, irBrand: t.irBrand } : null;

/** Sesudah starts as the serial the tire man found on the unit. */
export function initialChoice(p: TMismatchPosition): PositionChoice {
  const serial = p.found_serial;
  const tire = p.newTire && sameSerial(p.newTire.serialNumber, serial) ? asChosen(p.newTire) : null;
  return { serial, tire, empty: false, other: differs(p, serial) ? { serial, tire } : null };
}

/** Kosong when chosen, else Update when the serial differs from Sebelum (case-insensitive), else Normal. */
export function actionOf(p: TMismatchPosition, c: PositionChoice): MismatchAction {
  if (c.empty) return 'delete';
  return differs(p, c.serial) ? 'update' : 'normal';
}

/** Update needs a serial other than Sebelum: the current one or one typed earlier. */
export function canUpdate(p: TMismatchPosition, c: PositionChoice): boolean {
  return differs(p, c.serial) || c.other !== null;
}

/** Typing or picking a serial in Sesudah. */
export function withSerial(
  p: TMismatchPosition,
  c: PositionChoice,
  serial: string,
  tire: ChosenTire | null,
): PositionChoice {
  return { serial, tire, empty: false, other: differs(p, serial) ? { serial, tire } : c.other };
}

/** Clicking Update, Normal or Kosong. */
export function withAction(p: TMismatchPosition, c: PositionChoice, action: MismatchAction): PositionChoice {
  switch (action) {
    case 'delete':
      return { ...c, empty: true };
    case 'normal': {
      // keep what is there: Sesudah shows Sebelum again
      const origin = p.originTire;
      return { ...c, empty: false, serial: origin?.serialNumber ?? '', tire: asChosen(origin) };
    }
    case 'update':
      if (differs(p, c.serial)) return { ...c, empty: false };
      return c.other ? { ...c, empty: false, serial: c.other.serial, tire: c.other.tire } : c;
  }
}

/** The body of POST /mismatch/{id}/validate: one entry per position, as the validator decided. */
export function validateBody(
  positions: readonly TMismatchPosition[],
  choices: Readonly<Record<string, PositionChoice>>,
  signatureUrl: string | undefined,
): TMismatchValidateBody {
  return {
    ...(signatureUrl ? { signatureUrl } : {}),
    positions: positions.map((p) => {
      const c = choices[p.position] ?? initialChoice(p);
      const action = actionOf(p, c);
      if (action !== 'update') return { position: p.position, action };
      const serial = c.serial.trim();
      const tireId = c.tire?.id != null && sameSerial(c.tire.serialNumber, serial) ? c.tire.id : undefined;
      return { position: p.position, action, serial_number: serial, ...(tireId ? { tire_id: tireId } : {}) };
    }),
  };
}
