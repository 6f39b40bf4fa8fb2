// The Storing report (issue 38, item 4): the calls taken on some days, grouped by customer,
// project, tire man or cause (or the region the truck was in), with their response and roll time (median and 90th percentile) and
// the targets they missed, all counted in SQL.
import {
  BREAKDOWN_CAUSE_LABELS,
  type TBreakdownCause,
  type TStoringReport,
  type TStoringReportRow,
  type ZStoringReportQuery,
} from '@itms/contracts/storing';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type DbOrTx, rowsOf } from '../../db/client';
import { openCall } from './open-call';
import { breachOf, projectTargets } from './storing-targets';

type Query = z.output<typeof ZStoringReportQuery>;

const GROUP: Record<Query['groupBy'], { key: SQL; label: SQL }> = {
  region: { key: sql`coalesce(r.id::text, '')`, label: sql`coalesce(r.name, 'Tanpa region')` },
  customer: { key: sql`coalesce(cu.id::text, '')`, label: sql`coalesce(cu.name, '-')` },
  project: { key: sql`coalesce(p.id::text, '')`, label: sql`coalesce(p.name, '-')` },
  tireman: { key: sql`coalesce(tm.id::text, '')`, label: sql`coalesce(tm.name, 'Belum ditugaskan')` },
  cause: { key: sql`b.cause`, label: sql`b.cause` },
};

type Raw = Record<keyof TStoringReportRow, string | number | null> & { grand: boolean };

const minutes = (v: string | number | null) => (v == null ? null : Math.round(Number(v)));

/** The rows of the report, then its total. */
export async function storingReport(db: DbOrTx, q: Query, timezone: string): Promise<TStoringReport> {
  const g = GROUP[q.groupBy];
  const rows = rowsOf<Raw>(
    await db.execute(sql`
      with c as (
        select ${g.key} as key, ${g.label} as label, b.status, ${openCall('b')} as open,
               extract(epoch from b.arrived_at - b.called_at) / 60 as response,
               extract(epoch from b.done_at - b.called_at) / 60 as roll,
               ${breachOf('b', 'u', 'response', sql`pt.target`)} as response_breach,
               ${breachOf('b', 'u', 'roll', sql`pt.target`)} as roll_breach
          from breakdown_calls b
          join units u on u.id = b.unit_id
          -- the targets of the (few) projects once, not twice per call
          left join (${projectTargets()}) pt on pt.project_id = u.project_id
          left join projects p on p.id = u.project_id
          left join customers cu on cu.id = p.customer_id
          left join users tm on tm.id = b.tireman_id
          left join regions r on r.id = b.region_id
         where b.called_at >= (${q.dateStart}::date)::timestamp at time zone ${timezone}
           and b.called_at < (${q.dateEnd}::date + 1)::timestamp at time zone ${timezone}
      )
      select grouping(key, label) = 3 as grand, coalesce(key, '') as key, coalesce(label, 'Total') as label,
             count(*)::int as calls,
             count(*) filter (where status = 'done')::int as done,
             count(*) filter (where status = 'cancelled')::int as cancelled,
             count(*) filter (where open)::int as open,
             percentile_cont(0.5) within group (order by response) as response_median,
             percentile_cont(0.9) within group (order by response) as response_p90,
             percentile_cont(0.5) within group (order by roll) as roll_median,
             percentile_cont(0.9) within group (order by roll) as roll_p90,
             count(*) filter (where response_breach)::int as response_breaches,
             count(*) filter (where roll_breach)::int as roll_breaches
        from c
       group by grouping sets ((key, label), ())
       order by grouping(key, label), count(*) desc, label`),
  );
  const toRow = (r: Raw): TStoringReportRow => ({
    key: String(r.key),
    label:
      q.groupBy === 'cause' && !r.grand
        ? (BREAKDOWN_CAUSE_LABELS[r.label as TBreakdownCause] ?? String(r.label))
        : String(r.label),
    calls: Number(r.calls),
    done: Number(r.done),
    cancelled: Number(r.cancelled),
    open: Number(r.open),
    response_median: minutes(r.response_median),
    response_p90: minutes(r.response_p90),
    roll_median: minutes(r.roll_median),
    roll_p90: minutes(r.roll_p90),
    response_breaches: Number(r.response_breaches),
    roll_breaches: Number(r.roll_breaches),
  });
  const total = rows.find((r) => r.grand);
  return {
    rows: rows.filter((r) => !r.grand).map(toRow),
    total: total
      ? toRow(total)
      : toRow({
          grand: true,
          key: '',
          label: 'Total',
          calls: 0,
          done: 0,
          cancelled: 0,
          open: 0,
          response_median: null,
          response_p90: null,
          roll_median: null,
          roll_p90: null,
          response_breaches: 0,
          roll_breaches: 0,
        }),
  };
}
