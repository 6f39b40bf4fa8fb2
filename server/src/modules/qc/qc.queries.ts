import { QC_ITEM_LABELS, QC_POSITIONS } from '@itms/contracts/enums';
import { QC_SIZE, type TQcDetail, type TQcListQuery, type TQcRow } from '@itms/contracts/qc';
import { lateDays } from '@itms/contracts/rules/performed-at';
import { and, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { locations, qcChecks, units, users } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { likePattern } from '../../lib/list-query';
import { storedRowCount } from '../../lib/row-counts';

function qcWhere(q: TQcListQuery, tz: string): SQL | undefined {
  const conds: (SQL | undefined)[] = [];
  if (q.q) {
    const p = likePattern(q.q);
    conds.push(or(ilike(units.plate_number, p), ilike(qcChecks.name_qc, p), ilike(users.name, p)));
  }
  if (q.dateStart && q.dateEnd) {
    conds.push(
      sql`${qcChecks.performed_at} >= (${q.dateStart}::date)::timestamp at time zone ${tz}`,
      sql`${qcChecks.performed_at} < ((${q.dateEnd}::date + 1)::timestamp at time zone ${tz})`,
    );
  }
  return and(...conds);
}

function baseSelect(db: DbOrTx, tz: string) {
  // Tanggal and Jam: when the QC check was done, not when it was received
  const local = sql`(${qcChecks.performed_at} at time zone ${tz})`;
  return db
    .select({
      qc: qcChecks,
      date: sql<string>`to_char(${local}, 'YYYY-MM-DD')`,
      time: sql<string>`to_char(${local}, 'HH24:MI')`,
      tireman_name: users.name,
      plate_number: units.plate_number,
      // the detail's matrix leaves out the positions the unit's diagram has not
      unit_type: units.unit_type,
      location_name: locations.name,
    })
    .from(qcChecks)
    .innerJoin(units, eq(units.id, qcChecks.unit_id))
    .leftJoin(users, eq(users.id, qcChecks.tireman_id))
    .leftJoin(locations, eq(locations.id, qcChecks.location_id));
}

type BaseRow = Awaited<ReturnType<ReturnType<typeof baseSelect>['where']>>[number];

function toRow(r: BaseRow): TQcRow {
  return {
    id: r.qc.id,
    createdAt: r.qc.created_at.toISOString(),
    performed_at: r.qc.performed_at.toISOString(),
    late_days: lateDays(r.qc.performed_at, r.qc.created_at),
    date: r.date,
    time: r.time,
    name_qc: r.qc.name_qc,
    Tire_Man:
      r.qc.tireman_id != null && r.tireman_name != null
        ? { id: r.qc.tireman_id, name: r.tireman_name }
        : null,
    Unit: { id: r.qc.unit_id, plate_number: r.plate_number },
    Location:
      r.qc.location_id != null && r.location_name != null
        ? { id: r.qc.location_id, name: r.location_name }
        : null,
  };
}

async function qcPage(db: DbOrTx, q: TQcListQuery, tz: string, offset: number, limit: number) {
  const order = [desc(qcChecks.performed_at), desc(qcChecks.id)];
  // without a text search the page's ids come from the (performed_at, id) index alone, then the
  // joins run for those rows only (deep pages do not join every skipped row)
  const rows = q.q
    ? await baseSelect(db, tz)
        .where(qcWhere(q, tz))
        .orderBy(...order)
        .offset(offset)
        .limit(limit)
    : await baseSelect(db, tz)
        .where(
          inArray(
            qcChecks.id,
            db
              .select({ id: qcChecks.id })
              .from(qcChecks)
              .where(qcWhere(q, tz))
              .orderBy(...order)
              .offset(offset)
              .limit(limit),
          ),
        )
        .orderBy(...order);
  return rows;
}

export async function qcRows(
  db: DbOrTx,
  q: TQcListQuery,
  tz: string,
  offset: number,
  limit: number,
): Promise<TQcRow[]> {
  return (await qcPage(db, q, tz, offset, limit)).map(toRow);
}

/** The stored check1..check14 texts as matrix[item][position]. */
function qcMatrix(r: BaseRow): boolean[][] {
  return Array.from({ length: QC_SIZE }, (_, i) =>
    (r.qc[`check${i + 1}` as keyof typeof r.qc] as string).split(',').map((s) => s.trim() === 'true'),
  );
}

/** Rows of the export: the grid's row with its 14 x 14 matrix. */
export async function qcExportRows(
  db: DbOrTx,
  q: TQcListQuery,
  tz: string,
  offset: number,
  limit: number,
): Promise<(TQcRow & { matrix: boolean[][] })[]> {
  return (await qcPage(db, q, tz, offset, limit)).map((r) => ({ ...toRow(r), matrix: qcMatrix(r) }));
}

export async function listQcChecks(db: DbOrTx, q: TQcListQuery, tz: string, offset: number, limit: number) {
  const total = await qcCount(db, q, tz);
  const data = total > offset ? await qcRows(db, q, tz, offset, limit) : [];
  return { data, total };
}

async function qcCount(db: DbOrTx, q: TQcListQuery, tz: string): Promise<number> {
  // unfiltered: the stored row count
  if (!q.q && !(q.dateStart && q.dateEnd)) return storedRowCount(db, ['qc_checks']);
  // without a text search the joins cannot change the count (unit_id is a NOT NULL foreign key,
  // users is a left join): count the table alone, from its (performed_at, id) index
  const [count] = q.q
    ? await db
        .select({ n: sql<number>`count(*)::int` })
        .from(qcChecks)
        .innerJoin(units, eq(units.id, qcChecks.unit_id))
        .leftJoin(users, eq(users.id, qcChecks.tireman_id))
        .where(qcWhere(q, tz))
    : await db.select({ n: sql<number>`count(*)::int` }).from(qcChecks).where(qcWhere(q, tz));
  return count!.n;
}

export async function qcDetail(db: DbOrTx, id: number, tz: string): Promise<TQcDetail> {
  const [r] = await baseSelect(db, tz).where(eq(qcChecks.id, id));
  if (!r) throw notFound('Data QC');
  const checks: Record<string, string> = {};
  for (let i = 1; i <= QC_SIZE; i++) checks[`check${i}`] = r.qc[`check${i}` as keyof typeof r.qc] as string;
  const matrix = qcMatrix(r);
  return {
    ...toRow(r),
    unit_type: r.unit_type,
    ...checks,
    matrix,
    items: [...QC_ITEM_LABELS],
    positions: [...QC_POSITIONS],
  } as TQcDetail;
}
