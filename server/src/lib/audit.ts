import type { DbOrTx } from '../db/client';
import { auditLog } from '../db/schema';

export interface AuditEntry {
  userId: number | null;
  action: string;
  entity: string;
  entityId?: string | number | null;
  detail?: unknown;
}

/** The audit line's INSERT, not yet run (for `executeTogether`). */
export function auditInsert(db: DbOrTx, e: AuditEntry) {
  return db.insert(auditLog).values({
    user_id: e.userId,
    action: e.action,
    entity: e.entity,
    entity_id: e.entityId == null ? null : String(e.entityId),
    detail: e.detail ?? null,
  });
}

/** Writes to the audit log inside the caller's transaction, so it commits or rolls back with the change. */
export async function audit(db: DbOrTx, e: AuditEntry): Promise<void> {
  await auditInsert(db, e);
}
