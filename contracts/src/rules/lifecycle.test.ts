import { describe, expect, it } from 'vitest';
import {
  allowedActions,
  DOCUMENT_KINDS,
  LIFECYCLE_ACTIONS,
  type LifecycleActor,
  refusal,
  STAGES,
  stageAfter,
  TRANSITIONS,
} from './lifecycle';

const SENDER = 7;
const tireman: LifecycleActor = { id: SENDER, role: 'tire-man' };
const otherTireman: LifecycleActor = { id: 8, role: 'tire-man' };
const staff: LifecycleActor = { id: 2, role: 'staff' };
const signatory: LifecycleActor = { id: 3, role: 'workshop' };
const admin: LifecycleActor = { id: 1, role: 'admin' };

describe('the lifecycle transition table', () => {
  it('walks a check and a replacement through their whole life', () => {
    for (const kind of ['tire-check', 'tire-replacement'] as const) {
      let stage = STAGES[0];
      const walk: [(typeof LIFECYCLE_ACTIONS)[number], LifecycleActor][] = [
        ['return', staff],
        ['resubmit', tireman],
        ['validate', staff],
        ['workshop-sign', signatory],
      ];
      const seen: string[] = [stage];
      for (const [action, actor] of walk) {
        expect(refusal(kind, stage, action, actor, SENDER)).toBeNull();
        stage = stageAfter(kind, stage, action) as typeof stage;
        seen.push(stage);
      }
      expect(seen).toEqual(['sent', 'returned', 'resubmitted', 'validated', 'workshop_signed']);
    }
  });

  it.each([
    // kind, stage, action, actor, code
    ['tire-check', 'validated', 'validate', staff, 'CHECK_ALREADY_VALIDATED'],
    ['tire-check', 'workshop_signed', 'return', staff, 'CHECK_ALREADY_VALIDATED'],
    ['tire-check', 'returned', 'validate', staff, 'CHECK_ALREADY_RETURNED'],
    ['tire-check', 'returned', 'return', admin, 'CHECK_ALREADY_RETURNED'],
    ['tire-check', 'sent', 'resubmit', tireman, 'CHECK_NOT_RETURNED'],
    ['tire-check', 'validated', 'resubmit', tireman, 'CHECK_NOT_RETURNED'],
    ['tire-check', 'validated', 'pic-sign', tireman, 'CHECK_ALREADY_VALIDATED'],
    ['tire-replacement', 'validated', 'edit', staff, 'REPLACEMENT_ALREADY_VALIDATED'],
    ['tire-replacement', 'resubmitted', 'resubmit', tireman, 'REPLACEMENT_NOT_RETURNED'],
    ['mismatch', 'validated', 'validate', staff, 'MISMATCH_ALREADY_VALIDATED'],
    ['mismatch', 'sent', 'reopen', staff, 'MISMATCH_NOT_VALIDATED'],
  ] as const)('%s at %s: %s is refused with %s', (kind, stage, action, actor, code) => {
    expect(refusal(kind, stage, action, actor, SENDER)).toMatchObject({ status: 409, code });
  });

  it('says who may take each step', () => {
    // the office validates and returns; a tire man never does
    expect(refusal('tire-check', 'sent', 'validate', tireman, SENDER)?.status).toBe(403);
    expect(refusal('tire-replacement', 'sent', 'return', tireman, SENDER)?.status).toBe(403);
    // only the sender (or the office) sends a returned document again
    expect(refusal('tire-check', 'returned', 'resubmit', otherTireman, SENDER)?.status).toBe(403);
    expect(refusal('tire-check', 'returned', 'resubmit', staff, SENDER)?.status).toBe(403);
    expect(refusal('tire-check', 'returned', 'resubmit', admin, SENDER)).toBeNull();
    // the PIC signs on site (the sender's phone) or at the office
    expect(refusal('tire-check', 'sent', 'pic-sign', staff, SENDER)).toBeNull();
    expect(refusal('tire-check', 'sent', 'pic-sign', otherTireman, SENDER)?.status).toBe(403);
    // a PIC who signs later: the office records it on a validated check, the tire man no longer can
    expect(refusal('tire-check', 'workshop_signed', 'pic-sign', staff, SENDER)).toBeNull();
    expect(refusal('tire-check', 'validated', 'pic-sign', tireman, SENDER)?.status).toBe(409);
    // the workshop signature is the workshop role's (the admin passes all); staff may not give it
    expect(refusal('tire-check', 'validated', 'workshop-sign', staff, SENDER)?.status).toBe(403);
    expect(refusal('tire-check', 'validated', 'workshop-sign', admin, SENDER)).toBeNull();
    expect(refusal('tire-check', 'validated', 'workshop-sign', signatory, SENDER)).toBeNull();
    // a BKB has no Return, no workshop step
    expect(refusal('mismatch', 'sent', 'return', staff, SENDER)?.status).toBe(403);
    expect(refusal('mismatch', 'validated', 'workshop-sign', signatory, SENDER)?.status).toBe(403);
  });

  it('gives every refusal a message in Indonesian and never allows a step the table lacks', () => {
    for (const kind of DOCUMENT_KINDS)
      for (const stage of STAGES)
        for (const action of LIFECYCLE_ACTIONS)
          for (const actor of [tireman, otherTireman, staff, signatory, admin]) {
            const why = refusal(kind, stage, action, actor, SENDER);
            const from = TRANSITIONS.filter((t) => t.action === action && t.kinds.includes(kind)).flatMap(
              (t) => t.from,
            );
            if (!why) expect(from).toContain(stage);
            else expect(why.message).toMatch(/[a-z]/);
          }
  });

  it('lists the buttons an office or workshop user sees', () => {
    expect(allowedActions('tire-check', 'sent', staff, SENDER)).toEqual([
      'validate',
      'return',
      'pic-sign',
      'delete',
    ]);
    // the workshop signs and does nothing else; staff does the rest, not the workshop's signature
    expect(allowedActions('tire-replacement', 'validated', signatory, SENDER)).toEqual(['workshop-sign']);
    expect(allowedActions('tire-replacement', 'validated', staff, SENDER)).toEqual(['delete']);
    expect(allowedActions('mismatch', 'validated', staff, SENDER)).toEqual(['reopen', 'delete']);
    expect(allowedActions('tire-check', 'returned', tireman, SENDER)).toEqual(['resubmit', 'pic-sign']);
  });
});
