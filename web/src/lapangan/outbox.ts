import { mismatchesEndpoints } from '@itms/contracts/api/mismatches';
import { qcEndpoints } from '@itms/contracts/api/qc';
import { storingEndpoints } from '@itms/contracts/api/storing';
import { tireChecksEndpoints } from '@itms/contracts/api/tire-checks';
import { tireReplacementsEndpoints } from '@itms/contracts/api/tire-replacements';
import { tireRequestsEndpoints } from '@itms/contracts/api/tire-requests';
import { uploadEndpoints } from '@itms/contracts/api/upload';
import { IDEMPOTENCY_MESSAGES, type TSubmissionKind } from '@itms/contracts/field';
import type { TCallReply } from '@itms/contracts/storing';
import { ApiError, call, isApiError } from '../lib/api-client';
import { db, draftKey, type EntryKind, type OutboxItem, persistStorage } from './db';
import {
  firstTriedOf,
  isPending,
  mayReopen,
  planRound,
  RECORD_TIMEOUT_MS,
  requestTimeoutMs,
  retryDelay,
} from './outbox-rules';
import { keepCall } from './snapshot';

/** A photo field of a body waiting for its upload: `photo:<id of the stored blob>`. */
const PHOTO_REF = /^photo:(\d+)$/;
export const photoRef = (id: number) => `photo:${id}`;

/**
 * Where a body cites a stored photo: a field ('odometer_url') or a dotted path into its lists
 * ('records.2.serial_number_url'); entries saved before tires had photos cite top-level fields only.
 */
function photoRefsOf(body: unknown, at: string[] = []): { path: string[]; id: number }[] {
  if (typeof body === 'string') {
    const m = PHOTO_REF.exec(body);
    return m ? [{ path: at, id: Number(m[1]) }] : [];
  }
  if (body === null || typeof body !== 'object') return [];
  return Object.entries(body).flatMap(([k, v]) => photoRefsOf(v, [...at, k]));
}

/** Sets a value at a dotted path of a (copied) body, making the objects on the way. */
function setAt(body: Record<string, unknown>, path: readonly string[], value: unknown) {
  let node = body as Record<string, unknown>;
  for (const k of path.slice(0, -1)) {
    if (node[k] === null || typeof node[k] !== 'object') node[k] = {};
    node = node[k] as Record<string, unknown>;
  }
  node[path[path.length - 1]!] = value;
}

/** The stored photos an entry's body points at. */
const photoIdsOf = (item: OutboxItem): number[] => photoRefsOf(item.body).map((r) => r.id);

/**
 * Saves a finished entry on the phone with its photos, in one IndexedDB transaction: from here it
 * is 'Tersimpan di HP' and survives a closed app or a restarted phone. Every photo and the entry
 * get their Idempotency-Key now, never a new one on retry.
 */
export async function saveToOutbox(
  item: Pick<
    OutboxItem,
    'userId' | 'kind' | 'unitId' | 'plate' | 'body' | 'resubmitOf' | 'values' | 'callId'
  >,
  photos: Record<string, Blob>,
  /** Where the body cites the photo of this name (default: the field of that name); null: left out. */
  citedAt: (name: string) => string | null = (name) => name,
): Promise<number> {
  const id = await db.transaction('rw', db.outbox, db.photos, db.drafts, async () => {
    // the draft it was filled from goes in the same transaction: never both, never neither
    await db.drafts.delete(draftKey(item.userId, item.unitId, item.kind, item.resubmitOf));
    const body = structuredClone(item.body);
    for (const [name, blob] of Object.entries(photos)) {
      const at = citedAt(name);
      if (at === null) continue;
      const photoId = (await db.photos.add({
        blob,
        key: crypto.randomUUID(),
        ...(at === name ? {} : { field: name }),
      })) as number;
      setAt(body, at.split('.'), photoRef(photoId));
    }
    return (await db.outbox.add({
      ...item,
      body,
      key: crypto.randomUUID(),
      state: 'saved',
      createdAt: Date.now(),
      attempts: 0,
      nextAttemptAt: 0,
    })) as number;
  });
  void persistStorage().catch(() => undefined);
  return id;
}

/** What one round of sending ended with; `retryAt` when an entry waits for its backoff. */
export type SendOutcome = { state: 'idle' | 'paused' } | { state: 'waiting'; retryAt: number };

/** What a request that never answered says (its timeout, or 'Kirim sekarang' cut it off). */
export const NO_ANSWER = 'Server tidak menjawab';

/** Whether a failure may pass on a later try: no signal, timeout, rate limit, server error, in flight. */
function retryable(err: unknown): boolean {
  if (!isApiError(err)) return true;
  return err.status === 0 || err.status === 408 || err.status === 429 || err.status >= 500 || inFlight(err);
}

/** The first request with this key still runs on the server: try later, nothing for the tire man. */
const inFlight = (err: unknown) =>
  isApiError(err) && err.status === 409 && err.code === 'IDEMPOTENCY_IN_FLIGHT';

/**
 * Runs one request with its own time limit, also cut off when the round is (by 'Kirim sekarang'):
 * a stalled request frees the queue. What was cut off fails as 'Server tidak menjawab' and is
 * retried under the same Idempotency-Key (the server replays it if it did arrive).
 */
async function within<T>(
  ms: number,
  round: AbortSignal | undefined,
  run: (signal: AbortSignal) => Promise<T>,
) {
  const controller = new AbortController();
  const stop = () => controller.abort();
  const timer = setTimeout(stop, ms);
  if (round?.aborted) stop();
  round?.addEventListener('abort', stop);
  try {
    return await run(controller.signal);
  } catch (err) {
    if (controller.signal.aborted) throw new ApiError({ statusCode: 0, code: 'NETWORK', message: NO_ANSWER });
    throw err;
  } finally {
    clearTimeout(timer);
    round?.removeEventListener('abort', stop);
  }
}

/** Uploads the entry's photos that have no server path yet; returns the body with every path. */
async function withUploadedPhotos(item: OutboxItem, round?: AbortSignal): Promise<Record<string, unknown>> {
  const body = structuredClone(item.body);
  for (const { path, id } of photoRefsOf(body)) {
    const photo = await db.photos.get(id);
    if (!photo) throw new Error(`photo ${id} of entry ${item.id} is missing`);
    if (!photo.path) {
      const form = new FormData();
      form.append('image', photo.blob, 'foto.jpg');
      const { awsImage } = await within(requestTimeoutMs(photo.blob.size), round, (signal) =>
        call(uploadEndpoints.uploadImage, { body: form }, { idempotencyKey: photo.key, signal }),
      );
      photo.path = awsImage;
      await db.photos.update(photo.id!, { path: awsImage });
    }
    setAt(body, path, photo.path);
  }
  return body;
}

/** Where each kind of entry is sent. */
const ENDPOINTS = {
  'tire-check': tireChecksEndpoints.createTireCheck,
  'tire-replacement': tireReplacementsEndpoints.submitReplacement,
  mismatch: mismatchesEndpoints.createMismatch,
  'qc-check': qcEndpoints.createQcCheck,
  'tire-request': tireRequestsEndpoints.createTireRequest,
  'storing-step': storingEndpoints.stepCall,
} satisfies Record<EntryKind, unknown>;

/** Where the redo of returned work is sent (only checks and replacements are returned). */
const RESUBMIT_ENDPOINTS = {
  'tire-check': tireChecksEndpoints.resubmitTireCheck,
  'tire-replacement': tireReplacementsEndpoints.resubmitReplacement,
} satisfies Partial<Record<TSubmissionKind, unknown>>;

/** Sends one entry: its photos first (the record cites their paths), then the record. Returns the reply. */
async function sendOne(item: OutboxItem, round?: AbortSignal): Promise<unknown> {
  const body = await withUploadedPhotos(item, round);
  return within(RECORD_TIMEOUT_MS, round, (signal): Promise<unknown> => {
    const options = { idempotencyKey: item.key, signal };
    if (item.kind === 'storing-step') {
      return call(storingEndpoints.stepCall, { params: { id: item.callId! }, body: body as never }, options);
    }
    if (item.resubmitOf === undefined) return call(ENDPOINTS[item.kind], { body: body as never }, options);
    const endpoint = RESUBMIT_ENDPOINTS[item.kind as keyof typeof RESUBMIT_ENDPOINTS];
    return call(endpoint, { params: { id: item.resubmitOf }, body: body as never }, options);
  });
}

/**
 * Tries one entry once. Sent: it leaves the phone. 401: 'paused' (the session ended: only the
 * same tire man's next login resumes). A failure that may pass: this entry alone backs off
 * (jittered, stored with it, so a restart keeps it). Any other refusal: 'Perlu tindakan', never
 * retried by itself.
 */
async function attempt(item: OutboxItem, round?: AbortSignal): Promise<'paused' | undefined> {
  // stored before the request leaves: from here the server may hold the key (outbox-rules.ts).
  // Claimed in one transaction with a look at the stored entry: 'Ubah' may have taken it back
  // to its form since the queue was read, and then it is not sent.
  const claimed = await db.transaction('rw', db.outbox, async () => {
    const stored = await db.outbox.get(item.id!);
    if (!stored || !isPending(stored)) return false;
    await db.outbox.update(item.id!, { state: 'sending', firstTriedAt: firstTriedOf(stored) ?? Date.now() });
    return true;
  });
  if (!claimed) return undefined;
  try {
    const reply = await sendOne(item, round);
    // the server has it: the entry and its photos leave the phone (Riwayat reads the server); a
    // step's call takes the server's word in the snapshot at once, so its card never goes back a step
    await db.transaction('rw', db.outbox, db.photos, db.snapshot, async () => {
      await db.outbox.delete(item.id!);
      await db.photos.bulkDelete(photoIdsOf(item));
      if (item.kind === 'storing-step') await keepCall(item.userId, (reply as TCallReply).data);
    });
  } catch (err) {
    if (isApiError(err) && err.status === 401) {
      await db.outbox.update(item.id!, { state: 'saved' });
      return 'paused';
    }
    if (retryable(err)) {
      const attempts = item.attempts + 1;
      await db.outbox.update(item.id!, {
        state: 'saved',
        attempts,
        nextAttemptAt: Date.now() + retryDelay(attempts),
        // still running on the server is no failure to show
        lastError: inFlight(err) ? undefined : isApiError(err) ? err.message : NO_ANSWER,
      });
      return undefined;
    }
    const refused = err as ApiError;
    await db.outbox.update(item.id!, {
      state: 'needs-action',
      error: { message: refusalText(refused), fields: refused.fields },
    });
  }
  return undefined;
}

/**
 * One round of sending this tire man's entries, one request at a time (outbox-rules.ts decides
 * which may go: each entry backs off on its own, a unit's entries keep their order, nothing else
 * waits for a failing entry). The queue is read again after every entry, so one saved meanwhile
 * goes in the same round. `force` ('Kirim sekarang') skips the backoffs; `signal` ends the round,
 * cutting off the request under way.
 */
export async function sendQueue(
  userId: number,
  { force = false, signal }: { force?: boolean; signal?: AbortSignal } = {},
): Promise<SendOutcome> {
  const tried = new Set<number>();
  while (!signal?.aborted) {
    const items = await db.outbox.where('userId').equals(userId).toArray();
    const { due, retryAt } = planRound(items, Date.now(), { force, tried });
    const next = due[0];
    if (!next) return retryAt === undefined ? { state: 'idle' } : { state: 'waiting', retryAt };
    tried.add(next.id!);
    if ((await attempt(next, signal)) === 'paused') return { state: 'paused' };
  }
  return { state: 'idle' };
}

/**
 * 'Kirim ulang' on an entry first sent longer ago than the server keeps keys: the tire man checked
 * that the office does not have it; it goes out again as if never tried (same key: if the server
 * still has it, it replays).
 */
export async function confirmResend(id: number): Promise<void> {
  await db.outbox.update(id, {
    state: 'saved',
    attempts: 0,
    nextAttemptAt: 0,
    firstTriedAt: undefined,
    lastError: undefined,
  });
}

/**
 * 'Ubah' on an entry the server refused or one queued and never sent (`mayReopen`): it becomes its
 * form's draft again (values and photos), in one transaction; sent again from the form, it is a new
 * entry with a new Idempotency-Key. Undefined when it may no longer be taken back (being sent).
 */
export async function reopenEntry(id: number, path: string): Promise<OutboxItem | undefined> {
  return db.transaction('rw', db.outbox, db.photos, db.drafts, async () => {
    const item = await db.outbox.get(id);
    // read again inside the transaction: the sender may have claimed it since the tap
    if (!item?.values || !mayReopen(item)) return undefined;
    const photos: Record<string, Blob> = {};
    for (const { path, id } of photoRefsOf(item.body)) {
      const photo = await db.photos.get(id);
      if (photo) photos[photo.field ?? path.join('.')] = photo.blob;
    }
    await db.drafts.put({
      key: draftKey(item.userId, item.unitId, item.kind, item.resubmitOf),
      userId: item.userId,
      unitId: item.unitId,
      values: item.values,
      photos,
      updatedAt: Date.now(),
      // a refused entry is the tire man's to fix; one taken back unsent stays listed as unsent
      ...(item.state === 'saved' ? { takenBack: { kind: item.kind, plate: item.plate, path } } : {}),
    });
    await db.photos.bulkDelete(photoIdsOf(item));
    await db.outbox.delete(id);
    return item;
  });
}

/** Drops an entry the server refused, with its photos: only after the tire man confirmed it. */
export async function discardEntry(id: number): Promise<void> {
  await db.transaction('rw', db.outbox, db.photos, async () => {
    const item = await db.outbox.get(id);
    if (!item) return;
    await db.photos.bulkDelete(photoIdsOf(item));
    await db.outbox.delete(id);
  });
}

/** What the tire man reads of a refusal: the fields' own messages, not 'Data tidak valid: unit_id (...)'. */
function refusalText(refused: ApiError): string {
  if (refused.code === 'IDEMPOTENCY_KEY_REUSED') return IDEMPOTENCY_MESSAGES.reused;
  if (refused.fields?.length) return [...new Set(refused.fields.map((f) => f.message))].join('; ');
  return refused.message;
}
