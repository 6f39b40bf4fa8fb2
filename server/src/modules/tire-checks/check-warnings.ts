import { checkWarnings, type FieldWarning, type TireReading } from '@itms/contracts/rules/field-warnings';
import { sql } from 'drizzle-orm';
import { type DbOrTx, pgArray, rowsOf } from '../../db/client';

type Measured = Pick<TireReading, 'position' | 'serial_number'> & {
  groove_1: number | null;
  groove_2: number | null;
  groove_3: number | null;
  groove_4: number | null;
  pressure: number | null;
};

/**
 * A check's warnings as the server sees them (the same rule the field app shows): its odometer
 * against the unit's check before it, each record against the tire mounted at its position now
 * (its last approved reading) and the reference pressure of the measured tire's size. The phone's
 * word is not taken: EDP reads what the records say.
 */
export async function fieldWarningsOf(
  db: DbOrTx,
  check: {
    id?: number;
    unit_id: number;
    odometer: number;
    performed_at: Date | null;
    records: readonly Measured[];
  },
): Promise<FieldWarning[]> {
  const serials = [...new Set(check.records.map((r) => r.serial_number.trim().toLowerCase()))];
  // one after the other: the statements share the check's transaction
  const [last] = rowsOf<{ odometer: number }>(
    await db.execute(sql`
      select odometer from tire_checks
       where unit_id = ${check.unit_id} and id <> ${check.id ?? 0}
         and performed_at < coalesce(${check.performed_at?.toISOString() ?? null}::timestamptz, now())
       order by performed_at desc limit 1`),
  );
  const mounted = rowsOf<{
    position: string;
    serial_number: string;
    groove_1: number | null;
    groove_2: number | null;
    groove_3: number | null;
    groove_4: number | null;
  }>(
    await db.execute(sql`
      select a.position, t.serial_number, t.groove_1, t.groove_2, t.groove_3, t.groove_4
        from active_unit_tires a join tires t on t.id = a.tire_id
       where a.unit_id = ${check.unit_id} and a.status = 'INSTALLED'`),
  );
  const references = rowsOf<{ serial: string; reference_psi: number }>(
    await db.execute(sql`
      select lower(t.serial_number) as serial, p.reference_psi
        from tires t join tire_size_pressures p on p.size = t.size
       where lower(t.serial_number) = any(${pgArray(serials)}::text[])`),
  );
  const byPosition = new Map(mounted.map((m) => [m.position, m]));
  const referenceOf = new Map(references.map((r) => [r.serial, r.reference_psi]));
  return checkWarnings({
    odometer: check.odometer,
    last_odometer: last?.odometer ?? null,
    tires: check.records.map((r) => {
      const before = byPosition.get(r.position);
      return {
        position: r.position,
        serial_number: r.serial_number,
        grooves: [r.groove_1, r.groove_2, r.groove_3, r.groove_4],
        pressure: r.pressure,
        before: before && {
          serial_number: before.serial_number,
          grooves: [before.groove_1, before.groove_2, before.groove_3, before.groove_4],
        },
        reference_psi: referenceOf.get(r.serial_number.trim().toLowerCase()) ?? null,
      };
    }),
  });
}
