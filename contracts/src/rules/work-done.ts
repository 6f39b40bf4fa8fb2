// What counts as work done (issue 36, 'Counting rules written once'): the leaderboard, productivity,
// Target Check, unit attendance, the summary and the dashboard's 'today' count a field document
// once it is sent, unless the office returned it and the tire man has not sent it again (then it
// is his work still to do, and it counts again when it comes back). A deleted document is gone
// and never counts. The read models keep the same rule in SQL (`returned_at IS NULL`, in
// server/src/db/read-models/check-rollups and check-unit-month).
import { UNSIGNED } from '../enums';

/** Whether a sent document counts as work done: not returned, or returned and sent again. */
export function countsAsWorkDone(doc: { returned_at: string | Date | null }): boolean {
  return doc.returned_at == null;
}

/** Whose signature a counted check waits for, in signing order: the summary's PIC/EDP/WS columns. */
export type AwaitedSignature = 'pic' | 'edp' | 'workshop' | null;

/**
 * Spec section 4: a check awaits the PIC while pic_sign is '-', else the EDP while edp_sign is '-',
 * else the workshop while workshop_sign is '-'; each check in one column at most (a check
 * validated before its PIC signed waits for the PIC, not also for the workshop). The read model
 * check-rollups keeps the same chain in SQL.
 */
export function signatureAwaited(c: {
  pic_sign: string;
  edp_sign: string;
  workshop_sign: string;
}): AwaitedSignature {
  if (c.pic_sign === UNSIGNED) return 'pic';
  if (c.edp_sign === UNSIGNED) return 'edp';
  if (c.workshop_sign === UNSIGNED) return 'workshop';
  return null;
}
