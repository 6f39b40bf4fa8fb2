import type { TFieldUnit } from '@itms/contracts/field';
import { foldLookalikes } from '@itms/contracts/rules/lookalike';

/** A plate as the search compares it: look-alikes folded, case and spaces ignored (as the server). */
export const plateKey = (plate: string) => foldLookalikes(plate).toUpperCase().replace(/\s+/g, '');

/**
 * The units Beranda lists for a search: those not checked this month first (the work still to
 * do), then by plate. Works on the stored snapshot, with no signal.
 */
export function unitsToShow(units: readonly TFieldUnit[], search: string): TFieldUnit[] {
  const wanted = plateKey(search);
  return units
    .filter((u) => wanted === '' || plateKey(u.plate_number).includes(wanted))
    .sort(
      (a, b) =>
        Number(a.checked_this_month) - Number(b.checked_this_month) ||
        a.plate_number.localeCompare(b.plate_number, 'id'),
    );
}
