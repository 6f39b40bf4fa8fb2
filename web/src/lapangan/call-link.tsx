import { BREAKDOWN_CAUSE_LABELS, type TCallRow } from '@itms/contracts/storing';
import { useSearchParams } from 'react-router';
import type { StoredSnapshot } from './db';
import { callsOf } from './snapshot';

/**
 * The breakdown call a form was opened for (`?panggilan=`, from the call's card), when it is one of
 * his, of this unit. The replacement or the BKB made from it is linked to the call when sent.
 */
export function useStoringCall(snapshot: StoredSnapshot, unitId: number): TCallRow | undefined {
  const id = Number(useSearchParams()[0].get('panggilan'));
  return callsOf(snapshot).find((c) => c.id === id && c.unit_id === unitId);
}

/** Which call the form answers: `what` ('pergantian ini', 'BKB ini') is linked to it when sent. */
export function StoringNote({
  snapshot,
  callId,
  what,
}: {
  snapshot: StoredSnapshot;
  callId: number;
  what: string;
}) {
  const call = callsOf(snapshot).find((c) => c.id === callId);
  return (
    <div className="lp-success lp-page-alert" role="note">
      Untuk storing{call ? ` ${BREAKDOWN_CAUSE_LABELS[call.cause]}` : ''}
      {call?.positions.length ? ` · posisi ${call.positions.join(', ')}` : ''}: {what} ditautkan ke panggilan
      tersebut.
    </div>
  );
}
