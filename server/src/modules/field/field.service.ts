import { createHash } from 'node:crypto';
import { FIELD_MESSAGES, type TFieldReturnedDetail } from '@itms/contracts/field';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../lib/errors';
import { openCallsOf } from '../storing/storing.service';
import { bootstrapSnapshot, returnedCheck, returnedReplacement } from './field.queries';

export interface BootstrapReply {
  /** Weak validator: the same snapshot whatever the transfer encoding. */
  etag: string;
  /** The JSON text to send (null when the client's copy is current). */
  body: string | null;
}

/** Whether an If-None-Match header names this tag (weak comparison, RFC 9110 13.1.2). */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const opaque = (t: string) => t.trim().replace(/^W\//, '');
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((t) => opaque(t) === opaque(etag));
}

/**
 * The phone's snapshot as JSON text with its ETag. The tag hashes the body without server_time,
 * so an unchanged snapshot keeps its tag (304) while the reply still tells the current time.
 */
export async function bootstrap(
  db: DbOrTx,
  userId: number,
  opts: { tz: string; pullPointMm: number; ifNoneMatch?: string },
): Promise<BootstrapReply> {
  const [base, calls] = await Promise.all([bootstrapSnapshot(db, userId, opts), openCallsOf(db, userId)]);
  const snapshot = JSON.stringify({ ...base, calls });
  const etag = `W/"${createHash('sha256').update(snapshot).digest('base64url').slice(0, 32)}"`;
  if (matchesEtag(opts.ifNoneMatch, etag)) return { etag, body: null };
  // server_time first, then the snapshot's own fields (snapshot is a JSON object text)
  const body = `{"server_time":${JSON.stringify(new Date().toISOString())},${snapshot.slice(1)}`;
  return { etag, body };
}

/** A returned check or replacement of this tire man, to redo it; 404 when not his or not returned. */
export async function returnedDetail(
  db: DbOrTx,
  userId: number,
  kind: TFieldReturnedDetail['kind'],
  id: number,
): Promise<TFieldReturnedDetail> {
  const doc =
    kind === 'tire-check' ? await returnedCheck(db, userId, id) : await returnedReplacement(db, userId, id);
  if (!doc) throw new AppError(404, 'NOT_FOUND', FIELD_MESSAGES.returnedNotFound);
  return doc;
}
