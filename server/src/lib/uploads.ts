import { UNSIGNED } from '@itms/contracts/enums';
import { sql } from 'drizzle-orm';
import { type DbOrTx, pgArray, rowsOf } from '../db/client';
import { type FieldIssue, invalidFields } from './errors';

/** A photo or signature path a request cites, with the body field that carries it. */
export interface CitedPath {
  field: string;
  path: string | null | undefined;
}

export const UPLOAD_MESSAGES = {
  photo: 'Foto tidak ditemukan, unggah ulang',
  signature: 'Tanda tangan tidak ditemukan, unggah ulang',
} as const;

const isCited = (p: string | null | undefined): p is string => !!p && p.trim() !== '' && p !== UNSIGNED;

/**
 * The cited paths this user may put on a record: files he uploaded himself (table `uploads`), his
 * own stored signature or photo, or a path in `alsoAllowed` (what the record already holds, for a
 * resubmission). Anything else is someone else's file or no file at all: one issue per field.
 * Runs in the caller's transaction.
 */
export async function foreignUploadIssues(
  tx: DbOrTx,
  userId: number,
  cited: readonly CitedPath[],
  alsoAllowed: Iterable<string> = [],
): Promise<FieldIssue[]> {
  const allowed = new Set(alsoAllowed);
  const wanted = cited.filter(
    (c): c is { field: string; path: string } => isCited(c.path) && !allowed.has(c.path),
  );
  if (wanted.length === 0) return [];
  const paths = [...new Set(wanted.map((c) => c.path))];
  const owned = rowsOf<{ path: string }>(
    await tx.execute(sql`
      select p.path from unnest(${pgArray(paths)}::text[]) as p(path)
       where exists (select 1 from uploads u where u.path = p.path and u.user_id = ${userId})
          or exists (select 1 from users me where me.id = ${userId} and p.path in (me.signature, me.photo))`),
  );
  const ok = new Set(owned.map((r) => r.path));
  return wanted
    .filter((c) => !ok.has(c.path))
    .map((c) => ({
      field: c.field,
      message: /sign/i.test(c.field) ? UPLOAD_MESSAGES.signature : UPLOAD_MESSAGES.photo,
    }));
}

/** Like `foreignUploadIssues`, refusing the request (400 naming the fields) when any path is foreign. */
export async function assertOwnUploads(
  tx: DbOrTx,
  userId: number,
  cited: readonly CitedPath[],
  alsoAllowed?: Iterable<string>,
): Promise<void> {
  const issues = await foreignUploadIssues(tx, userId, cited, alsoAllowed);
  if (issues.length) {
    throw invalidFields(issues);
  }
}
