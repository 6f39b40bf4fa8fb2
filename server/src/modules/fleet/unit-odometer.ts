import { sql } from 'drizzle-orm';
import { type DbOrTx, rowsOf } from '../../db/client';
import { tireChecks, tireReplacements } from '../../db/schema';

/**
 * The unit's odometer as last recorded in the field (latest check or replacement), for moves the
 * office makes without a reading of its own; null when the unit was never visited.
 */
export async function latestUnitOdometer(db: DbOrTx, unitId: number): Promise<number | null> {
  const result = await db.execute(sql`
    select max(odometer)::int as odometer from (
      (select ${tireChecks.odometer} as odometer from ${tireChecks} where ${tireChecks.unit_id} = ${unitId}
        order by ${tireChecks.performed_at} desc limit 1)
      union all
      (select ${tireReplacements.odometer} from ${tireReplacements} where ${tireReplacements.unit_id} = ${unitId}
        order by ${tireReplacements.performed_at} desc limit 1)
    ) x`);
  return rowsOf<{ odometer: number | null }>(result)[0]?.odometer ?? null;
}
