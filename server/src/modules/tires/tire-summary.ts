// The summary panels of List Data Ban without counting every tire: status counts and RTD ranges
// add up tire_status_groove (tires per status and whole mm of lowest groove) and the deltas its
// triggers append (migration 0014). A text search still counts the matching tires (tires.queries).
import {
  RTD_RANGE_KEYS,
  RTD_RANGES,
  type RtdRange,
  type TTireListQuery,
  type TTireSummary,
} from '@itms/contracts/tire-list';
import { sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client';

/** The rollup answers filters on status and RTD range only (their bounds are whole millimetres). */
export function rollupCovers(q: Pick<TTireListQuery, 'searchBy' | 'q'>): boolean {
  return !q.searchBy && !q.q?.trim();
}

export async function rollupTireSummary(
  db: Db,
  q: Pick<TTireListQuery, 'rtd' | 'status'>,
): Promise<TTireSummary> {
  const rows = rowsOf<{ status: string; groove: number; n: number }>(
    await db.execute(sql`
      select status, groove, sum(n)::int as n
        from (select status, groove, n from tire_status_groove
              union all
              select status, groove, n from tire_status_groove_delta) x
       group by status, groove`),
  );
  const range = q.rtd ? RTD_RANGES[q.rtd] : null;
  const within = (groove: number, r: { min: number; below: number }) => groove >= r.min && groove < r.below;
  const summary: TTireSummary = {
    total: 0,
    installed: 0,
    uninstalled: 0,
    scrap: 0,
    spare: 0,
    rtd: Object.fromEntries(RTD_RANGE_KEYS.map((k) => [k, 0])) as Record<RtdRange, number>,
  };
  for (const r of rows) {
    if ((q.status && r.status !== q.status) || (range && !within(r.groove, range)) || r.n === 0) continue;
    summary.total += r.n;
    if (r.status === 'INSTALLED') summary.installed += r.n;
    else if (r.status === 'UNINSTALLED') summary.uninstalled += r.n;
    else if (r.status === 'SCRAP') summary.scrap += r.n;
    else if (r.status === 'SPARE') summary.spare += r.n;
    for (const k of RTD_RANGE_KEYS) if (within(r.groove, RTD_RANGES[k])) summary.rtd[k] += r.n;
  }
  return summary;
}
