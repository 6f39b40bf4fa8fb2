// The one rule of an unsafe tire (Ban Kritis and the alerts): a zone of its latest validated
// check record carries a code the defect catalogue marks unsafe. The latest validated record's
// condition is kept per tire by the read model tire_last_condition (validation writes no condition
// onto the tire); the codes are matched against defect_codes.unsafe at read time, so marking a
// code unsafe in the catalogue takes effect at once.

import { zoneDefectText } from '@itms/contracts/defect-codes';
import { CONDITION_PARTS } from '@itms/contracts/enums';
import { type SQL, sql } from 'drizzle-orm';

/**
 * A left lateral join, alias `ud`, of the tire whose id is `tireId`: `ud.unsafe_defects` is a json
 * array of its unsafe zones ({zone: 1-5, code, name}, zone order) at its latest validated check,
 * null when there are none. One primary-key read of tire_last_condition per tire.
 */
export function unsafeDefectsJoin(tireId: SQL): SQL {
  return sql`
    left join lateral (
      select json_agg(json_build_object('zone', z.i, 'code', d.code, 'name', d.name) order by z.i) as unsafe_defects
        from tire_last_condition lc
        cross join lateral unnest(string_to_array(lc.condition, ',')) with ordinality as z(code, i)
        join defect_codes d on d.unsafe and d.code::text = btrim(z.code)
       where lc.tire_id = ${tireId}
    ) ud on true`;
}

interface UnsafeZone {
  zone: number;
  code: number;
  name: string | null;
}

/** ud.unsafe_defects as the office reads it: 'Dinding: 23 Sidewall Cut'. */
export function unsafeDefectTexts(value: unknown): string[] {
  const zones: UnsafeZone[] = typeof value === 'string' ? JSON.parse(value) : ((value as UnsafeZone[]) ?? []);
  return zones.flatMap((z) => {
    const part = CONDITION_PARTS[Number(z.zone) - 1];
    return part ? [zoneDefectText(part, Number(z.code), [{ code: Number(z.code), name: z.name }])] : [];
  });
}
