import type { Role } from '@itms/contracts/enums';
import type { TListResult } from '@itms/contracts/list';
import type { TTireManOption, TTireManRow, ZTireManListQuery } from '@itms/contracts/users';
import { and, asc, count, eq, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import { tiremanProjects, users } from '../../db/schema';
import { orderBy, pagedList, searchAny } from '../../lib/list-query';

/** The columns a reply may show: never the password hash. */
export const userColumns = {
  id: users.id,
  name: users.name,
  nik: users.nik,
  phone: users.phone,
  email: users.email,
  role: users.role,
  photo: users.photo,
  signature: users.signature,
  department: users.department,
  createdAt: users.created_at,
};

const SORTS = {
  id: users.id,
  name: users.name,
  email: users.email,
  phone: users.phone,
  role: users.role,
  createdAt: users.created_at,
};

type Stored = {
  [K in keyof typeof userColumns]: K extends 'createdAt' ? Date : K extends 'id' ? number : string;
};

function toRow(u: Stored, online: Set<number>): TTireManRow {
  return { ...u, role: u.role as Role, isLogin: online.has(u.id), createdAt: u.createdAt.toISOString() };
}

export async function listTireMen(
  db: DbOrTx,
  q: z.output<typeof ZTireManListQuery>,
  online: Set<number>,
): Promise<TListResult<TTireManRow>> {
  const filters: (SQL | undefined)[] = [
    searchAny(q.q, [users.name, users.email, users.phone, users.nik]),
    q.role ? eq(users.role, q.role) : undefined,
  ];
  const where = and(...filters);
  const order = orderBy(q.sort, SORTS, 'id', users.id);
  return pagedList(
    q,
    async (limit, offset) => {
      const rows = await db
        .select(userColumns)
        .from(users)
        .where(where)
        .orderBy(...order)
        .limit(limit)
        .offset(offset);
      return rows.map((r) => toRow(r, online));
    },
    async () => (await db.select({ n: count() }).from(users).where(where))[0]?.n ?? 0,
  );
}

/** One account (the edit modal), with the projects it is linked to (Proyek) and a customer account's customer. */
export async function getTireMan(db: DbOrTx, id: number, online: Set<number>): Promise<TTireManRow | null> {
  const [row] = await db
    .select({
      ...userColumns,
      project_ids: sql<number[]>`array(select ${tiremanProjects.project_id} from ${tiremanProjects}
        where ${tiremanProjects.user_id} = ${users.id} order by ${tiremanProjects.project_id})`,
      customer_id: users.customer_id,
    })
    .from(users)
    .where(eq(users.id, id));
  if (!row) return null;
  const { project_ids, customer_id, ...user } = row;
  return { ...toRow(user, online), project_ids: project_ids.map(Number), customer_id };
}

/** The projects a tire man is linked to, in id order. */
export async function projectIdsOf(db: DbOrTx, userId: number): Promise<number[]> {
  const rows = await db
    .select({ id: tiremanProjects.project_id })
    .from(tiremanProjects)
    .where(eq(tiremanProjects.user_id, userId))
    .orderBy(asc(tiremanProjects.project_id));
  return rows.map((r) => r.id);
}

/** Tire men for selects (GET /api/tire-man-field), by name. */
export async function tireManOptions(db: DbOrTx): Promise<TTireManOption[]> {
  return db
    .select({ id: users.id, name: users.name, phone: users.phone, photo: users.photo })
    .from(users)
    .where(eq(users.role, 'tire-man'))
    .orderBy(asc(users.name), asc(users.id));
}
