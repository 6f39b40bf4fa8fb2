import { IDEMPOTENCY_KEEP_DAYS } from '@itms/contracts/field';
import { describe, expect, it } from 'vitest';
import { NO_UNIT, type OutboxItem } from './db';
import {
  asksBeforeResend,
  blockerOf,
  daysSinceFirstTry,
  failureOf,
  planRound,
  RESEND_ASK_AFTER_MS,
  requestTimeoutMs,
  retryDelay,
} from './outbox-rules';

const NOW = Date.parse('2026-03-10T08:00:00+07:00');
const DAY = 24 * 60 * 60 * 1000;

/** An entry as the outbox stores it: saved a minute apart per id, never tried. */
const entry = (id: number, unitId: number, more: Partial<OutboxItem> = {}): OutboxItem => ({
  id,
  userId: 7,
  kind: 'tire-check',
  unitId,
  plate: `B ${unitId} XX`,
  key: `key-${id}`,
  body: {},
  state: 'saved',
  createdAt: NOW - 60 * 60_000 + id * 60_000,
  attempts: 0,
  nextAttemptAt: 0,
  ...more,
});
const ids = (items: OutboxItem[]) => items.map((i) => i.id);

describe('the backoff of one entry', () => {
  it('doubles from 2 s to at most 5 minutes, jittered between half and all of it', () => {
    expect([1, 2, 3, 4].map((n) => retryDelay(n, 1))).toEqual([2_000, 4_000, 8_000, 16_000]);
    expect([1, 2, 3].map((n) => retryDelay(n, 0))).toEqual([1_000, 2_000, 4_000]);
    expect(retryDelay(30, 1)).toBe(300_000);
    expect(retryDelay(30, 0)).toBe(150_000);
  });

  it('gives a record 30 s and an upload more by its size', () => {
    expect(requestTimeoutMs()).toBe(30_000);
    expect(requestTimeoutMs(500 * 1024)).toBe(62_000);
  });
});

describe('which entries a round sends', () => {
  it('one failing entry holds no entry of another unit', () => {
    const failing = entry(1, 10, { attempts: 4, nextAttemptAt: NOW + 60_000, lastError: 'Server sibuk' });
    const plan = planRound([failing, entry(2, 11), entry(3, NO_UNIT), entry(4, 12)], NOW);
    expect(ids(plan.due)).toEqual([2, 3, 4]);
    expect(plan.retryAt).toBe(NOW + 60_000);
  });

  it("keeps a unit's entries in the order they were made: a later one waits for the earlier one", () => {
    const failing = entry(1, 10, { attempts: 1, nextAttemptAt: NOW + 2_000 });
    const later = entry(2, 10, { kind: 'tire-replacement' });
    const redo = entry(3, 10, { resubmitOf: 99 });
    const items = [failing, later, redo, entry(4, 11)];
    expect(ids(planRound(items, NOW).due)).toEqual([4]);
    expect(blockerOf(later, items, NOW)?.id).toBe(1);
    expect(blockerOf(redo, items, NOW)?.id).toBe(2);
    // the first one gone, the next of its unit may go
    expect(ids(planRound(items.slice(1), NOW).due)).toEqual([2, 4]);
  });

  it('new-tire requests (no unit) never wait for each other', () => {
    const failing = entry(1, NO_UNIT, { kind: 'tire-request', attempts: 2, nextAttemptAt: NOW + 9_000 });
    expect(ids(planRound([failing, entry(2, NO_UNIT, { kind: 'tire-request' })], NOW).due)).toEqual([2]);
  });

  it('an entry set aside for the tire man holds nothing', () => {
    const refused = entry(1, 10, { state: 'needs-action', error: { message: 'Unit tidak ditemukan' } });
    expect(ids(planRound([refused, entry(2, 10)], NOW).due)).toEqual([2]);
  });

  it("'Kirim sekarang' skips the backoffs, sends entries that never failed first, and tries each once", () => {
    const failing = entry(1, 10, { attempts: 5, nextAttemptAt: NOW + 120_000 });
    const items = [failing, entry(2, 11), entry(3, 12, { attempts: 1, nextAttemptAt: NOW + 2_000 })];
    expect(ids(planRound(items, NOW).due)).toEqual([2]);
    expect(ids(planRound(items, NOW, { force: true }).due)).toEqual([2, 1, 3]);
    const tried = new Set([2, 1]);
    expect(ids(planRound(items, NOW, { force: true, tried }).due)).toEqual([3]);
  });

  it('an entry left sending (the app closed mid-request) goes again', () => {
    expect(ids(planRound([entry(1, 10, { state: 'sending', firstTriedAt: NOW - 5_000 })], NOW).due)).toEqual([
      1,
    ]);
  });
});

describe('an entry written by the previous version of the app', () => {
  // what the outbox stored before per-entry backoff: no firstTriedAt, no lastError
  const old = (more: Partial<OutboxItem>) => {
    const { firstTriedAt: _f, lastError: _l, ...stored } = entry(1, 10, more);
    return stored as OutboxItem;
  };

  it('is sent as it is, never tried or waiting for its backoff', () => {
    expect(ids(planRound([old({})], NOW).due)).toEqual([1]);
    const waiting = old({ attempts: 3, nextAttemptAt: NOW + 40_000 });
    expect(planRound([waiting], NOW)).toEqual({ due: [], retryAt: NOW + 40_000 });
    expect(ids(planRound([waiting], NOW + 40_000).due)).toEqual([1]);
  });

  it('that was tried counts from when it was made for the key lifetime', () => {
    const tried = old({ attempts: 2, createdAt: NOW - 60 * DAY });
    expect(asksBeforeResend(tried, NOW)).toBe(true);
    expect(asksBeforeResend(old({ createdAt: NOW - 60 * DAY }), NOW)).toBe(false);
  });
});

describe('an entry first sent longer ago than the server keeps its key', () => {
  it('is not sent again by itself but asks the tire man, with its age', () => {
    expect(RESEND_ASK_AFTER_MS).toBe((IDEMPOTENCY_KEEP_DAYS - 1) * DAY);
    const young = entry(1, 10, { attempts: 9, firstTriedAt: NOW - RESEND_ASK_AFTER_MS + 60_000 });
    const stale = entry(2, 11, { attempts: 9, firstTriedAt: NOW - RESEND_ASK_AFTER_MS });
    expect(asksBeforeResend(young, NOW)).toBe(false);
    expect(asksBeforeResend(stale, NOW)).toBe(true);
    expect(daysSinceFirstTry(stale, NOW)).toBe(IDEMPOTENCY_KEEP_DAYS - 1);
    expect(ids(planRound([young, stale], NOW, { force: true }).due)).toEqual([1]);
  });

  it('never held back when it never left the phone, however old', () => {
    const offline = entry(1, 10, { createdAt: NOW - 90 * DAY });
    expect(asksBeforeResend(offline, NOW)).toBe(false);
    expect(ids(planRound([offline], NOW).due)).toEqual([1]);
  });
});

describe('what a failing entry shows', () => {
  it('its error from the third failed try on, with the time of the next', () => {
    const failing = (attempts: number) =>
      entry(1, 10, { attempts, nextAttemptAt: NOW + 8_000, lastError: 'Server tidak menjawab' });
    expect(failureOf(failing(2))).toBeUndefined();
    expect(failureOf(failing(3))).toEqual({ message: 'Server tidak menjawab', retryAt: NOW + 8_000 });
    // being sent, or only waiting on a request still running on the server: nothing to show
    expect(failureOf({ ...failing(3), state: 'sending' })).toBeUndefined();
    expect(failureOf({ ...failing(3), lastError: undefined })).toBeUndefined();
  });
});
