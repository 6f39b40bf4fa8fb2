import {
  CALL_TRANSITIONS,
  type CallAction,
  type CallStatus,
  OPEN_CALL_STATUSES,
  statusAfter,
} from '@itms/contracts/rules/storing';
import type { TCallRow } from '@itms/contracts/storing';
import type { OutboxItem } from './db';

// A breakdown call on the phone: the server's copy (the snapshot) advanced by the taps still in the
// outbox, so a tap shows at once, with or without a signal. Pure: no IndexedDB, no network.

/** A tap on a call still on the phone: its step and the time of the tap. */
export interface QueuedStep {
  action: CallAction;
  at: string;
  entry: OutboxItem;
}

/** The taps of this call still to be sent, in the order they were made (refused ones left out). */
export function queuedStepsOf(callId: number, queue: readonly OutboxItem[]): QueuedStep[] {
  return queue
    .filter((q) => q.kind === 'storing-step' && q.callId === callId && q.state !== 'needs-action')
    .sort((a, b) => a.createdAt - b.createdAt || (a.id ?? 0) - (b.id ?? 0))
    .map((entry) => ({
      action: entry.body.action as CallAction,
      at: entry.body.performed_at as string,
      entry,
    }));
}

/** Where the call stands for the tire man: the server's status after his queued taps. */
export const statusOnPhone = (call: Pick<TCallRow, 'status'>, steps: readonly QueuedStep[]): CallStatus =>
  steps.reduce<CallStatus>((_, s) => statusAfter(s.action), call.status);

/** His next step from this status ('Terima' after Ditugaskan, ...); null when none is his (closed). */
export function nextStepOf(status: CallStatus): CallAction | null {
  const row = CALL_TRANSITIONS.find((t) => t.who === 'assignee' && t.from.includes(status));
  return row?.action ?? null;
}

/** Whether the call still counts as open for him (a queued 'Selesai' closes it on the phone). */
export const openOnPhone = (status: CallStatus) => OPEN_CALL_STATUSES.includes(status);

/**
 * The time a tap is sent with: the phone's clock, but never before a step the call already has (the
 * office's assignment is the server's clock; a phone a little behind would be refused with 'Waktu
 * langkah ini lebih awal dari langkah sebelumnya', and a tap that cannot be sent is a lost one).
 */
export function tapTime(call: TCallRow, steps: readonly QueuedStep[], now: number): string {
  const known = [
    call.called_at,
    call.assigned_at,
    call.accepted_at,
    call.departed_at,
    call.arrived_at,
    ...steps.map((s) => s.at),
  ]
    .filter((t): t is string => !!t)
    .map((t) => new Date(t).getTime());
  return new Date(Math.max(now, ...known)).toISOString();
}

/** When a step of the call was taken: queued on the phone (its tap) or as the server has it. */
export function stepTimeOf(call: TCallRow, steps: readonly QueuedStep[], action: CallAction): string | null {
  const queued = steps.find((s) => s.action === action);
  if (queued) return queued.at;
  const column = {
    accept: 'accepted_at',
    depart: 'departed_at',
    arrive: 'arrived_at',
    finish: 'done_at',
  } as const;
  return action in column ? call[column[action as keyof typeof column]] : null;
}

/**
 * Whether the call already has the work it produced: linked on the server, or a replacement or BKB
 * for it still on the phone. 'Selesai' then does not open the replacement form again.
 */
export function hasWorkFor(call: TCallRow, queue: readonly OutboxItem[]): boolean {
  if (call.replacement_id !== null || call.mismatch_id !== null) return true;
  return queue.some(
    (q) => (q.kind === 'tire-replacement' || q.kind === 'mismatch') && q.body.storing_call_id === call.id,
  );
}
