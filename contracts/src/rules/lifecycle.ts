// The one sign-off lifecycle of a field document (issue 36): a check, a replacement or a BKB is sent
// by a tire man, may be returned with a reason and sent again, is validated by the office, and a
// check or replacement is then signed by the workshop. Each document keeps its stage in an explicit
// `stage` column; the transition table below is the only place that says which step may follow
// which, and who may take it. The server's kernel (server/src/lib/lifecycle.ts) refuses any step
// not in the table with the domain code named here, and sets the stage it leads to; the office's
// buttons ask the same table.
import type { Role } from '../enums';

export const DOCUMENT_KINDS = ['tire-check', 'tire-replacement', 'mismatch'] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

/** Where a document is in its life. A deleted document is gone (a tombstone keeps its history). */
export const STAGES = ['sent', 'returned', 'resubmitted', 'validated', 'workshop_signed'] as const;
export type Stage = (typeof STAGES)[number];

/** The stage as the product speaks it. */
export const STAGE_LABELS: Record<Stage, string> = {
  sent: 'Terkirim',
  returned: 'Dikembalikan',
  resubmitted: 'Dikirim ulang',
  validated: 'Divalidasi',
  workshop_signed: 'Ditandatangani Workshop',
};

/** Stages waiting for the office's validation (the validation queues). */
export const AWAITING_VALIDATION: readonly Stage[] = ['sent', 'resubmitted'];
/** Stages waiting for the workshop signature (Tanda Tangan Workshop). */
export const AWAITING_WORKSHOP: readonly Stage[] = ['validated'];
/** Stages back on the tire man's list. */
export const RETURNED: readonly Stage[] = ['returned'];
/** Stages the office has approved ('approved' in the spec's API). */
export const APPROVED_STAGES: readonly Stage[] = ['validated', 'workshop_signed'];

export const LIFECYCLE_ACTIONS = [
  'validate',
  'return',
  'resubmit',
  'pic-sign',
  'edit',
  'workshop-sign',
  'reopen',
  'delete',
] as const;
export type LifecycleAction = (typeof LIFECYCLE_ACTIONS)[number];

/**
 * Who may take a step: 'office' is an admin or staff account; 'sender' is the tire man who sent the
 * document (or an admin, who may do everything); 'sender-or-office' either; 'workshop' is an office
 * account with the 'Penanda tangan Workshop' flag.
 */
export type Taker = 'office' | 'sender' | 'sender-or-office' | 'workshop';

export interface Transition {
  action: LifecycleAction;
  kinds: readonly DocumentKind[];
  from: readonly Stage[];
  /** The stage it leads to; 'same' keeps the stage (a fact added), 'deleted' removes the document. */
  to: Stage | 'same' | 'deleted';
  who: Taker;
  /** What the step must carry; the kernel's caller checks the values, the table names them. */
  requires: readonly ('edp-signature' | 'reason' | 'pic-signature' | 'workshop-signature')[];
}

const RETURNABLE = ['tire-check', 'tire-replacement'] as const;
const ALL = DOCUMENT_KINDS;

// one row per step; read as: `action` on `kinds`, from `from`, leads `to`, taken by `who`
// biome-ignore format: the table reads best one row per line
export const TRANSITIONS: readonly Transition[] = [
  { action: 'validate', kinds: ALL, from: AWAITING_VALIDATION, to: 'validated', who: 'office', requires: ['edp-signature'] },
  { action: 'return', kinds: RETURNABLE, from: AWAITING_VALIDATION, to: 'returned', who: 'office', requires: ['reason'] },
  { action: 'resubmit', kinds: RETURNABLE, from: ['returned'], to: 'resubmitted', who: 'sender', requires: [] },
  // the PIC signs on site (the sender's phone) or later at the office
  { action: 'pic-sign', kinds: ['tire-check'], from: ['sent', 'returned', 'resubmitted'], to: 'same', who: 'sender-or-office', requires: ['pic-signature'] },
  // a PIC who was not on site signs later: the office records it on a validated check too (audited)
  { action: 'pic-sign', kinds: ['tire-check'], from: APPROVED_STAGES, to: 'same', who: 'office', requires: ['pic-signature'] },
  // Form Rekam Pergantian: the office corrects a record's tire before validating
  { action: 'edit', kinds: ['tire-replacement'], from: ['sent', 'returned', 'resubmitted'], to: 'same', who: 'office', requires: [] },
  { action: 'workshop-sign', kinds: RETURNABLE, from: ['validated'], to: 'workshop_signed', who: 'workshop', requires: ['workshop-signature'] },
  // a BKB validated by mistake goes back to the validation list (the seed's 'Kembalikan')
  { action: 'reopen', kinds: ['mismatch'], from: ['validated'], to: 'sent', who: 'office', requires: [] },
  { action: 'delete', kinds: ALL, from: STAGES, to: 'deleted', who: 'office', requires: [] },
];

/**
 * What a committed step causes, each run after the commit by the server's one dispatcher
 * (server/src/lib/document-events.ts), never failing the write: 'office' tells the open office
 * screens that work arrived (the socket's new-notification, new-missmatch for a BKB); 'field' tells
 * the sending tire man's phone (field-status: approved, returned with the reason, deleted); 'wear'
 * refits the wear lines of the tires the step touched, then the office's alert count; 'push' sends
 * the tire man a Web Push notification (issue 39) of what he must act on or waits for (a return, a
 * tire request decided), which reaches his phone with the app closed. 'send' is a
 * document's arrival from the field. A tire request's approval and deletion go through the same
 * dispatcher as 'validate' and 'delete'.
 */
export type Effect = 'office' | 'field' | 'wear' | 'push';
export const EFFECTS: Record<LifecycleAction | 'send', readonly Effect[]> = {
  send: ['office'],
  resubmit: ['office'],
  validate: ['field', 'wear', 'push'],
  return: ['field', 'push'],
  delete: ['field', 'wear', 'push'],
  'pic-sign': [],
  edit: [],
  'workshop-sign': [],
  reopen: [],
};

/** The table's rows for an action on a kind (none when the kind has no such step). */
export function transitionsOf(kind: DocumentKind, action: LifecycleAction): Transition[] {
  return TRANSITIONS.filter((t) => t.action === action && t.kinds.includes(kind));
}

/** The row of a step from a stage, if the table has one. */
function rowFrom(kind: DocumentKind, stage: Stage, action: LifecycleAction): Transition | undefined {
  return transitionsOf(kind, action).find((t) => t.from.includes(stage));
}

/** The signed-in user, as far as the lifecycle cares. */
export interface LifecycleActor {
  id: number;
  role: Role;
}

/** Whether the actor may take a step of this kind on a document sent by `senderId`. */
export function mayTake(who: Taker, actor: LifecycleActor, senderId: number): boolean {
  const office = actor.role === 'admin' || actor.role === 'staff';
  if (who === 'office') return office;
  // the workshop signature is the workshop role's (issue 40: it replaced the signatory flag)
  if (who === 'workshop') return actor.role === 'admin' || actor.role === 'workshop';
  const sender = actor.role === 'admin' || (actor.role === 'tire-man' && actor.id === senderId);
  return who === 'sender' ? sender : sender || office;
}

export const LIFECYCLE_CODES = {
  'tire-check': {
    validated: 'CHECK_ALREADY_VALIDATED',
    returned: 'CHECK_ALREADY_RETURNED',
    notReturned: 'CHECK_NOT_RETURNED',
  },
  'tire-replacement': {
    validated: 'REPLACEMENT_ALREADY_VALIDATED',
    returned: 'REPLACEMENT_ALREADY_RETURNED',
    notReturned: 'REPLACEMENT_NOT_RETURNED',
  },
  mismatch: { validated: 'MISMATCH_ALREADY_VALIDATED', notValidated: 'MISMATCH_NOT_VALIDATED' },
} as const;

/** How a refusal names the document (the words the API has always answered with). */
const NOUNS: Record<DocumentKind, { done: string; notReturned: string }> = {
  'tire-check': { done: 'Pengecekan', notReturned: 'Pengecekan ini' },
  'tire-replacement': { done: 'Pergantian ini', notReturned: 'Pergantian ini' },
  mismatch: { done: 'BKB ini', notReturned: 'BKB ini' },
};

/** What an office user reads when a step comes too late: someone else took it first. */
const VALIDATED_AGAIN: Partial<Record<DocumentKind, string>> = {
  'tire-check': 'Pengecekan sudah divalidasi oleh pengguna lain',
};

export interface Refusal {
  status: 403 | 409;
  code: string;
  message: string;
}

/**
 * Why a step is refused, or null when the table allows it. A step the kind does not have, or one
 * the actor may not take, is 403; a step that does not follow the document's stage is 409 with the
 * kind's domain code (already validated, already returned, not returned, not validated).
 */
export function refusal(
  kind: DocumentKind,
  stage: Stage,
  action: LifecycleAction,
  actor: LifecycleActor,
  senderId: number,
): Refusal | null {
  const forbidden = {
    status: 403,
    code: 'FORBIDDEN',
    message: 'Anda tidak memiliki akses ke fitur ini',
  } as const;
  const row = rowFrom(kind, stage, action);
  if (row && mayTake(row.who, actor, senderId)) return null;
  // a step the user may take from no stage is not his; one he may take from another is out of order
  if (!transitionsOf(kind, action).some((t) => mayTake(t.who, actor, senderId))) return forbidden;
  const noun = NOUNS[kind].done;
  const codes: Partial<Record<'validated' | 'returned' | 'notReturned' | 'notValidated', string>> =
    LIFECYCLE_CODES[kind];
  if (APPROVED_STAGES.includes(stage) && codes.validated) {
    const message =
      action === 'validate' && VALIDATED_AGAIN[kind]
        ? VALIDATED_AGAIN[kind]
        : action === 'return'
          ? `${noun} sudah divalidasi, tidak dapat dikembalikan`
          : action === 'edit'
            ? `${noun} sudah divalidasi, rekam tidak dapat diubah`
            : `${noun} sudah divalidasi`;
    // the workshop step on a signed document, or a resubmit of a validated one, reads the same way
    if (action !== 'resubmit' && action !== 'workshop-sign')
      return { status: 409, code: codes.validated, message };
  }
  if (action === 'resubmit' && codes.notReturned)
    return {
      status: 409,
      code: codes.notReturned,
      message: `${NOUNS[kind].notReturned} tidak sedang dikembalikan`,
    };
  if (action === 'reopen' && codes.notValidated)
    return { status: 409, code: codes.notValidated, message: `${noun} belum divalidasi` };
  if (stage === 'returned' && codes.returned)
    return { status: 409, code: codes.returned, message: `${noun} sudah dikembalikan ke tire man` };
  return { status: 409, code: 'CONFLICT', message: `${noun} berstatus ${STAGE_LABELS[stage]}` };
}

/** The steps a user can take on a document now (the office's buttons). */
export function allowedActions(
  kind: DocumentKind,
  stage: Stage,
  actor: LifecycleActor,
  senderId: number,
): LifecycleAction[] {
  return LIFECYCLE_ACTIONS.filter((a) => refusal(kind, stage, a, actor, senderId) === null);
}

/** The stage a step leads to from `stage` (the step must be allowed). */
export function stageAfter(kind: DocumentKind, stage: Stage, action: LifecycleAction): Stage | 'deleted' {
  const t = rowFrom(kind, stage, action);
  if (!t) throw new Error(`${kind} has no step ${action} from ${stage}`);
  return t.to === 'same' ? stage : t.to;
}
