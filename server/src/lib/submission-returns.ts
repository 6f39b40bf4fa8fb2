// The return history of checks and replacements (table submission_returns, migration 0027): one
// row per Return, closed by the resubmit. Written in the Return's and the resubmit's transactions.
import type {
  TReturnHistoryEntry,
  TReturnKind,
  TReturnsListQuery,
  TReturnsPage,
} from '@itms/contracts/submission-returns';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { type DbOrTx, rowsOf, type Tx } from '../db/client';
import { submissionReturns, users } from '../db/schema';
import { pageResult, pageWindow } from './paging';

const iso = (d: Date | string | null) => (d == null ? null : new Date(d).toISOString());

/** A Return: the open row of the document's history (closed by its resubmit). */
export async function recordReturn(
  tx: Tx,
  r: { kind: TReturnKind; recordId: number; reason: string; returnedBy: number; returnedAt: Date },
): Promise<void> {
  await tx.insert(submissionReturns).values({
    kind: r.kind,
    record_id: r.recordId,
    reason: r.reason,
    returned_by: r.returnedBy,
    returned_at: r.returnedAt,
  });
}

/** The tire man sent the document again: its open Return is answered. */
export async function closeReturn(
  tx: Tx,
  kind: TReturnKind,
  recordId: number,
  at = new Date(),
): Promise<void> {
  await tx
    .update(submissionReturns)
    .set({ resubmitted_at: at })
    .where(
      and(
        eq(submissionReturns.kind, kind),
        eq(submissionReturns.record_id, recordId),
        isNull(submissionReturns.resubmitted_at),
      ),
    );
}

/** Every Return of one document, oldest first (the detail's history). */
export async function returnHistory(
  db: DbOrTx,
  kind: TReturnKind,
  recordId: number,
): Promise<TReturnHistoryEntry[]> {
  const rows = await db
    .select({
      id: submissionReturns.id,
      returned_at: submissionReturns.returned_at,
      reason: submissionReturns.reason,
      by_id: users.id,
      by_name: users.name,
      resubmitted_at: submissionReturns.resubmitted_at,
    })
    .from(submissionReturns)
    .leftJoin(users, eq(users.id, submissionReturns.returned_by))
    .where(and(eq(submissionReturns.kind, kind), eq(submissionReturns.record_id, recordId)))
    .orderBy(asc(submissionReturns.returned_at), asc(submissionReturns.id));
  return rows.map((r) => ({
    id: r.id,
    returned_at: iso(r.returned_at)!,
    reason: r.reason,
    returned_by: r.by_id != null ? { id: r.by_id, name: r.by_name ?? '' } : null,
    resubmitted_at: iso(r.resubmitted_at),
  }));
}

const DOCUMENTS = {
  // a check keeps the plate it was sent with; the unit's current plate wins when it has one
  'tire-check': sql`select d.id, d.status, d.tireman_id,
      coalesce(nullif(un.plate_number, ''), d.plate_number) as plate_number
      from tire_checks d left join units un on un.id = d.unit_id`,
  'tire-replacement': sql`select d.id, d.status, d.tireman_id, coalesce(un.plate_number, '-') as plate_number
      from tire_replacements d left join units un on un.id = d.unit_id`,
} as const;

/**
 * The 'Dikembalikan' view: every Return of one kind, newest first, from submission_returns_kind_idx.
 * Returns of documents deleted since are left out (the history has no foreign key to them).
 */
export async function listReturns(
  db: DbOrTx,
  kind: TReturnKind,
  q: TReturnsListQuery,
): Promise<TReturnsPage> {
  const { offset, limit } = pageWindow(q);
  const table = sql.raw(kind === 'tire-check' ? 'tire_checks' : 'tire_replacements');
  const [counted] = rowsOf<{ n: number }>(
    await db.execute(sql`select count(*)::int as n from submission_returns r
      join ${table} d on d.id = r.record_id where r.kind = ${kind}`),
  );
  const total = Number(counted?.n ?? 0);
  if (offset >= total) return pageResult([], total, q);
  const rows = rowsOf<{
    id: number;
    record_id: number;
    reason: string;
    returned_at: Date | string;
    resubmitted_at: Date | string | null;
    by_id: number | null;
    by_name: string | null;
    status: string;
    plate_number: string;
    tireman_id: number;
    tireman_name: string;
  }>(
    await db.execute(sql`
      with page as (
        select r.* from submission_returns r
         where r.kind = ${kind} and exists (select 1 from ${table} d where d.id = r.record_id)
         order by r.returned_at desc, r.id desc
         limit ${limit} offset ${offset})
      select p.id, p.record_id, p.reason, p.returned_at, p.resubmitted_at,
             b.id as by_id, b.name as by_name, doc.status, doc.plate_number,
             doc.tireman_id, t.name as tireman_name
        from page p
        join (${DOCUMENTS[kind]}) doc on doc.id = p.record_id
        join users t on t.id = doc.tireman_id
        left join users b on b.id = p.returned_by
       order by p.returned_at desc, p.id desc`),
  );
  return pageResult(
    rows.map((r) => ({
      id: r.id,
      record_id: r.record_id,
      reason: r.reason,
      returned_at: iso(r.returned_at)!,
      resubmitted_at: iso(r.resubmitted_at),
      returned_by: r.by_id != null ? { id: r.by_id, name: r.by_name ?? '' } : null,
      status: r.status === 'approved' ? 'approved' : 'pending',
      plate_number: r.plate_number,
      tireman: { id: r.tireman_id, name: r.tireman_name },
    })),
    total,
    q,
  );
}

/** A document's workshop signature as details reply it (ZWorkshopSigned): who and when. */
export function workshopSigned(
  at: Date | null,
  by: { id: number | null; name: string | null } | null,
): { by: { id: number; name: string } | null; at: string } | null {
  if (!at) return null;
  return {
    by: by?.id != null && by.name != null ? { id: by.id, name: by.name } : null,
    at: at.toISOString(),
  };
}
