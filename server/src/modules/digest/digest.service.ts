// The daily WhatsApp digest (issue 39, item 3): at DIGEST_TIME (APP_TIMEZONE) yesterday's checks,
// returns and today's critical tires go in one Indonesian message to the admins, through the
// gateway the password reset uses. The day is claimed with a row (daily_digests, insert ... on
// conflict do nothing), so however many processes run it goes out once; each message is sent after
// that claim has committed, retried with backoff, and recorded in digest_deliveries (who, what,
// when, result). A failure is recorded and logged, never thrown out of the scheduler; the digest
// writes nothing but its own two tables.
import { digestMessage, type TDigestCounts, type TDigestPreviewReply } from '@itms/contracts/digest';
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { dailyDigests, digestDeliveries } from '../../db/schema';
import type { WhatsappGateway } from '../../lib/whatsapp';
import { todayIn } from '../reports/reports.service';
import { digestCounts, digestRecipients } from './digest.queries';

export interface DigestOptions {
  gateway: WhatsappGateway;
  timezone: string;
  pullPointMm: number;
  /** HH:MM in `timezone`: from then on the day before is due. */
  time: string;
  /** Roles whose accounts (with a phone number) get it. */
  roles: readonly string[];
  /** Waits before each retry (the attempts are these plus the first). */
  retryDelaysMs: readonly number[];
  log: {
    info: (obj: object, msg: string) => void;
    warn: (obj: object, msg: string) => void;
    error: (obj: object, msg: string) => void;
  };
}

export interface DigestService {
  /** The day before `now`'s day in APP_TIMEZONE, yyyy-mm-dd: the day a digest sent then reports. */
  reportDay(now?: Date): string;
  /** That day's digest as it would be sent now; sends nothing. */
  preview(now?: Date): Promise<TDigestPreviewReply>;
  /**
   * Claims `day` and sends its digest to every recipient after the claim committed (the sending is
   * not awaited). Null when the day was claimed already, here or by another process.
   */
  sendDay(
    day: string,
    trigger: 'schedule' | 'manual',
    requestedBy?: number,
  ): Promise<{ recipients: number } | null>;
  /**
   * The scheduler's tick: from DIGEST_TIME on, claims and sends the day before once (a process
   * started later that day catches up). Whether it claimed the day. Never throws.
   */
  runDue(now?: Date): Promise<boolean>;
  /** Resolves when every send under way (retries included) has ended; for tests. */
  idle(): Promise<void>;
  /** Stops the retries (their messages are recorded as failed) and waits for the sends under way. */
  close(): Promise<void>;
}

const trimError = (s: string) => s.replace(/\s+/g, ' ').slice(0, 300);

/** The wall clock in `tz`: its day (yyyy-mm-dd) and HH:MM. */
function localClock(tz: string, now: Date): { day: string; hhmm: string } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone: tz,
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(now)
      .map((p) => [p.type, p.value]),
  );
  return { day: todayIn(tz, now), hhmm: `${parts.hour}:${parts.minute}` };
}

/** 'yyyy-mm-dd' minus one day. */
function dayBefore(day: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d - 1)).toISOString().slice(0, 10);
}

export function createDigestService(db: Db, opts: DigestOptions): DigestService {
  const timers = new Map<NodeJS.Timeout, number>();
  const running = new Set<Promise<void>>();
  let closed = false;
  /** The last day this process found claimed (by itself or another): no query per tick after that. */
  let doneDay: string | null = null;

  const reportDay = (now = new Date()) => dayBefore(todayIn(opts.timezone, now));
  const counts = (day: string): Promise<TDigestCounts> =>
    digestCounts(db, day, { timezone: opts.timezone, pullPointMm: opts.pullPointMm });

  async function deliver(id: number, phone: string, message: string, tryNo: number): Promise<void> {
    let error: string | null = null;
    try {
      await opts.gateway.send(phone, message);
    } catch (err) {
      error = trimError(err instanceof Error ? err.message : String(err));
    }
    if (error === null) {
      // outside the try: a failed write of the result must not send the message again
      await db
        .update(digestDeliveries)
        .set({ status: 'sent', attempts: tryNo, error: null, sent_at: new Date() })
        .where(eq(digestDeliveries.id, id));
      return;
    }
    const retry = tryNo <= opts.retryDelaysMs.length && !closed;
    opts.log.warn({ deliveryId: id, attempt: tryNo, error, retry }, 'daily digest not delivered');
    await db
      .update(digestDeliveries)
      .set({
        status: retry ? 'pending' : 'failed',
        attempts: tryNo,
        error,
        sent_at: retry ? null : new Date(),
      })
      .where(eq(digestDeliveries.id, id));
    if (retry) {
      const timer = setTimeout(
        () => {
          timers.delete(timer);
          track(deliver(id, phone, message, tryNo + 1));
        },
        opts.retryDelaysMs[tryNo - 1],
      );
      timer.unref();
      timers.set(timer, id);
    }
  }

  function track(p: Promise<void>): void {
    const guarded = p.catch((err) => opts.log.error({ err }, 'daily digest delivery failed'));
    running.add(guarded);
    void guarded.finally(() => running.delete(guarded));
  }

  async function sendDay(
    day: string,
    trigger: 'schedule' | 'manual',
    requestedBy?: number,
  ): Promise<{ recipients: number } | null> {
    const c = await counts(day);
    const message = digestMessage(day, c);
    const recipients = await digestRecipients(db, opts.roles);
    const deliveries = await db.transaction(async (tx) => {
      const claimed = await tx
        .insert(dailyDigests)
        .values({ day, counts: c, message, trigger, requested_by: requestedBy ?? null })
        .onConflictDoNothing({ target: dailyDigests.day })
        .returning({ day: dailyDigests.day });
      if (!claimed.length) return null;
      if (!recipients.length) return [];
      return tx
        .insert(digestDeliveries)
        .values(recipients.map((r) => ({ day, user_id: r.id, phone: r.phone })))
        .returning({ id: digestDeliveries.id, phone: digestDeliveries.phone });
    });
    if (!deliveries) return null;
    opts.log.info({ day, trigger, recipients: deliveries.length }, 'daily digest claimed');
    // committed: the messages go on a later turn, never keeping the caller (a request) waiting
    for (const d of deliveries) {
      track(
        new Promise<void>((resolve) => setImmediate(resolve)).then(() => deliver(d.id, d.phone, message, 1)),
      );
    }
    return { recipients: deliveries.length };
  }

  async function idle(): Promise<void> {
    while (running.size || timers.size) {
      if (running.size) await Promise.all([...running]);
      else await new Promise((r) => setTimeout(r, 5));
    }
  }

  return {
    reportDay,

    async preview(now = new Date()) {
      const day = reportDay(now);
      const c = await counts(day);
      const recipients = await digestRecipients(db, opts.roles);
      const [claimed] = await db
        .select({ day: dailyDigests.day })
        .from(dailyDigests)
        .where(eq(dailyDigests.day, day));
      return { day, counts: c, message: digestMessage(day, c), recipients, sent: Boolean(claimed) };
    },

    sendDay,

    async runDue(now = new Date()) {
      if (closed) return false;
      const clock = localClock(opts.timezone, now);
      if (clock.hhmm < opts.time) return false;
      const day = dayBefore(clock.day);
      if (doneDay === day) return false;
      try {
        const sent = await sendDay(day, 'schedule');
        doneDay = day; // sent, or another process had it: either way nothing more today
        return sent !== null;
      } catch (err) {
        // the next tick tries again
        opts.log.error({ err, day }, 'daily digest not prepared');
        return false;
      }
    },

    idle,

    async close() {
      closed = true;
      const stopped = [...timers.values()];
      for (const t of timers.keys()) clearTimeout(t);
      timers.clear();
      await Promise.all([...running]);
      if (stopped.length) {
        await db
          .update(digestDeliveries)
          .set({ status: 'failed', sent_at: new Date() })
          .where(inArray(digestDeliveries.id, stopped))
          .catch((err) => opts.log.warn({ err }, 'daily digest: stopped retries not recorded'));
      }
    },
  };
}
