import { EFFECTS, type Effect, LIFECYCLE_ACTIONS } from '@itms/contracts/rules/lifecycle';
import { describe, expect, it } from 'vitest';
import { createDocumentEvents, type DocumentEvent } from './document-events';

const EFFECT_NAMES: Effect[] = ['office', 'field', 'wear', 'push'];

function recorder() {
  const calls: { effect: Effect; event: DocumentEvent }[] = [];
  const errors: { effect: unknown; msg: string }[] = [];
  const handlers = Object.fromEntries(
    EFFECT_NAMES.map((effect) => [effect, (event: DocumentEvent) => void calls.push({ effect, event })]),
  ) as Record<Effect, (e: DocumentEvent) => void>;
  const log = {
    error: (obj: { effect?: unknown }, msg: string) => void errors.push({ effect: obj.effect, msg }),
  };
  return { calls, errors, handlers, log };
}

describe('the document effects dispatcher', () => {
  it.each([...LIFECYCLE_ACTIONS, 'send' as const])('%s runs exactly the effects the table lists', (step) => {
    const r = recorder();
    const bus = createDocumentEvents(r.handlers, r.log);
    const event: DocumentEvent = { kind: 'tire-check', id: 7, step, tiremanId: 3 };
    bus.emit(event);
    expect(r.calls.map((c) => c.effect)).toEqual([...EFFECTS[step]]);
    expect(r.calls.every((c) => c.event === event)).toBe(true);
  });

  it('the office hears of arrivals, the phone of decisions (by Web Push too), the wear lines of what moves tires', () => {
    expect(EFFECTS.send).toEqual(['office']);
    expect(EFFECTS.resubmit).toEqual(['office']);
    expect(EFFECTS.validate).toEqual(['field', 'wear', 'push']);
    expect(EFFECTS.return).toEqual(['field', 'push']);
    expect(EFFECTS.delete).toEqual(['field', 'wear', 'push']);
  });

  it('an effect that throws or rejects is logged and the others still run; emit never throws', async () => {
    const r = recorder();
    const bus = createDocumentEvents(
      {
        ...r.handlers,
        field: () => {
          throw new Error('socket down');
        },
        wear: () => Promise.reject(new Error('refresher down')),
      },
      r.log,
    );
    expect(() => bus.emit({ kind: 'tire-replacement', id: 1, step: 'validate', tiremanId: 2 })).not.toThrow();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(r.errors).toEqual([
      { effect: 'field', msg: 'document effect failed' },
      { effect: 'wear', msg: 'document effect failed' },
    ]);
    // the push effect after the two that failed still ran
    expect(r.calls.map((c) => c.effect)).toEqual(['push']);
    bus.emit({ kind: 'tire-replacement', id: 1, step: 'send', tiremanId: 2 });
    expect(r.calls.map((c) => c.effect)).toEqual(['push', 'office']);
  });
});
