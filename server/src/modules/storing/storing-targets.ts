// Storing targets (issue 38, item 2): how fast a call should be served, per project, customer or by
// default, and which calls have missed them. A call is measured by its unit's project's target,
// else that project's customer's, else the default (rules/storing.ts callBreaches is the rule).
import type { CallTarget } from '@itms/contracts/rules/storing';
import type { TStoringTarget, TStoringTargetBody, TTargetScope } from '@itms/contracts/storing';
import { and, eq, isNull, type SQL, sql } from 'drizzle-orm';
import { type Db, type DbOrTx, rowsOf } from '../../db/client';
import { customers, projects, storingTargets } from '../../db/schema';
import { audit } from '../../lib/audit';
import { notFound } from '../../lib/errors';
import { openCall } from './open-call';

type Actor = { id: number };

/** A call's target as a JSON object {response_minutes, roll_minutes, scope}, for the unit's project `projectId`. */
export function targetOf(projectId: SQL): SQL<(CallTarget & { scope: TTargetScope }) | null> {
  return sql`(select json_build_object('response_minutes', st.response_minutes, 'roll_minutes', st.roll_minutes,
      'scope', case when st.project_id is not null then 'project' when st.customer_id is not null then 'customer' else 'default' end)
    from storing_targets st
   where st.project_id = ${projectId}
      or st.customer_id = (select pr.customer_id from projects pr where pr.id = ${projectId})
      or (st.project_id is null and st.customer_id is null)
   order by (st.project_id is not null) desc, (st.customer_id is not null) desc
   limit 1)`;
}

/** Every project's target (`project_id`, `target`): read once by a query over many calls. */
export const projectTargets = () =>
  sql`select tp.id as project_id, ${targetOf(sql`tp.id`)} as target from projects tp`;

/**
 * Calls of `alias` (joined to its unit as `unitAlias`) past a target: rules/storing.ts
 * callBreaches read in SQL (the dashboard's count, the inbox sweep, the report). The step's time,
 * else the cancellation's, else now while the call is open. `target`: the call's target when the
 * query has it already (projectTargets); by default it is looked up for the unit's project.
 */
export function breachOf(
  alias: string,
  unitAlias: string,
  kind: 'response' | 'roll' | 'any',
  target: SQL = targetOf(sql.raw(`${unitAlias}.project_id`)),
): SQL {
  const b = sql.raw(alias);
  const end = sql`coalesce(${b}.cancelled_at, case when ${openCall(alias)} then now() end)`;
  const past = (at: SQL, col: string) =>
    sql`coalesce(coalesce(${at}, ${end}) - ${b}.called_at > ((${target})->>${col})::int * interval '1 minute', false)`;
  const response = past(sql`${b}.arrived_at`, 'response_minutes');
  const roll = past(sql`${b}.done_at`, 'roll_minutes');
  return kind === 'response' ? response : kind === 'roll' ? roll : sql`(${response} or ${roll})`;
}

const scopeOf = (r: { customer_id: number | null; project_id: number | null }): TTargetScope =>
  r.project_id != null ? 'project' : r.customer_id != null ? 'customer' : 'default';

export async function listTargets(db: DbOrTx): Promise<TStoringTarget[]> {
  const rows = rowsOf<{
    id: number;
    customer_id: number | null;
    project_id: number | null;
    name: string | null;
    response_minutes: number;
    roll_minutes: number;
    updated_at: Date | string;
  }>(
    await db.execute(sql`
      select st.id, st.customer_id, st.project_id, coalesce(p.name, c.name) as name,
             st.response_minutes, st.roll_minutes, st.updated_at
        from storing_targets st
        left join customers c on c.id = st.customer_id
        left join projects p on p.id = st.project_id
       order by (st.customer_id is not null or st.project_id is not null), (st.project_id is not null),
                coalesce(p.name, c.name), st.id`),
  );
  return rows.map((r) => ({
    id: r.id,
    scope: scopeOf(r),
    customer_id: r.customer_id,
    project_id: r.project_id,
    name: r.name,
    response_minutes: Number(r.response_minutes),
    roll_minutes: Number(r.roll_minutes),
    updated_at: new Date(r.updated_at).toISOString(),
  }));
}

/** Sets the targets of one scope (replacing the ones before); audited with before and after. */
export async function saveTarget(db: Db, body: TStoringTargetBody, actor: Actor): Promise<TStoringTarget> {
  const scope = body.scope as TTargetScope;
  const customerId = scope === 'customer' ? Number(body.customer_id) : null;
  const projectId = scope === 'project' ? Number(body.project_id) : null;
  const values = {
    customer_id: customerId,
    project_id: projectId,
    response_minutes: Number(body.response_minutes),
    roll_minutes: Number(body.roll_minutes),
    updated_by: actor.id,
    updated_at: new Date(),
  };
  const id = await db.transaction(async (tx) => {
    if (customerId != null) {
      const [c] = await tx.select({ id: customers.id }).from(customers).where(eq(customers.id, customerId));
      if (!c) throw notFound('Customer');
    }
    if (projectId != null) {
      const [p] = await tx.select({ id: projects.id }).from(projects).where(eq(projects.id, projectId));
      if (!p) throw notFound('Project');
    }
    const same = and(
      customerId == null ? isNull(storingTargets.customer_id) : eq(storingTargets.customer_id, customerId),
      projectId == null ? isNull(storingTargets.project_id) : eq(storingTargets.project_id, projectId),
    );
    const [before] = await tx.select().from(storingTargets).where(same).for('update');
    const [row] = before
      ? await tx.update(storingTargets).set(values).where(eq(storingTargets.id, before.id)).returning()
      : await tx.insert(storingTargets).values(values).returning();
    await audit(tx, {
      userId: actor.id,
      action: 'storing-target.save',
      entity: 'storing_target',
      entityId: row!.id,
      detail: {
        scope,
        customer_id: customerId,
        project_id: projectId,
        before: before ? { response: before.response_minutes, roll: before.roll_minutes } : null,
        after: { response: values.response_minutes, roll: values.roll_minutes },
      },
    });
    return row!.id;
  });
  return (await listTargets(db)).find((t) => t.id === id)!;
}

export async function deleteTarget(db: Db, id: number, actor: Actor): Promise<void> {
  await db.transaction(async (tx) => {
    const [gone] = await tx.delete(storingTargets).where(eq(storingTargets.id, id)).returning();
    if (!gone) throw notFound('Target storing');
    await audit(tx, {
      userId: actor.id,
      action: 'storing-target.delete',
      entity: 'storing_target',
      entityId: id,
      detail: { customer_id: gone.customer_id, project_id: gone.project_id },
    });
  });
}
