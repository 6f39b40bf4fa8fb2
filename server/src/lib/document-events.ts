// The one dispatcher of what a field document's steps cause (issue 36, item 3). A service emits one
// event per committed step (or arrival); the effects the transition table lists for that step
// (contracts/src/rules/lifecycle.ts EFFECTS) run here, after the commit: an effect that throws or
// rejects is logged and never fails, delays or undoes the write that caused it.
import type { TSubmissionKind } from '@itms/contracts/field';
import { EFFECTS, type Effect, type LifecycleAction } from '@itms/contracts/rules/lifecycle';

/** A committed step of a field document, or its arrival ('send'). */
export interface DocumentEvent {
  kind: TSubmissionKind;
  id: number;
  step: LifecycleAction | 'send';
  /** The tire man who sent it (who hears of the office's decisions); null for office-made ones. */
  tiremanId: number | null;
  /** A Return's reason. */
  reason?: string;
}

/** How services report a committed step; the routes pass `app.documentEvents.emit`. */
export type EmitDocumentEvent = (event: DocumentEvent) => void;

export type EffectHandlers = Record<Effect, (event: DocumentEvent) => unknown>;

export interface DocumentEvents {
  emit: EmitDocumentEvent;
}

export function createDocumentEvents(
  handlers: EffectHandlers,
  log: { error: (obj: object, msg: string) => void },
): DocumentEvents {
  const failed = (effect: Effect, event: DocumentEvent) => (err: unknown) =>
    log.error({ err, effect, kind: event.kind, id: event.id, step: event.step }, 'document effect failed');
  return {
    emit(event) {
      for (const effect of EFFECTS[event.step]) {
        try {
          const done = handlers[effect](event);
          if (done instanceof Promise) done.catch(failed(effect, event));
        } catch (err) {
          failed(effect, event)(err);
        }
      }
    },
  };
}
