// Read models of the customer portal (issue 40): a customer's fleet, its units and one unit, from
// validated work only (APPROVED_STAGES). Every query takes the customer from lib/scope.ts
// (`portalCustomer`) or reads a unit the scope check has already let through.
import type { TListResult } from '@itms/contracts/list';
import type {
  PortalRecordKind,
  TPortalFleet,
  TPortalReportRow,
  TPortalUnitRow,
} from '@itms/contracts/portal';
import { APPROVED_STAGES } from '@itms/contracts/rules/lifecycle';
import { type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, pgArray, rowsOf } from '../../db/client';
import { notFound } from '../../lib/errors';
import { pagedList, plateContains } from '../../lib/list-query';
import { isoText as iso } from '../../lib/sql-iso';
import { openCall } from '../storing/open-call';

/** The ids of the customer's units (projects_customer_idx, units_project_idx). */
export const unitsOf = (customerId: number): SQL => sql`
  select u.id from units u join projects p on p.id = u.project_id where p.customer_id = ${customerId}`;

const validated = (alias: string) => sql`${sql.raw(alias)}.stage = any(${pgArray(APPROVED_STAGES)}::text[])`;
/** The first instant of the current month in the report time zone. */
const monthStart = (tz: string) => sql`(date_trunc('month', now() at time zone ${tz}) at time zone ${tz})`;

type Counts = Pick<TPortalFleet, 'customer' | 'month' | 'units' | 'units_checked' | 'checks' | 'open_calls'>;

/** The fleet's counts that are not about tires; 404 for an unknown customer. */
export async function fleetCounts(db: DbOrTx, customerId: number, tz: string): Promise<Counts> {
  const [row] = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      with cu as (${unitsOf(customerId)}),
      mc as (
        select c.unit_id from tire_checks c
         where c.unit_id in (select id from cu) and ${validated('c')} and c.performed_at >= ${monthStart(tz)}
      )
      select cs.id, cs.name, to_char(now() at time zone ${tz}, 'YYYY-MM') as month,
             (select count(*) from units u where u.id in (select id from cu) and u.status = 'active')::int as units,
             (select count(distinct unit_id) from mc)::int as units_checked,
             (select count(*) from mc)::int as checks,
             (select count(*) from breakdown_calls b where b.unit_id in (select id from cu) and ${openCall('b')})::int
               as open_calls
        from customers cs where cs.id = ${customerId}`),
  );
  if (!row) throw notFound('Pelanggan');
  return {
    customer: { id: row.id as number, name: row.name as string },
    month: row.month as string,
    units: row.units as number,
    units_checked: row.units_checked as number,
    checks: row.checks as number,
    open_calls: row.open_calls as number,
  };
}

type UnitRow = Omit<TPortalUnitRow, 'tires_mounted' | 'critical_tires'>;

/** One page of the customer's units by plate, with their month's checks, last check and open calls. */
export async function customerUnits(
  db: DbOrTx,
  customerId: number,
  q: { page: number; pageSize: number; q?: string | undefined },
  tz: string,
): Promise<TListResult<UnitRow>> {
  const text = q.q?.trim();
  const where = sql`p.customer_id = ${customerId}${text ? sql` and ${plateContains(sql`u.plate_number`, text)}` : sql``}`;
  return pagedList(
    q,
    async (limit, offset) =>
      rowsOf<UnitRow>(
        await db.execute(sql`
          select u.id, u.plate_number, u.unit_type, p.name as project,
                 (select count(*) from tire_checks c
                   where c.unit_id = u.id and ${validated('c')} and c.performed_at >= ${monthStart(tz)})::int
                   as checks_month,
                 (select ${iso(sql`c.performed_at`)} from tire_checks c where c.unit_id = u.id and ${validated('c')}
                   order by c.performed_at desc limit 1) as last_check_at,
                 (select count(*) from breakdown_calls b where b.unit_id = u.id and ${openCall('b')})::int
                   as open_calls
            from units u join projects p on p.id = u.project_id
           where ${where}
           order by u.plate_number, u.id
           limit ${limit} offset ${offset}`),
      ),
    async () =>
      rowsOf<{ n: number }>(
        await db.execute(sql`
          select count(*)::int as n from units u join projects p on p.id = u.project_id where ${where}`),
      )[0]?.n ?? 0,
  );
}

/** The last validated check of a unit (ISO, UTC), or null. */
export async function lastValidatedCheck(db: DbOrTx, unitId: number): Promise<string | null> {
  const [row] = rowsOf<{ at: string }>(
    await db.execute(sql`
      select ${iso(sql`c.performed_at`)} as at from tire_checks c
       where c.unit_id = ${unitId} and ${validated('c')} order by c.performed_at desc limit 1`),
  );
  return row?.at ?? null;
}

/** The customer's id and name; 404 for an unknown one. */
export async function customerById(db: DbOrTx, customerId: number): Promise<{ id: number; name: string }> {
  const [row] = rowsOf<{ id: number; name: string }>(
    await db.execute(sql`select id, name from customers where id = ${customerId}`),
  );
  if (!row) throw notFound('Pelanggan');
  return row;
}

/** The current month (YYYY-MM) in the report time zone. */
export async function currentMonth(db: DbOrTx, tz: string): Promise<string> {
  const [row] = rowsOf<{ m: string }>(
    await db.execute(sql`select to_char(now() at time zone ${tz}, 'YYYY-MM') as m`),
  );
  return row!.m;
}

/**
 * A month's service of the customer (validated work only): one row per unit by plate, and the
 * total (grouping sets, one scan). Work counts in the month it was done (performed_at), a call in
 * the month it was made.
 */
export async function monthlyReport(
  db: DbOrTx,
  customerId: number,
  month: string,
  tz: string,
): Promise<{ rows: TPortalReportRow[]; total: TPortalReportRow }> {
  const from = sql`(${`${month}-01`}::date)::timestamp at time zone ${tz}`;
  const to = sql`((${`${month}-01`}::date + interval '1 month')::date)::timestamp at time zone ${tz}`;
  const inMonth = (col: string) => sql`${sql.raw(col)} >= ${from} and ${sql.raw(col)} < ${to}`;
  const raw = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      with cu as (
        select u.id, u.plate_number, p.name as project from units u join projects p on p.id = u.project_id
         where p.customer_id = ${customerId}
      ),
      ch as (
        select c.unit_id, count(*) as n from tire_checks c
         where c.unit_id in (select id from cu) and ${validated('c')} and ${inMonth('c.performed_at')}
         group by 1
      ),
      rp as (
        select r.unit_id, count(*) as n,
               sum((select count(*) from tire_replace_records x
                     where x.tire_replacement_id = r.id and x.status = 'replace')) as tires
          from tire_replacements r
         where r.unit_id in (select id from cu) and ${validated('r')} and ${inMonth('r.performed_at')}
         group by 1
      ),
      mm as (
        select m.unit_id, count(*) as n from mismatches m
         where m.unit_id in (select id from cu) and ${validated('m')} and ${inMonth('m.performed_at')}
         group by 1
      ),
      bc as (
        select b.unit_id, b.status, extract(epoch from b.done_at - b.called_at) / 60 as roll
          from breakdown_calls b
         where b.unit_id in (select id from cu) and ${inMonth('b.called_at')}
      ),
      -- per unit, and (unit_id null) for them all: a median does not add up
      bg as (
        select bc.unit_id, count(*) as calls, count(*) filter (where bc.status = 'done') as done,
               percentile_cont(0.5) within group (order by bc.roll) filter (where bc.status = 'done') as roll
          from bc group by grouping sets ((bc.unit_id), ())
      ),
      per as (
        select cu.id, cu.plate_number, cu.project, coalesce(ch.n, 0) as checks, coalesce(rp.n, 0) as replacements,
               coalesce(rp.tires, 0) as tires_replaced, coalesce(mm.n, 0) as mismatches,
               coalesce(bg.calls, 0) as calls, coalesce(bg.done, 0) as calls_done, bg.roll
          from cu
          left join ch on ch.unit_id = cu.id
          left join rp on rp.unit_id = cu.id
          left join mm on mm.unit_id = cu.id
          left join bg on bg.unit_id = cu.id
      )
      select grouping(per.id) = 1 as grand, per.id as unit_id, coalesce(per.plate_number, 'Total') as plate_number,
             coalesce(per.project, '') as project,
             sum(per.checks)::int as checks, sum(per.replacements)::int as replacements,
             sum(per.tires_replaced)::int as tires_replaced, sum(per.mismatches)::int as mismatches,
             sum(per.calls)::int as calls, sum(per.calls_done)::int as calls_done,
             case when grouping(per.id) = 1 then (select roll from bg where bg.unit_id is null)
                  else max(per.roll) end as roll_median
        from per
       group by grouping sets ((per.id, per.plate_number, per.project), ())
       order by grouping(per.id), per.plate_number, per.id`),
  );
  const toRow = (r: Record<string, unknown>): TPortalReportRow => ({
    unit_id: r.grand ? null : Number(r.unit_id),
    plate_number: String(r.plate_number),
    project: String(r.project),
    checks: Number(r.checks ?? 0),
    replacements: Number(r.replacements ?? 0),
    tires_replaced: Number(r.tires_replaced ?? 0),
    mismatches: Number(r.mismatches ?? 0),
    calls: Number(r.calls),
    calls_done: Number(r.calls_done),
    roll_median: r.roll_median == null ? null : Math.round(Number(r.roll_median)),
  });
  const rows = raw.filter((r) => !r.grand).map(toRow);
  const grand = raw.find((r) => r.grand);
  // a customer without units has no rows and a total of nothing
  return {
    rows,
    total: toRow(grand ?? { grand: true, plate_number: 'Total', project: '', calls: 0, calls_done: 0 }),
  };
}

type PhotoPath = { label: string; position: string | null; path: string };

/** Per kind, the record (validated, on the unit) and the photo columns a customer sees, in order. */
const PHOTO_SQL: Record<PortalRecordKind, (unitId: number, id: number) => SQL> = {
  check: (unitId, id) => sql`
    select v.label, v.position, v.path, v.n, v.k from tire_checks c
      cross join lateral (values ('Plat nomor', null::text, c.plate_number_url, 0, 0), ('Odometer', null, c.odometer_url, 0, 1)) v(label, position, path, n, k)
     where c.id = ${id} and c.unit_id = ${unitId} and ${validated('c')}
    union all
    select 'Nomor seri', r.position, r.serial_number_url, 1, r.id from tire_check_records r
      join tire_checks c on c.id = r.tire_check_id
     where c.id = ${id} and c.unit_id = ${unitId} and ${validated('c')}`,
  replacement: (unitId, id) => sql`
    select v.label, v.position, v.path, v.n, v.k from tire_replacements t
      cross join lateral (values ('Plat nomor', null::text, t.plate_number_url, 0, 0), ('Odometer', null, t.odometer_url, 0, 1)) v(label, position, path, n, k)
     where t.id = ${id} and t.unit_id = ${unitId} and ${validated('t')}
    union all
    select v.label, r.position, v.path, 1, r.id * 4 + v.k from tire_replace_records r
      join tire_replacements t on t.id = r.tire_replacement_id
      cross join lateral (values ('Nomor seri', r.serial_number_img, 0), ('Tube', r.tube_url, 1), ('Flap', r.flap_url, 2),
                                 ('Inner tube', r.inner_tube_url, 3)) v(label, path, k)
     where t.id = ${id} and t.unit_id = ${unitId} and ${validated('t')}`,
  mismatch: (unitId, id) => sql`
    select 'Foto BKB', null::text, m.image_url, 0, 0 from mismatches m
     where m.id = ${id} and m.unit_id = ${unitId} and ${validated('m')}`,
};

/**
 * The stored photo paths of one validated record on the unit (no signature, no person's photo);
 * null when the unit has no such validated record.
 */
export async function recordPhotoPaths(
  db: DbOrTx,
  unitId: number,
  kind: PortalRecordKind,
  id: number,
): Promise<PhotoPath[] | null> {
  const rows = rowsOf<PhotoPath & { n: number; k: number }>(
    await db.execute(
      sql`select * from (${PHOTO_SQL[kind](unitId, id)}) p(label, position, path, n, k) order by n, k`,
    ),
  );
  if (rows.length === 0) return null;
  return rows
    .filter((r) => r.path && r.path !== '-')
    .map(({ label, position, path }) => ({ label, position, path }));
}

const RECORD_TABLE: Record<PortalRecordKind, string> = {
  check: 'tire_checks',
  replacement: 'tire_replacements',
  mismatch: 'mismatches',
};

/** Whether `id` is a validated record of that kind on the unit. */
export async function isValidatedRecordOf(
  db: DbOrTx,
  unitId: number,
  kind: PortalRecordKind,
  id: number,
): Promise<boolean> {
  const rows = rowsOf(
    await db.execute(sql`
      select 1 from ${sql.raw(RECORD_TABLE[kind])} d where d.id = ${id} and d.unit_id = ${unitId} and ${validated('d')}`),
  );
  return rows.length > 0;
}
