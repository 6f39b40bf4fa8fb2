// The Return and the resubmit of checks and replacements, written once for both kinds, and their
// history (table submission_returns, migration 0027): one row per Return, closed by the resubmit.

import { UNSIGNED } from '@itms/contracts/enums';
import type { FieldWarning } from '@itms/contracts/rules/field-warnings';
import type { LifecycleActor, Stage } from '@itms/contracts/rules/lifecycle';
import type {
  TReturnHistoryEntry,
  TReturnKind,
  TReturnsListQuery,
  TReturnsPage,
} from '@itms/contracts/submission-returns';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { type DbOrTx, rowsOf, type Tx } from '../db/client';
import { submissionReturns, tireChecks, tireReplacements, users } from '../db/schema';
import { audit } from './audit';
import { nextStage } from './lifecycle';
import { pageResult, pageWindow } from './paging';

const iso = (d: Date | string | null) => (d == null ? null : new Date(d).toISOString());

/** The lifecycle columns a check and a replacement share: the Return and the resubmit write only these. */
function documentTable(kind: TReturnKind) {
  // both tables have the same stage, signature, Return, warning and time columns (db/schema)
  return (kind === 'tire-check' ? tireChecks : tireReplacements) as typeof tireChecks;
}

/** What the Return and the resubmit read of a locked check or replacement. */
export interface ReturnableDoc {
  id: number;
  stage: Stage;
  tireman_id: number;
  pic_sign: string;
  pic_absent_reason: string | null;
  itms_sign: string;
  returned_at: Date | null;
  return_reason: string | null;
  performed_at: Date;
}

/**
 * The Return, the same for a check and a replacement: the step through the lifecycle kernel, the
 * PIC and ITMS signatures back to '-' (the redo collects them again), the reason as the open row of
 * the document's history, and the audit line.
 */
export async function writeReturn(
  tx: Tx,
  kind: TReturnKind,
  doc: ReturnableDoc,
  actor: LifecycleActor,
  reason: string,
): Promise<void> {
  const stage = nextStage(kind, doc, 'return', actor);
  const returnedAt = new Date();
  const table = documentTable(kind);
  await tx
    .update(table)
    .set({
      stage,
      pic_sign: UNSIGNED,
      // the redo collects the PIC's signature again, or a new reason for the PIC's absence
      pic_absent_reason: null,
      itms_sign: UNSIGNED,
      returned_at: returnedAt,
      return_reason: reason,
    })
    .where(eq(table.id, doc.id));
  await tx.insert(submissionReturns).values({
    kind,
    record_id: doc.id,
    reason,
    returned_by: actor.id,
    returned_at: returnedAt,
  });
  await audit(tx, {
    userId: actor.id,
    action: 'return',
    entity: kind,
    entityId: doc.id,
    detail: {
      reason,
      before: {
        pic_sign: doc.pic_sign,
        ...(doc.pic_absent_reason ? { pic_absent_reason: doc.pic_absent_reason } : {}),
        itms_sign: doc.itms_sign,
        returned_at: null,
      },
      after: { pic_sign: UNSIGNED, itms_sign: UNSIGNED, returned_at: returnedAt.toISOString() },
    },
  });
}

/** What a resubmission changes on the document besides its stage; each kind adds its own to the audit. */
export interface Resubmission {
  stage: Stage;
  /** Signatures (and the PIC's name) collected again on site. */
  signs: Record<string, string>;
  /** Why the PIC did not sign the redo ('PIC tidak di tempat'); a PIC signature in `signs` clears it. */
  picAbsentReason?: string;
  /** Re-measured: the warnings of the new records. */
  fieldWarnings?: FieldWarning[] | null;
  /** The redo's time. */
  performedAt?: Date | null;
  /** The kind's own lines of the audit (its records before and after, the PIC's name). */
  audited: { before: Record<string, unknown>; after: Record<string, unknown> };
}

/** The PIC's absence a resubmission records: its reason, or none once the PIC signed. */
function picAbsence(r: Resubmission): { pic_absent_reason?: string | null } {
  if (r.signs.pic_sign && r.signs.pic_sign !== UNSIGNED) return { pic_absent_reason: null };
  return r.picAbsentReason ? { pic_absent_reason: r.picAbsentReason } : {};
}

/**
 * The resubmit's writes, the same for a check and a replacement (after the kind has replaced its
 * records): the document sent again, its open Return answered, and the audit line.
 */
export async function writeResubmit(
  tx: Tx,
  kind: TReturnKind,
  doc: ReturnableDoc,
  actorId: number,
  r: Resubmission,
): Promise<void> {
  const table = documentTable(kind);
  const at = new Date();
  await tx
    .update(table)
    .set({
      stage: r.stage,
      returned_at: null,
      ...r.signs,
      ...picAbsence(r),
      ...(r.fieldWarnings ? { field_warnings: r.fieldWarnings } : {}),
      ...(r.performedAt ? { performed_at: r.performedAt } : {}),
    })
    .where(eq(table.id, doc.id));
  await tx
    .update(submissionReturns)
    .set({ resubmitted_at: at })
    .where(
      and(
        eq(submissionReturns.kind, kind),
        eq(submissionReturns.record_id, doc.id),
        isNull(submissionReturns.resubmitted_at),
      ),
    );
  const was = doc as unknown as Record<string, unknown>;
  await audit(tx, {
    userId: actorId,
    action: 'resubmit',
    entity: kind,
    entityId: doc.id,
    detail: {
      before: {
        returned_at: doc.returned_at?.toISOString() ?? null,
        return_reason: doc.return_reason,
        performed_at: doc.performed_at.toISOString(),
        ...Object.fromEntries(Object.keys(r.signs).map((k) => [k, was[k]])),
        ...r.audited.before,
      },
      after: {
        returned_at: null,
        performed_at: (r.performedAt ?? doc.performed_at).toISOString(),
        ...r.signs,
        ...(r.picAbsentReason ? { pic_absent_reason: r.picAbsentReason } : {}),
        ...r.audited.after,
      },
    },
  });
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
