// The lifecycle kernel: every step of a field document (check, replacement, BKB) passes here, so the
// transition table in contracts/src/rules/lifecycle.ts is the one rule of which step may follow
// which and who may take it. The services keep what differs between the kinds (positions, tires,
// PDFs) and write the stage this returns in the same UPDATE as the step's facts.
import type { ErrorCode } from '@itms/contracts/errors';
import {
  type DocumentKind,
  type LifecycleAction,
  type LifecycleActor,
  refusal,
  type Stage,
  stageAfter,
} from '@itms/contracts/rules/lifecycle';
import { AppError } from './errors';

/** A locked document row, as far as the lifecycle reads it. */
export interface LifecycleDoc {
  stage: Stage;
  /** The tire man who sent it (null once his account is gone). */
  tireman_id: number | null;
}

/** Why the table refuses the step, as the client's error; null when it is allowed. */
export function stepRefusal(
  kind: DocumentKind,
  doc: LifecycleDoc,
  action: LifecycleAction,
  actor: LifecycleActor,
): AppError | null {
  const why = refusal(kind, doc.stage, action, actor, doc.tireman_id ?? -1);
  return why ? new AppError(why.status, why.code as ErrorCode, why.message) : null;
}

/** Refuses, with the table's domain error, a step that does not follow the document's stage or that
 * the actor may not take. */
export function assertStep(
  kind: DocumentKind,
  doc: LifecycleDoc,
  action: LifecycleAction,
  actor: LifecycleActor,
): void {
  const refused = stepRefusal(kind, doc, action, actor);
  if (refused) throw refused;
}

/** Takes a step that keeps the document (all but delete) on a locked row: the stage it leads to. */
export function nextStage(
  kind: DocumentKind,
  doc: LifecycleDoc,
  action: Exclude<LifecycleAction, 'delete'>,
  actor: LifecycleActor,
): Stage {
  assertStep(kind, doc, action, actor);
  return stageAfter(kind, doc.stage, action) as Stage;
}
