import type { TListResult } from '@itms/contracts/list';
import type { TCustomerRow, ZCustomerListQuery } from '@itms/contracts/master-data';
import { count, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import { customers } from '../../db/schema';
import { orderBy, pagedList, searchAny } from '../../lib/list-query';

const columns = {
  id: customers.id,
  name: customers.name,
  createdAt: customers.created_at,
  projectCount: sql<number>`(select count(*) from projects p where p.customer_id = "customers"."id")`.mapWith(
    Number,
  ),
};

const SORTS = { id: customers.id, name: customers.name, createdAt: customers.created_at };

const toRow = (c: { id: number; name: string; createdAt: Date; projectCount: number }): TCustomerRow => ({
  ...c,
  createdAt: c.createdAt.toISOString(),
});

export async function listCustomers(
  db: DbOrTx,
  q: z.output<typeof ZCustomerListQuery>,
): Promise<TListResult<TCustomerRow>> {
  const where = searchAny(q.q, [customers.name]);
  const order = orderBy(q.sort, SORTS, '-id', customers.id);
  return pagedList(
    q,
    async (limit, offset) =>
      (
        await db
          .select(columns)
          .from(customers)
          .where(where)
          .orderBy(...order)
          .limit(limit)
          .offset(offset)
      ).map(toRow),
    async () => (await db.select({ n: count() }).from(customers).where(where))[0]?.n ?? 0,
  );
}

export async function getCustomer(db: DbOrTx, id: number): Promise<TCustomerRow | null> {
  const [row] = await db.select(columns).from(customers).where(eq(customers.id, id));
  return row ? toRow(row) : null;
}
