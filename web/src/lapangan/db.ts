import type {
  TFieldBootstrap,
  TFieldHistoryRow,
  TFieldReturnedDetail,
  TFieldUnit,
  TSubmissionKind,
} from '@itms/contracts/field';
import type { TSopEntry } from '@itms/contracts/sop';
import { Dexie, type EntityTable } from 'dexie';

/** The bootstrap snapshot of the signed-in tire man, kept to work without a signal. */
export interface StoredSnapshot {
  /** Always 'me': one tire man per phone at a time. */
  key: 'me';
  userId: number;
  data: TFieldBootstrap;
  /** The phone's clock when the snapshot arrived. */
  savedAt: number;
  /** His submissions as the server last listed them (first page), for the counters and Riwayat. */
  history: TFieldHistoryRow[];
  /** The returned work of `data.returned`, whole: redone with or without a signal. */
  returnedWork?: TFieldReturnedDetail[];
  /**
   * Units outside his projects that he opened from the search over every unit, newest first: kept
   * (as they were when opened) so that their forms work with no signal.
   */
  opened?: TFieldUnit[];
  /**
   * The phone's clock when a step's answer last replaced a call (keepCall): a snapshot fetched
   * before then holds older calls, and does not overwrite them.
   */
  callsKeptAt?: number;
}

/**
 * What an entry of the phone is: a submission the server's history knows, a new-tire request (sent
 * through the same outbox, but no submission of a unit), or a tap on a breakdown call (Terima,
 * Berangkat, Tiba, Selesai: queued under the call's unit, so it keeps its order with the unit's work).
 */
export type EntryKind = TSubmissionKind | 'tire-request' | 'storing-step';

/** The unit id of an entry that belongs to no unit (a new-tire request). */
export const NO_UNIT = 0;

/** Where an entry stands on the phone (issue 21's outbox states). */
export type OutboxState = 'saved' | 'sending' | 'needs-action';

/** A photo of an entry, kept as a blob until the server has stored it and answered its path. */
export interface StoredPhoto {
  id?: number;
  blob: Blob;
  /** Idempotency-Key of its upload, made when it was saved: a retry never stores it twice. */
  key: string;
  /** The server's path once uploaded. */
  path?: string;
  /**
   * The form's name of the photo when it differs from where the body cites it (a tire's photo
   * 'tire:3' cited at records.2.serial_number_url): 'Ubah' gives it back to the form by this name.
   */
  field?: string;
}

/** One entry made on the phone, kept until the server has taken it (then it leaves the phone). */
export interface OutboxItem {
  id?: number;
  userId: number;
  kind: EntryKind;
  /** NO_UNIT for an entry of no unit. */
  unitId: number;
  /** Set when the entry redoes returned work: sent as the resubmit of that entry. */
  resubmitOf?: number;
  /** Set on a storing step: the breakdown call it steps. */
  callId?: number;
  /** What the queue names it by: the unit's plate, or the serial of a new-tire request. */
  plate: string;
  /** Idempotency-Key of the record, made when it was saved and never changed. */
  key: string;
  /** The request body; photo fields hold `photo:<id>` until their upload answers a path. */
  body: Record<string, unknown>;
  /** The form's values it was made from: 'Ubah' turns a refused entry back into its draft. */
  values?: Record<string, unknown>;
  state: OutboxState;
  createdAt: number;
  /** Failed tries in a row (each entry backs off on its own). */
  attempts: number;
  /** Not sent again before this time (backoff after a failure that may pass later). */
  nextAttemptAt: number;
  /**
   * When a request of the entry first started: from then the server may hold its key, which it
   * keeps IDEMPOTENCY_KEEP_DAYS. Absent in entries of earlier versions (see outbox-rules.ts).
   */
  firstTriedAt?: number;
  /** Why the last try failed ('Server tidak menjawab', the server's 5xx message), for the queue. */
  lastError?: string;
  /** The server's message when it refused the entry ('Perlu tindakan'), with the fields it names. */
  error?: { message: string; fields?: { field: string; message: string }[] };
}

/** A form being filled, kept on every change so that a closed app loses nothing. */
export interface Draft {
  /** `<user>:<unit>:<kind>[:redo-<id>]`: one draft per form of a unit, and per redo. */
  key: string;
  userId: number;
  unitId: number;
  values: Record<string, unknown>;
  photos: Record<string, Blob>;
  updatedAt: number;
  /**
   * An entry 'Ubah' took back from the queue before it was sent: listed with the queue (it is
   * unsent work) until it is sent again. What the list names it by, and where its form is.
   */
  takenBack?: { kind: EntryKind; plate: string; path: string };
}

/** The SOP list as the server last gave it, to read its titles with no signal. */
export interface StoredSop {
  userId: number;
  entries: TSopEntry[];
  savedAt: number;
}

/** The key of a tire man's draft of one form of one unit (or of the redo of a returned entry). */
export const draftKey = (userId: number, unitId: number, kind: OutboxItem['kind'], redoOf?: number) =>
  `${userId}:${unitId}:${kind}${redoOf ? `:redo-${redoOf}` : ''}`;

/** The field app's IndexedDB: what it needs offline. */
export const db = new Dexie('itms-lapangan') as Dexie & {
  snapshot: EntityTable<StoredSnapshot, 'key'>;
  outbox: EntityTable<OutboxItem, 'id'>;
  photos: EntityTable<StoredPhoto, 'id'>;
  drafts: EntityTable<Draft, 'key'>;
  sop: EntityTable<StoredSop, 'userId'>;
};
db.version(1).stores({
  snapshot: 'key',
  outbox: '++id, userId, state, unitId',
  photos: '++id',
  drafts: 'key, userId',
});
db.version(2).stores({ sop: 'userId' });

/** Asks the browser once to keep this data under storage pressure (the outbox must not vanish). */
export async function persistStorage(): Promise<void> {
  if (navigator.storage?.persist && !(await navigator.storage.persisted())) {
    await navigator.storage.persist();
  }
}
