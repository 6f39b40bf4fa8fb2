// Fitting tires from the office (issue #22 item 6): the wheel slots a unit gets from its type's
// diagram, and the mount / unmount / move commands on them. Each command is one transaction that
// writes the tire ledger (through mounting.ts) and the audit log.

import { diagramOf, hasPosition } from '@itms/contracts/rules/vehicle-diagram';
import {
  FITTING_MESSAGES as M,
  type TUnitMountInput,
  type TUnitMoveBody,
  type TUnitUnmountBody,
  type TUnitWheels,
} from '@itms/contracts/unit-fitting';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { type Db, type DbOrTx, pgArray, type Tx } from '../../db/client';
import { queueTireWear } from '../../db/read-models/tire-wear/wear';
import { activeUnitTires, projects, tires, units } from '../../db/schema';
import { audit } from '../../lib/audit';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors';
import { type MoveSource, mountTire, recordTireEvent, unitWheels, unmountPosition } from './mounting';
import { latestUnitOdometer } from './unit-odometer';

/**
 * The empty slots (UNINSTALLED, no tire) of each unit's diagram positions that it lacks, in one
 * statement: a new unit, an import's units (in batches), or a unit whose type changed.
 */
export async function addMissingSlots(tx: DbOrTx, list: readonly { id: number; unit_type: string }[]) {
  const pairs = slotPairs(list);
  if (pairs.length === 0) return;
  await tx.execute(sql`
    insert into active_unit_tires (unit_id, position, tire_id, status, km_installed)
    select u, p, null, 'UNINSTALLED', 0 from ${unnestPairs(pairs)}
    on conflict (unit_id, position) do nothing`);
}

const slotPairs = (list: readonly { id: number; unit_type: string }[]) =>
  list.flatMap((u) => diagramOf(u.unit_type).positions.map((p) => [u.id, p] as const));
const unnestPairs = (pairs: (readonly [number, string])[]) =>
  sql`unnest(${pgArray(pairs.map(([u]) => u))}::int[], ${pgArray(pairs.map(([, p]) => p))}::text[]) as x(u, p)`;

/**
 * Brings a unit's slots to its (new) type's diagram: missing positions are added empty, empty
 * positions the diagram no longer has are removed. A position off the new diagram that still holds
 * a tire refuses the change: the tire must come off first.
 */
export async function syncSlotsToType(tx: Tx, unitId: number, unitType: string): Promise<void> {
  const keep = diagramOf(unitType).positions as string[];
  const slots = await tx
    .select({ id: activeUnitTires.id, position: activeUnitTires.position, status: activeUnitTires.status })
    .from(activeUnitTires)
    .where(eq(activeUnitTires.unit_id, unitId))
    .for('update');
  const off = slots.filter((s) => !keep.includes(s.position));
  const held = off.filter((s) => s.status === 'INSTALLED').map((s) => s.position);
  if (held.length > 0) {
    throw new AppError(409, 'UNIT_TYPE_DROPS_TIRE', M.typeDropsTire(held), undefined, [
      { field: 'unit_type', message: M.typeDropsTire(held) },
    ]);
  }
  if (off.length > 0) {
    await tx.delete(activeUnitTires).where(
      inArray(
        activeUnitTires.id,
        off.map((s) => s.id),
      ),
    );
  }
  await addMissingSlots(tx, [{ id: unitId, unit_type: unitType }]);
}

/** The unit, locked: commands on one unit run one after the other. */
async function lockUnit(tx: Tx, unitId: number) {
  const [unit] = await tx
    .select({ id: units.id, plate_number: units.plate_number, unit_type: units.unit_type })
    .from(units)
    .where(eq(units.id, unitId))
    .for('update');
  if (!unit) throw notFound('Unit');
  return unit;
}

const fieldError = (field: string, message: string, status: 400 | 409 = 409) =>
  status === 400 ? badRequest(message, [{ field, message }]) : conflict(message);

function assertOnDiagram(unit: { unit_type: string }, position: string, field: string) {
  if (!hasPosition(unit.unit_type, position)) {
    throw fieldError(field, M.notOnDiagram(position, unit.unit_type), 400);
  }
}

/** The tire mounted at a position of the unit, or null. */
async function tireAt(tx: Tx, unitId: number, position: string) {
  const [row] = await tx
    .select({ id: tires.id, serial: tires.serial_number })
    .from(activeUnitTires)
    .innerJoin(tires, eq(tires.id, activeUnitTires.tire_id))
    .where(
      and(
        eq(activeUnitTires.unit_id, unitId),
        eq(activeUnitTires.position, position),
        eq(activeUnitTires.status, 'INSTALLED'),
      ),
    );
  return row ?? null;
}

async function odometerOf(tx: Tx, unitId: number): Promise<number> {
  return (await latestUnitOdometer(tx, unitId)) ?? 0;
}

const manual = (userId: number): MoveSource => ({ userId, sourceType: 'manual', sourceId: null });

/** GET /api/unit/{id}/wheels: each diagram position with the tire mounted there. */
export async function unitWheelsView(db: DbOrTx, unitId: number): Promise<TUnitWheels> {
  const [unit] = await db
    .select({
      id: units.id,
      plate_number: units.plate_number,
      unit_type: units.unit_type,
      project: projects.name,
    })
    .from(units)
    .innerJoin(projects, eq(projects.id, units.project_id))
    .where(eq(units.id, unitId));
  if (!unit) throw notFound('Unit');
  const rows = await db
    .select({
      slot_id: activeUnitTires.id,
      position: activeUnitTires.position,
      status: activeUnitTires.status,
      km_installed: activeUnitTires.km_installed,
      installed_at: activeUnitTires.installed_at,
      tire_id: tires.id,
      serial_number: tires.serial_number,
      ir_brand: tires.ir_brand,
      size: tires.size,
      pattern: tires.pattern,
      groove_lowest: tires.groove_lowest,
    })
    .from(activeUnitTires)
    .leftJoin(tires, eq(tires.id, activeUnitTires.tire_id))
    .where(eq(activeUnitTires.unit_id, unitId))
    .orderBy(asc(activeUnitTires.id));
  const byPosition = new Map(rows.map((r) => [r.position, r]));
  const odometer = await latestUnitOdometer(db, unitId);
  return {
    unit: { ...unit, odometer },
    wheels: diagramOf(unit.unit_type).positions.map((position) => {
      const r = byPosition.get(position);
      const mounted = r?.status === 'INSTALLED' && r.tire_id != null;
      return {
        position,
        slot_id: r?.slot_id ?? null,
        tire:
          mounted && r
            ? {
                id: r.tire_id!,
                serial_number: r.serial_number!,
                ir_brand: r.ir_brand!,
                size: r.size!,
                pattern: r.pattern!,
                groove_lowest: r.groove_lowest ?? null,
                km_installed: r.km_installed,
                installed_at: r.installed_at.toISOString(),
              }
            : null,
      };
    }),
  };
}

/** POST /api/unit/{id}/mount: a stock tire (UNINSTALLED or SPARE, mounted nowhere) onto an empty position. */
export async function mountFromStock(
  db: Db,
  userId: number,
  unitId: number,
  body: TUnitMountInput,
): Promise<void> {
  const position = body.position;
  const tireId = body.tire_id;
  await db.transaction(async (tx) => {
    const unit = await lockUnit(tx, unitId);
    assertOnDiagram(unit, position, 'position');
    const [tire] = await tx
      .select({ id: tires.id, serial: tires.serial_number, status: tires.status })
      .from(tires)
      .where(eq(tires.id, tireId))
      .for('update');
    if (!tire)
      throw badRequest('Ban tidak ditemukan', [{ field: 'tire_id', message: 'Ban tidak ditemukan' }]);
    const [elsewhere] = await tx
      .select({ plate: units.plate_number, position: activeUnitTires.position })
      .from(activeUnitTires)
      .innerJoin(units, eq(units.id, activeUnitTires.unit_id))
      .where(and(eq(activeUnitTires.tire_id, tireId), eq(activeUnitTires.status, 'INSTALLED')));
    if (elsewhere)
      throw conflict(M.mountedElsewhere(elsewhere.plate, elsewhere.position), 'TIRE_MOUNTED_ELSEWHERE');
    if (tire.status !== 'UNINSTALLED' && tire.status !== 'SPARE') {
      throw conflict(M.notInStock(tire.serial, tire.status), 'TIRE_NOT_IN_STOCK');
    }
    const taken = await tireAt(tx, unitId, position);
    if (taken) throw conflict(M.positionTaken(position, taken.serial), 'UNIT_POSITION_TAKEN');
    const odometer = await odometerOf(tx, unitId);
    await mountTire(tx, { unitId, position, tireId, odometer, source: manual(userId) });
    await audit(tx, {
      userId,
      action: 'unit.mount',
      entity: 'unit',
      entityId: unitId,
      detail: { position, tire_id: tireId, serial_number: tire.serial, odometer, from_status: tire.status },
    });
    await queueTireWear(tx, [tireId]);
  });
}

/** POST /api/unit/{id}/unmount: the tire at the position to stock (UNINSTALLED) or to scrap, with a reason. */
export async function unmountToStock(
  db: Db,
  userId: number,
  unitId: number,
  body: TUnitUnmountBody,
): Promise<void> {
  const { position, to } = body;
  const reason = body.reason.trim();
  await db.transaction(async (tx) => {
    const unit = await lockUnit(tx, unitId);
    assertOnDiagram(unit, position, 'position');
    const tire = await tireAt(tx, unitId, position);
    if (!tire) throw fieldError('position', M.positionEmpty(position), 400);
    const odometer = await odometerOf(tx, unitId);
    const source = manual(userId);
    await unmountPosition(tx, { unitId, position, odometer, source, note: reason });
    if (to === 'SCRAP') {
      await tx.update(tires).set({ status: 'SCRAP', position: '' }).where(eq(tires.id, tire.id));
      await recordTireEvent(tx, {
        tireId: tire.id,
        kind: 'scrapped',
        source,
        unitId,
        position,
        odometer,
        fromStatus: 'UNINSTALLED',
        toStatus: 'SCRAP',
        note: reason,
      });
    }
    await audit(tx, {
      userId,
      action: to === 'SCRAP' ? 'unit.unmount-scrap' : 'unit.unmount',
      entity: 'unit',
      entityId: unitId,
      detail: { position, tire_id: tire.id, serial_number: tire.serial, to, reason, odometer },
    });
    await queueTireWear(tx, [tire.id]);
  });
}

/**
 * POST /api/unit/{id}/move: the tire at `from` to `to`; when `to` holds a tire the two swap.
 * Each tire's move is a removal and a mount in the ledger, at the unit's odometer.
 */
export async function moveBetweenPositions(
  db: Db,
  userId: number,
  unitId: number,
  body: TUnitMoveBody,
): Promise<'moved' | 'swapped'> {
  const { from, to } = body;
  return db.transaction(async (tx) => {
    const unit = await lockUnit(tx, unitId);
    assertOnDiagram(unit, from, 'from');
    assertOnDiagram(unit, to, 'to');
    const moving = await tireAt(tx, unitId, from);
    if (!moving) throw fieldError('from', M.positionEmpty(from), 400);
    const other = await tireAt(tx, unitId, to);
    const before = await unitWheels(tx, unitId);
    const odometer = await odometerOf(tx, unitId);
    const source = manual(userId);
    const note = other ? `Tukar posisi ${from} <-> ${to}` : `Pindah posisi ${from} -> ${to}`;
    await unmountPosition(tx, { unitId, position: from, odometer, source, note });
    if (other) await unmountPosition(tx, { unitId, position: to, odometer, source, note });
    await mountTire(tx, { unitId, position: to, tireId: moving.id, odometer, source, note });
    if (other) await mountTire(tx, { unitId, position: from, tireId: other.id, odometer, source, note });
    await audit(tx, {
      userId,
      action: other ? 'unit.swap' : 'unit.move',
      entity: 'unit',
      entityId: unitId,
      detail: {
        from,
        to,
        odometer,
        before: { [from]: before[from] ?? null, [to]: before[to] ?? null },
        after: { [from]: other?.id ?? null, [to]: moving.id },
      },
    });
    await queueTireWear(tx, other ? [moving.id, other.id] : [moving.id]);
    return other ? 'swapped' : 'moved';
  });
}
