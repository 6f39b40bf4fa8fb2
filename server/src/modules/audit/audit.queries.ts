import { auditDiff, type TAuditOptions, type TAuditRow, type ZAuditListQuery } from '@itms/contracts/audit';
import type { TListResult } from '@itms/contracts/list';
import { and, count, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type DbOrTx, rowsOf } from '../../db/client';
import { auditLog, users } from '../../db/schema';
import { likePattern, orderBy, pagedList } from '../../lib/list-query';

const SORTS = {
  id: auditLog.id,
  createdAt: auditLog.created_at,
  action: auditLog.action,
  entity: auditLog.entity,
};

function filters(q: z.output<typeof ZAuditListQuery>, timezone: string): SQL | undefined {
  const text = q.q?.trim();
  return and(
    q.userId ? eq(auditLog.user_id, q.userId) : undefined,
    q.entity ? eq(auditLog.entity, q.entity) : undefined,
    q.action ? eq(auditLog.action, q.action) : undefined,
    q.entityId ? eq(auditLog.entity_id, q.entityId) : undefined,
    q.dateStart
      ? sql`${auditLog.created_at} >= (${q.dateStart}::date)::timestamp at time zone ${timezone}`
      : undefined,
    q.dateEnd
      ? sql`${auditLog.created_at} < ((${q.dateEnd}::date + 1)::timestamp at time zone ${timezone})`
      : undefined,
    text
      ? or(
          ilike(auditLog.action, likePattern(text)),
          ilike(auditLog.entity, likePattern(text)),
          ilike(auditLog.entity_id, likePattern(text)),
          ilike(users.name, likePattern(text)),
          ilike(users.email, likePattern(text)),
        )
      : undefined,
  );
}

/** The audit log, paged and filtered in SQL; each line with who, when, what and before/after. */
export async function listAudit(
  db: DbOrTx,
  q: z.output<typeof ZAuditListQuery>,
  timezone: string,
): Promise<TListResult<TAuditRow>> {
  const where = filters(q, timezone);
  const order = orderBy(q.sort, SORTS, '-id', auditLog.id);
  return pagedList(
    q,
    async (limit, offset) => {
      const rows = await db
        .select({
          id: auditLog.id,
          createdAt: auditLog.created_at,
          userId: users.id,
          userName: users.name,
          userEmail: users.email,
          userRole: users.role,
          action: auditLog.action,
          entity: auditLog.entity,
          entityId: auditLog.entity_id,
          detail: auditLog.detail,
        })
        .from(auditLog)
        .leftJoin(users, eq(users.id, auditLog.user_id))
        .where(where)
        .orderBy(...order)
        .limit(limit)
        .offset(offset);
      return rows.map((r) => {
        const { before, after, rest } = auditDiff(r.action, r.detail);
        return {
          id: r.id,
          createdAt: r.createdAt.toISOString(),
          user:
            r.userId == null
              ? null
              : { id: r.userId, name: r.userName!, email: r.userEmail!, role: r.userRole! },
          action: r.action,
          entity: r.entity,
          entityId: r.entityId,
          before: before ?? null,
          after: after ?? null,
          detail: rest ?? null,
        };
      });
    },
    async () => {
      const [row] = await db
        .select({ n: count() })
        .from(auditLog)
        .leftJoin(users, eq(users.id, auditLog.user_id))
        .where(where);
      return row?.n ?? 0;
    },
  );
}

/** The choices of the filters: users who appear in the log, and the entities and actions it holds. */
export async function auditOptions(db: DbOrTx): Promise<TAuditOptions> {
  const people = rowsOf<{ id: number; name: string; email: string }>(
    await db.execute(sql`select u.id, u.name, u.email from users u
      where exists (select 1 from audit_log a where a.user_id = u.id) order by u.name, u.id`),
  );
  const entities = rowsOf<{ v: string }>(
    await db.execute(sql`select distinct entity as v from audit_log order by 1`),
  );
  const actions = rowsOf<{ v: string }>(
    await db.execute(sql`select distinct action as v from audit_log order by 1`),
  );
  return { users: people, entities: entities.map((r) => r.v), actions: actions.map((r) => r.v) };
}
