// Storing (issue 38): a breakdown call's life. Like the sign-off lifecycle of field documents
// (rules/lifecycle.ts) it keeps an explicit status and one transition table that says which step may
// follow which and who may take it; the server refuses any other step with the code named here.
import type { Role } from '../enums';

export const CALL_STATUSES = [
  'new',
  'assigned',
  'accepted',
  'en_route',
  'arrived',
  'done',
  'cancelled',
] as const;
export type CallStatus = (typeof CALL_STATUSES)[number];

export const CALL_STATUS_LABELS: Record<CallStatus, string> = {
  new: 'Baru',
  assigned: 'Ditugaskan',
  accepted: 'Diterima',
  en_route: 'Menuju lokasi',
  arrived: 'Tiba',
  done: 'Selesai',
  cancelled: 'Dibatalkan',
};

/** A call still to be closed: it counts on the dashboard's Storing card. */
export const OPEN_CALL_STATUSES: readonly CallStatus[] = [
  'new',
  'assigned',
  'accepted',
  'en_route',
  'arrived',
];

export const CALL_ACTIONS = ['assign', 'accept', 'depart', 'arrive', 'finish', 'cancel'] as const;
export type CallAction = (typeof CALL_ACTIONS)[number];

/** The button of each step, as the phone and the office show it. */
export const CALL_ACTION_LABELS: Record<CallAction, string> = {
  assign: 'Tugaskan',
  accept: 'Terima',
  depart: 'Berangkat',
  arrive: 'Tiba',
  finish: 'Selesai',
  cancel: 'Batalkan',
};

/** 'office': an admin or staff account; 'assignee': the tire man the call is assigned to, or the office on his behalf. */
export type CallTaker = 'office' | 'assignee';

export interface CallTransition {
  action: CallAction;
  from: readonly CallStatus[];
  to: CallStatus;
  who: CallTaker;
}

// biome-ignore format: the table reads best one row per line
export const CALL_TRANSITIONS: readonly CallTransition[] = [
  // assigned again before he is on his way: the history keeps who had it
  { action: 'assign', from: ['new', 'assigned', 'accepted'], to: 'assigned', who: 'office' },
  { action: 'accept', from: ['assigned'], to: 'accepted', who: 'assignee' },
  { action: 'depart', from: ['accepted'], to: 'en_route', who: 'assignee' },
  { action: 'arrive', from: ['en_route'], to: 'arrived', who: 'assignee' },
  { action: 'finish', from: ['arrived'], to: 'done', who: 'assignee' },
  { action: 'cancel', from: OPEN_CALL_STATUSES, to: 'cancelled', who: 'office' },
];

/** Which column of the call keeps the time of the step that leads to each status. */
export const STATUS_TIME_COLUMN = {
  assigned: 'assigned_at',
  accepted: 'accepted_at',
  en_route: 'departed_at',
  arrived: 'arrived_at',
  done: 'done_at',
  cancelled: 'cancelled_at',
} as const satisfies Partial<Record<CallStatus, string>>;

export interface CallRefusal {
  status: 403 | 409;
  code: 'STORING_NOT_YOURS' | 'STORING_STEP_OUT_OF_ORDER';
  message: string;
}

/** Why a step is refused on a call (null: allowed), for `actor` on a call assigned to `assigneeId`. */
export function callRefusal(
  status: CallStatus,
  action: CallAction,
  actor: { id: number; role: Role },
  assigneeId: number | null,
): CallRefusal | null {
  const row = CALL_TRANSITIONS.find((t) => t.action === action)!;
  const office = actor.role === 'admin' || actor.role === 'staff';
  if (row.who === 'office' ? !office : !office && actor.id !== assigneeId) {
    return {
      status: 403,
      code: 'STORING_NOT_YOURS',
      message:
        row.who === 'office'
          ? 'Hanya kantor yang dapat melakukan ini'
          : 'Panggilan storing ini bukan tugas Anda',
    };
  }
  if (!row.from.includes(status)) {
    return {
      status: 409,
      code: 'STORING_STEP_OUT_OF_ORDER',
      message: `Tidak bisa ${CALL_ACTION_LABELS[action].toLowerCase()}: panggilan ini ${CALL_STATUS_LABELS[status].toLowerCase()}`,
    };
  }
  return null;
}

/** The status a step leads to. */
export const statusAfter = (action: CallAction): CallStatus =>
  CALL_TRANSITIONS.find((t) => t.action === action)!.to;

/** Minutes between two instants (null when either is missing). */
export function minutesBetween(from: string | Date | null, to: string | Date | null): number | null {
  if (!from || !to) return null;
  return Math.round((new Date(to).getTime() - new Date(from).getTime()) / 60_000);
}

/** How fast a call should be served: arrival (response) and the truck rolling again (roll time). */
export interface CallTarget {
  response_minutes: number;
  roll_minutes: number;
}

/**
 * Which targets a call has missed at `now`: response when the tire man arrived later than the
 * target (or has not arrived, open, past it); roll likewise with 'Selesai'. A cancelled call misses
 * nothing after it was cancelled. The server's count of open calls past a target (storing.service)
 * reads the same rule in SQL.
 */
export function callBreaches(
  call: {
    status: CallStatus;
    called_at: string | Date;
    arrived_at: string | Date | null;
    done_at: string | Date | null;
    cancelled_at: string | Date | null;
  },
  target: CallTarget | null,
  now: Date,
): { response: boolean; roll: boolean } {
  if (!target) return { response: false, roll: false };
  const open = OPEN_CALL_STATUSES.includes(call.status);
  const end = call.cancelled_at ?? (open ? now : null);
  const past = (at: string | Date | null, minutes: number) => {
    const until = at ?? end;
    return until != null && (minutesBetweenExact(call.called_at, until) ?? 0) > minutes;
  };
  return {
    response: past(call.arrived_at, target.response_minutes),
    roll: past(call.done_at, target.roll_minutes),
  };
}

const minutesBetweenExact = (from: string | Date, to: string | Date) =>
  (new Date(to).getTime() - new Date(from).getTime()) / 60_000;
