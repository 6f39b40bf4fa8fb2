// Counts of the large lists' unfiltered views from row_counts and the deltas its triggers append
// (read model row-counts), instead of counting 50,000 to 100,000 rows on every first page.
import { sql } from 'drizzle-orm';
import { type DbOrTx, rowsOf } from '../db/client';

/** The keys the triggers keep: `table` or `table:value` of the column that splits it. */
export type RowCountKey =
  | 'qc_checks'
  /** The EDP queue: checks with edp_sign '-' that were not returned (migration 0024). */
  | 'tire_checks:queue'
  | `tire_replacements:${'pending' | 'approved'}`
  | `active_unit_tires:${'INSTALLED' | 'UNINSTALLED'}`;

/** Rows under the keys (their sum), as of the reader's snapshot. */
export async function storedRowCount(db: DbOrTx, keys: RowCountKey[]): Promise<number> {
  const inKeys = sql`key in (${sql.join(
    keys.map((k) => sql`${k}`),
    sql`, `,
  )})`;
  const [row] = rowsOf<{ n: number }>(
    await db.execute(sql`
      select coalesce(sum(n), 0)::bigint as n
        from (select n from row_counts where ${inKeys}
              union all
              select n from row_count_deltas where ${inKeys}) x`),
  );
  return Number(row!.n);
}
