// Read model of Tanda Tangan Workshop: validated checks and replacements without the workshop
// signature, oldest validation first (or newest first on request), both kinds in one list.
import { QUEUE_DEFAULT_ORDER } from '@itms/contracts/queue';
import { AWAITING_WORKSHOP } from '@itms/contracts/rules/lifecycle';
import type { TWorkshopQueueInput, TWorkshopQueueRow, WorkshopKind } from '@itms/contracts/workshop';
import { type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, rowsOf } from '../../db/client';
import { stageIn } from '../../db/schema/columns';
import { inRange } from '../../lib/day-range';
import { likePattern } from '../../lib/list-query';
import { pageWindow } from '../../lib/paging';

/**
 * Awaiting the workshop (the partial indexes `tire_checks_workshop_queue_idx` and
 * `tire_replacements_workshop_queue_idx`).
 */
const awaiting = (alias: string) => stageIn(sql.raw(`${alias}.stage`), AWAITING_WORKSHOP);

/** Plates compared without spaces and case: 'b9001' finds 'B 9001 TR'. */
const plateKey = (q: string) => q.replace(/\s+/g, '').toUpperCase();

interface Filters {
  check: SQL;
  replacement: SQL;
}

function filters(q: TWorkshopQueueInput, tz: string): Filters {
  const check: SQL[] = [awaiting('c')];
  const replacement: SQL[] = [awaiting('r')];
  if (q.q && plateKey(q.q)) {
    const pattern = likePattern(plateKey(q.q));
    check.push(sql`replace(upper(c.plate_number), ' ', '') like ${pattern}`);
    replacement.push(
      sql`exists (select 1 from units u where u.id = r.unit_id and replace(upper(u.plate_number), ' ', '') like ${pattern})`,
    );
  }
  if (q.dateStart && q.dateEnd) {
    const range = { start: q.dateStart, end: q.dateEnd, tz };
    check.push(inRange(sql`c.performed_at`, range));
    replacement.push(inRange(sql`r.performed_at`, range));
  }
  return { check: sql.join(check, sql` and `), replacement: sql.join(replacement, sql` and `) };
}

interface Row {
  kind: WorkshopKind;
  id: number;
  plate_number: string;
  tireman_id: number;
  tireman_name: string;
  location: string;
  project: string | null;
  performed_at: Date | string;
  date: string;
  time: string;
  validated_at: Date | string | null;
  validator: string | null;
}

const iso = (d: Date | string | null) => (d == null ? null : new Date(d).toISOString());

export function createWorkshopQueries(db: DbOrTx, timezone: string) {
  /** One page: each kind's first offset+limit rows from its partial index, merged, then the names. */
  async function page(q: TWorkshopQueueInput, f: Filters): Promise<TWorkshopQueueRow[]> {
    const { offset, limit } = pageWindow(q);
    const head = offset + limit;
    // oldest first reads the partial indexes (validated_at desc nulls last, id desc) backwards
    const oldest = (q.order ?? QUEUE_DEFAULT_ORDER) === 'oldest';
    const dir = sql.raw(oldest ? 'asc nulls first' : 'desc nulls last');
    const idDir = sql.raw(oldest ? 'asc' : 'desc');
    const rows = rowsOf<Row>(
      await db.execute(sql`
        with p as (
          select * from (
            (select 'tire-check'::text as kind, c.id, c.validated_at from tire_checks c
              where ${f.check}
              order by c.validated_at ${dir}, c.id ${dir} limit ${head})
            union all
            (select 'tire-replacement'::text as kind, r.id, r.validated_at from tire_replacements r
              where ${f.replacement}
              order by r.validated_at ${dir}, r.id ${dir} limit ${head})
          ) m
          order by m.validated_at ${dir}, m.id ${idDir}, m.kind
          limit ${limit} offset ${offset}
        )
        select p.kind, p.id, p.validated_at,
               coalesce(c.plate_number, ru.plate_number) as plate_number,
               tm.id as tireman_id, tm.name as tireman_name,
               l.name as location,
               coalesce(rp.name, up.name) as project,
               coalesce(c.performed_at, r.performed_at) as performed_at,
               to_char(coalesce(c.performed_at, r.performed_at) at time zone ${timezone}, 'YYYY-MM-DD') as date,
               to_char(coalesce(c.performed_at, r.performed_at) at time zone ${timezone}, 'HH24:MI') as time,
               v.name as validator
          from p
          left join tire_checks c on p.kind = 'tire-check' and c.id = p.id
          left join tire_replacements r on p.kind = 'tire-replacement' and r.id = p.id
          left join units ru on ru.id = r.unit_id
          join units un on un.id = coalesce(c.unit_id, r.unit_id)
          join users tm on tm.id = coalesce(c.tireman_id, r.tireman_id)
          join locations l on l.id = coalesce(c.location_id, r.location_id)
          left join projects rp on rp.id = coalesce(c.project_id, r.project_id)
          left join projects up on up.id = un.project_id
          left join users v on v.id = coalesce(c.validated_by, r.validated_by)
         order by p.validated_at ${dir}, p.id ${idDir}, p.kind`),
    );
    return rows.map((r) => ({
      kind: r.kind,
      id: Number(r.id),
      plate_number: r.plate_number,
      tireman: { id: Number(r.tireman_id), name: r.tireman_name },
      location: r.location,
      project: r.project,
      performed_at: iso(r.performed_at)!,
      date: r.date,
      time: r.time,
      validated_at: iso(r.validated_at),
      validator: r.validator,
    }));
  }

  async function count(f: Filters): Promise<number> {
    const [row] = rowsOf<{ n: number }>(
      await db.execute(sql`
        select ((select count(*) from tire_checks c where ${f.check})
              + (select count(*) from tire_replacements r where ${f.replacement}))::int as n`),
    );
    return Number(row?.n ?? 0);
  }

  /** GET /workshop/queue: a page and the count (a page past the end is not looked for). */
  async function queue(q: TWorkshopQueueInput): Promise<{ data: TWorkshopQueueRow[]; total: number }> {
    const f = filters(q, timezone);
    const total = await count(f);
    const data = pageWindow(q).offset >= total ? [] : await page(q, f);
    return { data, total };
  }

  return { queue };
}
