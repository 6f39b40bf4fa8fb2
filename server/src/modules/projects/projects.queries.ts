import type { TListResult } from '@itms/contracts/list';
import type { TProjectRow, ZProjectListQuery } from '@itms/contracts/master-data';
import { and, count, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import { customers, projects } from '../../db/schema';
import { orderBy, pagedList, searchAny } from '../../lib/list-query';

const columns = {
  id: projects.id,
  name: projects.name,
  customer_id: projects.customer_id,
  customerName: customers.name,
  createdAt: projects.created_at,
  unitCount: sql<number>`(select count(*) from units u where u.project_id = "projects"."id")`.mapWith(Number),
};

const SORTS = {
  id: projects.id,
  name: projects.name,
  customer: customers.name,
  createdAt: projects.created_at,
};

type Stored = {
  id: number;
  name: string;
  customer_id: number;
  customerName: string;
  createdAt: Date;
  unitCount: number;
};

const toRow = ({ customerName, ...p }: Stored): TProjectRow => ({
  ...p,
  Customer: { id: p.customer_id, name: customerName },
  createdAt: p.createdAt.toISOString(),
});

export async function listProjects(
  db: DbOrTx,
  q: z.output<typeof ZProjectListQuery>,
): Promise<TListResult<TProjectRow>> {
  const where = and(
    searchAny(q.q, [projects.name, customers.name]),
    q.customer_id ? eq(projects.customer_id, q.customer_id) : undefined,
  );
  const order = orderBy(q.sort, SORTS, '-id', projects.id);
  return pagedList(
    q,
    async (limit, offset) =>
      (
        await db
          .select(columns)
          .from(projects)
          .innerJoin(customers, eq(customers.id, projects.customer_id))
          .where(where)
          .orderBy(...order)
          .limit(limit)
          .offset(offset)
      ).map(toRow),
    async () =>
      (
        await db
          .select({ n: count() })
          .from(projects)
          .innerJoin(customers, eq(customers.id, projects.customer_id))
          .where(where)
      )[0]?.n ?? 0,
  );
}

export async function getProject(db: DbOrTx, id: number): Promise<TProjectRow | null> {
  const [row] = await db
    .select(columns)
    .from(projects)
    .innerJoin(customers, eq(customers.id, projects.customer_id))
    .where(eq(projects.id, id));
  return row ? toRow(row) : null;
}
