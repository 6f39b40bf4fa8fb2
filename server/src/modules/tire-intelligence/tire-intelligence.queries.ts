// Read models of tire intelligence (issue 11): forecasts computed in SQL from tire_wear with the
// configured pull point, alerts of installed tires, brand/pattern/size performance.
import {
  type AlertKind,
  DUE_SOON_DAYS,
  PRESSURE_TOLERANCE,
  type TAlertListQuery,
  type TAlertListReply,
  type TAlertRow,
  type TAlertSummary,
  type TPerformanceQuery,
  type TPerformanceReply,
  type TPerformanceRow,
  type TSizePressure,
  type TTireLife,
  type TWearForecast,
} from '@itms/contracts/tire-intelligence';
import { type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, rowsOf } from '../../db/client';
import { readingCtes } from '../../db/read-models/tire-wear/wear';
import { notFound } from '../../lib/errors';
import { prefixPattern } from '../../lib/list-query';
import { UNSAFE_TIRES, unsafeDefectsOf } from '../defect-codes/unsafe-defects';

/** Slowest wear rate the band may assume (mm per 1,000 km): keeps "latest" dates finite. */
const MIN_RATE = 0.001;
/** Forecast dates are capped this many days away from the last reading. */
const MAX_DAYS = 36_500;

export interface ForecastSettings {
  pullPointMm: number;
  timezone: string;
}

/** When the tire reaches tire km `km`, from its last reading at its km per day (capped, null-safe). */
const dateAt = (km: SQL) => sql`case when ${km} is not null and w.km_per_day > 0
  then w.last_read_at + least(greatest((${km} - w.last_km) / w.km_per_day, -${sql.raw(String(MAX_DAYS))}),
    ${sql.raw(String(MAX_DAYS))}) * interval '1 day' end`;

/**
 * Lateral joins that compute the forecast of the tire_wear row `w` (may be null): fc.state,
 * fc.rate, fc.rate_low, fc.rate_high, fc.pull_km, fc.pull_km_early, fc.pull_km_late,
 * fc.pull_at, fc.early_at, fc.late_at (timestamptz). Needs `w` in scope.
 */
function forecastJoins(pull: number): SQL {
  const p = sql.raw(String(Number(pull)));
  return sql`
    cross join lateral (
      select case when coalesce(w.readings, 0) < 2 then 'not-enough-data'
                  when w.slope is null or w.slope >= 0 then 'no-wear' else 'ok' end as state
    ) fs
    cross join lateral (
      select case when fs.state = 'ok' then -w.slope end as rate,
             case when fs.state = 'ok' and w.fit_n >= 3 then 2 * w.slope_se end as band,
             case when fs.state = 'ok' then w.intercept + w.slope * w.last_km / 1000 - ${p} end as left_mm
    ) f0
    cross join lateral (
      -- greatest() skips nulls: every band value is guarded by "band is not null"
      select f0.rate, case when f0.band is not null then greatest(f0.rate - f0.band, ${sql.raw(String(MIN_RATE))}) end as rate_low,
             f0.rate + f0.band as rate_high, w.last_km + f0.left_mm / f0.rate * 1000 as pull_km,
             w.last_km + f0.left_mm / (f0.rate + f0.band) * 1000 as km_fast,
             case when f0.band is not null then w.last_km + f0.left_mm
               / greatest(f0.rate - f0.band, ${sql.raw(String(MIN_RATE))}) * 1000 end as km_slow
    ) f1
    cross join lateral (
      select fs.state, f1.rate, f1.rate_low, f1.rate_high, f1.pull_km,
             least(f1.km_fast, f1.km_slow) as pull_km_early, greatest(f1.km_fast, f1.km_slow) as pull_km_late
    ) fk
    cross join lateral (
      select fk.*, ${dateAt(sql`fk.pull_km`)} as pull_at, ${dateAt(sql`fk.pull_km_early`)} as early_at,
             ${dateAt(sql`fk.pull_km_late`)} as late_at
    ) fc`;
}

const day = (col: SQL, tz: string) => sql`to_char((${col}) at time zone ${tz}, 'YYYY-MM-DD')`;

/** Alert predicates on t (tires), w (tire_wear), fc (forecast), sp (size pressure), us (unsafe tires). */
function alertFlags(pull: number) {
  const p = sql.raw(String(Number(pull)));
  return {
    'unsafe-defect': sql`(us.tire_id is not null)`,
    // 0 mm is kept apart as 'rtd-zero' (a blank reading, most likely)
    'below-pull': sql`(t.groove_lowest > 0 and t.groove_lowest <= ${p})`,
    'due-soon': sql`(not coalesce(t.groove_lowest <= ${p}, false) and fc.pull_at is not null
      and fc.pull_at < date_trunc('day', now()) + interval '${sql.raw(String(DUE_SOON_DAYS + 1))} days')`,
    pressure: sql`(sp.reference_psi is not null and t.pressure is not null
      and abs(t.pressure - sp.reference_psi) > ${sql.raw(String(PRESSURE_TOLERANCE))} * sp.reference_psi)`,
    'rtd-rise': sql`coalesce(w.rtd_rise, false)`,
    'rtd-zero': sql`coalesce(t.groove_lowest = 0, false)`,
  } satisfies Record<AlertKind, SQL>;
}

/** A row of alertBase with at least one alert. */
const ANY_ALERT = sql`(unsafe_defect or below_pull or due_soon or pressure_alert or rtd_rise or rtd_zero)`;

type Num = number | string | null;
const num = (v: Num): number | null => (v == null ? null : Number(v));
const round = (v: Num, digits: number): number | null => {
  const n = num(v);
  if (n == null || !Number.isFinite(n)) return null;
  const f = 10 ** digits;
  return Math.round(n * f) / f;
};

export function createTireIntelligenceQueries(db: DbOrTx, settings: ForecastSettings) {
  const { pullPointMm: pull, timezone: tz } = settings;
  const flags = alertFlags(pull);

  /** Installed tires with their wear row, forecast and size pressure, and one boolean per alert kind. */
  const alertBase = (where: SQL = sql`true`) => sql`
    select t.id as tire_id, t.serial_number, t.ir_brand, t.pattern, t.size, t.groove_lowest, t.pressure,
           a.unit_id, u.plate_number, a.position, sp.reference_psi,
           fc.rate, fc.pull_at, fc.early_at, fc.late_at,
           ${flags['unsafe-defect']} as unsafe_defect,
           ${flags['below-pull']} as below_pull, ${flags['due-soon']} as due_soon,
           ${flags.pressure} as pressure_alert, ${flags['rtd-rise']} as rtd_rise,
           ${flags['rtd-zero']} as rtd_zero
      from active_unit_tires a
      join tires t on t.id = a.tire_id
      join units u on u.id = a.unit_id
      left join tire_wear w on w.tire_id = t.id
      left join tire_size_pressures sp on sp.size = t.size
      left join (${UNSAFE_TIRES}) us on us.tire_id = t.id
      ${forecastJoins(pull)}
     where a.status = 'INSTALLED' and ${where}`;

  async function summary(): Promise<TAlertSummary> {
    const [r] = rowsOf<Record<string, Num>>(
      await db.execute(sql`
        select count(*) filter (where unsafe_defect) as unsafe_defect,
               count(*) filter (where below_pull) as below_pull, count(*) filter (where due_soon) as due_soon,
               count(*) filter (where pressure_alert) as pressure, count(*) filter (where rtd_rise) as rtd_rise,
               count(*) filter (where rtd_zero) as rtd_zero,
               count(*) filter (where ${ANY_ALERT}) as total,
               count(distinct size) filter (where reference_psi is null and size <> '') as no_ref_sizes,
               count(*) filter (where reference_psi is null and size <> '') as no_ref_tires,
               count(distinct size) filter (where size <> '') as all_sizes
          from (${alertBase()}) x`),
    );
    return {
      pull_point_mm: pull,
      counts: {
        'unsafe-defect': Number(r?.unsafe_defect ?? 0),
        'below-pull': Number(r?.below_pull ?? 0),
        'due-soon': Number(r?.due_soon ?? 0),
        pressure: Number(r?.pressure ?? 0),
        'rtd-rise': Number(r?.rtd_rise ?? 0),
        'rtd-zero': Number(r?.rtd_zero ?? 0),
      },
      total: Number(r?.total ?? 0),
      no_reference: {
        sizes: Number(r?.no_ref_sizes ?? 0),
        tires: Number(r?.no_ref_tires ?? 0),
        of_sizes: Number(r?.all_sizes ?? 0),
      },
    };
  }

  /**
   * The mounted tires of `units` (a select of unit ids), the critical ones (an unsafe defect or at
   * or below the pull point, as Ban Kritis flags them) and the ones due soon: per unit, or (perUnit
   * false) one row for them all with unit_id 0.
   */
  async function unitTireCounts(units: SQL, perUnit = true): Promise<UnitTireCounts[]> {
    return rowsOf<Record<string, Num>>(
      await db.execute(sql`
        select ${perUnit ? sql`unit_id` : sql`0`} as unit_id, count(*) as mounted,
               count(*) filter (where unsafe_defect or below_pull) as critical,
               count(*) filter (where due_soon and not (unsafe_defect or below_pull)) as due
          from (${alertBase(sql`a.unit_id in (${units})`)}) x
         ${perUnit ? sql`group by unit_id` : sql``}`),
    ).map((r) => ({
      unit_id: Number(r.unit_id),
      mounted: Number(r.mounted),
      critical: Number(r.critical),
      due: Number(r.due),
    }));
  }

  async function list(q: TAlertListQuery): Promise<TAlertListReply> {
    const kindCol: Record<AlertKind, string> = {
      'unsafe-defect': 'unsafe_defect',
      'below-pull': 'below_pull',
      'due-soon': 'due_soon',
      pressure: 'pressure_alert',
      'rtd-rise': 'rtd_rise',
      'rtd-zero': 'rtd_zero',
    };
    const filter = q.kind ? sql.raw(kindCol[q.kind]) : ANY_ALERT;
    const search = q.q
      ? sql`(lower(t.serial_number) like ${prefixPattern(q.q.toLowerCase())}
             or lower(u.plate_number) like ${prefixPattern(q.q.toLowerCase())})`
      : sql`true`;
    const offset = (q.page - 1) * q.pageSize;
    const rows = rowsOf<Record<string, unknown> & { total: Num }>(
      await db.execute(sql`
        select x.*, ${day(sql`x.pull_at`, tz)} as pull_date, ${day(sql`x.early_at`, tz)} as pull_date_early,
               ${day(sql`x.late_at`, tz)} as pull_date_late, count(*) over () as total
          from (${alertBase(search)}) x
         where ${filter}
         order by case when x.unsafe_defect then 0 when x.below_pull then 1
                       when x.pull_at is not null and x.due_soon then 2 else 3 end,
                  case when x.below_pull then x.groove_lowest end asc nulls last,
                  x.pull_at asc nulls last, x.tire_id
         offset ${offset} limit ${q.pageSize}`),
    );
    let total = Number(rows[0]?.total ?? 0);
    if (rows.length === 0 && offset > 0) {
      const [c] = rowsOf<{ n: Num }>(
        await db.execute(sql`select count(*) as n from (${alertBase(search)}) x where ${filter}`),
      );
      total = Number(c?.n ?? 0);
    }
    const unsafe = await unsafeDefectsOf(
      db,
      rows.filter((r) => r.unsafe_defect).map((r) => Number(r.tire_id)),
    );
    const data: TAlertRow[] = rows.map((r) => {
      const kinds: AlertKind[] = [];
      if (r.unsafe_defect) kinds.push('unsafe-defect');
      if (r.below_pull) kinds.push('below-pull');
      if (r.due_soon) kinds.push('due-soon');
      if (r.pressure_alert) kinds.push('pressure');
      if (r.rtd_rise) kinds.push('rtd-rise');
      if (r.rtd_zero) kinds.push('rtd-zero');
      return {
        tire_id: Number(r.tire_id),
        serial_number: String(r.serial_number),
        ir_brand: String(r.ir_brand),
        pattern: String(r.pattern),
        size: String(r.size),
        unit_id: Number(r.unit_id),
        plate_number: String(r.plate_number),
        position: String(r.position),
        groove_lowest: num(r.groove_lowest as Num),
        pressure: num(r.pressure as Num),
        reference_psi: num(r.reference_psi as Num),
        kinds,
        unsafe_defects: unsafe.get(Number(r.tire_id)) ?? [],
        pull_date: (r.pull_date as string | null) ?? null,
        pull_date_early: (r.pull_date_early as string | null) ?? null,
        pull_date_late: (r.pull_date_late as string | null) ?? null,
        wear_rate: round(r.rate as Num, 3),
      };
    });
    return { data, total, page: q.page, pageSize: q.pageSize, summary: await summary() };
  }

  async function tireLife(tireId: number): Promise<TTireLife> {
    const [r] = rowsOf<Record<string, unknown>>(
      await db.execute(sql`
        select t.id, t.serial_number, t.groove_lowest, t.purchase_price, t.retread_cost,
               w.readings, w.fit_n, w.km_total, w.retreads, w.rotations, w.mm_worn, w.rtd_rise, w.km_per_day,
               floor(extract(epoch from coalesce(w.ended_at, now()) - w.first_mounted_at) / 86400) as days,
               fc.state, fc.rate, fc.rate_low, fc.rate_high, fc.pull_km, fc.pull_km_early, fc.pull_km_late,
               ${day(sql`fc.pull_at`, tz)} as pull_date, ${day(sql`fc.early_at`, tz)} as pull_date_early,
               ${day(sql`fc.late_at`, tz)} as pull_date_late
          from tires t
          left join tire_wear w on w.tire_id = t.id
          ${forecastJoins(pull)}
         where t.id = ${tireId}`),
    );
    if (!r) throw notFound('Ban');
    const history = rowsOf<{ date: string; km: Num; groove: Num }>(
      await db.execute(sql`
        with ${readingCtesFor(tireId)}
        select ${day(sql`at`, tz)} as date, km, groove from cur order by at, check_id`),
    );
    const price = num(r.purchase_price as Num);
    const retread = num(r.retread_cost as Num);
    const cost = price == null && retread == null ? null : (price ?? 0) + (retread ?? 0);
    const kmTotal = Number(r.km_total ?? 0);
    const mmWorn = Number(r.mm_worn ?? 0);
    const state = (r.state as TWearForecast['state']) ?? 'not-enough-data';
    const ok = state === 'ok';
    const band = ok && r.rate_high != null;
    const forecast: TWearForecast = {
      readings: Number(r.readings ?? 0),
      state,
      wear_rate: ok ? round(r.rate as Num, 3) : null,
      wear_rate_low: band ? round(r.rate_low as Num, 3) : null,
      wear_rate_high: band ? round(r.rate_high as Num, 3) : null,
      pull_km: ok ? round(r.pull_km as Num, 0) : null,
      pull_km_early: band ? round(r.pull_km_early as Num, 0) : null,
      pull_km_late: band ? round(r.pull_km_late as Num, 0) : null,
      pull_date: ok ? ((r.pull_date as string | null) ?? null) : null,
      pull_date_early: band ? ((r.pull_date_early as string | null) ?? null) : null,
      pull_date_late: band ? ((r.pull_date_late as string | null) ?? null) : null,
      km_per_day: round(r.km_per_day as Num, 1),
    };
    return {
      tire_id: Number(r.id),
      serial_number: String(r.serial_number),
      km_total: Math.round(kmTotal),
      days_in_service: r.days == null ? null : Number(r.days),
      retreads: Number(r.retreads ?? 0),
      rotations: Number(r.rotations ?? 0),
      groove_lowest: num(r.groove_lowest as Num),
      mm_worn: round(mmWorn, 1) ?? 0,
      purchase_price: price,
      retread_cost: retread,
      cost_per_km: cost != null && kmTotal > 0 ? round(cost / kmTotal, 2) : null,
      cost_per_mm: cost != null && mmWorn > 0 ? round(cost / mmWorn, 0) : null,
      history: history.map((h) => ({ date: h.date, km: Math.round(Number(h.km)), groove: Number(h.groove) })),
      rtd_rise: Boolean(r.rtd_rise),
      pull_point_mm: pull,
      forecast,
    };
  }

  /** One GROUP BY over tire_wear joined to tires (tires that ran only). */
  async function performance(q: TPerformanceQuery): Promise<TPerformanceReply> {
    const key = sql.raw({ brand: 't.ir_brand', pattern: 't.pattern', size: 't.size' }[q.groupBy]);
    const rows = rowsOf<Record<string, Num> & { key: string }>(
      await db.execute(sql`
        select ${key} as key, count(*) as tires, sum(w.km_total) as km_total, sum(w.mm_worn) as mm_worn,
               percentile_cont(0.5) within group (order by -w.slope) filter (where w.readings >= 2 and w.slope < 0) as wear_rate,
               count(*) filter (where t.purchase_price is not null) as priced_tires,
               sum(coalesce(t.purchase_price, 0) + coalesce(t.retread_cost, 0)) filter (where t.purchase_price is not null) as cost,
               sum(w.km_total) filter (where t.purchase_price is not null) as priced_km
          from tire_wear w
          join tires t on t.id = w.tire_id
         where w.km_total > 0 ${q.size ? sql`and t.size = ${q.size}` : sql``}
         group by 1
         order by 1`),
    );
    const out: TPerformanceRow[] = rows.map((r) => {
      const km = Number(r.km_total ?? 0);
      const mm = Number(r.mm_worn ?? 0);
      const pricedKm = Number(r.priced_km ?? 0);
      return {
        key: r.key || '-',
        tires: Number(r.tires),
        km_total: Math.round(km),
        mm_worn: round(mm, 1) ?? 0,
        km_per_mm: mm > 0 ? Math.round(km / mm) : null,
        wear_rate: round(r.wear_rate, 3),
        priced_tires: Number(r.priced_tires ?? 0),
        cost_per_km: r.cost != null && pricedKm > 0 ? round(Number(r.cost) / pricedKm, 2) : null,
      };
    });
    return { groupBy: q.groupBy, rows: out };
  }

  async function sizePressures(): Promise<TSizePressure[]> {
    const rows = rowsOf<{ size: string; tires: Num; reference_psi: Num }>(
      await db.execute(sql`
        select s.size, coalesce(i.n, 0) as tires, sp.reference_psi
          from (select size from tires t join active_unit_tires a on a.tire_id = t.id and a.status = 'INSTALLED'
                union select size from tire_size_pressures) s
          left join (select t.size, count(*) as n from tires t
                       join active_unit_tires a on a.tire_id = t.id and a.status = 'INSTALLED' group by t.size) i
            on i.size = s.size
          left join tire_size_pressures sp on sp.size = s.size
         where s.size <> ''
         order by s.size`),
    );
    return rows.map((r) => ({ size: r.size, tires: Number(r.tires), reference_psi: num(r.reference_psi) }));
  }

  /**
   * The tires of checks `checkIds` that their validation left critical: an unsafe defect at their
   * latest validated check, or RTD at or below the pull point (above 0 mm). Installed tires only.
   */
  async function criticalOfChecks(checkIds: readonly number[]): Promise<CriticalTire[]> {
    if (!checkIds.length) return [];
    const rows = rowsOf<{
      tire_id: number;
      serial_number: string;
      plate_number: string;
      position: number;
      groove_lowest: Num;
      unsafe_defect: boolean;
      below_pull: boolean;
    }>(
      await db.execute(sql`
        select tire_id, serial_number, plate_number, position, groove_lowest, unsafe_defect, below_pull
          from (${alertBase(
            sql`t.id in (select r.tire_id from tire_check_records r
                          where r.tire_check_id in (${sql.join(
                            checkIds.map((id) => sql`${id}`),
                            sql`, `,
                          )}))`,
          )}) x
         where unsafe_defect or below_pull
         order by plate_number, position`),
    );
    const unsafe = await unsafeDefectsOf(
      db,
      rows.filter((r) => r.unsafe_defect).map((r) => Number(r.tire_id)),
    );
    return rows.map((r) => ({
      tire_id: r.tire_id,
      serial_number: r.serial_number,
      plate_number: r.plate_number,
      position: r.position,
      kinds: [
        ...(r.unsafe_defect
          ? [{ kind: 'unsafe-defect' as const, detail: (unsafe.get(Number(r.tire_id)) ?? []).join(', ') }]
          : []),
        ...(r.below_pull
          ? [{ kind: 'below-pull' as const, detail: `RTD ${round(r.groove_lowest, 1)} mm` }]
          : []),
      ],
    }));
  }

  return { summary, unitTireCounts, list, tireLife, performance, sizePressures, criticalOfChecks };
}

/** A tire a validation left critical, with what makes it so ('Dinding: 23 Sidewall Cut', 'RTD 2.5 mm'). */
export interface UnitTireCounts {
  unit_id: number;
  mounted: number;
  critical: number;
  due: number;
}

export interface CriticalTire {
  tire_id: number;
  serial_number: string;
  plate_number: string;
  position: number;
  kinds: { kind: Extract<AlertKind, 'unsafe-defect' | 'below-pull'>; detail: string }[];
}

/** The current-life readings of one tire (the stock card chart). */
function readingCtesFor(tireId: number): SQL {
  return readingCtes([tireId]);
}
