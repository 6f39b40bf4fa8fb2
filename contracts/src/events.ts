import type { TFieldStatusEvent, TSubmissionKind } from './field';
import type { TInboxKind } from './inbox';
import type { TAlertSummary } from './tire-intelligence';
// Socket events the spec names (section 2, Dashboard; section 7, Sockets).

import type { CallStatus } from './rules/storing';

export interface ServerToClientEvents {
  /** Work arrived from the field (a BKB has its own event). */
  'new-notification': (payload: { kind: Exclude<TSubmissionKind, 'mismatch'>; id: number }) => void;
  'new-missmatch': (payload: { id: number }) => void;
  /** Alert counts after a validation changed tires (issue 11: dashboard and /ban-kritis). */
  'tire-alerts': (payload: TAlertSummary) => void;
  /** To the tire man who sent it: the office approved, returned or deleted his submission. */
  'field-status': (payload: TFieldStatusEvent) => void;
  /** To one office user: an item arrived in his inbox (the bell's count and list refresh). */
  'inbox-item': (payload: { id: number; kind: TInboxKind }) => void;
  'session-clear': (payload: { reason: 'logout' | 'revoked' | 'expired' }) => void;
  /** A breakdown call changed (issue 38): to the office, and to the tire man it is assigned to. */
  'storing-call': (payload: { id: number; status: CallStatus }) => void;
}
// biome-ignore lint/complexity/noBannedTypes: the clients send nothing to the server
export type ClientToServerEvents = {};

/** Room that every signed-in office user (admin, staff) joins. */
export const OFFICE_ROOM = 'office';
export const userRoom = (userId: number) => `user:${userId}`;
