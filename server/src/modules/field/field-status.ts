import type { TSubmissionKind } from '@itms/contracts/field';
import type { DocumentKind } from '@itms/contracts/rules/lifecycle';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { deletedSubmissions, units } from '../../db/schema';
import { audit } from '../../lib/audit';

type TombstoneRow = Omit<Parameters<typeof recordDeletedSubmission>[1], 'kind'>;

/**
 * The facts of a field document's delete step, in the deleting transaction: the tombstone for its
 * tire man's history and the audit line (`detail`: what the office needs to know of it later).
 */
export async function recordDeletion(
  tx: Tx,
  kind: DocumentKind,
  row: TombstoneRow,
  actorId: number,
  detail: unknown,
): Promise<void> {
  await recordDeletedSubmission(tx, { kind, ...row });
  await audit(tx, { userId: actorId, action: 'delete', entity: kind, entityId: row.id, detail });
}

/**
 * Leaves a tombstone for a deleted submission, in the deleting transaction, so that its author's
 * history still shows it (as deleted). Rows without a tire man (office-made) leave none.
 */
export async function recordDeletedSubmission(
  tx: Tx,
  row: {
    kind: TSubmissionKind;
    id: number;
    tireman_id: number | null;
    /** Null for a tire request, which names its serial in `plate_number`. */
    unit_id: number | null;
    performed_at: Date;
    /** The plate as seen on site when the row kept one; else the unit's current plate. */
    plate_number?: string;
  },
): Promise<void> {
  if (row.tireman_id == null) return;
  let plate = row.plate_number;
  if (plate === undefined && row.unit_id != null) {
    const [unit] = await tx
      .select({ plate_number: units.plate_number })
      .from(units)
      .where(eq(units.id, row.unit_id));
    plate = unit?.plate_number ?? '';
  }
  await tx
    .insert(deletedSubmissions)
    .values({
      kind: row.kind,
      record_id: row.id,
      tireman_id: row.tireman_id,
      unit_id: row.unit_id,
      plate_number: plate ?? '',
      performed_at: row.performed_at,
    })
    .onConflictDoNothing();
}
