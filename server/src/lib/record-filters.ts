// The record screens' filters besides the dates (contracts/src/record-filters.ts) as SQL, and as
// the [label, value] pairs of an export's title row.
import { RECORD_FILTER_LABELS, type TRecordFilters } from '@itms/contracts/record-filters';
import { type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, rowsOf } from '../db/client';

/** The columns of a record table the filters look at (e.g. sql`c.unit_id` for tire_checks c). */
export interface RecordColumns {
  unit_id: SQL;
  tireman_id: SQL;
  location_id: SQL;
  status: SQL;
}

/**
 * The WHERE parts of the filters: plain equalities on the table's own columns, so each one is
 * served by the table's (column, performed_at) index.
 */
export function recordConditions(c: RecordColumns, f: Partial<TRecordFilters>): SQL[] {
  const out: SQL[] = [];
  if (f.unit_id) out.push(sql`${c.unit_id} = ${f.unit_id}`);
  if (f.tireman_id) out.push(sql`${c.tireman_id} = ${f.tireman_id}`);
  if (f.location_id) out.push(sql`${c.location_id} = ${f.location_id}`);
  if (f.status) out.push(sql`${c.status} = ${f.status}`);
  return out;
}

/** The filters in force with the names the screens show ('Plat nomor: B 9001 XY'), for a title row. */
export async function recordFilterTitle(
  db: DbOrTx,
  f: Partial<TRecordFilters>,
): Promise<[string, string | undefined][]> {
  const [names] = rowsOf<{ plate: string | null; tireman: string | null; location: string | null }>(
    await db.execute(sql`
      select (select plate_number from units where id = ${f.unit_id ?? null}::int) as plate,
             (select name from users where id = ${f.tireman_id ?? null}::int) as tireman,
             (select name from locations where id = ${f.location_id ?? null}::int) as location`),
  );
  // an id that names nothing still says what was asked
  const named = (id: number | undefined, name: string | null | undefined) =>
    id ? (name ?? `#${id}`) : undefined;
  return [
    [RECORD_FILTER_LABELS.unit_id, named(f.unit_id, names?.plate)],
    [RECORD_FILTER_LABELS.tireman_id, named(f.tireman_id, names?.tireman)],
    [RECORD_FILTER_LABELS.location_id, named(f.location_id, names?.location)],
    [RECORD_FILTER_LABELS.status, f.status],
  ];
}
