// Read models of the warehouse, the stock cards and the scrap list, all computed in SQL from the
// tire event ledger (tire_events). Window functions carry each tire's in-stock state from event to
// event and sum the changes into a running stock.
import { CONDITION_CODE_LABELS } from '@itms/contracts/enums';
import {
  NO_LOCATION_LABEL,
  type TireEventKind,
  type TLastMovement,
  type TScrapQuery,
  type TScrapRow,
  type TStockCardKeys,
  type TStockCardQuery,
  type TStockCardRow,
  type TStockCardTire,
  type TWarehouseGroupsQuery,
  type TWarehouseGroupsReply,
  type TWarehouseQuery,
  type TWarehouseRow,
  type TWarehouseTotals,
  UNKNOWN_REASON,
} from '@itms/contracts/stock';
import { type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, pgArray, rowsOf } from '../../db/client';
import { readModelSql } from '../../db/read-models/registry';
import { notFound } from '../../lib/errors';
import { likePattern } from '../../lib/list-query';

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

interface CardSqlRow {
  id: number;
  tire_id: number;
  kind: string;
  created_at: string | Date;
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

const iso = (v: string | Date) => new Date(v).toISOString();

function toCardRow(r: CardSqlRow): TStockCardRow {
  const userLocation = [r.user_name, r.location_name].filter(Boolean).join(' / ') || '-';
  return {
    id: Number(r.id),
    tire_id: r.tire_id,
    kind: r.kind as TireEventKind,
    createdAt: iso(r.created_at),
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
    select c.id, c.tire_id, c.kind, c.created_at,
      to_char(c.created_at at time zone ${tz}, 'YYYY-MM-DD') as date,
      to_char(c.created_at at time zone ${tz}, 'HH24:MI') as time,
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
        select e.*, ${EVENT_LOCATION_ID} as location_id, ${STOCK_STATE} as st
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

function sizeBrandWhere(q: Pick<TStockCardQuery, 'size' | 'brand'>, alias: string): SQL {
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
        select e.*, ${EVENT_LOCATION_ID} as location_id, pg.stock
        from pg join tire_events e on e.id = pg.event_id
      )
      ${cardSelect(tz)}
      order by c.created_at, c.id`),
  );
  return { data: rows.map(toCardRow), total, in_stock_now: count!.in_stock_now };
}

// ---------- warehouse ----------

/**
 * The stock tires of the filter, in warehouse_stock (the narrow copy of the tires in stock with
 * their location, kept by triggers): the list, its totals and the groups read only this table; the
 * other columns and the last movement are joined for the page's rows only.
 */
function warehouseWhere(q: TWarehouseQuery): SQL {
  return sql`true
    ${q.status ? sql`and w.status = ${q.status}` : sql``}
    ${q.q ? sql`and w.serial_number ilike ${likePattern(q.q)}` : sql``}
    and ${sizeBrandWhere(q, 'w')}
    ${q.location_id ? sql`and w.location_id = ${q.location_id}` : sql``}`;
}

interface WarehouseSqlRow {
  id: number;
  serial_number: string;
  ir_brand: string;
  ori_brand: string;
  pattern: string;
  size: string;
  status: 'UNINSTALLED' | 'SPARE';
  groove_lowest: number | null;
  location_id: number | null;
  location_name: string | null;
  ev_id: number | null;
  ev_kind: string | null;
  ev_at: string | Date | null;
  ev_unit_id: number | null;
  ev_position: string | null;
  ev_odometer: number | null;
  ev_to_status: string | null;
  ev_note: string | null;
  ev_plate: string | null;
  ev_user: string | null;
}

function lastMovement(r: WarehouseSqlRow): TLastMovement | null {
  if (r.ev_id == null || !r.ev_kind || !r.ev_at) return null;
  return {
    id: Number(r.ev_id),
    kind: r.ev_kind as TireEventKind,
    description: describeMovement({
      kind: r.ev_kind,
      plate_number: r.ev_plate,
      position: r.ev_position,
      odometer: r.ev_odometer,
      to_status: r.ev_to_status,
      note: r.ev_note ?? '',
    }),
    createdAt: iso(r.ev_at),
    Unit: r.ev_unit_id != null && r.ev_plate ? { id: r.ev_unit_id, plate_number: r.ev_plate } : null,
    position: r.ev_position,
    user_name: r.ev_user,
  };
}

/**
 * warehouse_groups with the deltas the fold loop has not added yet (the model's stored.sql): what a
 * reader reads while deltas are pending, without writing.
 */
const GROUPS_WITH_DELTAS = sql.raw(
  `(select location_id, location_name, size, ir_brand, uninstalled::int as uninstalled, spare::int as spare
      from (${readModelSql({ name: 'warehouse-groups' }, 'stored.sql').trim().replace(/;$/, '')}) s)`,
);

/**
 * The groups of the filter as rows (location_id, location_name, size, ir_brand, total, uninstalled,
 * spare): warehouse_groups as stored (with its pending deltas added when `withDeltas`), or, for an
 * S/N search, which the groups do not keep, the stock tires of the filter grouped.
 */
function groupsOf(q: TWarehouseQuery, withDeltas: boolean): SQL {
  if (q.q) {
    return sql`(
      select w.location_id, w.location_name, w.size, w.ir_brand, count(*)::int as total,
        (count(*) filter (where w.status = 'UNINSTALLED'))::int as uninstalled,
        (count(*) filter (where w.status = 'SPARE'))::int as spare
      from warehouse_stock w
      where ${warehouseWhere(q)}
      group by w.location_name, w.location_id, w.size, w.ir_brand)`;
  }
  const uninstalled = q.status === 'SPARE' ? sql`0` : sql`w.uninstalled`;
  const spare = q.status === 'UNINSTALLED' ? sql`0` : sql`w.spare`;
  return sql`(
    select w.location_id, w.location_name, w.size, w.ir_brand, ${uninstalled} + ${spare} as total,
      ${uninstalled} as uninstalled, ${spare} as spare
    from ${withDeltas ? GROUPS_WITH_DELTAS : sql`warehouse_groups`} w
    where ${uninstalled} + ${spare} > 0 and ${sizeBrandWhere(q, 'w')}
      ${q.location_id ? sql`and w.location_id = ${q.location_id}` : sql``})`;
}

/**
 * The number of groups of the filter, their stock, the locations holding stock of the filter
 * without its location, and whether group deltas are pending: from warehouse_group_locations when
 * the filter is by location and status only and no delta is added, else counted over the groups of
 * the filter.
 */
function groupTotals(q: TWarehouseQuery, withDeltas: boolean): SQL {
  const json = (l: string) =>
    sql.raw(
      `json_agg(json_build_array(${l}.location_id, ${l}.location_name) order by ${l}.location_name, ${l}.location_id)`,
    );
  if (q.q || q.size || q.brand || withDeltas) {
    return sql`
      select count(*)::int as n_groups, coalesce(sum(g.total), 0)::int as n_total,
        coalesce(sum(g.uninstalled), 0)::int as n_uninstalled, coalesce(sum(g.spare), 0)::int as n_spare,
        (select ${json('l')} from (select distinct g.location_id, g.location_name
                  from ${groupsOf({ ...q, location_id: undefined }, withDeltas)} g where g.location_id is not null) l) as locations,
        ${q.q || withDeltas ? sql`false` : sql`exists (select from warehouse_group_deltas)`} as pending
      from ${groupsOf(q, withDeltas)} g`;
  }
  const groups =
    q.status === 'UNINSTALLED'
      ? sql`l.groups_uninstalled`
      : q.status === 'SPARE'
        ? sql`l.groups_spare`
        : sql`l.groups`;
  const uninstalled = q.status === 'SPARE' ? sql`0` : sql`l.uninstalled`;
  const spare = q.status === 'UNINSTALLED' ? sql`0` : sql`l.spare`;
  const here = q.location_id ? sql`l.location_id = ${q.location_id}` : sql`true`;
  return sql`
    select coalesce(sum(${groups}) filter (where ${here}), 0)::int as n_groups,
      coalesce(sum(${uninstalled} + ${spare}) filter (where ${here}), 0)::int as n_total,
      coalesce(sum(${uninstalled}) filter (where ${here}), 0)::int as n_uninstalled,
      coalesce(sum(${spare}) filter (where ${here}), 0)::int as n_spare,
      ${json('l')} filter (where l.location_id is not null and ${groups} > 0) as locations,
      exists (select from warehouse_group_deltas) as pending
    from warehouse_group_locations l`;
}

/**
 * One page of the location/size/brand groups of the filter, the number of groups and their totals
 * in one statement, and the locations holding stock of the filter without its location. Read
 * from warehouse_groups and its per-location copy; while deltas are pending (the fold loop adds
 * them up every few seconds), read again from the groups with the deltas added.
 */
export async function warehouseGroups(
  db: DbOrTx,
  q: TWarehouseGroupsQuery,
  offset: number,
  limit: number,
): Promise<Omit<TWarehouseGroupsReply, 'page' | 'pageSize'>> {
  const order =
    q.sort === 'total'
      ? sql`g.total, g.location_name nulls last, g.location_id, g.size, g.ir_brand`
      : q.sort === '-total'
        ? sql`g.total desc, g.location_name nulls last, g.location_id, g.size, g.ir_brand`
        : sql`g.location_name nulls last, g.location_id, g.size, g.ir_brand`;
  const read = async (withDeltas: boolean) =>
    rowsOf<{
      pending: boolean;
      n_groups: number;
      n_total: number;
      n_uninstalled: number;
      n_spare: number;
      locations: [number, string][] | null;
      location_id: number | null;
      location_name: string | null;
      size: string | null;
      ir_brand: string;
      total: number;
      uninstalled: number;
      spare: number;
    }>(
      await db.execute(sql`
        with tot as (${groupTotals(q, withDeltas)}),
        pg as (select g.* from ${groupsOf(q, withDeltas)} g
               where ${offset} < (select tot.n_groups from tot) order by ${order} offset ${offset} limit ${limit})
        select tot.*, g.* from tot left join pg g on true
        order by ${order}`),
    );
  let rows = await read(false);
  if (rows[0]!.pending) rows = await read(true);
  // one row at least (the totals); without a group on this page, its group columns are null
  const t = rows[0]!;
  return {
    data: rows
      .filter((r) => r.size !== null)
      .map((r) => ({
        location_id: r.location_id,
        location: r.location_name ?? NO_LOCATION_LABEL,
        size: r.size!,
        brand: r.ir_brand,
        total: r.total,
        uninstalled: r.uninstalled,
        spare: r.spare,
      })),
    total: t.n_groups,
    totals: { total: t.n_total, uninstalled: t.n_uninstalled, spare: t.n_spare },
    locations: (t.locations ?? []).map(([id, name]) => ({ id, name })),
  };
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

/** The stock tires of the filter, counted by status. */
async function warehouseTotals(db: DbOrTx, q: TWarehouseQuery): Promise<TWarehouseTotals> {
  const [t] = rowsOf<TWarehouseTotals>(
    await db.execute(sql`
      select count(*)::int as total,
        (count(*) filter (where w.status = 'UNINSTALLED'))::int as uninstalled,
        (count(*) filter (where w.status = 'SPARE'))::int as spare
      from warehouse_stock w
      where ${warehouseWhere(q)}`),
  );
  return t!;
}

/** One page of the stock tires, with the totals of the whole filter counted in the same pass. */
export async function warehouseRows(
  db: DbOrTx,
  q: TWarehouseQuery,
  offset: number,
  limit: number,
): Promise<{ rows: TWarehouseRow[]; totals: TWarehouseTotals }> {
  if (offset > 0) {
    // a page past the end is not sorted for: its totals alone
    const totals = await warehouseTotals(db, q);
    if (offset >= totals.total) return { rows: [], totals };
  }
  const rows = rowsOf<
    Omit<WarehouseSqlRow, 'id'> & {
      id: number | null;
      n_total: number;
      n_uninstalled: number;
      n_spare: number;
    }
  >(
    await db.execute(sql`
      with tot as (
        select count(*)::int as n_total,
          (count(*) filter (where w.status = 'UNINSTALLED'))::int as n_uninstalled,
          (count(*) filter (where w.status = 'SPARE'))::int as n_spare
        from warehouse_stock w
        where ${warehouseWhere(q)}
      ),
      pg as (
        select w.* from warehouse_stock w
        where ${warehouseWhere(q)}
        order by w.location_name nulls last, w.location_id, w.size, w.ir_brand, w.serial_number, w.tire_id
        offset ${offset} limit ${limit}
      )
      select tot.*, t.id, t.serial_number, t.ir_brand, t.ori_brand, t.pattern, t.size, t.status, t.groove_lowest,
        pg.location_id, pg.location_name,
        le.id as ev_id, le.kind as ev_kind, le.created_at as ev_at, le.unit_id as ev_unit_id,
        le.position as ev_position, le.odometer as ev_odometer, le.to_status as ev_to_status, le.note as ev_note,
        lu.plate_number as ev_plate, lus.name as ev_user
      from tot
      left join pg on true
      left join tires t on t.id = pg.tire_id
      left join tire_stock_state ss on ss.tire_id = pg.tire_id
      left join tire_events le on le.id = ss.last_event_id
      left join units lu on lu.id = le.unit_id
      left join users lus on lus.id = le.user_id
      order by pg.location_name nulls last, pg.location_id, pg.size, pg.ir_brand, pg.serial_number, pg.tire_id`),
  );
  // one row at least (the totals); without a tire on this page, its tire columns are null
  const t = rows[0]!;
  const totals = { total: t.n_total, uninstalled: t.n_uninstalled, spare: t.n_spare };
  const page = rows.filter((r): r is typeof r & { id: number } => r.id !== null);
  return {
    totals,
    rows: page.map((r) => ({
      id: r.id,
      serial_number: r.serial_number,
      ir_brand: r.ir_brand,
      ori_brand: r.ori_brand,
      pattern: r.pattern,
      size: r.size,
      status: r.status,
      groove_lowest: r.groove_lowest,
      Location: r.location_id != null ? { id: r.location_id, name: r.location_name ?? '' } : null,
      last_movement: lastMovement(r),
    })),
  };
}

// ---------- scrap ----------

const CONDITION_LABELS = sql.join(
  Object.entries(CONDITION_CODE_LABELS).map(([code, label]) => sql`(${Number(code)}::int, ${label}::text)`),
  sql`, `,
);

/** Reason of a scrap: the named condition codes of the tire, else the scrap note, else unknown. */
function scrapReason(): SQL {
  return sql`
      left join lateral (
        select string_agg(coalesce(lbl.label, 'Kode ' || d.code), ', ' order by d.first_part) as labels
        from (
          select code, min(i) as first_part from (
            select p.i, case when trim(p.v) ~ '^[0-9]{1,3}$' then trim(p.v)::int end as code
            from unnest(string_to_array(s0.condition, ',')) with ordinality as p(v, i)
          ) parts
          where code is not null and code not in (0, 99)
          group by code
        ) d
        left join (values ${CONDITION_LABELS}) as lbl(code, label) on lbl.code = d.code
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
