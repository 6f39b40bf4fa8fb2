// Tire life and wear statistics (issue 11), set-based: one INSERT ... SELECT ... ON CONFLICT
// recomputes the tire_wear rows of a few tires (the wear refresher, after a validation) or of the
// whole fleet (seed, bench, boot) with the same SQL. No per-tire loop in Node.
//
// From the ledger (tire_events) and the approved checks:
//  - mount periods: each 'installed' event up to the tire's next 'installed' / 'removed' event;
//    the current one ends at the latest approved check odometer of its unit. A period on a spare
//    position (ST, ST2) accrues no km. km_total sums the tire's own periods, whatever the unit.
//  - readings: the lowest groove of every check record of an approved check that falls inside one
//    of the tire's mount periods (same unit, check time within the period); the tire's km at a
//    reading = km of its earlier periods + (check odometer - period start odometer). A validated
//    replacement that mounted the tire is a reading too (its record's grooves, at the period's
//    start km, dated by its performed_at): the stock card, the forecast and Ban Kritis' RTD rise
//    all read the tire the tire man measured (issue 42, item 3).
//  - lives: a life ends at each 'retreaded' event; the fit uses the current life only.
//  - fit (issue 41): the incremental fit of incremental-fit.ts, the current life's readings folded
//    in time order: least squares of lowest groove (mm) against km / 1000 over the readings it
//    kept, the first five trimmed as the full robust fit trims them, each later one refused when
//    it is a lone outlier. A check's validation steps each tire's line by its one new reading
//    (stepTireWear, constant time); anything else (an edit, an un-sign, a mount, a retread, a
//    check validated out of order) refits the tire from the ledger with this file's SELECT, which
//    folds the same readings in the same order and so gives the same row (db:verify checks it).
//  - the full robust fit (robustFitCtes) stays for the backtest (npm run bench:forecast): the
//    reading with the largest leave-one-out (deleted) residual is the candidate; the line through
//    the others gives every reading a residual, and readings whose residual exceeds max(1.0 mm,
//    3 x 1.4826 x median absolute residual of the others) are dropped before the final fit.
import { RTD_RISE_TOLERANCE_MM } from '@itms/contracts/tire-intelligence';
import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { type Db, type DbOrTx, pgArray, rowsOf } from '../../client';
import { FOLD, foldLine, foldSlopeSe } from './incremental-fit';

/**
 * Tire ids, every tire, the tires whose ledger names a document (source_type, source_id), or the
 * tires a check's validation changes (and more tires named with it).
 */
export type WearTarget =
  | readonly number[]
  | 'all'
  | { sourceType: 'tire-replacement' | 'mismatch'; sourceId: number }
  | { checkId: number; tires?: readonly number[] };

export interface WearSqlOptions {
  /** Backtest: leave the last reading of each tire's current life out of the fit. */
  holdOutLast?: boolean;
}

const intArray = (ids: readonly number[]) => sql`${pgArray(ids.map((i) => Math.trunc(i)))}::int[]`;

function tireFilter(target: WearTarget): SQL {
  if (target === 'all') return sql`true`;
  if ('checkId' in target) {
    // the check's readings, and every tire mounted on its unit: the check's odometer ends the open
    // mount period of each (km_total), whether or not the check read it
    // (one IN over a UNION: an OR of two INs would scan every tire)
    return sql`t.id in (select r.tire_id from tire_check_records r where r.tire_check_id = ${target.checkId}
      union all select m.tire_id from active_unit_tires m join tire_checks c on c.unit_id = m.unit_id
                 where c.id = ${target.checkId} and m.status = 'INSTALLED'
      ${target.tires?.length ? sql`union all select unnest(${intArray(target.tires)})` : sql``})`;
  }
  if ('sourceType' in target) {
    return sql`t.id in (select e.tire_id from tire_events e
      where e.source_id = ${target.sourceId} and e.source_type = ${target.sourceType})`;
  }
  return sql`t.id = any(${intArray(target)})`;
}

/**
 * The CTEs shared by the refresh and the backtest: sel (tires), ev (ledger), per (mount periods),
 * rt (retreads), rr (the tires' readings), rd (the readings within mount periods, with km and
 * life), rdk (ranked within life), cur (current life, minus the held-out reading when asked).
 */
export function readingCtes(target: WearTarget, opts: WearSqlOptions = {}): SQL {
  const holdOut = opts.holdOutLast ? sql.raw('true') : sql.raw('false');
  return sql`
  sel as materialized (
    select t.id, t.status, t.is_original, t.casing_status from tires t where ${tireFilter(target)}
  ),
  ev as materialized (
    select e.id, e.tire_id, e.kind, e.unit_id, e.position, e.odometer, e.created_at, e.source_type, e.source_id
      from tire_events e join sel on sel.id = e.tire_id
     where e.kind in ('installed', 'removed', 'retreaded', 'scrapped')
        or (e.kind = 'status' and e.to_status = 'SCRAP')
  ),
  mv as (
    select e.*, lead(e.created_at) over w as next_at, lead(e.odometer) over w as next_odo
      from ev e where e.kind in ('installed', 'removed')
    window w as (partition by e.tire_id order by e.created_at, e.id)
  ),
  per0 as (
    select m.id as event_id, m.tire_id, m.unit_id, m.position, m.created_at as start_at, m.odometer as start_odo,
           m.next_at as end_at, case when m.next_at is not null then m.next_odo else lu.odometer end as end_odo,
           m.position in ('ST', 'ST2') as spare, m.source_type, m.source_id
      from mv m
      left join lateral (
        select c.odometer from tire_checks c
         where m.next_at is null and c.unit_id = m.unit_id and c.status = 'approved' and c.performed_at >= m.created_at
         order by c.performed_at desc limit 1) lu on true
     where m.kind = 'installed'
  ),
  per as materialized (
    select p.*, coalesce(sum(p.km) over (partition by p.tire_id order by p.start_at
                  rows between unbounded preceding and 1 preceding), 0)::float8 as km_before
      from (select p0.*, (case when p0.spare then 0
                  else greatest(coalesce(p0.end_odo, p0.start_odo) - coalesce(p0.start_odo, p0.end_odo), 0) end)::float8 as km
              from per0 p0) p
  ),
  rt as (
    select tire_id, array_agg(created_at) as ats, count(*)::int as n from ev where kind = 'retreaded' group by tire_id
  ),
  -- the tires' readings first (one row per check record with a groove), then the approved checks
  -- of each mount period (its unit, from its start to its end: one range of an index with every
  -- column needed), joined by check: looking up the check of every reading (about 200 a tire at
  -- fleet scale, most outside the tire's periods) took half the refresh. Materialized so that the
  -- planner cannot fan the readings out over every period of their tire.
  rr as materialized (
    select r.tire_id, r.tire_check_id, r.position,
           -- real (float4) to the decimal that was measured
           round(least(r.groove_1, r.groove_2, r.groove_3, r.groove_4)::numeric, 2)::float8 as groove
      from tire_check_records r
      join sel on sel.id = r.tire_id
     where least(r.groove_1, r.groove_2, r.groove_3, r.groove_4) is not null
  ),
  rd as (
    -- a reading is dated when it was measured (performed_at), not when it reached the server
    select x.tire_id, c.id as check_id, c.performed_at as at, x.position, x.groove,
           (p.km_before + case when p.spare then 0
              else greatest(c.odometer - coalesce(p.start_odo, c.odometer), 0) end)::float8 as km,
           case when rt.ats is null then 0
                else (select count(*)::int from unnest(rt.ats) a where a <= c.performed_at) end as life,
           coalesce(rt.n, 0) as current_life
      from per p
      join lateral (
        select c.id, c.performed_at, c.odometer from tire_checks c
         where c.unit_id = p.unit_id and c.status = 'approved'
           and c.performed_at >= p.start_at and c.performed_at < coalesce(p.end_at, 'infinity')) c on true
      join rr x on x.tire_check_id = c.id and x.tire_id = p.tire_id
      left join rt on rt.tire_id = p.tire_id
    union all
    -- a validated replacement's mount reading: what the tire man measured on the tire he put on,
    -- dated when he did it, at the tire's km when that mount period began (its id negated: one
    -- identity with the checks' ids)
    select p.tire_id, -tr.id, tr.performed_at, p.position,
           round(least(x.groove_1, x.groove_2, x.groove_3, x.groove_4)::numeric, 2)::float8,
           p.km_before,
           case when rt.ats is null then 0
                else (select count(*)::int from unnest(rt.ats) a where a <= tr.performed_at) end,
           coalesce(rt.n, 0)
      from per p
      join tire_replacements tr on tr.id = p.source_id and tr.status = 'approved'
      join tire_replace_records x
        on x.tire_replacement_id = tr.id and x.tire_id = p.tire_id and x.status = 'replace'
      left join rt on rt.tire_id = p.tire_id
     where p.source_type = 'tire-replacement'
       and least(x.groove_1, x.groove_2, x.groove_3, x.groove_4) is not null
  ),
  rdk as materialized (
    select d.*,
           row_number() over (partition by d.tire_id, d.life order by d.at, d.check_id) as k,
           count(*) over (partition by d.tire_id, d.life) as n_life,
           d.groove - lag(d.groove) over (partition by d.tire_id, d.life order by d.at, d.check_id) as rise
      from rd d
  ),
  cur as materialized (
    select d.*, d.km / 1000.0 as x, d.n_life - ${holdOut}::int as k_last
      from rdk d
     where d.life = d.current_life and not (${holdOut} and d.k = d.n_life)
  )`;
}

/**
 * The full robust fit of the readings in `cur` (readingCtes), as CTEs ending in rfit (tire_id, n,
 * b, a): least squares after trimming against the line through the others (the header says how).
 * The product's line is the incremental fit (incremental-fit.ts); this one is what the backtest
 * and db:verify's tolerance check hold it against.
 */
export function robustFitCtes(): SQL {
  return sql`
  -- the fit, with window aggregates only (no self-joins of CTEs, whose row estimates are blind):
  -- fa: the least-squares line over all readings of the tire's current life
  fa as (
    select c.tire_id, c.check_id, c.x, c.groove,
           count(*) over t as n, regr_slope(c.groove, c.x) over t as b1, regr_intercept(c.groove, c.x) over t as a1,
           regr_sxx(c.groove, c.x) over t as sxx, avg(c.x) over t as mx, sum(c.x) over t as sx,
           sum(c.groove) over t as sy, sum(c.x * c.x) over t as sxx_raw, sum(c.x * c.groove) over t as sxy_raw
      from cur c
    window t as (partition by c.tire_id)
  ),
  -- fb: each reading's deleted residual, and the line through the others (used for the worst one)
  fb as (
    select f.*,
           abs((f.groove - (f.a1 + f.b1 * f.x)) / nullif(1 - (1.0 / f.n + (f.x - f.mx) ^ 2 / nullif(f.sxx, 0)), 0)) as dres,
           ((f.n - 1) * (f.sxy_raw - f.x * f.groove) - (f.sx - f.x) * (f.sy - f.groove))
             / nullif((f.n - 1) * (f.sxx_raw - f.x * f.x) - (f.sx - f.x) ^ 2, 0) as b_loo
      from fa f
  ),
  fc as (
    select f.*, ((f.sy - f.groove) - f.b_loo * (f.sx - f.x)) / nullif(f.n - 1, 0) as a_loo,
           row_number() over (partition by f.tire_id order by f.dres desc nulls last, f.check_id) as worst
      from fb f
  ),
  -- fd: the candidate's leave-one-out line on every row of its tire, and each reading's residual to it
  fd as (
    select g.*, abs(g.groove - (g.ca + g.cb * g.x)) as res,
           row_number() over (partition by g.tire_id
             order by case when g.check_id = g.cand then null else abs(g.groove - (g.ca + g.cb * g.x)) end nulls last) as pos
      from (select f.*,
                   max(case when f.worst = 1 then f.a_loo end) over (partition by f.tire_id) as ca,
                   max(case when f.worst = 1 then f.b_loo end) over (partition by f.tire_id) as cb,
                   max(case when f.worst = 1 then f.check_id end) over (partition by f.tire_id) as cand
              from fc f) g
  ),
  -- fe: median absolute residual of the others (positions (m+1)/2 and (m+2)/2 of m = n - 1), keep flag
  fe as (
    select h.*, h.n < 4 or h.sxx is null or h.sxx <= 0 or h.cb is null
             or h.res <= greatest(1.0, 3 * 1.4826 * h.med) as keep
      from (select f.*,
                   (max(case when f.pos = (f.n - 1 + 1) / 2 then f.res end) over (partition by f.tire_id)
                    + max(case when f.pos = (f.n - 1 + 2) / 2 then f.res end) over (partition by f.tire_id)) / 2 as med
              from fd f) h
  ),
  rfit as (
    select tire_id, (count(*) filter (where keep))::int as n,
           regr_slope(groove, x) filter (where keep) as b, regr_intercept(groove, x) filter (where keep) as a
      from fe group by tire_id
  )`;
}

/** The tire_wear rows of the target tires, as a SELECT (column order of WEAR_COLUMNS). */
export function wearSelect(target: WearTarget, opts: WearSqlOptions): SQL {
  const line = foldLine('fit.fold');
  return sql`
  with ${readingCtes(target, opts)},
  -- tread lost in the lives before the current one (first minus last reading of each)
  worn as (
    select tire_id, sum(greatest(f - l, 0)) as mm from (
      select tire_id, life, sum(case when k = 1 then groove else 0 end) as f,
             sum(case when k = n_life then groove else 0 end) as l
        from rdk where life < current_life group by tire_id, life) x
     group by tire_id
  ),
  -- in a total order: two readings of one tire at the same instant (two checks sent with one time)
  -- are taken by check id, or a refresh and its recount could count a rotation differently
  seen as (
    select tire_id, start_at as at, 0 as ord, 0 as seq, position from per
    union all
    select tire_id, at, 1, check_id, position from rd
  ),
  rot as (
    select tire_id, (count(*) filter (where prev is not null and prev <> position))::int as rotations,
           (array_agg(position order by at desc, ord desc, seq desc, position desc))[1] as last_position
      from (select tire_id, at, ord, seq, position,
                   lag(position) over (partition by tire_id order by at, ord, seq, position) as prev from seen) s
     group by tire_id
  ),
  -- the current life's readings in order, folded as the refresher steps them (incremental-fit.ts)
  fit as (
    select tire_id, count(*)::int as readings, min(at) as first_at, max(at) as last_at,
           min(x) * 1000 as first_km, max(x) * 1000 as last_km,
           max(groove) filter (where k = 1) as first_groove,
           max(groove) filter (where k = k_last) as last_groove,
           coalesce(bool_or(rise > ${sql.raw(String(RTD_RISE_TOLERANCE_MM))}), false) as rtd_rise,
           wear_fold(array_agg(x order by k), array_agg(groove order by k)) as fold
      from cur group by tire_id
  ),
  pk as (
    select tire_id, sum(km) as km_total, min(start_at) as first_mounted_at,
           max(event_id) filter (where end_at is null) as period_event_id,
           max(km_before) filter (where end_at is null) as period_km_before
      from per group by tire_id
  ),
  sc as (
    select tire_id, max(created_at) as at from ev where kind in ('scrapped', 'status') group by tire_id
  )
  select sel.id, coalesce(fit.readings, 0), coalesce(fit.fold[${sql.raw(String(FOLD.n))}]::int, 0),
         ${line.b}, ${line.a}, ${foldSlopeSe('fit.fold')},
         fit.first_at, fit.last_at, fit.last_km, fit.last_groove,
         case when fit.last_at - fit.first_at >= interval '1 day'
              then (fit.last_km - fit.first_km) / (extract(epoch from fit.last_at - fit.first_at) / 86400) end,
         coalesce(pk.km_total, 0), pk.first_mounted_at,
         case when sel.status = 'SCRAP' then sc.at end,
         greatest(coalesce(rt.n, 0),
                  case when sel.is_original = 'RET' or sel.casing_status like '%VULK%' then 1 else 0 end),
         coalesce(rot.rotations, 0),
         (coalesce(worn.mm, 0) + coalesce(greatest(fit.first_groove - fit.last_groove, 0), 0))::real,
         coalesce(fit.rtd_rise, false), fit.fold, pk.period_event_id, pk.period_km_before,
         fit.first_km, fit.first_groove, coalesce(worn.mm, 0), rot.last_position, now()
    from sel
    left join fit on fit.tire_id = sel.id
    left join pk on pk.tire_id = sel.id
    left join sc on sc.tire_id = sel.id
    left join rt on rt.tire_id = sel.id
    left join rot on rot.tire_id = sel.id
    left join worn on worn.tire_id = sel.id`;
}

const WEAR_COLUMNS = [
  'tire_id',
  'readings',
  'fit_n',
  'slope',
  'intercept',
  'slope_se',
  'first_read_at',
  'last_read_at',
  'last_km',
  'last_groove',
  'km_per_day',
  'km_total',
  'first_mounted_at',
  'ended_at',
  'retreads',
  'rotations',
  'mm_worn',
  'rtd_rise',
  'fold',
  'period_event_id',
  'period_km_before',
  'first_km',
  'first_groove',
  'worn_before',
  'last_position',
  'updated_at',
] as const;

/** The upsert of the target tires' tire_wear rows. */
function wearUpsert(target: WearTarget, opts: WearSqlOptions): SQL {
  const cols = sql.raw(WEAR_COLUMNS.join(', '));
  const set = sql.raw(
    WEAR_COLUMNS.filter((c) => c !== 'tire_id')
      .map((c) => `${c} = excluded.${c}`)
      .join(', '),
  );
  return sql`
    insert into tire_wear (${cols})
    ${wearSelect(target, opts)}
    on conflict (tire_id) do update set ${set}`;
}

// the whole fleet: hash joins over all readings (the CTEs' row estimates are blind and would pick
// index nested loops, right for a few tires but 10x slower for all), and no JIT (the planner's
// costs with nested loops off would make it compile for seconds); for the rest of the transaction
// only (SET LOCAL), reset right after
const WHOLE_FLEET_ON = [sql`set local enable_nestloop = off`, sql`set local jit = off`];
const WHOLE_FLEET_OFF = [sql`reset enable_nestloop`, sql`reset jit`];

/**
 * Recomputes the tire_wear rows of the given tires (or of every tire) in one statement. Call it
 * inside the transaction that changed the tires' ledger, checks or retread data.
 */
export async function refreshTireWear(
  db: DbOrTx,
  target: WearTarget,
  opts: WearSqlOptions = {},
): Promise<void> {
  if (Array.isArray(target) && target.length === 0) return;
  const all = target === 'all';
  for (const s of all ? WHOLE_FLEET_ON : []) await db.execute(s);
  await db.execute(wearUpsert(target, opts));
  for (const s of all ? WHOLE_FLEET_OFF : []) await db.execute(s);
}

const dialect = new PgDialect();

/** A statement as SQL text; it must hold no parameters (a script file has none). */
function sqlText(statement: SQL): string {
  const { sql: text, params } = dialect.sqlToQuery(statement);
  if (params.length) throw new Error(`a read model script cannot hold parameters: ${text}`);
  return text;
}

/** The read model's rebuild.sql (registry.ts): every tire's row, with refreshTireWear's SQL. */
export function wearRebuildSql(): string {
  return [...WHOLE_FLEET_ON, wearUpsert('all', {}), ...WHOLE_FLEET_OFF]
    .map((s) => `${sqlText(s)};`)
    .join('\n');
}

/**
 * The columns db:verify compares, from a relation `w` with tire_wear's columns, updated_at left
 * out. The numbers as reals: the recount's are doubles, and a recount of the whole fleet adds a
 * tire's readings up in another order than its own refresh did, so the last bits differ. The slope's
 * standard error to 6 decimals instead: it is the square root of a difference of sums, so for
 * readings on an exact line it is 0 in one order and 6e-9 in another. The fit's state as reals too:
 * a line stepped one reading at a time must be the line folded from all of them.
 */
const compared = (w: string) =>
  WEAR_COLUMNS.filter((c) => c !== 'updated_at')
    .map((c) =>
      c === 'slope_se'
        ? `round(${w}.${c}::numeric, 6) as ${c}`
        : c === 'fold'
          ? `${w}.${c}::real[] as ${c}`
          : COMPARED_AS_REAL.has(c)
            ? `${w}.${c}::real as ${c}`
            : `${w}.${c}`,
    )
    .join(', ');
const COMPARED_AS_REAL = new Set([
  'slope',
  'intercept',
  'last_km',
  'last_groove',
  'km_per_day',
  'km_total',
  'mm_worn',
  'period_km_before',
  'first_km',
  'first_groove',
  'worn_before',
]);
const NOT_QUEUED = (w: string) => `not exists (select from tire_wear_stale q where q.tire_id = ${w}.tire_id)`;

/** stored.sql: tire_wear as the screens read it, less the tires queued for a refresh. */
export function wearStoredSql(): string {
  return `select ${compared('w')} from tire_wear w where ${NOT_QUEUED('w')}`;
}

/** recount.sql: every tire's row computed from the ledger and the checks, less the queued tires. */
export function wearRecountSql(): string {
  return `select ${compared('r')}
    from (${sqlText(wearSelect('all', {}))}) r(${WEAR_COLUMNS.join(', ')})
   where ${NOT_QUEUED('r')}`;
}

/** How far a kept line may predict from the full robust fit at its last reading, and for how many. */
export const WEAR_AGREEMENT = { toleranceMm: 0.5, share: 0.99 } as const;

export interface WearAgreement {
  /** Tires with both lines. */
  lines: number;
  /** Of them, those whose lines predict within WEAR_AGREEMENT.toleranceMm at the last reading. */
  within: number;
  /** The furthest apart (tire, mm), at most 5. */
  worst: { tire_id: number; gap: number }[];
}

/**
 * The kept lines (the incremental fit) against the full robust fit of every tire's current life
 * (db:verify): they agree when WEAR_AGREEMENT.share of them predict the groove at their last reading
 * within WEAR_AGREEMENT.toleranceMm. Refits the whole fleet (about 2 minutes at bench scale L).
 */
export async function wearAgreement(db: DbOrTx): Promise<WearAgreement> {
  for (const s of WHOLE_FLEET_ON) await db.execute(s);
  const rows = rowsOf<{ tire_id: number; gap: number; lines: number; within: number }>(
    await db.execute(sql`
    with ${readingCtes('all')}, ${robustFitCtes()},
    d as (
      select w.tire_id, abs((f.a + f.b * w.last_km / 1000) - (w.intercept + w.slope * w.last_km / 1000)) as gap
        from tire_wear w join rfit f on f.tire_id = w.tire_id
       where w.slope is not null and f.b is not null
    )
    select d.tire_id, d.gap, t.lines, t.within
      from (select count(*)::int as lines,
                   (count(*) filter (where gap <= ${WEAR_AGREEMENT.toleranceMm}))::int as within from d) t
      left join lateral (select * from d order by gap desc limit 5) d on true`),
  );
  for (const s of WHOLE_FLEET_OFF) await db.execute(s);
  return {
    lines: rows[0]?.lines ?? 0,
    within: rows[0]?.within ?? 0,
    worst: rows.filter((r) => r.tire_id != null).map((r) => ({ tire_id: r.tire_id, gap: Number(r.gap) })),
  };
}

/**
 * Queues the target tires for the wear refresher (tire_wear_stale): call it inside the transaction
 * that changed their ledger, checks or retread data, and kick the refresher after the commit. The
 * refresh itself (a step per read tire, or a refit from the ledger) stays out of the validation, and the
 * queue only grows by appends, so a validation never waits for a drain.
 */
export async function queueTireWear(db: DbOrTx, target: Exclude<WearTarget, 'all'>): Promise<void> {
  if (Array.isArray(target) && target.length === 0) return;
  await db.execute(tireWearQueueInsert(target));
}

/**
 * The INSERT that queues the target tires, not yet run (for `executeTogether`). A check's tires are
 * queued with its id: the refresher may fold its reading in as one step.
 */
export function tireWearQueueInsert(target: Exclude<WearTarget, 'all'>): SQL {
  const checkId = !Array.isArray(target) && 'checkId' in target ? target.checkId : null;
  return sql`insert into tire_wear_stale (tire_id, check_id)
    select t.id, ${checkId}::int from tires t where ${tireFilter(target)}`;
}

/**
 * The incremental fit (issue 41): for each (tire, check) whose stored row can take the check's
 * reading as one more step, the reading folded into the line (wear_fold_step) and the row's km,
 * rotations, tread worn and RTD rise moved on, in constant time; returns the tires it updated. The
 * rest need the refit from the ledger (refreshTireWear), which gives the same row.
 *
 * A row can take the step when its open mount period (period_event_id) is still the tire's latest
 * ledger event (no removal, retread or scrap since), on the check's unit and begun by the check's
 * time; the check is the unit's latest approved one (its odometer ends the period) and comes after
 * the life's last reading; and the check reads the tire at most once. A tire the check does not
 * read (mounted on its unit) only has its km moved on.
 */
async function stepTireWear(
  tx: DbOrTx,
  pairs: readonly { tireId: number; checkId: number }[],
): Promise<Set<number>> {
  if (pairs.length === 0) return new Set();
  const tires = intArray(pairs.map((p) => p.tireId));
  const groove = sql.raw('round(least(r.groove_1, r.groove_2, r.groove_3, r.groove_4)::numeric, 2)::float8');
  const line = foldLine('n.fold');
  const updated = rowsOf<{ tire_id: number }>(
    await tx.execute(sql`
    with q as (select * from unnest(${tires}, ${intArray(pairs.map((p) => p.checkId))}) as q(tire_id, check_id)),
    st as (
      select w.*, c.performed_at as at, c.odometer as odo, pe.odometer as start_odo,
             pe.position in ('ST', 'ST2') as spare, x.position as r_position, x.groove as g
        from q
        join tire_wear w on w.tire_id = q.tire_id
        join tire_checks c on c.id = q.check_id and c.status = 'approved'
        join tire_events pe on pe.id = w.period_event_id and pe.tire_id = q.tire_id
         and pe.unit_id = c.unit_id and pe.created_at <= c.performed_at
        cross join lateral (
          select count(*)::int as n, min(r.position) as position, min(${groove}) as groove
            from tire_check_records r
           where r.tire_check_id = c.id and r.tire_id = q.tire_id
             and least(r.groove_1, r.groove_2, r.groove_3, r.groove_4) is not null) x
       where (w.fold is not null or w.readings = 0)
         and (w.last_read_at is null or w.last_read_at < c.performed_at)
         and x.n <= 1
         and pe.id = (select e.id from tire_events e
                       where e.tire_id = q.tire_id
                         and (e.kind in ('installed', 'removed', 'retreaded', 'scrapped')
                              or (e.kind = 'status' and e.to_status = 'SCRAP'))
                       order by e.created_at desc, e.id desc limit 1)
         and not exists (select from tire_checks l
                          where l.unit_id = c.unit_id and l.status = 'approved'
                            and l.performed_at >= c.performed_at and l.id <> c.id)
    ),
    -- the reading at the tire's km, as readingCtes computes it
    rk as (
      select st.*, (st.period_km_before + case when st.spare then 0
                      else greatest(st.odo - coalesce(st.start_odo, st.odo), 0) end)::float8 / 1000.0 as x
        from st
    ),
    -- materialized: the SET below names the new state twenty times, and each would step it again
    n as materialized (
      select rk.tire_id,
             case when rk.g is null then rk.fold else wear_fold_step(rk.fold, rk.x, rk.g) end as fold,
             rk.readings + (rk.g is not null)::int as readings,
             case when rk.g is null then rk.first_read_at else coalesce(rk.first_read_at, rk.at) end as first_at,
             case when rk.g is null then rk.last_read_at else rk.at end as last_at,
             case when rk.g is null then rk.first_km else least(rk.first_km, rk.x * 1000) end as first_km,
             case when rk.g is null then rk.last_km else greatest(rk.last_km, rk.x * 1000) end as last_km,
             case when rk.g is null then rk.first_groove else coalesce(rk.first_groove, rk.g) end as first_groove,
             coalesce(rk.g, rk.last_groove) as last_groove,
             rk.rtd_rise or coalesce(rk.g - rk.last_groove > ${sql.raw(String(RTD_RISE_TOLERANCE_MM))}, false) as rtd_rise,
             -- r_position is null when the check did not read the tire
             rk.rotations + coalesce(rk.last_position <> rk.r_position, false)::int as rotations,
             case when rk.g is null then rk.last_position else rk.r_position end as last_position,
             rk.worn_before,
             (rk.period_km_before + case when rk.spare then 0
                else greatest(coalesce(rk.odo, rk.start_odo) - coalesce(rk.start_odo, rk.odo), 0) end)::float8 as km_total
        from rk
    )
    update tire_wear w
       set fold = n.fold, readings = n.readings, fit_n = coalesce(n.fold[${sql.raw(String(FOLD.n))}]::int, 0),
           slope = ${line.b}, intercept = ${line.a}, slope_se = ${foldSlopeSe('n.fold')},
           first_read_at = n.first_at, last_read_at = n.last_at, first_km = n.first_km, last_km = n.last_km,
           first_groove = n.first_groove, last_groove = n.last_groove,
           km_per_day = case when n.last_at - n.first_at >= interval '1 day'
                             then (n.last_km - n.first_km) / (extract(epoch from n.last_at - n.first_at) / 86400) end,
           km_total = n.km_total, rotations = n.rotations, last_position = n.last_position,
           mm_worn = (n.worn_before + coalesce(greatest(n.first_groove - n.last_groove, 0), 0))::real,
           rtd_rise = n.rtd_rise, updated_at = now()
      from n
     where w.tire_id = n.tire_id
    returning w.tire_id`),
  );
  return new Set(updated.map((r) => Number(r.tire_id)));
}

/**
 * Takes up to `limit` queue rows (the oldest, or those of one tire), refreshes their tires and
 * deletes the rows, in one transaction; returns how many rows, and how many of their tires took
 * their check's reading as one step (the rest were refitted). Rows another drain holds are skipped
 * (SKIP LOCKED); a reader of one tire waits for them instead, then reads what that drain wrote. A
 * tire queued while it is being refreshed has a new row and is refreshed again: no change is lost.
 */
export async function refreshQueuedTireWear(
  db: Db,
  opts: { limit: number; tireId?: number },
): Promise<{ rows: number; stepped: number }> {
  return db.transaction(async (tx) => {
    const taken = rowsOf<{ tire_id: number; check_id: number | null }>(
      await tx.execute(sql`
        delete from tire_wear_stale where id in (
          select id from tire_wear_stale
           where ${opts.tireId != null ? sql`tire_id = ${opts.tireId}` : sql`true`}
           order by id limit ${opts.limit}
             for update ${opts.tireId != null ? sql`` : sql`skip locked`})
        returning tire_id, check_id`),
    );
    // a tire queued once, by a check's validation, may take its reading as one step; a tire queued
    // more than once (two checks, an edit) is refitted
    const rows = new Map<number, (number | null)[]>();
    for (const r of taken) rows.set(Number(r.tire_id), [...(rows.get(Number(r.tire_id)) ?? []), r.check_id]);
    const single = [...rows].flatMap(([tireId, checks]) =>
      checks.length === 1 && checks[0] != null ? [{ tireId, checkId: Number(checks[0]) }] : [],
    );
    // every row of the batch locked first, in one order: the step then reads what a concurrent
    // drain committed, and two drains never wait on each other's rows in opposite orders
    await tx.execute(sql`select 1 from tire_wear where tire_id = any(${intArray([...rows.keys()])})
      order by tire_id for update`);
    const stepped = await stepTireWear(tx, single);
    await refreshTireWear(
      tx,
      [...rows.keys()].filter((id) => !stepped.has(id)),
    );
    return { rows: taken.length, stepped: stepped.size };
  });
}

/**
 * At boot: when tire_wear is empty but tires exist (a database from before issue 11),
 * computes every tire's row. Never throws; logs what it did.
 */
export async function refreshTireWearIfMissing(
  db: DbOrTx,
  log: { info: (o: object, m: string) => void; error: (o: object, m: string) => void },
): Promise<void> {
  try {
    const [r] = rowsOf<{ missing: boolean }>(
      await db.execute(sql`select not exists (select 1 from tire_wear)
        and exists (select 1 from tires) as missing`),
    );
    if (!r?.missing) return;
    const started = performance.now();
    await db.transaction(async (tx) => refreshTireWear(tx, 'all'));
    log.info({ ms: Math.round(performance.now() - started) }, 'tire wear statistics computed');
  } catch (err) {
    log.error({ err }, 'tire wear statistics failed');
  }
}
