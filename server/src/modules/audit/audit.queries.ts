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

/**
 * The entity's human key, looked up in SQL for the page's rows: the serial of a tire, the plate of a
 * unit, check or replacement, the name of the rest. entity_id is text: only digits are an id.
 */
const entityName = (() => {
  const id = sql`(case when ${auditLog.entity_id} ~ '^[0-9]{1,9}$' then ${auditLog.entity_id}::int end)`;
  const one = (query: SQL) => sql`(${query} limit 1)`;
  return sql<string | null>`case ${auditLog.entity}
    when 'tire' then ${one(sql`select serial_number from tires where id = ${id}`)}
    when 'unit' then ${one(sql`select plate_number from units where id = ${id}`)}
    when 'user' then ${one(sql`select name from users where id = ${id}`)}
    when 'region' then ${one(sql`select name from regions where id = ${id}`)}
    when 'location' then ${one(sql`select name from locations where id = ${id}`)}
    when 'project' then ${one(sql`select name from projects where id = ${id}`)}
    when 'customer' then ${one(sql`select name from customers where id = ${id}`)}
    when 'tire-check' then ${one(sql`select plate_number from tire_checks where id = ${id}`)}
    when 'tire-replacement' then ${one(sql`select u.plate_number from tire_replacements r join units u on u.id = r.unit_id where r.id = ${id}`)}
    when 'news' then ${one(sql`select title from news where id = ${id}`)}
    when 'banner' then ${one(sql`select name from banners where id = ${id}`)}
    when 'sop' then ${one(sql`select title from sop_entries where id = ${id}`)}
    when 'mismatch_category' then ${one(sql`select name from mismatch_categories where id = ${id}`)}
    when 'defect_code' then ${one(sql`select coalesce(name, 'Kode ' || code) from defect_codes where code = ${id}`)}
    when 'tire-size-pressure' then ${auditLog.entity_id}
  end`;
})();

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
          entityName,
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
          entityName: r.entityName ?? null,
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
