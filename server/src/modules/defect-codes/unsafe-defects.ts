// The one rule of an unsafe tire (Ban Kritis and the alerts): a zone of its latest validated
// check record carries a code the defect catalogue marks unsafe. The latest validated record's
// condition is kept per tire by the read model tire_last_condition (validation writes no condition
// onto the tire); the codes are matched against defect_codes.unsafe at read time, so marking a
// code unsafe in the catalogue takes effect at once.

import { zoneDefectText } from '@itms/contracts/defect-codes';
import { CONDITION_PARTS } from '@itms/contracts/enums';
import { sql } from 'drizzle-orm';
import { type DbOrTx, pgArray, rowsOf } from '../../db/client';

/** The codes the catalogue marks unsafe, as text (an uncorrelated subquery: one read per statement). */
const UNSAFE_CODES = sql`array(select d.code::text from defect_codes d where d.unsafe)`;

/**
 * The tires (column tire_id) with an unsafe zone at their latest validated check, as a SELECT to
 * join. The GIN index on the codes finds the candidates, however large the fleet (0.9 ms at scale
 * M); the exact test then matches each zone's code trimmed, as the catalogue spells it. Testing
 * every installed tire's row instead took 45 of the alert count's 65 ms at M.
 */
export const UNSAFE_TIRES = sql`
  select lc.tire_id from tire_last_condition lc
   where string_to_array(replace(lc.condition, ' ', ''), ',') && ${UNSAFE_CODES}
     and exists (select from unnest(string_to_array(lc.condition, ',')) as z(code)
                  where btrim(z.code) = any(${UNSAFE_CODES}))`;

/**
 * The unsafe zones of the tires `tireIds` at their latest validated check, as the office reads them
 * ('Dinding: 23 Sidewall Cut'), zone order; a tire without one is absent from the map.
 */
export async function unsafeDefectsOf(
  db: DbOrTx,
  tireIds: readonly number[],
): Promise<Map<number, string[]>> {
  if (!tireIds.length) return new Map();
  const rows = rowsOf<{ tire_id: number; zones: unknown }>(
    await db.execute(sql`
      select lc.tire_id,
             json_agg(json_build_object('zone', z.i, 'code', d.code, 'name', d.name) order by z.i) as zones
        from tire_last_condition lc
        cross join lateral unnest(string_to_array(lc.condition, ',')) with ordinality as z(code, i)
        join defect_codes d on d.unsafe and d.code::text = btrim(z.code)
       where lc.tire_id = any(${pgArray(tireIds.map((i) => Math.trunc(i)))}::int[])
       group by lc.tire_id`),
  );
  return new Map(rows.map((r) => [Number(r.tire_id), unsafeDefectTexts(r.zones)]));
}

interface UnsafeZone {
  zone: number;
  code: number;
  name: string | null;
}

/** A json array of unsafe zones as the office reads it: 'Dinding: 23 Sidewall Cut'. */
function unsafeDefectTexts(value: unknown): string[] {
  const zones: UnsafeZone[] = typeof value === 'string' ? JSON.parse(value) : ((value as UnsafeZone[]) ?? []);
  return zones.flatMap((z) => {
    const part = CONDITION_PARTS[Number(z.zone) - 1];
    return part ? [zoneDefectText(part, Number(z.code), [{ code: Number(z.code), name: z.name }])] : [];
  });
}
