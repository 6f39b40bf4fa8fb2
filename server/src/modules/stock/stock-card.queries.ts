// KARTU STOK BAN: a tire's ledger entries, and the card of a size and/or brand, with the running
// stock. Window functions carry each tire's in-stock state from event to event; the card of a
// size/brand sums the stored changes of tire_stock_moves and its totals.
import type {
  TireEventKind,
  TStockCardKeys,
  TStockCardQuery,
  TStockCardRow,
  TStockCardTire,
} from '@itms/contracts/stock';
import { type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, pgArray, rowsOf } from '../../db/client';
import { notFound } from '../../lib/errors';

const km = new Intl.NumberFormat('id-ID');

/** Ket: what a ledger entry means, in Indonesian. */
export function describeMovement(e: {
  kind: string;
  plate_number: string | null;
  position: string | null;
  odometer: number | null;
  to_status: string | null;
  note: string;
}): string {
  const where = `${e.plate_number ? ` ${e.plate_number}` : ''}${e.position ? ` posisi ${e.position}` : ''}`;
  const at = e.odometer != null ? ` pada ${km.format(e.odometer)} km` : '';
  let text: string;
  switch (e.kind) {
    case 'received':
      text = 'Diterima';
      break;
    case 'installed':
      text = `Dipasang di${where}${at}`;
      break;
    case 'removed':
      text = `Dilepas${where ? ` dari${where}` : ''}${at}`;
      break;
    case 'checked':
      text = `Dicek${where ? ` di${where}` : ''}${at}`;
      break;
    case 'scrapped':
      text = 'Status: SCRAP';
      break;
    case 'status':
      text = `Status: ${e.to_status ?? '-'}`;
      break;
    case 'updated':
      text = 'Data ban diperbarui';
      break;
    default:
      text = e.kind;
  }
  return e.note ? `${text} (${e.note})` : text;
}

/** Stock after an event: 1 in stock, 0 mounted or scrapped, null when the event does not say. */
const STOCK_STATE = sql.raw(`case
  when e.to_status is not null then (case when e.to_status in ('UNINSTALLED', 'SPARE') then 1 else 0 end)
  when e.kind in ('received', 'removed') then 1
  when e.kind in ('installed', 'scrapped') then 0
end`);

/**
 * Location of an event `e`: the location of the check, replacement or BKB that caused it. One
 * lookup in the document's own table (joins to all three would probe each table for every event).
 */
const EVENT_LOCATION_ID = sql.raw(`(case e.source_type
  when 'tire-check' then (select tc.location_id from tire_checks tc where tc.id = e.source_id)
  when 'tire-replacement' then (select tr.location_id from tire_replacements tr where tr.id = e.source_id)
  when 'mismatch' then (select mm.location_id from mismatches mm where mm.id = e.source_id) end)`);

/**
 * When the movement was done: the performed_at of the check, replacement, BKB or request that
 * caused it (the tire man's time, not the EDP's validation that wrote the entry); the entry's own
 * time for what the office did directly.
 */
const EVENT_PERFORMED_AT = sql.raw(`coalesce(case e.source_type
  when 'tire-check' then (select tc.performed_at from tire_checks tc where tc.id = e.source_id)
  when 'tire-replacement' then (select tr.performed_at from tire_replacements tr where tr.id = e.source_id)
  when 'mismatch' then (select mm.performed_at from mismatches mm where mm.id = e.source_id)
  when 'tire-request' then (select rq.performed_at from tire_requests rq where rq.id = e.source_id) end,
  e.created_at)`);

interface CardSqlRow {
  id: number;
  tire_id: number;
  kind: string;
  created_at: string | Date;
  performed_at: string | Date;
  date: string;
  time: string;
  unit_id: number | null;
  plate_number: string | null;
  position: string | null;
  odometer: number | null;
  from_status: string | null;
  to_status: string | null;
  note: string;
  customer: string | null;
  ir_brand: string;
  size: string;
  serial_number: string;
  user_name: string | null;
  location_name: string | null;
  stock: number;
}

export const iso = (v: string | Date) => new Date(v).toISOString();

function toCardRow(r: CardSqlRow): TStockCardRow {
  const userLocation = [r.user_name, r.location_name].filter(Boolean).join(' / ') || '-';
  return {
    id: Number(r.id),
    tire_id: r.tire_id,
    kind: r.kind as TireEventKind,
    createdAt: iso(r.created_at),
    performed_at: iso(r.performed_at),
    date: r.date,
    time: r.time,
    customer: r.customer ?? '-',
    brand: r.ir_brand,
    size: r.size,
    serial_number: r.serial_number,
    production_no: String(r.tire_id),
    description: describeMovement(r),
    user_name: r.user_name,
    location_name: r.location_name,
    user_location: userLocation,
    Unit: r.unit_id != null && r.plate_number ? { id: r.unit_id, plate_number: r.plate_number } : null,
    position: r.position,
    odometer: r.odometer,
    from_status: r.from_status,
    to_status: r.to_status,
    note: r.note,
    stock: Number(r.stock),
  };
}

/** Columns and joins that turn a CTE `c` of ledger rows (with `stock`) into stock card rows. */
function cardSelect(tz: string): SQL {
  return sql`
    select c.id, c.tire_id, c.kind, c.created_at, c.performed_at,
      to_char(c.performed_at at time zone ${tz}, 'YYYY-MM-DD') as date,
      to_char(c.performed_at at time zone ${tz}, 'HH24:MI') as time,
      c.unit_id, u.plate_number, c.position, c.odometer, c.from_status, c.to_status, c.note,
      cu.name as customer, t.ir_brand, t.size, t.serial_number,
      us.name as user_name, l.name as location_name, c.stock
    from c
    join tires t on t.id = c.tire_id
    left join units u on u.id = c.unit_id
    left join projects p on p.id = u.project_id
    left join customers cu on cu.id = p.customer_id
    left join users us on us.id = c.user_id
    left join locations l on l.id = c.location_id`;
}

export async function stockCardTire(db: DbOrTx, tireId: number): Promise<TStockCardTire> {
  const [t] = rowsOf<Omit<TStockCardTire, 'production_no'>>(
    await db.execute(sql`
      select id, serial_number, ir_brand, ori_brand, size, pattern, status from tires where id = ${tireId}`),
  );
  if (!t) throw notFound('Ban');
  return { ...t, production_no: String(t.id) };
}

/** The stock card of one tire: every ledger entry in order, stock 1 while in stock, 0 otherwise. */
export async function tireStockCard(
  db: DbOrTx,
  tireId: number,
  tz: string,
  offset: number,
  limit: number,
): Promise<{ data: TStockCardRow[]; total: number }> {
  const [count] = rowsOf<{ n: number }>(
    await db.execute(sql`select count(*)::int as n from tire_events where tire_id = ${tireId}`),
  );
  const rows = rowsOf<CardSqlRow>(
    await db.execute(sql`
      with ev as (
        select e.*, ${EVENT_LOCATION_ID} as location_id, ${EVENT_PERFORMED_AT} as performed_at, ${STOCK_STATE} as st
        from tire_events e
        where e.tire_id = ${tireId}
      ),
      g as (select ev.*, count(st) over (order by id) as grp from ev),
      c as (select g.*, coalesce(max(st) over (partition by grp), 0) as stock from g)
      ${cardSelect(tz)}
      order by c.id
      offset ${offset} limit ${limit}`),
  );
  return { data: rows.map(toCardRow), total: count!.n };
}

/** The filter of a size and/or brand on a table with size and ir_brand columns (`alias`). */
export function sizeBrandWhere(q: Pick<TStockCardQuery, 'size' | 'brand'>, alias: string): SQL {
  const a = sql.raw(alias);
  return sql`true
    ${q.size ? sql`and upper(${a}.size) = upper(${q.size})` : sql``}
    ${q.brand ? sql`and upper(${a}.ir_brand) = upper(${q.brand})` : sql``}`;
}

/** The filter of a size/brand card on tire_stock_moves (upper-case keys). */
function moveKeysWhere(q: Pick<TStockCardQuery, 'size' | 'brand'>, alias: string): SQL {
  const a = sql.raw(alias);
  return sql`true
    ${q.size ? sql`and ${a}.size_key = upper(${q.size})` : sql``}
    ${q.brand ? sql`and ${a}.brand_key = upper(${q.brand})` : sql``}`;
}

/**
 * The stock card of a size and/or brand: every movement of its tires in time order, with the
 * running number of them in stock. Each tire's in-stock state is carried from entry to entry and
 * its change stored per entry in tire_stock_moves (kept by a trigger on the ledger), so the running
 * stock at an entry is the sum of the changes up to it. A page reads, from one index, the changes
 * before it, or, in the second half of the card, those after it subtracted from the sum of all
 * (the card's entries and their sum come from tire_stock_move_totals and its deltas, its tires in
 * stock now from warehouse_stock); only the page's rows are joined to their details.
 */
export async function groupStockCard(
  db: DbOrTx,
  q: TStockCardQuery,
  tz: string,
  offset: number,
  limit: number,
): Promise<{ data: TStockCardRow[]; total: number; in_stock_now: number }> {
  const [count] = rowsOf<{ n: number; stock_sum: number; in_stock_now: number }>(
    await db.execute(sql`
      select coalesce(sum(x.n), 0)::int as n, coalesce(sum(x.stock), 0)::int as stock_sum,
        (select count(*)::int from warehouse_stock w where ${sizeBrandWhere(q, 'w')}) as in_stock_now
      from (select m.n, m.stock from tire_stock_move_totals m where ${moveKeysWhere(q, 'm')}
            union all
            select m.n, m.stock from tire_stock_move_deltas m where ${moveKeysWhere(q, 'm')}) x`),
  );
  const total = count!.n;
  if (offset >= total) return { data: [], total, in_stock_now: count!.in_stock_now };
  const fromEnd = total - offset - limit;
  // the page's ids and running stock, from the nearer end of the card
  const page =
    offset <= fromEnd
      ? sql`
        select w.event_id, w.created_at,
          sum(w.stock_delta) over (order by w.created_at, w.event_id rows between unbounded preceding and current row)
            as stock
        from (
          select m.event_id, m.created_at, m.stock_delta from tire_stock_moves m
          where ${moveKeysWhere(q, 'm')}
          order by m.created_at, m.event_id
          limit ${offset + limit}
        ) w
        order by w.created_at, w.event_id
        offset ${offset}`
      : sql`
        select w.event_id, w.created_at,
          ${count!.stock_sum}::int + w.stock_delta
            - sum(w.stock_delta) over (order by w.created_at desc, w.event_id desc
                                       rows between unbounded preceding and current row) as stock
        from (
          select m.event_id, m.created_at, m.stock_delta from tire_stock_moves m
          where ${moveKeysWhere(q, 'm')}
          order by m.created_at desc, m.event_id desc
          limit ${total - offset}
        ) w
        order by w.created_at desc, w.event_id desc
        offset ${Math.max(fromEnd, 0)}`;
  const cut = rowsOf<{ event_id: number; stock: number }>(await db.execute(page));
  // the page's entries joined to their details in a statement of their own: its plan does not
  // depend on the card, so PostgreSQL plans it once per connection instead of on every page
  // (planning the page and the joins together took longer than running them)
  const rows = rowsOf<CardSqlRow>(
    await db.execute(sql`
      with pg as (
        select * from unnest(${pgArray(cut.map((r) => r.event_id))}::bigint[],
                             ${pgArray(cut.map((r) => r.stock))}::int[]) as pg(event_id, stock)
      ),
      c as (
        select e.*, ${EVENT_LOCATION_ID} as location_id, ${EVENT_PERFORMED_AT} as performed_at, pg.stock
        from pg join tire_events e on e.id = pg.event_id
      )
      ${cardSelect(tz)}
      order by c.created_at, c.id`),
  );
  return { data: rows.map(toCardRow), total, in_stock_now: count!.in_stock_now };
}

/** The sizes and IR brands with a stock card: the keys of tire_stock_move_totals and its deltas. */
export async function stockCardKeys(db: DbOrTx): Promise<TStockCardKeys> {
  const rows = rowsOf<{ size_key: string; brand_key: string }>(
    await db.execute(sql`
      select size_key, brand_key from (
        select size_key, brand_key, n from tire_stock_move_totals
        union all
        select size_key, brand_key, n from tire_stock_move_deltas) x
      group by size_key, brand_key
      having sum(n) > 0`),
  );
  const sorted = (values: string[]) => [...new Set(values)].filter(Boolean).sort();
  return { sizes: sorted(rows.map((r) => r.size_key)), brands: sorted(rows.map((r) => r.brand_key)) };
}
