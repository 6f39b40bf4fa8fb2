// Ban Terpasang Aktif: the wheel slots of every unit (read model) and the office's mount/unmount
// command on one slot, through the fleet mounting service so the ledger records every move.
import type { TActiveTireListQuery, TActiveTireRow, TActiveTireUpdateBody } from '@itms/contracts/tire-list';
import { and, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { activeUnitTires, projects, tires, units } from '../../db/schema';
import { audit } from '../../lib/audit';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { likePattern } from '../../lib/list-query';
import { storedRowCount } from '../../lib/row-counts';
import { mountTire, unitWheels, unmountPosition } from '../fleet/mounting';
import { latestUnitOdometer } from '../fleet/unit-odometer';

function activeWhere(q: Partial<TActiveTireListQuery>): SQL | undefined {
  const conds: (SQL | undefined)[] = [];
  const status = q.status ?? 'INSTALLED';
  if (status !== 'ALL') conds.push(eq(activeUnitTires.status, status));
  if (q.unit_id) conds.push(eq(activeUnitTires.unit_id, q.unit_id));
  if (q.project_id) conds.push(eq(units.project_id, q.project_id));
  if (q.q) {
    const p = likePattern(q.q);
    conds.push(or(ilike(units.plate_number, p), ilike(tires.serial_number, p)));
  }
  return and(...conds);
}

const positionOrder = sql`case when ${activeUnitTires.position} ~ '^[0-9]+$' then ${activeUnitTires.position}::int else 100 end`;

/** The list's order: plate, then numbered positions in number order, then the spares. */
const listOrder = [units.plate_number, positionOrder, activeUnitTires.position, activeUnitTires.id] as const;

async function activeRows(
  db: DbOrTx,
  where: SQL | undefined,
  page?: { offset: number; limit: number },
): Promise<TActiveTireRow[]> {
  const base = db
    .select({
      id: activeUnitTires.id,
      tire_id: activeUnitTires.tire_id,
      km_installed: activeUnitTires.km_installed,
      position: activeUnitTires.position,
      status: activeUnitTires.status,
      installed_at: activeUnitTires.installed_at,
      serial_number: tires.serial_number,
      ir_brand: tires.ir_brand,
      unit_id: units.id,
      plate_number: units.plate_number,
      unit_type: units.unit_type,
      project_id: projects.id,
      project_name: projects.name,
    })
    .from(activeUnitTires)
    .innerJoin(units, eq(units.id, activeUnitTires.unit_id))
    .innerJoin(projects, eq(projects.id, units.project_id))
    .leftJoin(tires, eq(tires.id, activeUnitTires.tire_id))
    .where(where)
    .orderBy(...listOrder);
  const rows = page ? await base.offset(page.offset).limit(page.limit) : await base;
  return rows.map((r) => ({
    id: r.id,
    tire_id: r.tire_id,
    km_installed: r.km_installed,
    position: r.position,
    status: r.status as TActiveTireRow['status'],
    installedAt: r.installed_at.toISOString(),
    serial_number: r.serial_number,
    ir_brand: r.ir_brand,
    Unit: {
      id: r.unit_id,
      plate_number: r.plate_number,
      unit_type: r.unit_type,
      Project: { id: r.project_id, name: r.project_name },
    },
  }));
}

/**
 * Slots of the filter. Filtered by status alone: the stored row count. Otherwise the slots are
 * counted, joined only where a filter needs the unit (project) or the tire (serial search): the
 * inner join to units cannot drop a slot (NOT NULL foreign key) and tires is a left join.
 */
async function activeCount(db: DbOrTx, q: TActiveTireListQuery, where: SQL | undefined): Promise<number> {
  if (!q.q && !q.unit_id && !q.project_id) {
    const status = q.status ?? 'INSTALLED';
    return storedRowCount(
      db,
      status === 'ALL'
        ? ['active_unit_tires:INSTALLED', 'active_unit_tires:UNINSTALLED']
        : [`active_unit_tires:${status}`],
    );
  }
  const counted = db.select({ n: sql<number>`count(*)::int` }).from(activeUnitTires);
  const [count] = q.q
    ? await counted
        .innerJoin(units, eq(units.id, activeUnitTires.unit_id))
        .leftJoin(tires, eq(tires.id, activeUnitTires.tire_id))
        .where(where)
    : q.project_id
      ? await counted.innerJoin(units, eq(units.id, activeUnitTires.unit_id)).where(where)
      : await counted.where(where);
  return count!.n;
}

/**
 * A page of the list: its slot ids are cut first from the narrow columns (units in plate order
 * through units_plate_uq, each unit's slots in list order from active_unit_tires_slot_order_idx,
 * so a deep page walks the slots before it instead of sorting every slot), then only those rows
 * are joined to their tires and projects.
 */
export async function listActiveTires(db: DbOrTx, q: TActiveTireListQuery, offset: number, limit: number) {
  const where = activeWhere(q);
  const total = await activeCount(db, q, where);
  if (total <= offset) return { data: [], total };
  const ids = db.select({ id: activeUnitTires.id }).from(activeUnitTires);
  const pageIds = (
    q.q
      ? ids
          .innerJoin(units, eq(units.id, activeUnitTires.unit_id))
          .leftJoin(tires, eq(tires.id, activeUnitTires.tire_id))
      : ids.innerJoin(units, eq(units.id, activeUnitTires.unit_id))
  )
    .where(where)
    .orderBy(...listOrder)
    .offset(offset)
    .limit(limit);
  const data = await activeRows(db, inArray(activeUnitTires.id, pageIds));
  return { data, total };
}

/** Every active-tire row of the filter, in list order (export). */
export function activeTireBatch(db: DbOrTx, q: TActiveTireListQuery, offset: number, limit: number) {
  return activeRows(db, activeWhere(q), { offset, limit });
}

export async function activeTireDetail(db: DbOrTx, id: number): Promise<TActiveTireRow> {
  const [row] = await activeRows(db, eq(activeUnitTires.id, id));
  if (!row) throw notFound('Ban terpasang');
  return row;
}

/**
 * PUT /active-unit/{activeTireId}: mounts a tire at the slot (a tire mounted elsewhere: 409) or
 * takes the slot's tire off. One transaction; the ledger and the audit log record the move.
 */
export async function updateActiveTire(
  db: Db,
  activeTireId: number,
  body: TActiveTireUpdateBody,
  user: { id: number },
): Promise<TActiveTireRow> {
  const slotId = await db.transaction(async (tx) => {
    const [slot] = await tx
      .select()
      .from(activeUnitTires)
      .where(eq(activeUnitTires.id, activeTireId))
      .for('update');
    if (!slot) throw notFound('Ban terpasang');
    if (body.unit_id !== undefined && body.unit_id !== slot.unit_id) {
      throw badRequest('Unit tidak sesuai dengan posisi ban aktif', [
        { field: 'unit_id', message: 'Unit tidak sesuai dengan posisi ban aktif' },
      ]);
    }
    const unitId = slot.unit_id;
    const position = body.position ?? slot.position;
    const odometer = body.odometer ?? (await latestUnitOdometer(tx, unitId)) ?? slot.km_installed;
    const source = { userId: user.id, sourceType: 'manual' as const, sourceId: null };
    const wheelsBefore = await unitWheels(tx, unitId);
    if (body.status === 'INSTALLED') {
      const tireId = (body.tire_id ?? body.tire_itms_id)!;
      const [tire] = await tx.select({ status: tires.status }).from(tires).where(eq(tires.id, tireId));
      if (!tire) throw notFound('Ban');
      if (tire.status === 'SCRAP')
        throw conflict('Ban berstatus SCRAP tidak dapat dipasang', 'TIRE_SCRAPPED');
      await mountTire(tx, { unitId, position, tireId, odometer, source });
    } else {
      await unmountPosition(tx, { unitId, position, odometer, source });
    }
    await audit(tx, {
      userId: user.id,
      action: body.status === 'INSTALLED' ? 'active-tire.mount' : 'active-tire.unmount',
      entity: 'active_unit_tire',
      entityId: activeTireId,
      detail: {
        unitId,
        position,
        odometer,
        before: { tire_id: wheelsBefore[position] ?? null },
        after: { tire_id: (await unitWheels(tx, unitId))[position] ?? null },
      },
    });
    const [target] = await tx
      .select({ id: activeUnitTires.id })
      .from(activeUnitTires)
      .where(and(eq(activeUnitTires.unit_id, unitId), eq(activeUnitTires.position, position)));
    return target?.id ?? activeTireId;
  });
  return activeTireDetail(db, slotId);
}
