// Storing (issue 38): breakdown calls. Every step passes the one transition table
// (contracts/src/rules/storing.ts), is timed (the tap's time for the tire man's steps), audited and
// kept in the call's history; the office and the assigned tire man hear of it after the commit.
import type { Role } from '@itms/contracts/enums';
import { FIELD_RECENT_UNIT_DAYS } from '@itms/contracts/field';
import {
  type CallAction,
  type CallStatus,
  callBreaches,
  callRefusal,
  minutesBetween,
  STATUS_TIME_COLUMN,
  statusAfter,
} from '@itms/contracts/rules/storing';
import {
  STORING_MESSAGES,
  type TCallCreateBody,
  type TCallDetail,
  type TCallRow,
  type TCallSuggestion,
  type ZCallListQuery,
  type ZCallStepBody,
} from '@itms/contracts/storing';
import { and, asc, desc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Db, type DbOrTx, rowsOf, type Tx } from '../../db/client';
import {
  breakdownCallEvents,
  breakdownCalls,
  mismatches,
  projects,
  regions,
  tireReplacements,
  units,
  users,
} from '../../db/schema';
import { audit } from '../../lib/audit';
import { AppError, badRequest, notFound } from '../../lib/errors';
import { plateContains } from '../../lib/list-query';
import { performedAtOf } from '../../lib/performed-at';
import { openCall } from './open-call';
import { breachOf, targetOf } from './storing-targets';

export { openCall } from './open-call';
export { storingReport } from './storing-report';
export { breachOf, deleteTarget, listTargets, saveTarget } from './storing-targets';

export interface StoringActor {
  id: number;
  role: Role;
}

const isOffice = (a: StoringActor) => a.role === 'admin' || a.role === 'staff';
const iso = (d: Date | null) => (d ? d.toISOString() : null);
const tiremen = sql.raw('tm');

/** The list's and the detail's columns: the call, its unit's plate and project, its tire man's name. */
function selectCalls(db: DbOrTx) {
  return db
    .select({
      call: breakdownCalls,
      plate_number: units.plate_number,
      project_name: projects.name,
      region_name: regions.name,
      tireman_name: sql<string | null>`${tiremen}.name`,
      target: targetOf(sql`${units.project_id}`),
    })
    .from(breakdownCalls)
    .innerJoin(units, eq(units.id, breakdownCalls.unit_id))
    .leftJoin(projects, eq(projects.id, units.project_id))
    .leftJoin(regions, eq(regions.id, breakdownCalls.region_id))
    .leftJoin(sql`users ${tiremen}`, sql`${tiremen}.id = ${breakdownCalls.tireman_id}`);
}

type CallSelect = Awaited<ReturnType<ReturnType<typeof selectCalls>['execute']>>[number];

function toRow({
  call: c,
  plate_number,
  project_name,
  region_name,
  tireman_name,
  target: raw,
}: CallSelect): TCallRow {
  const target = typeof raw === 'string' ? (JSON.parse(raw) as typeof raw) : raw;
  return {
    id: c.id,
    status: c.status as CallStatus,
    priority: c.priority as TCallRow['priority'],
    cause: c.cause as TCallRow['cause'],
    unit_id: c.unit_id,
    plate_number,
    project_name,
    region_name,
    positions: c.positions,
    location_text: c.location_text,
    lat: c.lat,
    lng: c.lng,
    caller_name: c.caller_name,
    caller_phone: c.caller_phone,
    note: c.note,
    tireman_id: c.tireman_id,
    tireman_name,
    called_at: c.called_at.toISOString(),
    assigned_at: iso(c.assigned_at),
    accepted_at: iso(c.accepted_at),
    departed_at: iso(c.departed_at),
    arrived_at: iso(c.arrived_at),
    done_at: iso(c.done_at),
    cancelled_at: iso(c.cancelled_at),
    cancel_reason: c.cancel_reason,
    replacement_id: c.replacement_id,
    mismatch_id: c.mismatch_id,
    response_minutes: minutesBetween(c.called_at, c.arrived_at),
    roll_minutes: minutesBetween(c.called_at, c.done_at),
    target,
    breach: callBreaches({ ...c, status: c.status as CallStatus }, target, new Date()),
  };
}

/** The calls open now (the dashboard's Storing card, the daily digest). */
export async function openCallCount(db: DbOrTx): Promise<number> {
  const [row] = rowsOf<{ n: number }>(
    await db.execute(sql`select count(*)::int as n from breakdown_calls b where ${openCall('b')}`),
  );
  return Number(row?.n ?? 0);
}

/**
 * Open calls that have crossed a target and are not announced yet, as the office inbox announces
 * them (once per call and target: 'storing-breach:<id>:<target>').
 */
export async function openBreaches(
  db: DbOrTx,
): Promise<
  { id: number; kind: 'response' | 'roll'; plate_number: string; minutes: number; tireman: string | null }[]
> {
  const rows = rowsOf<{
    id: number;
    kind: 'response' | 'roll';
    plate_number: string;
    minutes: number;
    tireman: string | null;
  }>(
    await db.execute(sql`
      select b.id, k.kind, u.plate_number, ((${targetOf(sql`u.project_id`)})->>(k.kind || '_minutes'))::int as minutes,
             tm.name as tireman
        from breakdown_calls b
        join units u on u.id = b.unit_id
        left join users tm on tm.id = b.tireman_id
        cross join (values ('response'), ('roll')) k(kind)
       where ${openCall('b')}
         and case k.kind when 'response' then ${breachOf('b', 'u', 'response')}
                         else ${breachOf('b', 'u', 'roll')} end
         and not exists (
           select 1 from inbox_items i where i.dedupe_key = 'storing-breach:' || b.id::text || ':' || k.kind
         )
       order by b.called_at, b.id, k.kind
       limit 200`),
  );
  return rows.map((r) => ({ ...r, minutes: Number(r.minutes) }));
}

/** A tire man reads only the calls assigned to him. */
const visibleTo = (actor: StoringActor): SQL | undefined =>
  isOffice(actor) ? undefined : eq(breakdownCalls.tireman_id, actor.id);

export async function listCalls(
  db: Db,
  query: z.infer<typeof ZCallListQuery>,
  actor: StoringActor,
): Promise<{ data: TCallRow[]; total: number; page: number; pageSize: number }> {
  const open = query.status === 'open';
  const where = and(
    visibleTo(actor),
    open
      ? openCall('breakdown_calls')
      : query.status === 'all'
        ? undefined
        : eq(breakdownCalls.status, query.status),
    query.q?.trim() ? plateContains(units.plate_number, query.q) : undefined,
    query.unit_id ? eq(breakdownCalls.unit_id, query.unit_id) : undefined,
  );
  // open calls: the one waiting longest first; otherwise the newest first
  const order = [
    open ? asc(breakdownCalls.called_at) : desc(breakdownCalls.called_at),
    desc(breakdownCalls.id),
  ];
  // the page's ids first on the bare rows, then their columns: a deep page does not look up the
  // target of every call it skips
  const page = db
    .select({ id: breakdownCalls.id })
    .from(breakdownCalls)
    .innerJoin(units, eq(units.id, breakdownCalls.unit_id))
    .where(where)
    .orderBy(...order)
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  const [rows, [count]] = await Promise.all([
    selectCalls(db)
      .where(inArray(breakdownCalls.id, page))
      .orderBy(...order),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(breakdownCalls)
      .innerJoin(units, eq(units.id, breakdownCalls.unit_id))
      .where(where),
  ]);
  return { data: rows.map(toRow), total: Number(count?.n ?? 0), page: query.page, pageSize: query.pageSize };
}

export async function getCall(db: DbOrTx, id: number, actor: StoringActor): Promise<TCallDetail> {
  const [row] = await selectCalls(db).where(and(eq(breakdownCalls.id, id), visibleTo(actor)));
  if (!row) throw notFound('Panggilan storing');
  const by = sql.raw('by_user');
  const events = await db
    .select({
      e: breakdownCallEvents,
      by_name: sql<string | null>`${by}.name`,
      tireman_name: sql<string | null>`${tiremen}.name`,
    })
    .from(breakdownCallEvents)
    .leftJoin(sql`users ${by}`, sql`${by}.id = ${breakdownCallEvents.user_id}`)
    .leftJoin(sql`users ${tiremen}`, sql`${tiremen}.id = ${breakdownCallEvents.tireman_id}`)
    .where(eq(breakdownCallEvents.call_id, id))
    .orderBy(asc(breakdownCallEvents.id));
  return {
    ...toRow(row),
    events: events.map(({ e, by_name, tireman_name }) => ({
      id: e.id,
      action: e.action as CallAction,
      status: e.status as CallStatus,
      at: e.at.toISOString(),
      recorded_at: e.recorded_at.toISOString(),
      by_name,
      tireman_name,
      note: e.note,
    })),
  };
}

export async function createCall(db: Db, body: TCallCreateBody, actor: StoringActor): Promise<number> {
  const b = body as Required<TCallCreateBody>;
  return db.transaction(async (tx) => {
    const [unit] = await tx
      .select({ id: units.id })
      .from(units)
      .where(eq(units.id, Number(b.unit_id)));
    if (!unit) throw notFound('Unit');
    const [call] = await tx
      .insert(breakdownCalls)
      .values({
        unit_id: unit.id,
        region_id: await unitRegion(tx, unit.id),
        positions: b.positions ?? [],
        cause: b.cause,
        location_text: b.location_text,
        lat: (b.lat as number | undefined) ?? null,
        lng: (b.lng as number | undefined) ?? null,
        caller_name: b.caller_name,
        caller_phone: b.caller_phone,
        priority: b.priority ?? 'normal',
        note: b.note ?? '',
        created_by: actor.id,
      })
      .returning({ id: breakdownCalls.id, called_at: breakdownCalls.called_at });
    await audit(tx, {
      userId: actor.id,
      action: 'storing.create',
      entity: 'breakdown_call',
      entityId: call!.id,
      detail: { unit_id: unit.id, cause: b.cause, priority: b.priority },
    });
    return call!.id;
  });
}

/** The region the unit is in: that of the location of its last check (null: never checked). */
async function unitRegion(tx: Tx, unitId: number): Promise<number | null> {
  const [row] = rowsOf<{ region_id: number }>(
    await tx.execute(sql`
      select l.region_id from tire_checks c join locations l on l.id = c.location_id
       where c.unit_id = ${unitId} order by c.performed_at desc limit 1`),
  );
  return row?.region_id ?? null;
}

/** The call row locked for a step, and the time of the step before (a step is never dated earlier). */
async function lockCall(tx: Tx, id: number) {
  const [call] = await tx.select().from(breakdownCalls).where(eq(breakdownCalls.id, id)).for('update');
  if (!call) throw notFound('Panggilan storing');
  const [last] = await tx
    .select()
    .from(breakdownCallEvents)
    .where(eq(breakdownCallEvents.call_id, id))
    .orderBy(desc(breakdownCallEvents.id))
    .limit(1);
  return { call, last };
}

function refuse(
  call: { status: string; tireman_id: number | null },
  action: CallAction,
  actor: StoringActor,
) {
  const why = callRefusal(call.status as CallStatus, action, actor, call.tireman_id);
  if (why) throw new AppError(why.status, why.code, why.message);
}

/** Writes a step: the status and its time column on the call, a history line, the audit line. */
async function writeStep(
  tx: Tx,
  callId: number,
  action: CallAction,
  actor: StoringActor,
  at: Date,
  extra: Partial<typeof breakdownCalls.$inferInsert> & { eventTireman?: number; note?: string } = {},
): Promise<CallStatus> {
  const status = statusAfter(action);
  const { eventTireman, note, ...columns } = extra;
  const timeColumn = STATUS_TIME_COLUMN[status as keyof typeof STATUS_TIME_COLUMN];
  await tx
    .update(breakdownCalls)
    .set({ status, ...(timeColumn ? { [timeColumn]: at } : {}), ...columns })
    .where(eq(breakdownCalls.id, callId));
  await tx.insert(breakdownCallEvents).values({
    call_id: callId,
    action,
    status,
    at,
    user_id: actor.id,
    tireman_id: eventTireman ?? null,
    note: note ?? null,
  });
  await audit(tx, {
    userId: actor.id,
    action: `storing.${action}`,
    entity: 'breakdown_call',
    entityId: callId,
    detail: { status, at: at.toISOString(), ...(eventTireman ? { tireman_id: eventTireman } : {}) },
  });
  return status;
}

/** Assigns (or reassigns) a call to a tire man. Returns the new status and who had it before. */
export async function assignCall(
  db: Db,
  id: number,
  tiremanId: number,
  actor: StoringActor,
): Promise<{ status: CallStatus; previous: number | null }> {
  return db.transaction(async (tx) => {
    const { call } = await lockCall(tx, id);
    refuse(call, 'assign', actor);
    const [tm] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, tiremanId), eq(users.role, 'tire-man')));
    if (!tm)
      throw badRequest(STORING_MESSAGES.tiremanUnknown, [
        { field: 'tireman_id', message: STORING_MESSAGES.tiremanUnknown },
      ]);
    // a new assignee starts over: his acceptance is his own
    const status = await writeStep(tx, id, 'assign', actor, new Date(), {
      tireman_id: tm.id,
      accepted_at: null,
      eventTireman: tm.id,
    });
    return { status, previous: call.tireman_id };
  });
}

/**
 * Terima, Berangkat, Tiba, Selesai: timed at the tap (`performed_at`), never before the step
 * before it. The same step sent again by the same person (the phone's outbox replaying a lost
 * reply) changes nothing and answers the call as it is.
 */
export async function stepCall(
  db: Db,
  id: number,
  body: z.infer<typeof ZCallStepBody>,
  actor: StoringActor,
  maxAgeDays: number,
): Promise<{ status: CallStatus; changed: boolean; tiremanId: number | null }> {
  return db.transaction(async (tx) => {
    const { call, last } = await lockCall(tx, id);
    if (last && last.action === body.action && last.user_id === actor.id) {
      return { status: call.status as CallStatus, changed: false, tiremanId: call.tireman_id };
    }
    refuse(call, body.action, actor);
    const at = performedAtOf(body.performed_at, { maxAgeDays, unit: null }) ?? new Date();
    if (last && at < last.at) {
      throw badRequest(STORING_MESSAGES.stepBeforePrevious, [
        { field: 'performed_at', message: STORING_MESSAGES.stepBeforePrevious },
      ]);
    }
    if (body.action === 'finish') await assertProducedOnUnit(tx, call.unit_id, body);
    // 'Selesai' names what it produced only when told: the phone's replacement links itself (linkCallWork)
    const status = await writeStep(tx, id, body.action, actor, at, {
      ...(body.replacement_id !== undefined ? { replacement_id: body.replacement_id } : {}),
      ...(body.mismatch_id !== undefined ? { mismatch_id: body.mismatch_id } : {}),
    });
    return { status, changed: true, tiremanId: call.tireman_id };
  });
}

/**
 * A replacement or BKB made on the phone for a call ('Selesai' opens the form with the call) links
 * itself to it, in the transaction that stores it: when the call is his, of that unit, not cancelled
 * and has none yet. Otherwise the work is stored all the same, unlinked (a tire man's work is never
 * refused for the call's sake: the office may have cancelled or reassigned it while he was offline).
 */
export async function linkCallWork(
  tx: Tx,
  callId: number,
  work: { unitId: number; tiremanId: number } & ({ replacement_id: number } | { mismatch_id: number }),
): Promise<boolean> {
  const column = 'replacement_id' in work ? breakdownCalls.replacement_id : breakdownCalls.mismatch_id;
  const linked = await tx
    .update(breakdownCalls)
    .set(
      'replacement_id' in work ? { replacement_id: work.replacement_id } : { mismatch_id: work.mismatch_id },
    )
    .where(
      and(
        eq(breakdownCalls.id, callId),
        eq(breakdownCalls.unit_id, work.unitId),
        eq(breakdownCalls.tireman_id, work.tiremanId),
        sql`${breakdownCalls.status} <> 'cancelled'`,
        isNull(column),
      ),
    )
    .returning({ id: breakdownCalls.id });
  if (linked.length === 0) return false;
  await audit(tx, {
    userId: work.tiremanId,
    action: 'storing.link',
    entity: 'breakdown_call',
    entityId: callId,
    detail:
      'replacement_id' in work ? { replacement_id: work.replacement_id } : { mismatch_id: work.mismatch_id },
  });
  return true;
}

/**
 * The tire men to send on a call, likeliest first (contracts: ZCallSuggestion). One query over the
 * tire men; their region is read from the daily check counts (tire_check_daily), not the checks.
 */
export async function callSuggestions(
  db: DbOrTx,
  id: number,
  signedIn: ReadonlySet<number>,
): Promise<TCallSuggestion[]> {
  const [call] = await db
    .select({ project_id: units.project_id, region_id: breakdownCalls.region_id })
    .from(breakdownCalls)
    .innerJoin(units, eq(units.id, breakdownCalls.unit_id))
    .where(eq(breakdownCalls.id, id));
  if (!call) throw notFound('Panggilan storing');
  const rows = rowsOf<Omit<TCallSuggestion, 'signed_in'>>(
    await db.execute(sql`
      with in_region as (
        select distinct d.tireman_id from tire_check_daily d join locations l on l.id = d.location_id
         where l.region_id = ${call.region_id}
           and d.day >= current_date - ${FIELD_RECENT_UNIT_DAYS}::int
      ), busy as (
        select b.tireman_id, count(*)::int as n from breakdown_calls b
         where ${openCall('b')} and b.tireman_id is not null and b.id <> ${id}
         group by b.tireman_id
      )
      select u.id, u.name,
             exists (select 1 from tireman_projects tp
                      where tp.user_id = u.id and tp.project_id = ${call.project_id}) as same_project,
             u.id in (select tireman_id from in_region) as same_region,
             coalesce(busy.n, 0) as open_calls
        from users u left join busy on busy.tireman_id = u.id
       where u.role = 'tire-man'`),
  );
  const rank = (s: TCallSuggestion) => [
    Number(!s.signed_in),
    Number(!s.same_project),
    Number(!s.same_region),
    s.open_calls,
  ];
  return rows
    .map((r) => ({ ...r, signed_in: signedIn.has(r.id) }))
    .sort((a, b) => {
      const [x, y] = [rank(a), rank(b)];
      const i = x.findIndex((v, k) => v !== y[k]);
      return i >= 0 ? x[i]! - y[i]! : a.name.localeCompare(b.name, 'id') || a.id - b.id;
    });
}

/** More open calls than this on one tire man is no dispatch any more; the phone shows the oldest. */
const OPEN_CALLS_ON_PHONE = 20;

/** His open calls (the phone's snapshot): the one waiting longest first. */
export async function openCallsOf(db: DbOrTx, tiremanId: number): Promise<TCallRow[]> {
  const rows = await selectCalls(db)
    .where(and(eq(breakdownCalls.tireman_id, tiremanId), openCall('breakdown_calls')))
    .orderBy(asc(breakdownCalls.called_at), asc(breakdownCalls.id))
    .limit(OPEN_CALLS_ON_PHONE);
  return rows.map(toRow);
}

/** The replacement or BKB a finished call names must be one of its unit's. */
async function assertProducedOnUnit(
  tx: Tx,
  unitId: number,
  body: { replacement_id?: number; mismatch_id?: number },
): Promise<void> {
  const checks = [
    { id: body.replacement_id, table: tireReplacements, field: 'replacement_id', what: 'Pergantian' },
    { id: body.mismatch_id, table: mismatches, field: 'mismatch_id', what: 'BKB' },
  ] as const;
  for (const c of checks) {
    if (c.id === undefined) continue;
    const [row] = await tx
      .select({ id: c.table.id })
      .from(c.table)
      .where(and(eq(c.table.id, c.id), eq(c.table.unit_id, unitId)));
    if (!row) {
      const message = `${c.what} ini bukan dari unit panggilan ini`;
      throw badRequest(message, [{ field: c.field, message }]);
    }
  }
}

export async function cancelCall(
  db: Db,
  id: number,
  reason: string,
  actor: StoringActor,
): Promise<{ status: CallStatus; tiremanId: number | null }> {
  return db.transaction(async (tx) => {
    const { call } = await lockCall(tx, id);
    refuse(call, 'cancel', actor);
    const status = await writeStep(tx, id, 'cancel', actor, new Date(), {
      cancel_reason: reason,
      note: reason,
    });
    return { status, tiremanId: call.tireman_id };
  });
}
