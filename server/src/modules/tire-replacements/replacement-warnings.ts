import { checkWarnings, type FieldWarning } from '@itms/contracts/rules/field-warnings';
import type { TReplaceRecordInput } from '@itms/contracts/tire-replacements';
import { sql } from 'drizzle-orm';
import { type DbOrTx, pgArray, rowsOf } from '../../db/client';
import type { tires } from '../../db/schema';

type TireRow = typeof tires.$inferSelect;

/**
 * A replacement's warnings as the server sees them, by the check's rule (rules/field-warnings.ts):
 * each tire it measured (the one put on, or one checked in place) against that tire's last reading
 * on record, and the reference pressure of its size. A used tire put on at 18 mm after 6.5 mm is
 * 'RTD lebih tinggi dari sebelumnya' for the EDP, as on a check. `found` is each record's tire.
 */
export async function replacementWarningsOf(
  db: DbOrTx,
  records: readonly TReplaceRecordInput[],
  found: readonly (TireRow | undefined)[],
): Promise<FieldWarning[]> {
  const measured = records.flatMap((r, i) => {
    const tire = found[i];
    return r.status !== 'remove' && tire ? [{ r, tire }] : [];
  });
  if (measured.length === 0) return [];
  const sizes = [...new Set(measured.map((m) => m.tire.size))];
  const references = rowsOf<{ size: string; reference_psi: number }>(
    await db.execute(sql`
      select size, reference_psi from tire_size_pressures where size = any(${pgArray(sizes)}::text[])`),
  );
  const referenceOf = new Map(references.map((p) => [p.size, p.reference_psi]));
  return checkWarnings({
    odometer: null,
    last_odometer: null,
    tires: measured.map(({ r, tire }) => ({
      position: r.position,
      serial_number: tire.serial_number,
      grooves: [r.groove_1 ?? null, r.groove_2 ?? null, r.groove_3 ?? null, r.groove_4 ?? null],
      pressure: r.pressure ?? null,
      before: {
        serial_number: tire.serial_number,
        grooves: [tire.groove_1, tire.groove_2, tire.groove_3, tire.groove_4],
      },
      reference_psi: referenceOf.get(tire.size) ?? null,
    })),
  });
}
