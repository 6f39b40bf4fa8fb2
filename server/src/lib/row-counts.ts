// Counts of the large lists' unfiltered views from row_counts and the deltas its triggers append
// (migration 0017), instead of counting 50,000 to 100,000 rows on every first page.
import { type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, rowsOf } from '../db/client';
import { readModelFold } from '../db/read-models/registry';

/** The keys the triggers keep: `table` or `table:value` of the column that splits it. */
export type RowCountKey =
  | 'qc_checks'
  /** The EDP queue: checks with edp_sign '-' that were not returned (migration 0024). */
  | 'tire_checks:queue'
  | `tire_replacements:${'pending' | 'approved'}`
  | `active_unit_tires:${'INSTALLED' | 'UNINSTALLED'}`;

/**
 * Pending deltas a reader folds in after answering (keeps every read a few hundred rows), and the
 * pg_try_advisory_xact_lock key of the row-count fold (db/read-models/registry.ts).
 */
const { after: FOLD_AFTER, lock: FOLD_LOCK } = readModelFold('row-counts');

/** Rows under the keys (their sum), as of the reader's snapshot. */
export async function storedRowCount(db: DbOrTx, keys: RowCountKey[]): Promise<number> {
  const inKeys = sql`key in (${sql.join(
    keys.map((k) => sql`${k}`),
    sql`, `,
  )})`;
  const [row] = rowsOf<{ n: number; pending: number }>(
    await db.execute(sql`
      select coalesce(sum(n), 0)::bigint as n, (select count(*) from row_count_deltas)::int as pending
        from (select n from row_counts where ${inKeys}
              union all
              select n from row_count_deltas where ${inKeys}) x`),
  );
  if (row!.pending > FOLD_AFTER) await foldRowCountDeltas(db);
  return row!.n;
}

/** Adds the committed deltas up into row_counts (see foldDeltas). */
export function foldRowCountDeltas(db: DbOrTx): Promise<void> {
  return foldDeltas(
    db,
    FOLD_LOCK,
    sql`
      with d as (delete from row_count_deltas returning key, n)
      insert into row_counts as c (key, n)
      select key, sum(n) from d group by key
      on conflict (key) do update set n = c.n + excluded.n`,
  );
}

/**
 * Moves the committed deltas of an append-only rollup into it in one transaction (`fold`: delete
 * the deltas and add them up into the rollup), so a reader sees them either all as deltas or all
 * folded. One process folds at a time (the advisory lock `lock`); the others skip.
 */
export async function foldDeltas(db: DbOrTx, lock: number, fold: SQL): Promise<void> {
  await db.transaction(async (tx) => {
    const [held] = rowsOf<{ ok: boolean }>(
      await tx.execute(sql`select pg_try_advisory_xact_lock(${lock}) as ok`),
    );
    if (held?.ok) await tx.execute(fold);
  });
}
