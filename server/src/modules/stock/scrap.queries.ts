// The Scrap list: the scrapped tires (scrap_tires) with their reason, and its totals.
import { type TScrapQuery, type TScrapRow, UNKNOWN_REASON } from '@itms/contracts/stock';
import { type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, rowsOf } from '../../db/client';
import { likePattern } from '../../lib/list-query';
import { iso } from './stock-card.queries';

/**
 * Reason of a scrap: the condition codes of the tire named by the defect catalogue (an unnamed one
 * as 'Kode N'), else the scrap note, else unknown.
 */
function scrapReason(): SQL {
  return sql`
      left join lateral (
        select string_agg(coalesce(nullif(dc.name, ''), 'Kode ' || d.code), ', ' order by d.first_part) as labels
        from (
          select code, min(i) as first_part from (
            select p.i, case when trim(p.v) ~ '^[0-9]{1,3}$' then trim(p.v)::int end as code
            from unnest(string_to_array(s0.condition, ',')) with ordinality as p(v, i)
          ) parts
          where code is not null and code not in (0, 99)
          group by code
        ) d
        left join defect_codes dc on dc.code = d.code
      ) codes on true`;
}
const REASON = sql`coalesce(nullif(codes.labels, ''), nullif(s0.scrap_note, ''), ${UNKNOWN_REASON})`;

/** CTE s0: the scrapped tires of the filter with their last scrap entry (scrap_tires). */
function scrapBaseCte(q: TScrapQuery, tz: string): SQL {
  return sql`
    s0 as (
      select s.tire_id as id, s.serial_number, s.ir_brand, s.ori_brand, s.size, s.pattern, s.condition,
        s.scrapped_at, s.scrap_note
      from scrap_tires s
      where true
        ${q.q ? sql`and s.serial_number ilike ${likePattern(q.q)}` : sql``}
        ${q.brand ? sql`and upper(s.ir_brand) = upper(${q.brand})` : sql``}
        ${
          q.dateStart && q.dateEnd
            ? sql`and s.scrapped_at >= (${q.dateStart}::date)::timestamp at time zone ${tz}
                  and s.scrapped_at < ((${q.dateEnd}::date + 1)::timestamp at time zone ${tz})`
            : sql``
        }
    )`;
}

export async function scrapTotals(db: DbOrTx, q: TScrapQuery, tz: string) {
  const rows = rowsOf<{ g_reason: number; g_brand: number; reason: string; brand: string; total: number }>(
    await db.execute(sql`
      with ${scrapBaseCte(q, tz)},
      -- the reason is worked out once per distinct (condition, note), not once per tire
      kinds as (
        select s0.condition, s0.scrap_note, s0.ir_brand, count(*)::int as n from s0
        group by s0.condition, s0.scrap_note, s0.ir_brand
      ),
      s as (select s0.ir_brand, ${REASON} as reason, s0.n from kinds s0 ${scrapReason()})
      select grouping(reason) as g_reason, grouping(ir_brand) as g_brand, reason, ir_brand as brand,
        sum(n)::int as total
      from s
      group by grouping sets ((reason), (ir_brand), ())
      order by total desc, reason, brand`),
  );
  return {
    total: rows.find((r) => r.g_reason === 1 && r.g_brand === 1)?.total ?? 0,
    byReason: rows.filter((r) => r.g_reason === 0).map((r) => ({ reason: r.reason, total: r.total })),
    byBrand: rows.filter((r) => r.g_brand === 0).map((r) => ({ brand: r.brand, total: r.total })),
  };
}

export async function scrapRows(
  db: DbOrTx,
  q: TScrapQuery,
  tz: string,
  offset: number,
  limit: number,
): Promise<TScrapRow[]> {
  const rows = rowsOf<{
    id: number;
    serial_number: string;
    ir_brand: string;
    ori_brand: string;
    size: string;
    pattern: string;
    condition: string;
    reason: string;
    scrap_note: string;
    scrapped_at: string | Date | null;
    scrapped_date: string | null;
    last_unit_id: number | null;
    last_plate: string | null;
    km_run: number;
    days_in_service: number | null;
  }>(
    // the page is cut from the scrapped tires first; last unit, km run, days in service and the
    // reason are looked up for its rows only
    await db.execute(sql`
      with ${scrapBaseCte(q, tz)},
      pg as (select * from s0 order by scrapped_at desc nulls last, id desc nulls last offset ${offset} limit ${limit})
      select s0.*, ${REASON} as reason, lu.unit_id as last_unit_id, u.plate_number as last_plate,
        coalesce(kmr.km, 0)::int as km_run,
        case when fi.first_installed_at is not null and s0.scrapped_at is not null
          then floor(extract(epoch from (s0.scrapped_at - fi.first_installed_at)) / 86400)::int end
          as days_in_service,
        to_char(s0.scrapped_at at time zone ${tz}, 'YYYY-MM-DD') as scrapped_date
      from pg s0
      left join lateral (
        select e.unit_id from tire_events e
        where e.tire_id = s0.id and e.unit_id is not null order by e.id desc limit 1
      ) lu on true
      left join units u on u.id = lu.unit_id
      left join lateral (
        select sum(d) as km from (
          select case
            when e.kind = 'removed' and lag(e.kind) over w = 'installed' and e.odometer >= lag(e.odometer) over w
            then e.odometer - lag(e.odometer) over w end as d
          from tire_events e
          where e.tire_id = s0.id and e.kind in ('installed', 'removed')
          window w as (order by e.id)
        ) periods
      ) kmr on true
      left join lateral (
        select min(e.created_at) as first_installed_at from tire_events e
        where e.tire_id = s0.id and e.kind = 'installed'
      ) fi on true
      ${scrapReason()}
      order by s0.scrapped_at desc nulls last, s0.id desc`),
  );
  return rows.map((r) => ({
    id: r.id,
    serial_number: r.serial_number,
    ir_brand: r.ir_brand,
    ori_brand: r.ori_brand,
    size: r.size,
    pattern: r.pattern,
    condition: r.condition,
    reason: r.reason,
    scrap_note: r.scrap_note,
    scrappedAt: r.scrapped_at ? iso(r.scrapped_at) : null,
    scrapped_date: r.scrapped_date,
    last_unit:
      r.last_unit_id != null && r.last_plate ? { id: r.last_unit_id, plate_number: r.last_plate } : null,
    km_run: Number(r.km_run),
    days_in_service: r.days_in_service,
  }));
}
