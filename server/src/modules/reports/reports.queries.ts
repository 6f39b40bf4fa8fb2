// Read models of the records, reports and dashboard: every count and aggregate is computed here,
// in SQL. Days are `yyyy-mm-dd` in APP_TIMEZONE; a range covers the whole end day.

import { CHECKS_PER_TIREMAN_PER_DAY } from '@itms/contracts/constants';
import { defectLabel, defectsOf, ZONES } from '@itms/contracts/defect-codes';
import type { TRecordFilters } from '@itms/contracts/record-filters';
import {
  MISSING_NAME,
  NO_BRAND,
  type TAbsenceSummary,
  type TCheckRecordRow,
  type TDashboardCounters,
  type TFindingsGroup,
  type TFindingsReply,
  type TLeaderboardEntry,
  type TProductivityTireMan,
  type TReplacementRecordRow,
  type TSummaryRow,
} from '@itms/contracts/reports';
import { AWAITING_VALIDATION, RETURNED } from '@itms/contracts/rules/lifecycle';
import { lateDays } from '@itms/contracts/rules/performed-at';
import { type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, rowsOf } from '../../db/client';
import { stageIn } from '../../db/schema/columns';
import { type DayRange, inRange } from '../../lib/day-range';
import { likePattern } from '../../lib/list-query';
import { recordConditions } from '../../lib/record-filters';
import { isoText as iso } from '../../lib/sql-iso';
import { breachOf, openCall } from '../storing/storing.service';

/** part / whole x 100 rounded to 2 decimals (half away from zero, exact numeric), null when whole is 0. */
const pct = (part: SQL, whole: SQL) =>
  sql`case when (${whole}) > 0 then round((${part}) * 100.0 / (${whole}), 2)::float8 end`;

const orMissing = (col: SQL) => sql`coalesce(nullif(btrim(${col}), ''), ${MISSING_NAME})`;

// ---------- checks per location and tire man (productivity, leaderboard, summary) ----------

/**
 * CTE `b`: the range's local days [d1, d2) and the whole local months inside them [m1, m2);
 * without a whole month, m1 = m2 = d2 and the daily rollup covers [d1, d2) alone.
 */
function rangeBounds(r: DayRange): SQL {
  return sql`b as (
    select y.d1, y.d2,
           case when y.fm1 < y.fm2 then y.fm1 else y.d2 end as m1,
           case when y.fm1 < y.fm2 then y.fm2 else y.d2 end as m2
      from (select x.d1, x.d2,
                   (date_trunc('month', (x.d1 - 1)::timestamp) + interval '1 month')::date as fm1,
                   date_trunc('month', x.d2::timestamp)::date as fm2
              from (select ${r.start}::date as d1, ${r.end}::date + 1 as d2) x) y)`;
}

/**
 * CTE `cc` (after `b`): checks of the range per location and tire man with the summary's
 * signature states, only pairs with checks. Whole local months come from the monthly rollup
 * tire_check_monthly, the days of the partial months at both ends from the daily rollup
 * tire_check_daily (both kept by a trigger in APP_TIMEZONE's days), so an all-time range reads
 * about a row per tire man per month and no check. `rollupFilter` narrows the rollup rows (by
 * location or tire man), given the rollup table's alias.
 */
function checkCounts(rollupFilter?: (alias: string) => SQL): SQL {
  const f = (a: string) => (rollupFilter ? sql`and ${rollupFilter(a)}` : sql``);
  const daily = (cond: SQL) => sql`
    select d.location_id, d.tireman_id, d.n, d.approved, d.awaiting_pic as ap, d.awaiting_edp as ae,
           d.awaiting_workshop as aw
      from b join tire_check_daily d on ${cond} ${f('d')}`;
  return sql`cc as (
    select u.location_id, u.tireman_id, sum(u.n)::int as n, sum(u.approved)::int as approved,
           sum(u.ap)::int as ap, sum(u.ae)::int as ae, sum(u.aw)::int as aw
      from (
        select m.location_id, m.tireman_id, m.n, m.approved, m.awaiting_pic as ap, m.awaiting_edp as ae,
               m.awaiting_workshop as aw
          from b join tire_check_monthly m on m.month >= b.m1 and m.month < b.m2 ${f('m')}
        union all
        ${daily(sql`d.day >= b.d1 and d.day < b.m1`)}
        union all
        ${daily(sql`d.day >= b.m2 and d.day < b.d2`)}
      ) u
     group by u.location_id, u.tireman_id
    having sum(u.n) > 0)`;
}

// ---------- Produktifitas ----------

export interface ProductivityResult {
  total: number;
  approved: number;
  tire_man: TProductivityTireMan[];
}

/** Per tire man: checks and approved checks in the range; every tire man appears, most checks first. */
export async function productivity(db: DbOrTx, r: DayRange): Promise<ProductivityResult> {
  const rows = rowsOf<TProductivityTireMan & { sum_total: number; sum_approved: number }>(
    await db.execute(sql`
      with ${rangeBounds(r)}, ${checkCounts()},
      agg as (
        select cc.tireman_id, sum(cc.n)::int as total, sum(cc.approved)::int as approved
          from cc
         group by cc.tireman_id
      )
      select u.id,
             u.name,
             coalesce(a.total, 0)::int as total_pengecekan,
             coalesce(a.approved, 0)::int as total_pengecekan_approved,
             (sum(coalesce(a.total, 0)) over ())::int as sum_total,
             (sum(coalesce(a.approved, 0)) over ())::int as sum_approved
        from users u
        left join agg a on a.tireman_id = u.id
       where u.role = 'tire-man' or a.tireman_id is not null
       order by total_pengecekan desc, u.id`),
  );
  return {
    total: rows[0]?.sum_total ?? 0,
    approved: rows[0]?.sum_approved ?? 0,
    tire_man: rows.map(({ id, name, total_pengecekan, total_pengecekan_approved }) => ({
      id,
      name,
      total_pengecekan,
      total_pengecekan_approved,
    })),
  };
}

// ---------- Leaderboard ----------

/**
 * Tire men with at least one check in the range, by checks desc then id; tied counts share a
 * rank (1, 1, 3); a page when `page` is given.
 */
export async function leaderboard(
  db: DbOrTx,
  r: DayRange,
  page?: { offset: number; limit: number },
): Promise<{ rows: TLeaderboardEntry[]; total: number }> {
  const rows = rowsOf<TLeaderboardEntry & { total_rows: number }>(
    await db.execute(sql`
      select u.id,
             u.name as "userName",
             a.n as "highScore",
             (rank() over (order by a.n desc))::int as rank,
             (count(*) over ())::int as total_rows
        from (with ${rangeBounds(r)}, ${checkCounts()}
              select cc.tireman_id, sum(cc.n)::int as n from cc group by cc.tireman_id) a
        join users u on u.id = a.tireman_id
       order by a.n desc, u.id
       ${page ? sql`limit ${page.limit} offset ${page.offset}` : sql``}`),
  );
  let total = rows[0]?.total_rows ?? 0;
  if (page && rows.length === 0 && page.offset > 0) {
    // a page past the end: still report how many there are
    const [c] = rowsOf<{ n: number }>(
      await db.execute(sql`
        with ${rangeBounds(r)}, ${checkCounts()}
        select count(distinct cc.tireman_id)::int as n from cc`),
    );
    total = c?.n ?? 0;
  }
  return { rows: rows.map(({ total_rows: _, ...e }) => e), total };
}

// ---------- Summary per region ----------

/**
 * One row per region (all regions), with the awaiting-signature split of spec section 4. The
 * expectation (rules/expected-checks.ts) adds up, month by month of the range, the Target Check
 * in force that month (region_plans) x the tire men who did counted work in the region in the
 * range x the month's days in the range (up to `today` for expected_to_date).
 */
export async function summaryByRegion(
  db: DbOrTx,
  r: DayRange,
  today: string,
  regionId?: number,
): Promise<TSummaryRow[]> {
  const inRegion = regionId
    ? (a: string) =>
        sql`${sql.raw(a)}.location_id in (select id from locations where region_id = ${regionId})`
    : undefined;
  const perDay = sql`greatest(coalesce(p.target_check, ${CHECKS_PER_TIREMAN_PER_DAY}::int), 0)`;
  return rowsOf<TSummaryRow>(
    await db.execute(sql`
      with ${rangeBounds(r)}, ${checkCounts(inRegion)},
      per as (
        select l.region_id, p.tireman_id, sum(p.n)::int as n, sum(p.approved)::int as approved,
               sum(p.ap)::int as ap, sum(p.ae)::int as ae, sum(p.aw)::int as aw
          from cc p
          join locations l on l.id = p.location_id
         group by l.region_id, p.tireman_id
      ),
      reg as (
        select region_id, sum(n)::int as total, sum(approved)::int as approved,
               sum(ap)::int as ap, sum(ae)::int as ae, sum(aw)::int as aw, count(*)::int as tire_men
          from per
         group by region_id
      ),
      lead as (
        select distinct on (region_id) region_id, tireman_id
          from per
         order by region_id, n desc, tireman_id
      ),
      -- the range's months with their days in the range, and up to today
      mon as (
        select m.m::date as m,
               least((m.m + interval '1 month')::date - 1, ${r.end}::date)
                 - greatest(m.m::date, ${r.start}::date) + 1 as days,
               greatest(least((m.m + interval '1 month')::date - 1, ${r.end}::date, ${today}::date)
                 - greatest(m.m::date, ${r.start}::date) + 1, 0) as days_to_date
          from generate_series(date_trunc('month', ${r.start}::date), ${r.end}::date, interval '1 month') m(m)
      ),
      -- each region's plan in force each month: the latest dated row not after it, else its first
      plan as (
        select r.id as region_id, mon.m, mon.days, mon.days_to_date,
               coalesce(p.manpower, r.manpower) as manpower,
               case when p.region_id is null then r.target_check else p.target_check end as target_check
          from regions r
         cross join mon
          left join lateral (
            select x.region_id, x.manpower, x.target_check
              from region_plans x
             where x.region_id = r.id
             order by x.month <= mon.m desc, abs(x.month - mon.m)
             limit 1) p on true
         ${regionId ? sql`where r.id = ${regionId}` : sql``}
      ),
      due as (
        select p.region_id,
               sum(${perDay} * p.days)::int as per_man,
               sum(${perDay} * p.days_to_date)::int as per_man_to_date,
               (array_agg(p.manpower order by p.m desc))[1] as manpower,
               (array_agg(p.target_check order by p.m desc))[1] as target_check
          from plan p
         group by p.region_id
      )
      select r.id,
             r.name as region,
             r.pic,
             d.manpower,
             coalesce(g.tire_men, 0)::int as tire_men,
             coalesce(g.total, 0)::int as total,
             coalesce(g.approved, 0)::int as approved,
             coalesce(g.ap, 0)::int as awaiting_pic,
             coalesce(g.ae, 0)::int as awaiting_edp,
             coalesce(g.aw, 0)::int as awaiting_workshop,
             u.name as leader,
             d.target_check,
             (d.per_man * coalesce(g.tire_men, 0))::int as expected,
             (d.per_man_to_date * coalesce(g.tire_men, 0))::int as expected_to_date,
             ${pct(sql`coalesce(g.total, 0)`, sql`d.per_man_to_date * coalesce(g.tire_men, 0)`)} as percentage,
             ${pct(sql`coalesce(g.approved, 0)`, sql`d.per_man_to_date * coalesce(g.tire_men, 0)`)} as approved_percentage
        from regions r
        join due d on d.region_id = r.id
        left join reg g on g.region_id = r.id
        left join lead ld on ld.region_id = r.id
        left join users u on u.id = ld.tireman_id
       order by r.id`),
  );
}

// ---------- Absensi Unit Bulanan ----------

export interface AbsenceQuery {
  /** First day of the local month, `yyyy-mm-01`. */
  month: string;
  days: number;
  /** Omit for every unit (export). */
  page?: { offset: number; limit: number };
  q?: string;
  /** One unit only (the unit page). */
  unitId?: number;
  onlyChecked: boolean;
}

/**
 * Units with their checked days and checks in the month, by plate number, from
 * tire_check_unit_month: one row per unit and month (bit d-1 of `days` set when the unit was
 * checked on local day d), so the whole fleet costs one index range and a join with the units.
 * The page comes back as the JSON text of the reply's `units` (TAbsenceUnit[]), written by
 * PostgreSQL with the stored day letters: for 5,000 units Node neither parses nor re-serialises it.
 * Plates sort by code point (COLLATE "C"): the order of a C.UTF-8 database, the same on any
 * database, and each of the two sorts of 5,000 plates 3x cheaper than through the locale.
 */
export async function absenceUnits(
  db: DbOrTx,
  a: AbsenceQuery,
): Promise<{ unitsJson: string; total: number }> {
  const conds = [
    a.q ? sql`u.plate_number ilike ${likePattern(a.q)}` : undefined,
    a.unitId ? sql`u.id = ${a.unitId}` : undefined,
  ].filter((c) => c !== undefined);
  const filter = conds.length ? sql`where ${sql.join(conds, sql` and `)}` : sql``;
  const [row] = rowsOf<{ total: number | null; units: string }>(
    await db.execute(sql`
      with page as (
        select u.id, u.plate_number, coalesce(x.n, 0) as n,
               substr(coalesce(x.day_letters, repeat('N', 31)), 1, ${a.days}::int) as letters,
               count(*) over () as total_rows
          from units u
          ${a.onlyChecked ? sql`join` : sql`left join`} tire_check_unit_month x
            on x.month = ${a.month}::date and x.unit_id = u.id
          ${filter}
         order by u.plate_number collate "C", u.id
         ${a.page ? sql`limit ${a.page.limit} offset ${a.page.offset}` : sql``}
      )
      -- written as text: cheaper than json_build_object per unit (letters are A-Z, ids numbers)
      select max(total_rows)::int as total,
             '[' || coalesce(string_agg(concat('{"unit_id":', id, ',"plate_number":', to_json(plate_number),
               ',"days":"', letters, '","total":', n, '}'), ',' order by plate_number collate "C", id), '') || ']' as units
        from page`),
  );
  let total = row?.total ?? 0;
  if (a.page && !row?.total && a.page.offset > 0) {
    total = (await absenceUnits(db, { ...a, page: { offset: 0, limit: 1 } })).total;
  }
  return { total, unitsJson: row?.units ?? '[]' };
}

/** Units checked exactly 1, 2, 3 and 4+ times in the month, total checks, distinct units, shares. */
export async function absenceSummary(db: DbOrTx, month: string): Promise<TAbsenceSummary> {
  const [row] = rowsOf<Record<string, number>>(
    await db.execute(sql`
      with per_unit as (
        select m.n from tire_check_unit_month m where m.month = ${month}::date and m.n > 0
      ),
      s as (
        select (count(*) filter (where n = 1))::int as once,
               (count(*) filter (where n = 2))::int as twice,
               (count(*) filter (where n = 3))::int as thrice,
               (count(*) filter (where n >= 4))::int as four_plus,
               coalesce(sum(n), 0)::int as total_checks,
               count(*)::int as distinct_units
          from per_unit
      )
      select s.*,
             coalesce(${pct(sql`s.once`, sql`s.distinct_units`)}, 0) as once_share,
             coalesce(${pct(sql`s.twice`, sql`s.distinct_units`)}, 0) as twice_share,
             coalesce(${pct(sql`s.thrice`, sql`s.distinct_units`)}, 0) as thrice_share,
             coalesce(${pct(sql`s.four_plus`, sql`s.distinct_units`)}, 0) as four_plus_share,
             coalesce(${pct(sql`s.total_checks`, sql`s.distinct_units`)}, 0) as total_checks_share,
             coalesce(${pct(sql`s.distinct_units`, sql`s.distinct_units`)}, 0) as distinct_units_share,
             (select count(*) from units)::int as fleet_units
        from s`),
  );
  const v = row!;
  return {
    once: v.once!,
    twice: v.twice!,
    thrice: v.thrice!,
    fourPlus: v.four_plus!,
    totalChecks: v.total_checks!,
    distinctUnits: v.distinct_units!,
    share: {
      once: v.once_share!,
      twice: v.twice_share!,
      thrice: v.thrice_share!,
      fourPlus: v.four_plus_share!,
      totalChecks: v.total_checks_share!,
      distinctUnits: v.distinct_units_share!,
    },
    fleetUnits: v.fleet_units!,
  };
}

// ---------- Rekam Pengecekan / Riwayat Pergantian ----------

export interface RecordSearch {
  range: DayRange;
  /** Plate (unit), tire man, location and status. */
  filters: Partial<TRecordFilters>;
  offset: number;
  limit: number;
}

const checkColumns = {
  unit_id: sql`c.unit_id`,
  tireman_id: sql`c.tireman_id`,
  location_id: sql`c.location_id`,
  status: sql`c.status`,
};

/** The search's checks that count as work done (rules/work-done.ts), as the rollups count them. */
const checkWhere = (s: Pick<RecordSearch, 'range' | 'filters'>) =>
  sql.join(
    [
      inRange(sql`c.performed_at`, s.range),
      sql`c.returned_at is null`,
      ...recordConditions(checkColumns, s.filters),
    ],
    sql` and `,
  );

/**
 * How many checks the search finds. Without a plate it adds up the daily and monthly rollups,
 * which are kept per tire man and location (the range is whole local days; pending is all minus
 * approved); a plate counts the unit's checks from the (unit_id, performed_at) index.
 */
export async function checkRecordCount(
  db: DbOrTx,
  s: Pick<RecordSearch, 'range' | 'filters'>,
): Promise<number> {
  const f = s.filters;
  if (f.unit_id) {
    const [count] = rowsOf<{ n: number }>(
      await db.execute(sql`select count(*)::int as n from tire_checks c where ${checkWhere(s)}`),
    );
    return count?.n ?? 0;
  }
  const rollup = (a: string) =>
    sql.join(
      [
        sql`true`,
        ...(f.tireman_id ? [sql`${sql.raw(a)}.tireman_id = ${f.tireman_id}`] : []),
        ...(f.location_id ? [sql`${sql.raw(a)}.location_id = ${f.location_id}`] : []),
      ],
      sql` and `,
    );
  const [count] = rowsOf<{ n: number; approved: number }>(
    await db.execute(sql`
      with ${rangeBounds(s.range)}, ${checkCounts(rollup)}
      select coalesce(sum(n), 0)::int as n, coalesce(sum(approved), 0)::int as approved from cc`),
  );
  const all = count?.n ?? 0;
  const approved = count?.approved ?? 0;
  return f.status === 'approved' ? approved : f.status === 'pending' ? all - approved : all;
}

/** One page (or export batch) of the search's checks, newest first. */
export async function checkRecordRows(db: DbOrTx, s: RecordSearch): Promise<TCheckRecordRow[]> {
  const rows = rowsOf<
    Omit<TCheckRecordRow, 'tireman_tire_check' | 'Location' | 'late_days'> & Record<string, unknown>
  >(
    await db.execute(sql`
      select c.id,
             ${iso(sql`c.created_at`)} as "createdAt",
             ${iso(sql`c.performed_at`)} as performed_at,
             to_char(c.performed_at at time zone ${s.range.tz}, 'YYYY-MM-DD') as date,
             to_char(c.performed_at at time zone ${s.range.tz}, 'HH24:MI') as time,
             c.status,
             c.unit_id,
             c.plate_number,
             u.id as tireman_id,
             ${orMissing(sql`u.name`)} as tireman_name,
             ${orMissing(sql`l.name`)} as location_name
        from tire_checks c
        join users u on u.id = c.tireman_id
        left join locations l on l.id = c.location_id
       -- the page's ids first, from the (performed_at, id) index: the joins run for its rows only
       where c.id in (select c.id from tire_checks c where ${checkWhere(s)}
                       order by c.performed_at desc, c.id desc limit ${s.limit} offset ${s.offset})
       order by c.performed_at desc, c.id desc`),
  );
  return rows.map(({ tireman_id, tireman_name, location_name, ...row }) => ({
    ...row,
    late_days: lateDays(row.performed_at, row.createdAt),
    tireman_tire_check: { id: tireman_id as number, name: tireman_name as string },
    Location: { name: location_name as string },
  }));
}

/** What the check export adds to a check: its tires' defects by zone and their serial photos. */
export interface CheckTireFindings {
  /** Per zone (ZONES order): 'Pos 3: 23 Sidewall Cut; Pos 5: 36 Running Flat', '' when none. */
  zones: string[];
  /** Tires recorded, and those with a serial photo. */
  tires: number;
  tire_photos: number;
}

/**
 * The defects (named by the catalogue) and tire photos of the given checks' records, by check id,
 * in one pass over their records (tire_check_records_check_idx).
 */
export async function checkTireFindings(
  db: DbOrTx,
  checkIds: number[],
): Promise<Map<number, CheckTireFindings>> {
  const out = new Map<number, CheckTireFindings>();
  if (checkIds.length === 0) return out;
  const ids = sql.join(
    checkIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const rows = rowsOf<{
    check_id: number;
    position: string;
    condition: string;
    photo: boolean;
  }>(
    await db.execute(sql`
      select r.tire_check_id as check_id, r.position, r.condition,
             (r.serial_number_url not in ('', '-')) as photo
        from tire_check_records r
       where r.tire_check_id in (${ids})
       order by r.tire_check_id, r.id`),
  );
  const catalogue = rowsOf<{ code: number; name: string | null }>(
    await db.execute(sql`select code, name from defect_codes`),
  );
  for (const r of rows) {
    const id = Number(r.check_id);
    const f = out.get(id) ?? { zones: ZONES.map(() => ''), tires: 0, tire_photos: 0 };
    f.tires += 1;
    if (r.photo) f.tire_photos += 1;
    for (const d of defectsOf(r.condition)) {
      const i = ZONES.findIndex((z) => z.part === d.part);
      const text = `Pos ${r.position}: ${d.code} ${defectLabel(d.code, catalogue)}`;
      f.zones[i] = f.zones[i] ? `${f.zones[i]}; ${text}` : text;
    }
    out.set(id, f);
  }
  return out;
}

/** Checks of the search, newest first, one page. */
export async function checkRecords(
  db: DbOrTx,
  s: RecordSearch,
): Promise<{ rows: TCheckRecordRow[]; total: number }> {
  const total = await checkRecordCount(db, s);
  if (total === 0 || s.offset >= total) return { rows: [], total };
  return { rows: await checkRecordRows(db, s), total };
}

const replacementColumns = {
  unit_id: sql`t.unit_id`,
  tireman_id: sql`t.tireman_id`,
  location_id: sql`t.location_id`,
  status: sql`t.status`,
};

const replacementWhere = (s: Pick<RecordSearch, 'range' | 'filters'>) =>
  sql.join(
    [inRange(sql`t.performed_at`, s.range), ...recordConditions(replacementColumns, s.filters)],
    sql` and `,
  );

/** One page (or export batch) of the search's replacements, newest first (Riwayat Pergantian). */
export async function replacementRecordRows(db: DbOrTx, s: RecordSearch): Promise<TReplacementRecordRow[]> {
  const rows = rowsOf<
    Omit<TReplacementRecordRow, 'Tire_Man' | 'Location' | 'late_days'> & Record<string, unknown>
  >(
    await db.execute(sql`
      select t.id,
             ${iso(sql`t.created_at`)} as "createdAt",
             ${iso(sql`t.performed_at`)} as performed_at,
             to_char(t.performed_at at time zone ${s.range.tz}, 'YYYY-MM-DD') as date,
             to_char(t.performed_at at time zone ${s.range.tz}, 'HH24:MI') as time,
             t.status,
             t.unit_id,
             coalesce(un.plate_number, '-') as plate_number,
             u.id as tireman_id,
             ${orMissing(sql`u.name`)} as tireman_name,
             ${orMissing(sql`l.name`)} as location_name
        from tire_replacements t
        join users u on u.id = t.tireman_id
        left join units un on un.id = t.unit_id
        left join locations l on l.id = t.location_id
       -- the page's ids first, from the (performed_at, id) index: the joins run for its rows only
       where t.id in (select t.id from tire_replacements t where ${replacementWhere(s)}
                       order by t.performed_at desc, t.id desc limit ${s.limit} offset ${s.offset})
       order by t.performed_at desc, t.id desc`),
  );
  return rows.map(({ tireman_id, tireman_name, location_name, ...row }) => ({
    ...row,
    late_days: lateDays(row.performed_at, row.createdAt),
    Tire_Man: { id: tireman_id as number, name: tireman_name as string },
    Location: { name: location_name as string },
  }));
}

/** Replacements of the search, newest first, one page (Riwayat Pergantian). */
export async function replacementRecords(
  db: DbOrTx,
  s: RecordSearch,
): Promise<{ rows: TReplacementRecordRow[]; total: number }> {
  const [count] = rowsOf<{ n: number }>(
    await db.execute(sql`select count(*)::int as n from tire_replacements t where ${replacementWhere(s)}`),
  );
  const total = count?.n ?? 0;
  if (total === 0 || s.offset >= total) return { rows: [], total };
  return { rows: await replacementRecordRows(db, s), total };
}

// ---------- Temuan (findings) ----------

export interface FindingsQuery {
  range: DayRange;
  group: TFindingsGroup;
  regionId?: number;
  customerId?: number;
}

/** The key and label of a defect row (`d`, with its catalogue entry `dc`) in each grouping. */
const findingsKey: Record<TFindingsGroup, { key: SQL; label: SQL }> = {
  code: {
    key: sql`d.code::text`,
    label: sql`coalesce(nullif(btrim(dc.name), ''), 'Kode ' || d.code)`,
  },
  brand: { key: sql`d.brand`, label: sql`coalesce(d.brand, ${NO_BRAND})` },
  position: { key: sql`d.position`, label: sql`d.position` },
  customer: { key: sql`cu.id::text`, label: sql`${orMissing(sql`cu.name`)}` },
};

/**
 * Temuan: every zone of the range's tire check records carrying a defect code (the five parts of
 * `condition`, not 0 'not checked', not 99 'normal', not a non-numeric part), of the checks that
 * count as work done (rules/work-done.ts: not returned and waiting to be sent again; a deleted
 * check is gone), counted per group: defects, distinct tire records, and defects of a code the
 * catalogue marks unsafe. The brand is the record's IR brand, else its original brand; the
 * customer is the one of the check's project, else of the unit's.
 */
export async function findings(
  db: DbOrTx,
  f: FindingsQuery,
): Promise<Pick<TFindingsReply, 'data' | 'totals'>> {
  const conds = [
    inRange(sql`c.performed_at`, f.range),
    sql`c.returned_at is null`,
    f.regionId ? sql`c.location_id in (select id from locations where region_id = ${f.regionId})` : undefined,
  ].filter((c) => c !== undefined);
  const g = findingsKey[f.group];
  const rows = rowsOf<{
    key: string | null;
    label: string;
    defects: number;
    tires: number;
    unsafe: number;
    total: boolean;
  }>(
    await db.execute(sql`
      with d as (
        select x.record_id, x.code, x.brand, x.position, x.project_id
          from (
            select r.id as record_id,
                   -- a part that is not a number is no code: the case keeps the cast from seeing it
                   case when btrim(z.part) ~ '^[0-9]{1,4}$' then btrim(z.part)::int end as code,
                   coalesce(nullif(btrim(r.ir_brand), ''), nullif(btrim(r.ori_brand), '')) as brand,
                   coalesce(nullif(btrim(r.position), ''), '-') as position,
                   coalesce(c.project_id, un.project_id) as project_id
              from tire_checks c
              join units un on un.id = c.unit_id
              join tire_check_records r on r.tire_check_id = c.id
             cross join lateral unnest(string_to_array(r.condition, ',')) with ordinality as z(part, n)
             where ${sql.join(conds, sql` and `)} and z.n <= 5
          ) x
         where x.code is not null and x.code not in (0, 99)
      ),
      dd as (
        select d.*, coalesce(dc.unsafe, false) as unsafe, ${g.key} as key, ${g.label} as label
          from d
          left join defect_codes dc on dc.code = d.code
          left join projects p on p.id = d.project_id
          left join customers cu on cu.id = p.customer_id
         ${f.customerId ? sql`where p.customer_id = ${f.customerId}` : sql``}
      )
      select key, label, defects, tires, unsafe, false as total
        from (select dd.key, min(dd.label) as label, count(*)::int as defects,
                     count(distinct dd.record_id)::int as tires,
                     (count(*) filter (where dd.unsafe))::int as unsafe
                from dd group by dd.key) grp
      union all
      select null, '', count(*)::int, count(distinct dd.record_id)::int,
             (count(*) filter (where dd.unsafe))::int, true
        from dd
      order by total, defects desc, key`),
  );
  const t = rows.find((r) => r.total) ?? { defects: 0, tires: 0, unsafe: 0 };
  const groups = rows.filter((r) => !r.total);
  return {
    data: groups.map((r) => ({
      key: r.key ?? '',
      label: r.label,
      defects: r.defects,
      tires: r.tires,
      unsafe: r.unsafe,
    })),
    totals: { defects: t.defects, tires: t.tires, unsafe: t.unsafe },
  };
}

/** The region's and the customer's names (null when not given or not found). */
export async function findingsFilterNames(
  db: DbOrTx,
  regionId?: number,
  customerId?: number,
): Promise<{ region: string | null; customer: string | null }> {
  const [row] = rowsOf<{ region: string | null; customer: string | null }>(
    await db.execute(sql`
      select (select name from regions where id = ${regionId ?? 0}) as region,
             (select name from customers where id = ${customerId ?? 0}) as customer`),
  );
  return row ?? { region: null, customer: null };
}

// ---------- Dashboard ----------

const awaiting = (alias: string) => stageIn(sql.raw(`${alias}.stage`), AWAITING_VALIDATION);
const returned = (alias: string) => stageIn(sql.raw(`${alias}.stage`), RETURNED);

/** The dashboard cards in one round trip. */
export async function dashboardCounters(db: DbOrTx, tz: string): Promise<TDashboardCounters> {
  const [row] = rowsOf<TDashboardCounters>(
    await db.execute(sql`
      with today as (select (now() at time zone ${tz})::date as d)
      select
        (select count(*) from tire_checks c, today
          where c.performed_at >= (today.d)::timestamp at time zone ${tz}
            and c.performed_at < (today.d + 1)::timestamp at time zone ${tz}
            -- work done (rules/work-done.ts): not a check returned and waiting to be sent again
            and c.returned_at is null)::int as today,
        -- the queues' own definitions (contracts/src/rules/lifecycle.ts), on their partial indexes
        (select count(*) from tire_checks c where ${awaiting('c')})::int as pending,
        (select count(*) from mismatches m where ${awaiting('m')})::int as bkb,
        -- returned to the tire man and not yet sent again, both kinds (the 'Dikembalikan' views)
        ((select count(*) from tire_checks c where ${returned('c')})
          + (select count(*) from tire_replacements t where ${returned('t')}))::int as returned,
        (select count(*) from tire_replacements t where ${awaiting('t')})::int as pergantian,
        (select count(*) from users u where u.role = 'tire-man')::int as "tireMen",
        -- the Storing card: breakdown calls still open (storing.service.ts openCallCount)
        (select count(*) from breakdown_calls b where ${openCall('b')})::int as storing,
        -- and those of them past a target (rules/storing.ts callBreaches, read by breachOf)
        (select count(*) from breakdown_calls b join units u on u.id = b.unit_id
          where ${openCall('b')} and ${breachOf('b', 'u', 'any')})::int as "storingBreached",
        ${iso(sql`now()`)} as now,
        ${tz}::text as timezone,
        (select to_char(d, 'YYYY-MM-DD') from today) as "todayDate"`),
  );
  return row!;
}
