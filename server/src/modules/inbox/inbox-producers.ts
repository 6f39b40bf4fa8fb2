// What puts items in the office inbox (issue 39, item 2). Each producer reads what it announces
// from committed data and hands it to app.inbox; none can fail the write that caused it.

import { AWAITING_VALIDATION } from '@itms/contracts/rules/lifecycle';
import { ALERT_LABELS } from '@itms/contracts/tire-intelligence';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { rowsOf } from '../../db/client';
import { stageIn } from '../../db/schema/columns';
import { openBreaches } from '../storing/storing.service';
import { criticalTiresOfChecks } from '../tire-intelligence/tire-intelligence.service';
import type { InboxMessage } from './inbox.service';

/** A BKB arrived from the field: every office user who receives 'bkb' gets it, linking to /mismatch. */
export function publishNewBkb(app: FastifyInstance, id: number): void {
  app.inbox.publish(async (): Promise<InboxMessage | null> => {
    const [row] = rowsOf<{ plate_number: string; category: string; tireman: string | null }>(
      await app.db.execute(sql`
        select u.plate_number, m.category, t.name as tireman
        from mismatches m
        join units u on u.id = m.unit_id
        left join users t on t.id = m.tireman_id
        where m.id = ${id}`),
    );
    if (!row) return null; // gone before we got to it
    return {
      kind: 'bkb',
      title: `BKB baru #${id}: ${row.plate_number}`,
      body: [row.category, row.tireman ? `dari ${row.tireman}` : null].filter(Boolean).join(' · '),
      link: '/mismatch',
      dedupeKey: `bkb:${id}`,
    };
  });
}

/** The validated checks waiting to be looked at for new critical tires, per app. */
const criticalQueues = new WeakMap<FastifyInstance, { waiting: Set<number>; busy: boolean }>();

/**
 * A validated check left tires critical (an unsafe defect, RTD at or below the pull point): one
 * item per tire and kind, told once ('critical-tire:<tire>:<kind>'), so a tire that stays critical
 * check after check is not announced again. Called after the check's wear refresh. One look runs at
 * a time: the checks validated meanwhile share the next one (a burst of validations costs a few
 * queries, not one each).
 */
export function publishCriticalTires(app: FastifyInstance, checkId: number): void {
  let queue = criticalQueues.get(app);
  if (!queue) {
    queue = { waiting: new Set(), busy: false };
    criticalQueues.set(app, queue);
  }
  queue.waiting.add(checkId);
  if (!queue.busy) lookForCriticalTires(app, queue);
}

function lookForCriticalTires(app: FastifyInstance, queue: { waiting: Set<number>; busy: boolean }): void {
  queue.busy = true;
  const ids = [...queue.waiting];
  queue.waiting.clear();
  app.inbox.publish(async (): Promise<InboxMessage[]> => {
    try {
      const tires = await criticalTiresOfChecks(
        app.db,
        { pullPointMm: app.config.tirePullPointMm, timezone: app.config.timezone },
        ids,
      );
      return tires.flatMap((t) =>
        t.kinds.map(({ kind, detail }) => ({
          kind: 'critical-tire' as const,
          title: `Ban kritis baru: ${t.plate_number} posisi ${t.position}`,
          body: [`${t.serial_number} · ${ALERT_LABELS[kind]}`, detail].filter(Boolean).join(': '),
          link: `/ban-kritis?kind=${kind}&q=${encodeURIComponent(t.serial_number)}`,
          dedupeKey: `critical-tire:${t.tire_id}:${kind}`,
        })),
      );
    } finally {
      // the checks validated meanwhile go next; none: the next validation starts a look
      if (queue.waiting.size) lookForCriticalTires(app, queue);
      else queue.busy = false;
    }
  });
}

const IMPORT_TARGET = {
  units: { noun: 'unit', label: 'Unit', link: '/unit' },
  tires: { noun: 'ban', label: 'Ban', link: '/tire' },
} as const;

/** An import of units or tires committed: the other office users hear of it (its author saw it). */
export function publishImportDone(
  app: FastifyInstance,
  kind: keyof typeof IMPORT_TARGET,
  inserted: number,
  by: { id: number; name: string },
  fileName: string,
): void {
  const t = IMPORT_TARGET[kind];
  app.inbox.publish({
    kind: 'import-done',
    title: `Impor ${t.label} selesai: ${inserted} ${t.noun} ditambahkan`,
    body: [`oleh ${by.name}`, fileName].filter(Boolean).join(' · '),
    link: t.link,
    exceptUserId: by.id,
  });
}

/** How long a sent check may wait for validation before the office is told. */
export const CHECK_WAITING_HOURS = 24;
/**
 * How far past the 24 hours a sweep still announces a check: a check that crossed the line while
 * every process was down for less than this is still told; the older backlog (the queue shows its
 * age) is not turned into a flood of items on first start.
 */
export const CHECK_WAITING_WINDOW_HOURS = 6;

/**
 * The periodic sweep: each check waiting for validation for more than 24 hours is announced once
 * (the key 'check-waiting:<id>' makes two processes sweeping at once write it once per user).
 * Resolves with the number of checks announced.
 */
export async function sweepWaitingChecks(app: FastifyInstance, now = new Date()): Promise<number> {
  const due = new Date(now.getTime() - CHECK_WAITING_HOURS * 3600_000);
  const from = new Date(due.getTime() - CHECK_WAITING_WINDOW_HOURS * 3600_000);
  const rows = rowsOf<{ id: number; plate_number: string; tireman: string | null }>(
    await app.db.execute(sql`
      select c.id, u.plate_number, t.name as tireman
        from tire_checks c
        join units u on u.id = c.unit_id
        left join users t on t.id = c.tireman_id
       where ${stageIn(sql`c.stage`, AWAITING_VALIDATION)}
         and c.created_at <= ${due.toISOString()}::timestamptz
         and c.created_at > ${from.toISOString()}::timestamptz
         and not exists (
           select 1 from inbox_items i where i.dedupe_key = 'check-waiting:' || c.id::text
         )
       order by c.created_at, c.id
       limit 200`),
  );
  let told = 0;
  for (const r of rows) {
    const n = await app.inbox.deliver({
      kind: 'check-waiting',
      title: `Pengecekan #${r.id} (${r.plate_number}) menunggu validasi lebih dari ${CHECK_WAITING_HOURS} jam`,
      body: r.tireman ? `dari ${r.tireman}` : '',
      link: '/validasi',
      dedupeKey: `check-waiting:${r.id}`,
    });
    if (n) told++;
  }
  return told;
}

const BREACH_NAME = { response: 'target respons', roll: 'target roll time' } as const;

/**
 * The periodic sweep of breakdown calls: each open call that has crossed its response or roll-time
 * target is announced once per target ('storing-breach:<id>:<target>', safe with several processes
 * sweeping). Resolves with the number of breaches announced.
 */
export async function sweepStoringBreaches(app: FastifyInstance): Promise<number> {
  let told = 0;
  for (const b of await openBreaches(app.db)) {
    const n = await app.inbox.deliver({
      kind: 'storing-breach',
      title: `Storing #${b.id} (${b.plate_number}) lewat ${BREACH_NAME[b.kind]} ${b.minutes} menit`,
      body: b.tireman ? `Tire man: ${b.tireman}` : 'Belum ditugaskan',
      link: '/storing',
      dedupeKey: `storing-breach:${b.id}:${b.kind}`,
    });
    if (n) told++;
  }
  return told;
}
