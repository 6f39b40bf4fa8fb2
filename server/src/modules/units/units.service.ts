import { MASTER_MESSAGES, type TUnitInput } from '@itms/contracts/master-data';
import { and, eq, ne, sql } from 'drizzle-orm';
import { type Db, type DbOrTx, rowsOf } from '../../db/client';
import { projects, units } from '../../db/schema';
import { audit } from '../../lib/audit';
import { AppError, badRequest, conflict, notFound, pgCode } from '../../lib/errors';
import { addMissingSlots, syncSlotsToType } from '../fleet/fitting';

const M = MASTER_MESSAGES.unit;

const duplicatePlate = () =>
  new AppError(409, 'PLATE_TAKEN', M.duplicatePlate, undefined, [
    { field: 'plate_number', message: M.duplicatePlate },
  ]);
const unknownProject = () =>
  badRequest('Project tidak ditemukan', [{ field: 'project_id', message: 'Project tidak ditemukan' }]);

async function assertProject(db: DbOrTx, projectId: number): Promise<void> {
  const [p] = await db.select({ id: projects.id }).from(projects).where(eq(projects.id, projectId));
  if (!p) throw unknownProject();
}

async function assertPlateFree(db: DbOrTx, plate: string, exceptId?: number): Promise<void> {
  const [taken] = await db
    .select({ id: units.id })
    .from(units)
    .where(and(eq(units.plate_number, plate), exceptId ? ne(units.id, exceptId) : undefined));
  if (taken) throw duplicatePlate();
}

/** Driver errors a concurrent request can still cause, in the words of the form. */
function explain(err: unknown): unknown {
  if (pgCode(err) === '23505') return duplicatePlate();
  if (pgCode(err) === '23503') return unknownProject();
  return err;
}

const values = (input: TUnitInput) => ({
  plate_number: input.plate_number,
  unit_type: input.unit_type,
  project_id: input.project_id,
  plan_project: input.plan_project,
  tonnage: input.tonnage,
  handled_date: input.handled_date,
  status: input.status,
});

export async function createUnit(db: Db, actorId: number, input: TUnitInput): Promise<number> {
  try {
    return await db.transaction(async (tx) => {
      await assertProject(tx, input.project_id);
      await assertPlateFree(tx, input.plate_number);
      const [row] = await tx.insert(units).values(values(input)).returning({ id: units.id });
      // the wheel slots of its type's diagram, empty, with the unit
      await addMissingSlots(tx, [{ id: row!.id, unit_type: input.unit_type }]);
      await audit(tx, {
        userId: actorId,
        action: 'create',
        entity: 'unit',
        entityId: row!.id,
        detail: values(input),
      });
      return row!.id;
    });
  } catch (err) {
    throw explain(err);
  }
}

export async function updateUnit(db: Db, actorId: number, id: number, input: TUnitInput): Promise<void> {
  try {
    await db.transaction(async (tx) => {
      const [current] = await tx.select().from(units).where(eq(units.id, id)).for('update');
      if (!current) throw notFound('Unit');
      await assertProject(tx, input.project_id);
      await assertPlateFree(tx, input.plate_number, id);
      const next = values(input);
      await tx.update(units).set(next).where(eq(units.id, id));
      // a new type brings its diagram: empty slots follow, a mounted tire off the new diagram refuses
      if (current.unit_type !== next.unit_type) await syncSlotsToType(tx, id, next.unit_type);
      else await addMissingSlots(tx, [{ id, unit_type: next.unit_type }]);
      const before = Object.fromEntries(
        Object.keys(next).map((k) => [k, current[k as keyof typeof current]]),
      );
      await audit(tx, {
        userId: actorId,
        action: 'update',
        entity: 'unit',
        entityId: id,
        detail: { before, after: next },
      });
    });
  } catch (err) {
    throw explain(err);
  }
}

/** Deletes a unit that has no history and no mounted tire; history is never broken. */
export async function deleteUnit(db: Db, actorId: number, id: number): Promise<void> {
  try {
    await db.transaction(async (tx) => {
      const [current] = await tx.select().from(units).where(eq(units.id, id)).for('update');
      if (!current) throw notFound('Unit');
      const [uses] = rowsOf<{ history: boolean; mounted: boolean }>(
        await tx.execute(sql`select
          (exists (select 1 from tire_checks where unit_id = ${id})
            or exists (select 1 from tire_replacements where unit_id = ${id})
            or exists (select 1 from mismatches where unit_id = ${id})
            or exists (select 1 from qc_checks where unit_id = ${id})
            or exists (select 1 from breakdown_calls where unit_id = ${id})) as history,
          exists (select 1 from active_unit_tires where unit_id = ${id} and status = 'INSTALLED') as mounted`),
      );
      if (uses?.history) throw conflict(M.hasHistory, 'UNIT_HAS_HISTORY');
      if (uses?.mounted) throw conflict(M.hasTires, 'UNIT_HAS_TIRES');
      await tx.delete(units).where(eq(units.id, id));
      await audit(tx, {
        userId: actorId,
        action: 'delete',
        entity: 'unit',
        entityId: id,
        detail: {
          plate_number: current.plate_number,
          unit_type: current.unit_type,
          project_id: current.project_id,
        },
      });
    });
  } catch (err) {
    if (pgCode(err) === '23503') throw conflict(M.hasHistory, 'UNIT_HAS_HISTORY');
    throw err;
  }
}

// the unit page's read models, for the customer portal (issue 40)
export { unitPageParts, unitRecords } from './unit-page.queries';
