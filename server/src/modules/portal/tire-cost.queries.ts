// Tire life and cost of a customer's fleet (issue 40): what its tires ran and wore over their lives
// (tire_wear, kept by the wear refresher), what they cost (tires.purchase_price + retread_cost), and
// why those scrapped in the period were scrapped (the scrap entry's note, scrap_tires).
import {
  NO_SCRAP_REASON,
  type TPortalScrapReason,
  type TPortalTireCost,
  type TPortalTireCostQuery,
  type TPortalTireCostRow,
} from '@itms/contracts/portal';
import { sql } from 'drizzle-orm';
import { type DbOrTx, rowsOf } from '../../db/client';

type Query = Required<Pick<TPortalTireCostQuery, 'dateStart' | 'dateEnd'>> & {
  groupBy: TPortalTireCost['groupBy'];
};

const GROUP_KEY = {
  unit: 'ct.plate_number',
  brand: 't.ir_brand',
  pattern: 't.pattern',
  size: 't.size',
} as const;

/**
 * The customer's tires (`ct`: tire_id, plate_number): each tire whose latest mounting in the ledger
 * was on one of the customer's units, with that unit (tire_events_unit_installed_idx, then each
 * candidate's own ledger by tire_events_tire_idx).
 */
const customerTires = (customerId: number) => sql`
  cu as (select u.id from units u join projects p on p.id = u.project_id where p.customer_id = ${customerId}),
  ct as (
    select x.tire_id, u.plate_number
      from (select distinct i.tire_id from tire_events i where i.kind = 'installed' and i.unit_id in (select id from cu)) x
      cross join lateral (
        select e.unit_id from tire_events e
         where e.tire_id = x.tire_id and e.kind = 'installed' order by e.id desc limit 1
      ) li
      -- by primary keys (a hash of cu per tire would be rebuilt for each one)
      join units u on u.id = li.unit_id
      join projects p on p.id = u.project_id and p.customer_id = ${customerId}
  )`;

const num = (v: unknown) => (v == null ? 0 : Number(v));
const perUnit = (cost: number, amount: number) =>
  amount > 0 ? Math.round((cost / amount) * 100) / 100 : null;

export async function tireCost(
  db: DbOrTx,
  customerId: number,
  q: Query,
  tz: string,
): Promise<TPortalTireCost> {
  const start = sql`(${q.dateStart}::date)::timestamp at time zone ${tz}`;
  const end = sql`(${q.dateEnd}::date + 1)::timestamp at time zone ${tz}`;
  const key = sql.raw(GROUP_KEY[q.groupBy]);
  const [groups, scrapped] = await Promise.all([
    db.execute(sql`
      with ${customerTires(customerId)},
      lt as (
        select ${key} as key, w.km_total, w.mm_worn,
               case when t.purchase_price is not null then t.purchase_price + coalesce(t.retread_cost, 0) end as cost
          from ct
          join tires t on t.id = ct.tire_id
          join tire_wear w on w.tire_id = ct.tire_id
         where w.first_mounted_at < ${end} and (w.ended_at is null or w.ended_at >= ${start})
      )
      select grouping(lt.key) = 1 as grand, lt.key, count(*) as tires, sum(lt.km_total) as km_total,
             sum(lt.mm_worn) as mm_worn, count(lt.cost) as priced_tires, sum(lt.cost) as cost,
             sum(lt.km_total) filter (where lt.cost is not null) as priced_km,
             sum(lt.mm_worn) filter (where lt.cost is not null) as priced_mm
        from lt
       group by grouping sets ((lt.key), ())
       order by grouping(lt.key), lt.key`),
    db.execute(sql`
      with ${customerTires(customerId)}
      select coalesce(nullif(btrim(s.scrap_note), ''), ${NO_SCRAP_REASON}) as reason, count(*) as tires,
             avg(w.km_total) filter (where w.km_total > 0) as km_avg
        from ct
        join scrap_tires s on s.tire_id = ct.tire_id
        left join tire_wear w on w.tire_id = ct.tire_id
       where s.scrapped_at >= ${start} and s.scrapped_at < ${end}
       group by 1
       order by 2 desc, 1`),
  ]);
  const toRow = (r: Record<string, unknown>): TPortalTireCostRow => {
    const cost = num(r.cost);
    return {
      key: r.grand ? null : String(r.key || '-'),
      tires: num(r.tires),
      km_total: Math.round(num(r.km_total)),
      mm_worn: Math.round(num(r.mm_worn) * 10) / 10,
      priced_tires: num(r.priced_tires),
      cost,
      cost_per_km: perUnit(cost, num(r.priced_km)),
      cost_per_mm: perUnit(cost, num(r.priced_mm)),
    };
  };
  const raw = rowsOf<Record<string, unknown>>(groups);
  const grand = raw.find((r) => r.grand);
  return {
    groupBy: q.groupBy,
    rows: raw.filter((r) => !r.grand).map(toRow),
    total: toRow(grand ?? { grand: true }),
    scrapped: rowsOf<Record<string, unknown>>(scrapped).map(
      (r): TPortalScrapReason => ({
        reason: String(r.reason),
        tires: num(r.tires),
        km_avg: r.km_avg == null ? null : Math.round(Number(r.km_avg)),
      }),
    ),
  };
}
