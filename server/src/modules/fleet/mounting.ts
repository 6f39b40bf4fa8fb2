import { and, eq, type SQL, sql } from 'drizzle-orm';
import { executeTogether, pgArray, type Tx } from '../../db/client';
import { activeUnitTires, tires, units } from '../../db/schema';
import { conflict, notFound } from '../../lib/errors';

/** Which workflow moved the tire; written to the ledger so the stock card can link back. */
export interface MoveSource {
  userId: number | null;
  sourceType: 'tire-check' | 'tire-replacement' | 'mismatch' | 'tire-request' | 'manual';
  sourceId: number | null;
}

export type TireEventKind =
  | 'received'
  | 'installed'
  | 'removed'
  | 'checked'
  | 'status'
  | 'updated'
  | 'scrapped'
  | 'retreaded';

export interface TireEventInput {
  tireId: number;
  kind: TireEventKind;
  source: MoveSource;
  unitId?: number | null;
  position?: string | null;
  odometer?: number | null;
  fromStatus?: string | null;
  toStatus?: string | null;
  note?: string;
}

export async function recordTireEvent(tx: Tx, e: TireEventInput): Promise<void> {
  await recordTireEvents(tx, [e]);
}

/**
 * The INSERT of ledger entries, in the given order, not yet run (for `executeTogether`). One array
 * per column: the statement's text is the same for any number of events, so its plan is reused.
 */
export function tireEventsInsert(events: readonly TireEventInput[]): SQL {
  const col = (f: (e: TireEventInput) => string | number | null | undefined) => pgArray(events.map(f));
  return sql`insert into tire_events (tire_id, kind, unit_id, position, odometer, from_status, to_status,
      user_id, source_type, source_id, note)
    select tire_id, kind, unit_id, position, odometer, from_status, to_status, user_id, source_type, source_id, note
      from unnest(${col((e) => e.tireId)}::int[], ${col((e) => e.kind)}::text[], ${col((e) => e.unitId)}::int[],
                  ${col((e) => e.position)}::text[], ${col((e) => e.odometer)}::int[], ${col((e) => e.fromStatus)}::text[],
                  ${col((e) => e.toStatus)}::text[], ${col((e) => e.source.userId)}::int[],
                  ${col((e) => e.source.sourceType)}::text[], ${col((e) => e.source.sourceId)}::int[],
                  ${col((e) => e.note ?? '')}::text[])
        with ordinality as e(tire_id, kind, unit_id, position, odometer, from_status, to_status,
                             user_id, source_type, source_id, note, n)
     order by n`;
}

/** Ledger entries in one statement, in the given order (a 12-tire check is one round trip). */
export async function recordTireEvents(tx: Tx, events: TireEventInput[]): Promise<void> {
  if (events.length === 0) return;
  await tx.execute(tireEventsInsert(events));
}

/**
 * Takes whatever tire is mounted at a unit position off: the position becomes UNINSTALLED and
 * the tire goes to stock. Returns the tire id that was taken off, or null if the position was empty.
 */
export async function unmountPosition(
  tx: Tx,
  a: { unitId: number; position: string; odometer: number | null; source: MoveSource; note?: string },
): Promise<number | null> {
  const [slot] = await tx
    .select()
    .from(activeUnitTires)
    .where(and(eq(activeUnitTires.unit_id, a.unitId), eq(activeUnitTires.position, a.position)))
    .for('update');
  if (slot?.status !== 'INSTALLED' || slot.tire_id == null) return null;
  await executeTogether(tx, [
    tx.update(activeUnitTires).set({ status: 'UNINSTALLED' }).where(eq(activeUnitTires.id, slot.id)),
    tx.update(tires).set({ status: 'UNINSTALLED', position: '' }).where(eq(tires.id, slot.tire_id)),
    tireEventsInsert([
      {
        tireId: slot.tire_id,
        kind: 'removed',
        source: a.source,
        unitId: a.unitId,
        position: a.position,
        odometer: a.odometer,
        fromStatus: 'INSTALLED',
        toStatus: 'UNINSTALLED',
        note: a.note,
      },
    ]),
  ]);
  return slot.tire_id;
}

/**
 * Mounts a tire at a unit position. A different tire already there is taken off first. A tire
 * mounted on another unit or position is refused: it must be taken off there first.
 */
export async function mountTire(
  tx: Tx,
  a: {
    unitId: number;
    position: string;
    tireId: number;
    odometer: number;
    source: MoveSource;
    note?: string;
  },
): Promise<void> {
  const [tire] = await tx
    .select({ id: tires.id, status: tires.status, serial: tires.serial_number })
    .from(tires)
    .where(eq(tires.id, a.tireId))
    .for('update');
  if (!tire) throw notFound('Ban');
  const [unit] = await tx.select({ id: units.id }).from(units).where(eq(units.id, a.unitId));
  if (!unit) throw notFound('Unit');
  const [elsewhere] = await tx
    .select({ unit_id: activeUnitTires.unit_id, position: activeUnitTires.position })
    .from(activeUnitTires)
    .where(and(eq(activeUnitTires.tire_id, a.tireId), eq(activeUnitTires.status, 'INSTALLED')));
  if (elsewhere) {
    if (elsewhere.unit_id === a.unitId && elsewhere.position === a.position) return;
    throw conflict(
      `Ban ${tire.serial} masih terpasang di unit lain (posisi ${elsewhere.position})`,
      'TIRE_MOUNTED_ELSEWHERE',
    );
  }
  await unmountPosition(tx, {
    unitId: a.unitId,
    position: a.position,
    odometer: a.odometer,
    source: a.source,
  });
  const now = new Date();
  await executeTogether(tx, [
    tx
      .insert(activeUnitTires)
      .values({
        unit_id: a.unitId,
        position: a.position,
        tire_id: a.tireId,
        status: 'INSTALLED',
        km_installed: a.odometer,
        installed_at: now,
      })
      .onConflictDoUpdate({
        target: [activeUnitTires.unit_id, activeUnitTires.position],
        set: { tire_id: a.tireId, status: 'INSTALLED', km_installed: a.odometer, installed_at: now },
      }),
    tx.update(tires).set({ status: 'INSTALLED', position: a.position }).where(eq(tires.id, a.tireId)),
    tireEventsInsert([
      {
        tireId: a.tireId,
        kind: 'installed',
        source: a.source,
        unitId: a.unitId,
        position: a.position,
        odometer: a.odometer,
        fromStatus: tire.status,
        toStatus: 'INSTALLED',
        note: a.note,
      },
    ]),
  ]);
}

/** What each wheel position of a unit holds now (tire id per position): the before/after of audit lines. */
export async function unitWheels(tx: Tx, unitId: number): Promise<Record<string, number | null>> {
  const rows = await tx
    .select({ position: activeUnitTires.position, tire_id: activeUnitTires.tire_id })
    .from(activeUnitTires)
    .where(and(eq(activeUnitTires.unit_id, unitId), eq(activeUnitTires.status, 'INSTALLED')));
  return Object.fromEntries(rows.map((r) => [r.position, r.tire_id]));
}

/** Where a tire is mounted now (unit and position), or undefined when it is not on a unit. */
export async function mountOf(tx: Tx, tireId: number) {
  const [m] = await tx
    .select({ unit_id: activeUnitTires.unit_id, position: activeUnitTires.position })
    .from(activeUnitTires)
    .where(and(eq(activeUnitTires.tire_id, tireId), eq(activeUnitTires.status, 'INSTALLED')));
  return m;
}
