import { MASTER_MESSAGES } from '@itms/contracts/master-data';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { customers, projects, users } from '../../db/schema';
import { audit } from '../../lib/audit';
import { conflict, notFound, pgCode } from '../../lib/errors';

const M = MASTER_MESSAGES.customer;

export async function createCustomer(db: Db, actorId: number, input: { name: string }): Promise<number> {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(customers).values({ name: input.name }).returning({ id: customers.id });
    await audit(tx, {
      userId: actorId,
      action: 'create',
      entity: 'customer',
      entityId: row!.id,
      detail: input,
    });
    return row!.id;
  });
}

export async function updateCustomer(
  db: Db,
  actorId: number,
  id: number,
  input: { name: string },
): Promise<void> {
  await db.transaction(async (tx) => {
    const [current] = await tx.select().from(customers).where(eq(customers.id, id)).for('update');
    if (!current) throw notFound('Customer');
    await tx.update(customers).set({ name: input.name }).where(eq(customers.id, id));
    await audit(tx, {
      userId: actorId,
      action: 'update',
      entity: 'customer',
      entityId: id,
      detail: { before: { name: current.name }, after: input },
    });
  });
}

/** Deletes a customer no project uses (the spec's delete button did nothing; this one works). */
export async function deleteCustomer(db: Db, actorId: number, id: number): Promise<void> {
  try {
    await db.transaction(async (tx) => {
      const [current] = await tx.select().from(customers).where(eq(customers.id, id)).for('update');
      if (!current) throw notFound('Customer');
      const [used] = await tx
        .select({ id: projects.id })
        .from(projects)
        .where(eq(projects.customer_id, id))
        .limit(1);
      if (used) throw conflict(M.inUse, 'CUSTOMER_IN_USE');
      const [account] = await tx
        .select({ id: users.id })
        .from(users)
        .where(eq(users.customer_id, id))
        .limit(1);
      if (account) throw conflict(M.hasAccounts, 'CUSTOMER_IN_USE');
      await tx.delete(customers).where(eq(customers.id, id));
      await audit(tx, {
        userId: actorId,
        action: 'delete',
        entity: 'customer',
        entityId: id,
        detail: { name: current.name },
      });
    });
  } catch (err) {
    // a project created for it at the same moment
    if (pgCode(err) === '23503') throw conflict(M.inUse, 'CUSTOMER_IN_USE');
    throw err;
  }
}
