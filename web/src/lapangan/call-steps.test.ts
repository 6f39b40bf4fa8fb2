import type { TCallRow } from '@itms/contracts/storing';
import { describe, expect, it } from 'vitest';
import { breakdownCall } from '../test/breakdown-call';
import { hasWorkFor, nextStepOf, queuedStepsOf, statusOnPhone, tapTime } from './call-steps';
import type { OutboxItem } from './db';

// A breakdown call on the phone: the server's copy advanced by his taps still in the outbox.

const CALLED = '2026-12-06T01:00:00.000Z';
const minute = (m: number) => new Date(Date.parse(CALLED) + m * 60_000).toISOString();

const call = (more: Partial<TCallRow> = {}): TCallRow =>
  breakdownCall({ id: 5, unit_id: 9, positions: ['3'], called_at: CALLED, assigned_at: minute(2), ...more });

let nextId = 1;
const entry = (more: Partial<OutboxItem>): OutboxItem => ({
  id: nextId,
  userId: 7,
  kind: 'storing-step',
  unitId: 9,
  plate: 'B 9001 XY',
  key: `k-${nextId}`,
  body: {},
  state: 'saved',
  createdAt: 1_000 + nextId++,
  attempts: 0,
  nextAttemptAt: 0,
  ...more,
});
const tap = (action: string, at: string, more: Partial<OutboxItem> = {}) =>
  entry({ callId: 5, body: { action, performed_at: at }, ...more });

describe('a call on the phone', () => {
  it('stands where his queued taps took it, in the order he tapped; a refused tap, another call or a check do not count', () => {
    const queue = [
      tap('accept', minute(3)),
      tap('depart', minute(4)),
      tap('arrive', minute(9), { state: 'needs-action' }),
      tap('arrive', minute(9), { callId: 6 }),
      entry({ kind: 'tire-check', body: { action: 'finish' } }),
    ];
    const steps = queuedStepsOf(5, queue);
    expect(steps.map((s) => s.action)).toEqual(['accept', 'depart']);
    expect(statusOnPhone(call(), steps)).toBe('en_route');
    expect(statusOnPhone(call({ status: 'arrived' }), [])).toBe('arrived');
  });

  it('offers his next step, one at a time, and none once it is closed or before it is his', () => {
    expect(nextStepOf('assigned')).toBe('accept');
    expect(nextStepOf('accepted')).toBe('depart');
    expect(nextStepOf('en_route')).toBe('arrive');
    expect(nextStepOf('arrived')).toBe('finish');
    for (const closed of ['new', 'done', 'cancelled'] as const) expect(nextStepOf(closed)).toBeNull();
  });

  it("sends the tap's time, never before a step the call already has (a phone clock a little behind)", () => {
    const now = Date.parse(minute(10));
    expect(tapTime(call(), [], now)).toBe(minute(10));
    // the phone is 5 minutes behind the server that timed the assignment
    expect(tapTime(call({ assigned_at: minute(15) }), [], now)).toBe(minute(15));
    // nor before his own tap still queued
    expect(tapTime(call(), queuedStepsOf(5, [tap('accept', minute(12))]), now)).toBe(minute(12));
  });

  it("has its work once a replacement or BKB names it (on the phone or linked on the server): 'Selesai' opens no form then", () => {
    expect(hasWorkFor(call(), [])).toBe(false);
    expect(hasWorkFor(call(), [entry({ kind: 'tire-replacement', body: { storing_call_id: 6 } })])).toBe(
      false,
    );
    expect(hasWorkFor(call(), [entry({ kind: 'tire-replacement', body: { storing_call_id: 5 } })])).toBe(
      true,
    );
    expect(hasWorkFor(call(), [entry({ kind: 'mismatch', body: { storing_call_id: 5 } })])).toBe(true);
    expect(hasWorkFor(call({ replacement_id: 40 }), [])).toBe(true);
  });
});
