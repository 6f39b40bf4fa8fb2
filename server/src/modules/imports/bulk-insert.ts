import { sql } from 'drizzle-orm';
import { rowsOf, type Tx } from '../../db/client';

const IDENT = /^[a-z_][a-z0-9_]*$/;

/**
 * Multi-row INSERT of many records as ONE JSON parameter (`json_populate_recordset`): one
 * statement per batch instead of tens of thousands of bind parameters, about 20x faster on PGlite.
 * Table and column names come from code, never from the file; they are still checked.
 */
export async function bulkInsert<R>(
  tx: Tx,
  table: string,
  columns: readonly string[],
  records: readonly Record<string, unknown>[],
  returning: readonly string[],
  batch = 5000,
): Promise<R[]> {
  for (const name of [table, ...columns, ...returning]) {
    if (!IDENT.test(name)) throw new Error(`bulkInsert: bad identifier ${name}`);
  }
  const cols = sql.raw(columns.join(', '));
  const out: R[] = [];
  for (let i = 0; i < records.length; i += batch) {
    const json = JSON.stringify(
      records.slice(i, i + batch).map((r) => Object.fromEntries(columns.map((c) => [c, r[c] ?? null]))),
    );
    const result = await tx.execute(
      sql`insert into ${sql.raw(table)} (${cols}) select ${cols} from json_populate_recordset(null::${sql.raw(table)}, ${json}::json) returning ${sql.raw(returning.join(', '))}`,
    );
    out.push(...rowsOf<R>(result));
  }
  return out;
}
