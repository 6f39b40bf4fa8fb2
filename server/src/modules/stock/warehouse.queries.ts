// The Warehouse: the stock tires (warehouse_stock) with their last movement, their totals, and the
// location/size/brand groups (warehouse_groups and their pending deltas).
import {
  NO_LOCATION_LABEL,
  type TireEventKind,
  type TLastMovement,
  type TWarehouseGroupsQuery,
  type TWarehouseGroupsReply,
  type TWarehouseQuery,
  type TWarehouseRow,
  type TWarehouseTotals,
} from '@itms/contracts/stock';
import { type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, rowsOf } from '../../db/client';
import { readModelSql } from '../../db/read-models/registry';
import { likePattern } from '../../lib/list-query';
import { describeMovement, iso, sizeBrandWhere } from './stock-card.queries';

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
