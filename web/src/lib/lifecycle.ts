import {
  allowedActions,
  type DocumentKind,
  type LifecycleAction,
  type Stage,
} from '@itms/contracts/rules/lifecycle';
import { getStoredUser } from './storage';

/**
 * The steps the signed-in user may take on a document now, from the transition table the server
 * enforces (contracts/src/rules/lifecycle.ts): the screens show a step's button only when it is here.
 */
export function stepsFor(kind: DocumentKind, stage: Stage, senderId: number | null): Set<LifecycleAction> {
  const user = getStoredUser();
  if (!user) return new Set();
  return new Set(allowedActions(kind, stage, { id: user.id, role: user.role }, senderId ?? -1));
}
