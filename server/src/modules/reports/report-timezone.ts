import { sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client';

/**
 * Records APP_TIMEZONE as the zone of the check rollups (tire_check_daily, tire_check_monthly,
 * tire_check_unit_month: local days and months) and rebuilds them when the zone is new or changed.
 * Runs at every boot: a no-op when the zone is the recorded one. Writes of checks wait for the
 * rebuild.
 */
export async function syncReportTimezone(db: Db, tz: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const changed = rowsOf(
      await tx.execute(sql`
        insert into report_timezone (id, tz) values (true, ${tz})
        on conflict (id) do update set tz = excluded.tz where report_timezone.tz <> excluded.tz
        returning tz`),
    );
    if (changed.length === 0) return false;
    await tx.execute(sql`lock table tire_checks in share mode`);
    await tx.execute(sql`select report_rollups_rebuild()`);
    return true;
  });
}
