// Read models of the field app (ITMS Lapangan): what one tire man's phone reads. Every query is
// set-based (one statement per part, no query per unit) and scoped to the signed-in tire man.
import {
  FIELD_RECENT_UNIT_DAYS,
  type TFieldBootstrap,
  type TFieldHistoryQuery,
  type TFieldHistoryRow,
  type TFieldReturnedCheck,
  type TFieldReturnedReplacement,
  type TFieldUnit,
  type TFieldUnitSearchQuery,
  type TFieldUnitSearchRow,
  type TTiremanPlan,
} from '@itms/contracts/field';
import type { TListResult } from '@itms/contracts/list';
import { dayPlan } from '@itms/contracts/rules/day-plan';
import { diagramOf } from '@itms/contracts/rules/vehicle-diagram';
import { type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, rowsOf } from '../../db/client';
import { notFound } from '../../lib/errors';
import { likePattern } from '../../lib/list-query';
import { pageResult, pageWindow } from '../../lib/paging';
import { isoText as iso } from '../../lib/sql-iso';
import { todayIn } from '../reports/reports.service';

/** A timestamptz as the ISO text JavaScript's toISOString() writes (UTC, milliseconds). */

/** The vehicle diagram of a unit type and its positions (1..n, ST, ST2), as the forms draw it. */
function diagramFields(unitType: string): { diagram: TFieldUnit['diagram']; positions: string[] } {
  const d = diagramOf(unitType);
  return { diagram: d.kind, positions: [...d.positions] };
}

/** Wheel positions 1..12 in number order, then ST, ST2. */
const positionOrder = (position: SQL) =>
  sql`case when ${position} ~ '^[0-9]+$' then ${position}::int when ${position} = 'ST' then 100 else 101 end`;

interface UnitRow {
  id: number;
  plate_number: string;
  unit_type: string;
  project_id: number;
  project_name: string;
  location_id: number | null;
  location_name: string | null;
  tonnage: number;
  last_check_at: string | null;
  last_odometer: number | null;
  checked_this_month: boolean;
  last_done_on: string | null;
  /** json_agg of the mounted tires (the drivers parse JSON columns). */
  tires: TFieldUnit['tires'] | null;
}

/**
 * Units as the phone holds them: `{ userId }` the tire man's (those of the projects he is linked to
 * in tireman_projects; with none, the units he checked in the last 60 days), `{ unitId }` one unit
 * found by the search over every unit. Each with its last check (any tire man's, by performed_at)
 * and its mounted tires by position.
 */
async function fieldUnits(
  db: DbOrTx,
  scope: { userId: number } | { unitId: number },
  tz: string,
): Promise<TFieldUnit[]> {
  const units =
    'unitId' in scope
      ? sql`k as (select u.* from units u where u.id = ${scope.unitId})`
      : sql`tp as (select project_id from tireman_projects where user_id = ${scope.userId}),
      mine as (
        select u.id from units u where u.project_id in (select project_id from tp)
        union
        select c.unit_id from tire_checks c
         where c.tireman_id = ${scope.userId}
           and c.performed_at >= now() - make_interval(days => ${FIELD_RECENT_UNIT_DAYS})
           and not exists (select 1 from tp)
      ),
      k as (select u.* from units u join mine on mine.id = u.id)`;
  const rows = rowsOf<UnitRow>(
    await db.execute(sql`
      with ${units}
      select u.id, u.plate_number, u.unit_type, p.id as project_id, p.name as project_name, l.id as location_id, l.name as location_name,
             u.tonnage::float8 as tonnage, ${iso(sql`lc.performed_at`)} as last_check_at, lc.odometer as last_odometer,
             coalesce(ld.last_done_on >= date_trunc('month', now() at time zone ${tz})::date, false)
               as checked_this_month,
             to_char(ld.last_done_on, 'YYYY-MM-DD') as last_done_on,
             mt.tires
        from k u
        join projects p on p.id = u.project_id
        left join lateral (
          select c.performed_at, c.location_id, c.odometer from tire_checks c
           where c.unit_id = u.id order by c.performed_at desc limit 1
        ) lc on true
        left join locations l on l.id = lc.location_id
        -- the last local day with a check that counts as work done (rules/work-done.ts): the newest
        -- month of the unit attendance (Absensi Unit Bulanan's read model) and its last 'Y'
        left join lateral (
          select m.month + (length(rtrim(m.day_letters, 'N')) - 1) as last_done_on
            from tire_check_unit_month m
           where m.unit_id = u.id and m.n > 0
           order by m.month desc limit 1
        ) ld on true
        -- each unit's mounted tires through its own index lookups: as a join over all units the
        -- planner hashed every mounted tire of the fleet (80 ms at L instead of about 2)
        left join lateral (
          select json_agg(json_build_object(
                   'position', a.position, 'tire_id', t.id, 'serial_number', t.serial_number,
                   'ir_brand', t.ir_brand, 'ori_brand', t.ori_brand, 'size', t.size, 'pattern', t.pattern,
                   'groove_1', t.groove_1, 'groove_2', t.groove_2, 'groove_3', t.groove_3,
                   'groove_4', t.groove_4, 'groove_lowest', t.groove_lowest, 'pressure', t.pressure,
                   'measured_at', ${iso(sql`coalesce(w.last_read_at, t.updated_at)`)})
                 order by ${positionOrder(sql`a.position`)}) as tires
            from active_unit_tires a
            join tires t on t.id = a.tire_id
            left join tire_wear w on w.tire_id = t.id
           where a.unit_id = u.id and a.status = 'INSTALLED'
        ) mt on true
       order by u.plate_number, u.id`),
  );
  return rows.map((r) => ({
    id: r.id,
    plate_number: r.plate_number,
    unit_type: r.unit_type,
    ...diagramFields(r.unit_type),
    project: { id: r.project_id, name: r.project_name },
    location: r.location_id == null ? null : { id: r.location_id, name: r.location_name ?? '' },
    tonnage: r.tonnage,
    last_check_at: r.last_check_at,
    last_odometer: r.last_odometer,
    checked_this_month: r.checked_this_month,
    last_done_on: r.last_done_on,
    tires: r.tires ?? [],
  }));
}

type Reference = Pick<
  TFieldBootstrap,
  'me' | 'locations' | 'projects' | 'size_pressures' | 'mismatch_categories' | 'defect_codes' | 'returned'
>;

/** The rest of the snapshot in one statement: the tire man himself, the lookups, his returned work. */
async function reference(db: DbOrTx, userId: number): Promise<Reference> {
  const [row] = rowsOf<Reference>(
    await db.execute(sql`
      select
        (select json_build_object('id', id, 'name', name, 'email', email, 'phone', phone, 'photo', photo,
                  'has_signature', signature not in ('-', ''), 'signature', nullif(nullif(signature, '-'), ''))
           from users where id = ${userId}) as me,
        (select coalesce(json_agg(json_build_object('id', l.id, 'name', l.name,
                  'region', json_build_object('id', r.id, 'name', r.name)) order by l.name, l.id), '[]'::json)
           from locations l join regions r on r.id = l.region_id) as locations,
        (select coalesce(json_agg(json_build_object('id', id, 'name', name) order by name, id), '[]'::json)
           from projects) as projects,
        (select coalesce(json_agg(json_build_object('size', size, 'reference_psi', reference_psi) order by size),
                  '[]'::json)
           from tire_size_pressures) as size_pressures,
        (select coalesce(json_agg(json_build_object('id', id, 'name', name) order by lower(name), id), '[]'::json)
           from mismatch_categories where active) as mismatch_categories,
        (select coalesce(json_agg(json_build_object('code', code, 'name', name, 'unsafe', unsafe) order by code), '[]'::json)
           from defect_codes) as defect_codes,
        (select coalesce(json_agg(json_build_object('kind', x.kind, 'id', x.id, 'unit_id', x.unit_id,
                  'plate_number', x.plate_number, 'performed_at', ${iso(sql`x.performed_at`)},
                  'returned_at', ${iso(sql`x.returned_at`)}, 'return_reason', x.return_reason)
                  order by x.performed_at desc, x.kind, x.id desc), '[]'::json)
           from (
             select 'tire-check' as kind, c.id, c.unit_id, c.plate_number, c.performed_at, c.returned_at,
                    c.return_reason
               from tire_checks c where c.tireman_id = ${userId} and c.returned_at is not null
             union all
             select 'tire-replacement', r.id, r.unit_id, u.plate_number, r.performed_at, r.returned_at,
                    r.return_reason
               from tire_replacements r join units u on u.id = r.unit_id
              where r.tireman_id = ${userId} and r.returned_at is not null
           ) x) as returned`),
  );
  return row!;
}

/** The bootstrap snapshot without server_time (so that its hash changes only when the data does). */
export async function bootstrapSnapshot(
  db: DbOrTx,
  userId: number,
  opts: { tz: string; pullPointMm: number },
): Promise<Omit<TFieldBootstrap, 'server_time' | 'calls'>> {
  const [ref, units] = await Promise.all([reference(db, userId), fieldUnits(db, { userId }, opts.tz)]);
  return {
    me: ref.me,
    units,
    locations: ref.locations,
    projects: ref.projects,
    size_pressures: ref.size_pressures,
    mismatch_categories: ref.mismatch_categories,
    defect_codes: ref.defect_codes,
    pull_point_mm: opts.pullPointMm,
    returned: ref.returned,
  };
}

/**
 * Plate search over every unit (a unit that is not his): spaces and case ignored, LIKE wildcards
 * taken literally; plates that start with the text first.
 */
export async function searchUnits(
  db: DbOrTx,
  q: TFieldUnitSearchQuery,
): Promise<TListResult<TFieldUnitSearchRow>> {
  const text = (q.q ?? '').replace(/\s+/g, '').toLowerCase();
  const squashed = sql`replace(lower(u.plate_number), ' ', '')`;
  const where = text ? sql`${squashed} like ${likePattern(text)}` : sql`true`;
  const order = text
    ? sql`${squashed} like ${likePattern(text).slice(1)} desc, u.plate_number, u.id`
    : sql`u.plate_number, u.id`;
  const { offset, limit } = pageWindow(q);
  const rows = rowsOf<{
    id: number;
    plate_number: string;
    unit_type: string;
    project_id: number;
    project_name: string;
    total: number;
  }>(
    await db.execute(sql`
      select u.id, u.plate_number, u.unit_type, p.id as project_id, p.name as project_name,
             count(*) over ()::int as total
        from units u join projects p on p.id = u.project_id
       where ${where}
       order by ${order}
       limit ${limit} offset ${offset}`),
  );
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && offset > 0) {
    // past the last page: the count still tells the client how many there are
    const [c] = rowsOf<{ n: number }>(
      await db.execute(sql`select count(*)::int as n from units u where ${where}`),
    );
    total = c?.n ?? 0;
  }
  return pageResult(
    rows.map((r) => ({
      id: r.id,
      plate_number: r.plate_number,
      unit_type: r.unit_type,
      project: { id: r.project_id, name: r.project_name },
    })),
    total,
    q,
  );
}

/**
 * GET /tire-man-plan/{id}: a tire man's day plan (Tugas) as his phone computes it from the snapshot,
 * from the same units (fieldUnits) and the same rule (rules/day-plan.ts).
 */
export async function tiremanPlan(db: DbOrTx, userId: number, tz: string): Promise<TTiremanPlan> {
  const [user] = rowsOf<{ id: number; name: string }>(
    await db.execute(sql`select id, name from users where id = ${userId} and role = 'tire-man'`),
  );
  if (!user) throw notFound('Tire man');
  const units = await fieldUnits(db, { userId }, tz);
  const plan = dayPlan(units, todayIn(tz).slice(0, 7));
  return {
    tireman: user,
    month: plan.month,
    done: plan.done,
    total: plan.total,
    todo: plan.todo.map((u) => ({
      id: u.id,
      plate_number: u.plate_number,
      unit_type: u.unit_type,
      project: u.project,
      last_done_on: u.last_done_on ?? null,
    })),
  };
}

/** GET /field/units/{id}: a unit found by the search, whole, to be kept on the phone and worked on. */
export async function fieldUnit(db: DbOrTx, unitId: number, tz: string): Promise<TFieldUnit> {
  const [unit] = await fieldUnits(db, { unitId }, tz);
  if (!unit) throw notFound('Unit');
  return unit;
}

/**
 * The tire man's submissions of the five kinds and the deleted ones, newest first by performed_at
 * (a tire request's created_at):
 * one UNION ALL paged in SQL. Each branch reads at most offset + limit rows from its
 * (tireman_id, performed_at) index; the count reads the same indexes.
 */
export async function history(
  db: DbOrTx,
  userId: number,
  q: TFieldHistoryQuery,
): Promise<TListResult<TFieldHistoryRow>> {
  const { offset, limit } = pageWindow(q);
  const top = offset + limit;
  const [rowsResult, countResult] = await Promise.all([
    db.execute(sql`
      select x.kind, x.id, x.unit_id, coalesce(x.plate_number, u.plate_number, '') as plate_number,
             x.serial_number, ${iso(sql`x.performed_at`)} as performed_at, x.status, x.return_reason
        from (
          (select 'tire-check' as kind, c.id, c.unit_id, c.plate_number, c.performed_at,
                  case when c.returned_at is not null then 'returned' when c.status = 'approved' then 'approved'
                       else 'pending' end as status,
                  c.return_reason, null::text as serial_number
             from tire_checks c where c.tireman_id = ${userId}
            order by c.performed_at desc, c.id desc limit ${top})
          union all
          (select 'tire-replacement', r.id, r.unit_id, null, r.performed_at,
                  case when r.returned_at is not null then 'returned' when r.status = 'approved' then 'approved'
                       else 'pending' end,
                  r.return_reason, null
             from tire_replacements r where r.tireman_id = ${userId}
            order by r.performed_at desc, r.id desc limit ${top})
          union all
          (select 'mismatch', m.id, m.unit_id, null, m.performed_at,
                  case when m.status = 'approved' then 'approved' else 'pending' end, null, null
             from mismatches m where m.tireman_id = ${userId}
            order by m.performed_at desc, m.id desc limit ${top})
          union all
          (select 'qc-check', q.id, q.unit_id, null, q.performed_at, 'approved', null, null
             from qc_checks q where q.tireman_id = ${userId}
            order by q.performed_at desc, q.id desc limit ${top})
          union all
          (select 'tire-request', t.id, null, '', t.performed_at,
                  case when t.status = 'approved' then 'approved' else 'pending' end, null, t.serial_number
             from tire_requests t where t.requested_by = ${userId}
            order by t.performed_at desc, t.id desc limit ${top})
          union all
          -- a deleted tire request's tombstone keeps its serial where the others keep the plate
          (select d.kind, d.record_id, d.unit_id, case when d.kind = 'tire-request' then '' else d.plate_number end,
                  d.performed_at, 'deleted', null,
                  case when d.kind = 'tire-request' then d.plate_number end
             from deleted_submissions d where d.tireman_id = ${userId}
            order by d.performed_at desc, d.record_id desc limit ${top})
        ) x
        left join units u on u.id = x.unit_id
       order by x.performed_at desc, x.kind, x.id desc
       limit ${limit} offset ${offset}`),
    db.execute(sql`
      select (select count(*) from tire_checks where tireman_id = ${userId})
           + (select count(*) from tire_replacements where tireman_id = ${userId})
           + (select count(*) from mismatches where tireman_id = ${userId})
           + (select count(*) from qc_checks where tireman_id = ${userId})
           + (select count(*) from tire_requests where requested_by = ${userId})
           + (select count(*) from deleted_submissions where tireman_id = ${userId}) as n`),
  ]);
  const data = rowsOf<TFieldHistoryRow>(rowsResult);
  const total = Number(rowsOf<{ n: string | number }>(countResult)[0]?.n ?? 0);
  return pageResult(data, total, q);
}

const unitJson = sql`json_build_object('id', un.id, 'plate_number', un.plate_number, 'unit_type', un.unit_type,
  'tonnage', un.tonnage, 'project', json_build_object('id', up.id, 'name', up.name))`;

/** The unit of a returned document with its diagram (computed here, like the forms do). */
function withDiagram<T extends { unit: { unit_type: string } }>(doc: T): T {
  const { id, plate_number, unit_type, tonnage, project } = doc.unit as TFieldReturnedCheck['unit'];
  return { ...doc, unit: { id, plate_number, unit_type, ...diagramFields(unit_type), tonnage, project } };
}

/** A check returned to this tire man, whole (null when it is not his or not returned). */
export async function returnedCheck(
  db: DbOrTx,
  userId: number,
  id: number,
): Promise<TFieldReturnedCheck | null> {
  const [row] = rowsOf<{ doc: TFieldReturnedCheck }>(
    await db.execute(sql`
      select json_build_object(
               'kind', 'tire-check', 'id', c.id, 'unit', ${unitJson},
               'location', json_build_object('id', l.id, 'name', l.name),
               'project', case when p.id is null then null else json_build_object('id', p.id, 'name', p.name) end,
               'odometer', c.odometer, 'plate_number_url', c.plate_number_url, 'odometer_url', c.odometer_url,
               'tireman_sign', c.tireman_sign, 'pic_sign', c.pic_sign, 'itms_sign', c.itms_sign,
               'performed_at', ${iso(sql`c.performed_at`)}, 'created_at', ${iso(sql`c.created_at`)},
               'returned_at', ${iso(sql`c.returned_at`)}, 'return_reason', c.return_reason,
               'plate_number', c.plate_number, 'equipment', c.equipment,
               'driver', case when d.id is null then null
                              else json_build_object('id', d.id, 'name', d.name, 'phone', d.phone) end,
               'driver_sign', c.driver_sign, 'pic_name', c.pic_name,
               'records', coalesce((
                 select json_agg(json_build_object(
                          'position', r.position, 'tire_id', r.tire_id, 'serial_number', r.serial_number,
                          'serial_number_url', r.serial_number_url, 'ir_brand', r.ir_brand,
                          'ori_brand', r.ori_brand, 'pattern', r.pattern, 'size', r.size,
                          'groove_1', r.groove_1, 'groove_2', r.groove_2, 'groove_3', r.groove_3,
                          'groove_4', r.groove_4, 'pressure', r.pressure, 'condition', r.condition,
                          'rotation', r.rotation, 'temperature', r.temperature, 'information', r.information)
                        order by ${positionOrder(sql`r.position`)}, r.id)
                   from tire_check_records r where r.tire_check_id = c.id), '[]'::json)
             ) as doc
        from tire_checks c
        join units un on un.id = c.unit_id
        join projects up on up.id = un.project_id
        join locations l on l.id = c.location_id
        left join projects p on p.id = c.project_id
        left join drivers d on d.id = c.driver_id
       where c.id = ${id} and c.tireman_id = ${userId} and c.returned_at is not null`),
  );
  return row ? withDiagram(row.doc) : null;
}

/** A replacement returned to this tire man, whole (null when it is not his or not returned). */
export async function returnedReplacement(
  db: DbOrTx,
  userId: number,
  id: number,
): Promise<TFieldReturnedReplacement | null> {
  const [row] = rowsOf<{ doc: TFieldReturnedReplacement }>(
    await db.execute(sql`
      select json_build_object(
               'kind', 'tire-replacement', 'id', t.id, 'unit', ${unitJson},
               'location', json_build_object('id', l.id, 'name', l.name),
               'project', case when p.id is null then null else json_build_object('id', p.id, 'name', p.name) end,
               'odometer', t.odometer, 'plate_number_url', t.plate_number_url, 'odometer_url', t.odometer_url,
               'tireman_sign', t.tireman_sign, 'pic_sign', t.pic_sign, 'itms_sign', t.itms_sign,
               'performed_at', ${iso(sql`t.performed_at`)}, 'created_at', ${iso(sql`t.created_at`)},
               'returned_at', ${iso(sql`t.returned_at`)}, 'return_reason', t.return_reason,
               'spk', t.spk,
               'records', coalesce((
                 select json_agg(json_build_object(
                          'position', r.position, 'status', r.status, 'tire_id', r.tire_id,
                          'serial_number', r.serial_number, 'serial_number_img', r.serial_number_img,
                          'ir_brand', r.ir_brand, 'ori_brand', r.ori_brand, 'pattern', r.pattern, 'size', r.size,
                          'is_original', r.is_original, 'odometer', r.odometer,
                          'groove_1', r.groove_1, 'groove_2', r.groove_2, 'groove_3', r.groove_3,
                          'groove_4', r.groove_4, 'pressure', r.pressure, 'groove_lowest', r.groove_lowest,
                          'casing_status', r.casing_status, 'tube_brand', r.tube_brand, 'tube_size', r.tube_size,
                          'tube_status', r.tube_status, 'flap_brand', r.flap_brand, 'flap_size', r.flap_size,
                          'flap_status', r.flap_status, 'velg_brand', r.velg_brand, 'velg_size', r.velg_size,
                          'velg_holes', r.velg_holes, 'velg_status', r.velg_status, 'information', r.information,
                          'condition', r.condition, 'tube_url', r.tube_url, 'flap_url', r.flap_url,
                          'inner_tube_url', r.inner_tube_url)
                        order by ${positionOrder(sql`r.position`)}, r.id)
                   from tire_replace_records r where r.tire_replacement_id = t.id), '[]'::json)
             ) as doc
        from tire_replacements t
        join units un on un.id = t.unit_id
        join projects up on up.id = un.project_id
        join locations l on l.id = t.location_id
        left join projects p on p.id = t.project_id
       where t.id = ${id} and t.tireman_id = ${userId} and t.returned_at is not null`),
  );
  return row ? withDiagram(row.doc) : null;
}
