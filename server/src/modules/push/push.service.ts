// Web Push to ITMS Lapangan (issue 39): subscriptions, and notifications sent after the commit of
// the write that caused them, retried with backoff, recorded (who, what, when, result), never
// failing or delaying that write.
import {
  PUSH_MESSAGES,
  type TPushKind,
  type TPushPayload,
  type TPushStatusReply,
} from '@itms/contracts/push';

/** The kind of the notice that tells a phone its session ended (sent to that phone only). */
const SESSION_ENDED_KIND: TPushKind = 'session-ended';

import { and, desc, eq, max, sql } from 'drizzle-orm';
import webpush from 'web-push';
import { afterCommit } from '../../db/ambient';
import type { Db } from '../../db/client';
import { pushDeliveries, pushSubscriptions } from '../../db/schema';
import { invalidFields, notFound } from '../../lib/errors';
import type { VapidKeys } from './vapid';

/** A notification as services ask for it. */
export type PushMessage = TPushPayload;

export interface PushOptions {
  vapid: VapidKeys;
  subject: string;
  /** Allowed push services: host names (subdomains too, https) or exact origins. */
  services: readonly string[];
  /** Waits before each retry (the attempts are these plus the first). */
  retryDelaysMs: readonly number[];
  log: { warn: (obj: object, msg: string) => void; error: (obj: object, msg: string) => void };
  /** Seconds the push service keeps an undelivered message (the phone may be off for a shift). */
  ttlSeconds?: number;
  /** Milliseconds one request to the push service may take. */
  timeoutMs?: number;
  /** How often pending deliveries a stopped process left behind are looked for (0: never by itself). */
  sweepEveryMs?: number;
}

export interface PushService {
  publicKey: string;
  /** Whether an endpoint's push service is one the server sends to. */
  allowedEndpoint(endpoint: string): boolean;
  /** Keeps the browser's subscription for the user, tied to the session that sent it. */
  saveSubscription(
    userId: number,
    sessionId: string,
    sub: { endpoint: string; keys: { p256dh: string; auth: string } },
    userAgent: string | undefined,
  ): Promise<void>;
  deleteSubscription(userId: number, endpoint: string): Promise<void>;
  status(userId: number): Promise<TPushStatusReply>;
  /** His subscriptions' count (those of a live session). */
  subscriptionCount(userId: number): Promise<number>;
  /**
   * Sends `message` to each of the user's subscriptions of a live session once the current
   * transaction (if any) has committed. Returns at once; never throws.
   */
  notifyUser(userId: number, message: PushMessage): void;
  /**
   * The user's sessions were ended from elsewhere (another device took over, an admin signed him
   * out, his password changed): each subscription of an ended session is told `message` once,
   * then removed, so that phone hears nothing more. Returns at once; never throws.
   */
  sessionsEnded(userId: number, message: PushMessage): void;
  /**
   * Sends once more each delivery that a stopped process left pending (its retry timers died with
   * it), once among all processes; one older than the push services keep a message fails. Runs at
   * start and every `sweepEveryMs`; answers how many it took up.
   */
  sweepAbandoned(): Promise<number>;
  /** Resolves when every send under way (retries included) has ended; for tests and shutdown. */
  idle(): Promise<void>;
  /** Stops the retries and waits for the sends under way. */
  close(): Promise<void>;
}

type Subscription = typeof pushSubscriptions.$inferSelect;

/** A subscription whose session is still signed in (or that predates sessions on subscriptions). */
const liveSession = sql`(${pushSubscriptions.session_id} is null or exists (
  select 1 from sessions s where s.id = ${pushSubscriptions.session_id} and s.revoked_at is null))`;
/** A subscription whose session has ended. */
const endedSession = sql`exists (
  select 1 from sessions s where s.id = ${pushSubscriptions.session_id} and s.revoked_at is not null)`;

/** How one attempt to one subscription ended. */
type Outcome =
  | { kind: 'sent'; status: number }
  | { kind: 'expired'; status: number }
  | { kind: 'retry'; status: number | null; error: string }
  | { kind: 'failed'; status: number | null; error: string };

const trimError = (s: string) => s.replace(/\s+/g, ' ').slice(0, 300);

/** The error a delivery taken up by the sweep carries until its last attempt ends. */
const RESUMED = 'resumed after a restart';

export function createPushService(db: Db, opts: PushOptions): PushService {
  const ttl = opts.ttlSeconds ?? 24 * 3600;
  const timeoutMs = opts.timeoutMs ?? 10_000;
  const timers = new Set<NodeJS.Timeout>();
  const running = new Set<Promise<void>>();
  let closed = false;

  function allowedEndpoint(endpoint: string): boolean {
    let url: URL;
    try {
      url = new URL(endpoint);
    } catch {
      return false;
    }
    const host = url.hostname.toLowerCase();
    return opts.services.some((s) =>
      s.includes('://')
        ? url.origin.toLowerCase() === s
        : url.protocol === 'https:' && (host === s || host.endsWith(`.${s}`)),
    );
  }

  /** One POST to the push service: RFC 8291 body and VAPID header made by web-push, sent by fetch. */
  async function attempt(sub: Subscription, payload: string): Promise<Outcome> {
    if (!allowedEndpoint(sub.endpoint))
      return { kind: 'failed', status: null, error: 'push service not allowed' };
    try {
      const details = webpush.generateRequestDetails(
        { endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } },
        payload,
        {
          vapidDetails: {
            subject: opts.subject,
            publicKey: opts.vapid.publicKey,
            privateKey: opts.vapid.privateKey,
          },
          TTL: ttl,
          urgency: 'high',
          contentEncoding: 'aes128gcm',
        },
      );
      const headers = Object.fromEntries(
        Object.entries(details.headers)
          .filter(([k]) => k.toLowerCase() !== 'content-length')
          .map(([k, v]) => [k, String(v)]),
      );
      const res = await fetch(details.endpoint, {
        method: 'POST',
        headers,
        body: details.body ? new Uint8Array(details.body) : null,
        redirect: 'error',
        signal: AbortSignal.timeout(timeoutMs),
      });
      const text = await res.text().catch(() => '');
      if (res.ok) return { kind: 'sent', status: res.status };
      // the browser unsubscribed, or the push service dropped the subscription
      if (res.status === 404 || res.status === 410) return { kind: 'expired', status: res.status };
      const error = trimError(`${res.status} ${text}`);
      if (res.status === 429 || res.status >= 500) return { kind: 'retry', status: res.status, error };
      return { kind: 'failed', status: res.status, error };
    } catch (err) {
      return {
        kind: 'retry',
        status: null,
        error: trimError(err instanceof Error ? err.message : String(err)),
      };
    }
  }

  /**
   * One try of a delivery: to the user's live subscriptions, or to the one `only` names (a notice
   * that its session ended, removed once the delivery has ended).
   */
  async function deliver(
    deliveryId: number,
    userId: number,
    payload: string,
    tryNo: number,
    { lastTry = false, only }: { lastTry?: boolean; only?: number | null } = {},
  ): Promise<void> {
    const subs = await db
      .select()
      .from(pushSubscriptions)
      .where(
        and(
          eq(pushSubscriptions.user_id, userId),
          only === undefined ? liveSession : eq(pushSubscriptions.id, only ?? -1),
        ),
      );
    if (!subs.length) {
      await db
        .update(pushDeliveries)
        .set({ status: 'failed', error: 'no subscription', attempts: tryNo, sent_at: new Date() })
        .where(eq(pushDeliveries.id, deliveryId));
      return;
    }
    const outcomes = await Promise.all(subs.map(async (sub) => ({ sub, out: await attempt(sub, payload) })));
    for (const { sub, out } of outcomes) {
      if (out.kind === 'sent') {
        await db
          .update(pushSubscriptions)
          .set({ last_success_at: new Date() })
          .where(eq(pushSubscriptions.id, sub.id));
      } else if (out.kind === 'expired') {
        await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, sub.id));
      } else {
        opts.log.warn({ userId, deliveryId, status: out.status, error: out.error }, 'web push not delivered');
      }
    }
    const sent = outcomes.find((o) => o.out.kind === 'sent');
    const retry = outcomes.find((o) => o.out.kind === 'retry');
    const last = sent ?? retry ?? outcomes.find((o) => o.out.kind === 'failed') ?? outcomes[0]!;
    const lastError = 'error' in last.out ? last.out.error : null;
    const canRetry = !sent && retry && !lastTry && tryNo <= opts.retryDelaysMs.length && !closed;
    const status = sent
      ? 'sent'
      : canRetry
        ? 'pending'
        : outcomes.every((o) => o.out.kind === 'expired')
          ? 'expired'
          : 'failed';
    await db
      .update(pushDeliveries)
      .set({
        status,
        // a removed subscription's id is not kept (set null by its foreign key anyway)
        subscription_id: last.out.kind === 'expired' ? null : last.sub.id,
        http_status: last.out.status,
        error: lastError,
        attempts: tryNo,
        sent_at: status === 'pending' ? null : new Date(),
      })
      .where(eq(pushDeliveries.id, deliveryId));
    if (only != null && !canRetry) await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, only));
    if (canRetry) {
      const timer = setTimeout(
        () => {
          timers.delete(timer);
          track(deliver(deliveryId, userId, payload, tryNo + 1, { only }));
        },
        opts.retryDelaysMs[tryNo - 1],
      );
      timers.add(timer);
    }
  }

  function track(p: Promise<void>): void {
    const guarded = p.catch((err) => opts.log.error({ err }, 'web push delivery failed'));
    running.add(guarded);
    void guarded.finally(() => running.delete(guarded));
  }

  /** Records the delivery, then makes its first try (to `only`, when it names one subscription). */
  async function send(userId: number, message: PushMessage, only?: number): Promise<void> {
    const payload = JSON.stringify(message);
    const [row] = await db
      .insert(pushDeliveries)
      .values({ user_id: userId, kind: message.kind, payload: message, subscription_id: only ?? null })
      .returning({ id: pushDeliveries.id });
    await deliver(row!.id, userId, payload, 1, { only });
  }

  async function sendSessionsEnded(userId: number, message: PushMessage): Promise<void> {
    const ended = await db
      .select({ id: pushSubscriptions.id })
      .from(pushSubscriptions)
      .where(and(eq(pushSubscriptions.user_id, userId), endedSession));
    await Promise.all(ended.map((sub) => send(userId, message, sub.id)));
  }

  /** On a later turn than the reply, after the commit: the write that caused it never waits. */
  function later(run: () => Promise<void>): void {
    afterCommit(() => {
      if (closed) return;
      track(new Promise<void>((resolve) => setImmediate(resolve)).then(run));
    });
  }

  // a delivery still pending this long after it was made has no process retrying it any more
  const abandonedAfterMs =
    opts.retryDelaysMs.reduce((a, b) => a + b, 0) + (opts.retryDelaysMs.length + 1) * timeoutMs + 60_000;

  async function sweepAbandoned(): Promise<number> {
    const stale = await db
      .select()
      .from(pushDeliveries)
      .where(
        and(
          eq(pushDeliveries.status, 'pending'),
          sql`${pushDeliveries.created_at} < now() - make_interval(secs => ${abandonedAfterMs / 1000})`,
          sql`${pushDeliveries.error} is distinct from ${RESUMED}`,
        ),
      )
      .orderBy(pushDeliveries.id)
      .limit(100);
    let taken = 0;
    for (const d of stale) {
      if (closed) break;
      // one process takes it up: the row it read is still the row there
      const [claimed] = await db
        .update(pushDeliveries)
        .set({ error: RESUMED })
        .where(
          and(
            eq(pushDeliveries.id, d.id),
            eq(pushDeliveries.status, 'pending'),
            eq(pushDeliveries.attempts, d.attempts),
            sql`${pushDeliveries.error} is not distinct from ${d.error}`,
          ),
        )
        .returning({ id: pushDeliveries.id });
      if (!claimed) continue;
      taken++;
      if (Date.now() - d.created_at.getTime() > ttl * 1000) {
        await db
          .update(pushDeliveries)
          .set({ status: 'failed', error: 'not sent within its TTL', sent_at: new Date() })
          .where(eq(pushDeliveries.id, d.id));
        continue;
      }
      // a notice of an ended session goes to its one subscription only (none left: it fails)
      const only = d.kind === SESSION_ENDED_KIND ? d.subscription_id : undefined;
      track(deliver(d.id, d.user_id, JSON.stringify(d.payload), d.attempts + 1, { lastTry: true, only }));
    }
    return taken;
  }

  const sweeping = opts.sweepEveryMs
    ? setInterval(() => track(sweepAbandoned().then(() => undefined)), opts.sweepEveryMs)
    : null;
  sweeping?.unref();
  if (opts.sweepEveryMs) track(sweepAbandoned().then(() => undefined));

  async function idle(): Promise<void> {
    while (running.size || timers.size) {
      if (running.size) await Promise.all([...running]);
      else await new Promise((r) => setTimeout(r, 5));
    }
  }

  return {
    publicKey: opts.vapid.publicKey,
    allowedEndpoint,

    async saveSubscription(userId, sessionId, sub, userAgent) {
      if (!allowedEndpoint(sub.endpoint)) {
        throw invalidFields([{ field: 'endpoint', message: PUSH_MESSAGES.unknownService }]);
      }
      const values = {
        user_id: userId,
        endpoint: sub.endpoint,
        p256dh: sub.keys.p256dh.replace(/=+$/, ''),
        auth: sub.keys.auth.replace(/=+$/, ''),
        user_agent: userAgent?.slice(0, 300) ?? null,
        session_id: sessionId,
      };
      // the browser is the endpoint's: sent again (new keys, or another account signed in on it), it
      // replaces the row
      await db
        .insert(pushSubscriptions)
        .values(values)
        .onConflictDoUpdate({
          target: pushSubscriptions.endpoint,
          set: { ...values, created_at: sql`now()`, last_success_at: null },
        });
    },

    async deleteSubscription(userId, endpoint) {
      const gone = await db
        .delete(pushSubscriptions)
        .where(and(eq(pushSubscriptions.user_id, userId), eq(pushSubscriptions.endpoint, endpoint)))
        .returning({ id: pushSubscriptions.id });
      if (!gone.length) throw notFound('Langganan notifikasi');
    },

    async subscriptionCount(userId) {
      const [r] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(pushSubscriptions)
        .where(and(eq(pushSubscriptions.user_id, userId), liveSession));
      return Number(r?.n ?? 0);
    },

    async status(userId) {
      const [subs] = await db
        .select({ n: sql<number>`count(*)::int`, last: max(pushSubscriptions.last_success_at) })
        .from(pushSubscriptions)
        .where(and(eq(pushSubscriptions.user_id, userId), liveSession));
      const [d] = await db
        .select()
        .from(pushDeliveries)
        .where(eq(pushDeliveries.user_id, userId))
        .orderBy(desc(pushDeliveries.created_at), desc(pushDeliveries.id))
        .limit(1);
      const n = Number(subs?.n ?? 0);
      return {
        subscribed: n > 0,
        subscriptions: n,
        last_success_at: subs?.last ? new Date(subs.last).toISOString() : null,
        last_delivery: d
          ? {
              id: d.id,
              kind: d.kind,
              title: (d.payload as Partial<TPushPayload>).title ?? '',
              status: d.status,
              http_status: d.http_status,
              error: d.error,
              attempts: d.attempts,
              created_at: d.created_at.toISOString(),
              sent_at: d.sent_at?.toISOString() ?? null,
            }
          : null,
      };
    },

    notifyUser(userId, message) {
      later(() => send(userId, message));
    },

    sessionsEnded(userId, message) {
      later(() => sendSessionsEnded(userId, message));
    },

    sweepAbandoned,
    idle,

    async close() {
      closed = true;
      if (sweeping) clearInterval(sweeping);
      for (const t of timers) clearTimeout(t);
      timers.clear();
      await Promise.all([...running]);
    },
  };
}
