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
import { readModelFold } from '../../db/read-models/registry';
import { foldDeltas } from '../../lib/row-counts';

/**
 * Pending deltas after which a reader folds them into the rollup after answering (keeps every read
 * a few hundred rows), and the pg_try_advisory_xact_lock key of the fold: one process folds at a
 * time, the others skip (db/read-models/registry.ts).
 */
const { after: FOLD_AFTER, lock: FOLD_LOCK } = readModelFold('tire-status-groove');

/** The rollup answers filters on status and RTD range only (their bounds are whole millimetres). */
export function rollupCovers(q: Pick<TTireListQuery, 'searchBy' | 'q'>): boolean {
  return !q.searchBy && !q.q?.trim();
}

export async function rollupTireSummary(
  db: Db,
  q: Pick<TTireListQuery, 'rtd' | 'status'>,
): Promise<TTireSummary> {
  const rows = rowsOf<{ status: string; groove: number; n: number; pending: number }>(
    await db.execute(sql`
      select status, groove, sum(n)::int as n, (select count(*) from tire_status_groove_delta)::int as pending
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
  if ((rows[0]?.pending ?? 0) > FOLD_AFTER) await foldTireSummaryDeltas(db);
  return summary;
}

/** Adds the committed deltas up into the rollup (see foldDeltas). */
export function foldTireSummaryDeltas(db: Db): Promise<void> {
  return foldDeltas(
    db,
    FOLD_LOCK,
    sql`
      with d as (delete from tire_status_groove_delta returning status, groove, n)
      insert into tire_status_groove as s (status, groove, n)
      select status, groove, sum(n) from d group by status, groove
      on conflict (status, groove) do update set n = s.n + excluded.n`,
  );
}
