import { MASTER_MESSAGES } from '@itms/contracts/master-data';
import { eq, sql } from 'drizzle-orm';
import { type Db, type DbOrTx, rowsOf } from '../../db/client';
import { customers, projects } from '../../db/schema';
import { audit } from '../../lib/audit';
import { badRequest, conflict, notFound, pgCode } from '../../lib/errors';

const M = MASTER_MESSAGES.project;

export interface ProjectInput {
  name: string;
  customer_id: number;
}

const unknownCustomer = () =>
  badRequest('Customer tidak ditemukan', [{ field: 'customer_id', message: 'Customer tidak ditemukan' }]);

async function assertCustomer(db: DbOrTx, id: number): Promise<void> {
  const [c] = await db.select({ id: customers.id }).from(customers).where(eq(customers.id, id));
  if (!c) throw unknownCustomer();
}

export async function createProject(db: Db, actorId: number, input: ProjectInput): Promise<number> {
  try {
    return await db.transaction(async (tx) => {
      await assertCustomer(tx, input.customer_id);
      const [row] = await tx
        .insert(projects)
        .values({ name: input.name, customer_id: input.customer_id })
        .returning({ id: projects.id });
      await audit(tx, {
        userId: actorId,
        action: 'create',
        entity: 'project',
        entityId: row!.id,
        detail: input,
      });
      return row!.id;
    });
  } catch (err) {
    if (pgCode(err) === '23503') throw unknownCustomer();
    throw err;
  }
}

export async function updateProject(db: Db, actorId: number, id: number, input: ProjectInput): Promise<void> {
  try {
    await db.transaction(async (tx) => {
      const [current] = await tx.select().from(projects).where(eq(projects.id, id)).for('update');
      if (!current) throw notFound('Project');
      await assertCustomer(tx, input.customer_id);
      await tx
        .update(projects)
        .set({ name: input.name, customer_id: input.customer_id })
        .where(eq(projects.id, id));
      await audit(tx, {
        userId: actorId,
        action: 'update',
        entity: 'project',
        entityId: id,
        detail: { before: { name: current.name, customer_id: current.customer_id }, after: input },
      });
    });
  } catch (err) {
    if (pgCode(err) === '23503') throw unknownCustomer();
    throw err;
  }
}

/** Deletes a project no unit (and no check, replacement or BKB) refers to. */
export async function deleteProject(db: Db, actorId: number, id: number): Promise<void> {
  try {
    await db.transaction(async (tx) => {
      const [current] = await tx.select().from(projects).where(eq(projects.id, id)).for('update');
      if (!current) throw notFound('Project');
      const [uses] = rowsOf<{ units: boolean; history: boolean }>(
        await tx.execute(sql`select
          exists (select 1 from units where project_id = ${id}) as units,
          (exists (select 1 from tire_checks where project_id = ${id})
            or exists (select 1 from tire_replacements where project_id = ${id})
            or exists (select 1 from mismatches where project_id = ${id})) as history`),
      );
      if (uses?.units) throw conflict(M.inUse, 'PROJECT_IN_USE');
      if (uses?.history) throw conflict(M.inUseElsewhere, 'PROJECT_HAS_HISTORY');
      await tx.delete(projects).where(eq(projects.id, id));
      await audit(tx, {
        userId: actorId,
        action: 'delete',
        entity: 'project',
        entityId: id,
        detail: { name: current.name, customer_id: current.customer_id },
      });
    });
  } catch (err) {
    if (pgCode(err) === '23503') throw conflict(M.inUse, 'PROJECT_IN_USE');
    throw err;
  }
}
