import { IDEMPOTENCY_KEEP_DAYS } from '@itms/contracts/field';
import { NO_UNIT, type OutboxItem } from './db';

// The outbox's scheduling rules, pure (no IndexedDB, no network): which entry goes when.

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Backoff after a failure that may pass later: 2 s doubling to 5 minutes, never giving up, with
 * equal jitter (half fixed, half random) so phones that lost the server together do not come back
 * together. Each entry keeps its own (attempts and nextAttemptAt are stored with it).
 */
export function retryDelay(attempts: number, random = Math.random()): number {
  const base = Math.min(2_000 * 2 ** Math.max(0, attempts - 1), 5 * 60_000);
  return Math.round(base / 2 + (random * base) / 2);
}

/** A record request that has not answered in this long is given up (and retried, same key). */
export const RECORD_TIMEOUT_MS = 30_000;

/** An upload gets the record's time plus a second per 16 KB (a slow 2G line) of its file. */
export function requestTimeoutMs(bytes = 0): number {
  return RECORD_TIMEOUT_MS + Math.ceil(bytes / 16_384) * 1_000;
}

/** After this many failed tries in a row the entry shows why ('Gagal dikirim: ...'). */
export const FAILURES_SHOWN_AFTER = 3;

/**
 * The phone resends an entry by itself only while its first try is younger than the server keeps
 * idempotency keys, less a day for the clocks: later the server may have forgotten the key and a
 * resend could store the entry twice, so the tire man is asked.
 */
export const RESEND_ASK_AFTER_MS = (IDEMPOTENCY_KEEP_DAYS - 1) * DAY_MS;

/** Whether the entry still waits to be sent (not set aside for the tire man). */
export const isPending = (item: OutboxItem) => item.state === 'saved' || item.state === 'sending';

/**
 * When the entry was first sent, if ever. An entry saved by an earlier version of the app has no
 * `firstTriedAt`: if it was tried (a failure counted, or left 'sending'), its creation stands in.
 */
export function firstTriedOf(item: OutboxItem): number | undefined {
  if (item.firstTriedAt !== undefined) return item.firstTriedAt;
  return item.attempts > 0 || item.state === 'sending' ? item.createdAt : undefined;
}

/**
 * Whether 'Ubah' may take the entry back to its form: refused, or queued and never sent (the server
 * cannot hold its key, so taking it back cannot leave a copy in the office). Once a request left,
 * the entry stays as sent until the server answers.
 */
export const mayReopen = (item: OutboxItem) =>
  item.state === 'needs-action' || (item.state === 'saved' && firstTriedOf(item) === undefined);

/** Whether the entry waits for the tire man's word before it is sent again (older than the key). */
export function asksBeforeResend(item: OutboxItem, now: number): boolean {
  const first = firstTriedOf(item);
  return isPending(item) && first !== undefined && now - first >= RESEND_ASK_AFTER_MS;
}

/** The days since the entry was first sent (for the question before a resend). */
export const daysSinceFirstTry = (item: OutboxItem, now: number) =>
  Math.floor((now - (firstTriedOf(item) ?? now)) / DAY_MS);

const byAge = (a: OutboxItem, b: OutboxItem) => a.createdAt - b.createdAt || (a.id ?? 0) - (b.id ?? 0);

/** Entries that take part in sending: pending, and not waiting for the tire man's word. */
const sendable = (items: OutboxItem[], now: number) =>
  items.filter((i) => isPending(i) && !asksBeforeResend(i, now)).sort(byAge);

/**
 * The one dependency between entries: a unit's entries reach the server in the order they were
 * made (a replacement before the next check of that unit, a redo after the entry it redoes, and
 * the office reads a unit's work in order). The earlier entry of the same unit that `item` waits
 * for, if any. Entries of other units, and new-tire requests (no unit), never wait for each other.
 * (Within an entry its photos go first: the record cites their paths.)
 */
export function blockerOf(item: OutboxItem, items: OutboxItem[], now: number): OutboxItem | undefined {
  if (item.unitId === NO_UNIT) return undefined;
  return sendable(items, now)
    .filter((i) => i.unitId === item.unitId && byAge(i, item) < 0)
    .at(-1);
}

export interface RoundPlan {
  /** What may be sent now, in this order: entries never failed first, then those that failed. */
  due: OutboxItem[];
  /** The earliest time an entry's backoff ends, when some wait. */
  retryAt?: number;
}

/**
 * What one round sends. `force` ('Kirim sekarang') skips every backoff; `tried` are entries this
 * round already tried (each at most once a round). An entry whose unit has an earlier entry still
 * waiting is not due; one entry's failures hold nothing else.
 */
export function planRound(
  items: OutboxItem[],
  now: number,
  { force = false, tried = new Set<number>() }: { force?: boolean; tried?: ReadonlySet<number> } = {},
): RoundPlan {
  const pending = sendable(items, now);
  const due: OutboxItem[] = [];
  let retryAt: number | undefined;
  for (const item of pending) {
    if (blockerOf(item, pending, now)) continue;
    if (!tried.has(item.id!) && (force || item.nextAttemptAt <= now)) due.push(item);
    else if (item.nextAttemptAt > now) retryAt = Math.min(retryAt ?? Infinity, item.nextAttemptAt);
  }
  // stable: among equals the older entry first
  due.sort((a, b) => Number(a.attempts > 0) - Number(b.attempts > 0));
  return { due, retryAt };
}

/** Why a failing entry has not gone yet, once it failed often enough to say so. */
export function failureOf(item: OutboxItem): { message: string; retryAt: number } | undefined {
  if (item.state !== 'saved' || !item.lastError || item.attempts < FAILURES_SHOWN_AFTER) return undefined;
  return { message: item.lastError, retryAt: item.nextAttemptAt };
}
