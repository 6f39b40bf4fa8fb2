import { mismatchesEndpoints } from '@itms/contracts/api/mismatches';
import { qcEndpoints } from '@itms/contracts/api/qc';
import { tireChecksEndpoints } from '@itms/contracts/api/tire-checks';
import { tireReplacementsEndpoints } from '@itms/contracts/api/tire-replacements';
import { tireRequestsEndpoints } from '@itms/contracts/api/tire-requests';
import { uploadEndpoints } from '@itms/contracts/api/upload';
import { IDEMPOTENCY_MESSAGES, type TSubmissionKind } from '@itms/contracts/field';
import { type ApiError, call, isApiError } from '../lib/api-client';
import { db, draftKey, type EntryKind, type OutboxItem, persistStorage } from './db';

/** A photo field of a body waiting for its upload: `photo:<id of the stored blob>`. */
const PHOTO_REF = /^photo:(\d+)$/;
export const photoRef = (id: number) => `photo:${id}`;

/** The stored photos an entry's body points at. */
function photoIdsOf(item: OutboxItem): number[] {
  return Object.values(item.body).flatMap((v) => {
    const m = typeof v === 'string' ? PHOTO_REF.exec(v) : null;
    return m ? [Number(m[1])] : [];
  });
}

/** Backoff after a failure that may pass later: 2 s, doubling, at most 5 minutes, never giving up. */
export function retryDelay(attempts: number): number {
  return Math.min(2_000 * 2 ** Math.max(0, attempts - 1), 5 * 60_000);
}

/**
 * Saves a finished entry on the phone with its photos, in one IndexedDB transaction: from here it
 * is 'Tersimpan di HP' and survives a closed app or a restarted phone. Every photo and the entry
 * get their Idempotency-Key now, never a new one on retry.
 */
export async function saveToOutbox(
  item: Pick<OutboxItem, 'userId' | 'kind' | 'unitId' | 'plate' | 'body' | 'resubmitOf' | 'values'>,
  photos: Record<string, Blob>,
): Promise<number> {
  const id = await db.transaction('rw', db.outbox, db.photos, db.drafts, async () => {
    // the draft it was filled from goes in the same transaction: never both, never neither
    await db.drafts.delete(draftKey(item.userId, item.unitId, item.kind, item.resubmitOf));
    const body = { ...item.body };
    for (const [field, blob] of Object.entries(photos)) {
      const photoId = (await db.photos.add({ blob, key: crypto.randomUUID() })) as number;
      body[field] = photoRef(photoId);
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

/** Whether a failure may pass on a later try: no signal, timeout, rate limit, server error, in flight. */
function retryable(err: unknown): boolean {
  if (!isApiError(err)) return true;
  return (
    err.status === 0 ||
    err.status === 408 ||
    err.status === 429 ||
    err.status >= 500 ||
    (err.status === 409 && err.code === 'IDEMPOTENCY_IN_FLIGHT')
  );
}

/** Uploads the entry's photos that have no server path yet; returns the body with every path. */
async function withUploadedPhotos(item: OutboxItem): Promise<Record<string, unknown>> {
  const body = { ...item.body };
  for (const [field, value] of Object.entries(body)) {
    const m = typeof value === 'string' ? PHOTO_REF.exec(value) : null;
    if (!m) continue;
    const photo = await db.photos.get(Number(m[1]));
    if (!photo) throw new Error(`photo ${m[1]} of entry ${item.id} is missing`);
    if (!photo.path) {
      const form = new FormData();
      form.append('image', photo.blob, 'foto.jpg');
      const { awsImage } = await call(
        uploadEndpoints.uploadImage,
        { body: form },
        { idempotencyKey: photo.key },
      );
      photo.path = awsImage;
      await db.photos.update(photo.id!, { path: awsImage });
    }
    body[field] = photo.path;
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
} satisfies Record<EntryKind, unknown>;

/** Where the redo of returned work is sent (only checks and replacements are returned). */
const RESUBMIT_ENDPOINTS = {
  'tire-check': tireChecksEndpoints.resubmitTireCheck,
  'tire-replacement': tireReplacementsEndpoints.resubmitReplacement,
} satisfies Partial<Record<TSubmissionKind, unknown>>;

async function sendOne(item: OutboxItem): Promise<void> {
  const body = await withUploadedPhotos(item);
  const options = { idempotencyKey: item.key };
  if (item.resubmitOf === undefined) {
    await call(ENDPOINTS[item.kind], { body: body as never }, options);
    return;
  }
  const endpoint = RESUBMIT_ENDPOINTS[item.kind as keyof typeof RESUBMIT_ENDPOINTS];
  await call(endpoint, { params: { id: item.resubmitOf }, body: body as never }, options);
}

/**
 * Sends this tire man's waiting entries, one request at a time, oldest first (so a unit's entries
 * arrive in the order they were made). Stops at a failure that may pass later (backoff), pauses
 * on 401 (the session ended: only the same tire man's next login resumes it), and sets aside an
 * entry the server refuses for what it holds ('Perlu tindakan', never retried by itself).
 */
export async function sendQueue(userId: number, now = Date.now()): Promise<SendOutcome> {
  const waiting = (await db.outbox.where('userId').equals(userId).sortBy('createdAt')).filter(
    (i) => i.state === 'saved' || i.state === 'sending',
  );
  for (const item of waiting) {
    if (item.nextAttemptAt > now) return { state: 'waiting', retryAt: item.nextAttemptAt };
    await db.outbox.update(item.id!, { state: 'sending' });
    try {
      await sendOne(item);
      // the server has it: the entry and its photos leave the phone (Riwayat reads the server)
      await db.transaction('rw', db.outbox, db.photos, async () => {
        await db.outbox.delete(item.id!);
        await db.photos.bulkDelete(photoIdsOf(item));
      });
    } catch (err) {
      if (isApiError(err) && err.status === 401) {
        await db.outbox.update(item.id!, { state: 'saved' });
        return { state: 'paused' };
      }
      if (retryable(err)) {
        const attempts = item.attempts + 1;
        const retryAt = Date.now() + retryDelay(attempts);
        await db.outbox.update(item.id!, { state: 'saved', attempts, nextAttemptAt: retryAt });
        return { state: 'waiting', retryAt };
      }
      const refused = err as ApiError;
      await db.outbox.update(item.id!, {
        state: 'needs-action',
        error: {
          message: refusalText(refused),
          fields: refused.fields,
        },
      });
    }
  }
  return { state: 'idle' };
}

/**
 * 'Ubah' on an entry the server refused: it becomes its form's draft again (values and photos), in
 * one transaction; sent again from the form, it is a new entry with a new Idempotency-Key.
 */
export async function reopenEntry(id: number): Promise<OutboxItem | undefined> {
  return db.transaction('rw', db.outbox, db.photos, db.drafts, async () => {
    const item = await db.outbox.get(id);
    if (!item?.values) return undefined;
    const photos: Record<string, Blob> = {};
    for (const [field, value] of Object.entries(item.body)) {
      const m = typeof value === 'string' ? PHOTO_REF.exec(value) : null;
      const photo = m ? await db.photos.get(Number(m[1])) : undefined;
      if (photo) photos[field] = photo.blob;
    }
    await db.drafts.put({
      key: draftKey(item.userId, item.unitId, item.kind, item.resubmitOf),
      userId: item.userId,
      unitId: item.unitId,
      values: item.values,
      photos,
      updatedAt: Date.now(),
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
