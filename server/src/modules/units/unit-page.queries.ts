// Read models of the unit page (/unit/:id): the unit with its mounted tires and their last
// readings, the readings per position, and its checks, replacements and BKB. Every lookup goes
// through an index on unit_id (units' primary key, active_unit_tires_unit_pos_uq,
// tire_checks_unit_performed_idx, tire_replacements_unit_idx, mismatches_unit_idx).
import type { TListResult } from '@itms/contracts/list';
import { MISSING_NAME } from '@itms/contracts/reports';
import { APPROVED_STAGES } from '@itms/contracts/rules/lifecycle';
import {
  type TUnitOverview,
  type TUnitPageTire,
  type TUnitRecordRow,
  type TUnitRecordsQuery,
  type TUnitTrend,
  UNIT_TREND_READINGS,
  type UnitRecordKind,
} from '@itms/contracts/unit-page';
import { type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, pgArray, rowsOf } from '../../db/client';
import { pagedList } from '../../lib/list-query';
import { isoText as iso } from '../../lib/sql-iso';

const orMissing = (col: SQL) => sql`coalesce(nullif(btrim(${col}), ''), ${MISSING_NAME})`;
/** Wheel positions 1..12 in number order, then ST, ST2. */
const positionOrder = (position: SQL) =>
  sql`case when ${position} ~ '^[0-9]+$' then ${position}::int when ${position} = 'ST' then 100 else 101 end`;
/** The lowest of the four grooves (least() skips nulls; null when none was measured). */
const lowest = (alias: string) => {
  const a = sql.raw(alias);
  return sql`least(${a}.groove_1, ${a}.groove_2, ${a}.groove_3, ${a}.groove_4)`;
};

/**
 * Checks scanned for the trends: the unit's last approved checks, newest first. Enough for 12
 * readings at every position while each check records most positions, and a bound on the work
 * for a unit checked every day for years.
 */
const TREND_CHECKS = UNIT_TREND_READINGS * 4;

type Header = Omit<TUnitOverview['unit'], 'unit_type'> & { unit_type: string };

/** The unit with its project, customer and last check; null when there is no such unit. */
async function header(db: DbOrTx, id: number): Promise<Header | null> {
  const [row] = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      select u.id, u.plate_number, u.unit_type, u.project_id, p.name as project_name, u.plan_project,
             to_char(u.handled_date, 'YYYY-MM-DD') as handled_date, u.tonnage::float8 as tonnage,
             u.status, ${iso(sql`u.created_at`)} as "createdAt", cu.id as customer_id, cu.name as customer_name,
             l.id as location_id, l.name as location_name, ${iso(sql`lc.performed_at`)} as last_check_at
        from units u
        join projects p on p.id = u.project_id
        join customers cu on cu.id = p.customer_id
        left join lateral (
          select c.performed_at, c.location_id from tire_checks c
           where c.unit_id = u.id order by c.performed_at desc limit 1
        ) lc on true
        left join locations l on l.id = lc.location_id
       where u.id = ${id}`),
  );
  if (!row) return null;
  return {
    id: row.id as number,
    plate_number: row.plate_number as string,
    unit_type: row.unit_type as string,
    project_id: row.project_id as number,
    Project: { id: row.project_id as number, name: row.project_name as string },
    plan_project: row.plan_project as string,
    handled_date: (row.handled_date as string | null) ?? null,
    tonnage: Number(row.tonnage),
    status: row.status as string,
    createdAt: row.createdAt as string,
    Customer: { id: row.customer_id as number, name: row.customer_name as string },
    Location:
      row.location_id == null ? null : { id: row.location_id as number, name: row.location_name as string },
    last_check_at: (row.last_check_at as string | null) ?? null,
  };
}

/** The mounted tires with their last validated reading and their size's reference pressure. */
async function mountedTires(db: DbOrTx, unitId: number): Promise<TUnitPageTire[]> {
  const rows = rowsOf<TUnitPageTire>(
    await db.execute(sql`
      select a.position, t.id as tire_id, t.serial_number, t.size, t.ir_brand,
             t.groove_lowest::float8 as groove_lowest, t.pressure::float8 as pressure,
             sp.reference_psi::float8 as reference_psi,
             case when t.groove_lowest is not null or t.pressure is not null
                  then ${iso(sql`coalesce(w.last_read_at, t.updated_at)`)} end as measured_at
        from active_unit_tires a
        join tires t on t.id = a.tire_id
        left join tire_size_pressures sp on sp.size = t.size
        left join tire_wear w on w.tire_id = t.id
       where a.unit_id = ${unitId} and a.status = 'INSTALLED'
       order by ${positionOrder(sql`a.position`)}`),
  );
  return rows;
}

/** The last readings per position from the unit's last approved checks, oldest first. */
async function trends(db: DbOrTx, unitId: number): Promise<TUnitTrend[]> {
  const rows = rowsOf<{
    position: TUnitTrend['position'];
    readings: TUnitTrend['readings'];
  }>(
    await db.execute(sql`
      with c as (
        select c.id, c.performed_at from tire_checks c
         where c.unit_id = ${unitId} and c.status = 'approved'
         order by c.performed_at desc, c.id desc
         limit ${TREND_CHECKS}
      ),
      r as (
        select r.position, c.id as check_id, c.performed_at, r.serial_number,
               ${lowest('r')}::float8 as groove_lowest, r.pressure::float8 as pressure,
               row_number() over (partition by r.position order by c.performed_at desc, c.id desc) as n
          from c join tire_check_records r on r.tire_check_id = c.id
      )
      select r.position,
             json_agg(json_build_object(
               'performed_at', ${iso(sql`r.performed_at`)}, 'check_id', r.check_id,
               'serial_number', r.serial_number, 'groove_lowest', r.groove_lowest, 'pressure', r.pressure)
               order by r.performed_at, r.check_id) as readings
        from r
       where r.n <= ${UNIT_TREND_READINGS}
       group by r.position
       order by ${positionOrder(sql`r.position`)}`),
  );
  return rows;
}

export interface UnitPageParts {
  unit: Header;
  tires: TUnitPageTire[];
  trends: TUnitTrend[];
}

/** The unit page's unit, tires and trends; null for an unknown unit. */
export async function unitPageParts(db: DbOrTx, id: number): Promise<UnitPageParts | null> {
  const [unit, tires, readings] = await Promise.all([header(db, id), mountedTires(db, id), trends(db, id)]);
  return unit ? { unit, tires, trends: readings } : null;
}

export async function unitExists(db: DbOrTx, id: number): Promise<boolean> {
  const rows = rowsOf(await db.execute(sql`select 1 from units where id = ${id}`));
  return rows.length > 0;
}

/** The table and the columns that differ, per kind of record (`positions`: the table of its positions). */
const RECORDS: Record<UnitRecordKind, { table: SQL; odometer: SQL; category: SQL; positions: SQL }> = {
  check: {
    table: sql`tire_checks`,
    odometer: sql`d.odometer`,
    category: sql`null::text`,
    positions: sql`tire_check_records p where p.tire_check_id = d.id`,
  },
  replacement: {
    table: sql`tire_replacements`,
    odometer: sql`d.odometer`,
    category: sql`null::text`,
    positions: sql`tire_replace_records p where p.tire_replacement_id = d.id`,
  },
  mismatch: {
    table: sql`mismatches`,
    odometer: sql`null::int`,
    category: sql`d.category`,
    positions: sql`mismatch_positions p where p.mismatch_id = d.id`,
  },
};

/**
 * The unit's checks, replacements or BKB, newest first (by performed_at), one page, with the
 * positions each touched. `approvedOnly`: validated work only (the customer portal).
 */
export async function unitRecords(
  db: DbOrTx,
  unitId: number,
  q: Required<Pick<TUnitRecordsQuery, 'kind'>> & { page: number; pageSize: number; approvedOnly?: boolean },
): Promise<TListResult<TUnitRecordRow>> {
  const k = RECORDS[q.kind];
  const where = q.approvedOnly
    ? sql`d.unit_id = ${unitId} and d.stage = any(${pgArray(APPROVED_STAGES)}::text[])`
    : sql`d.unit_id = ${unitId}`;
  return pagedList(
    q,
    async (limit, offset) =>
      rowsOf<TUnitRecordRow>(
        await db.execute(sql`
          select d.id, ${iso(sql`d.performed_at`)} as performed_at, d.status,
                 ${orMissing(sql`u.name`)} as tireman, ${orMissing(sql`l.name`)} as location,
                 ${k.odometer} as odometer, ${k.category} as category,
                 array(select p.position from ${k.positions} group by p.position
                        order by ${positionOrder(sql`p.position`)}) as positions
            from ${k.table} d
            left join users u on u.id = d.tireman_id
            left join locations l on l.id = d.location_id
           where ${where}
           order by d.performed_at desc, d.id desc
           limit ${limit} offset ${offset}`),
      ),
    async () =>
      rowsOf<{ n: number }>(
        await db.execute(sql`select count(*)::int as n from ${k.table} d where ${where}`),
      )[0]?.n ?? 0,
  );
}
