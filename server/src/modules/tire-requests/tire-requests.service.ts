import type { TTireInput } from '@itms/contracts/tire-list';
import {
  TIRE_REQUEST_MESSAGES,
  type TTireRequest,
  type TTireRequestCreateBody,
  type TTireRequestUpdateBody,
} from '@itms/contracts/tire-requests';
import type { TTire } from '@itms/contracts/tires';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { tireRequests, tires } from '../../db/schema';
import { audit } from '../../lib/audit';
import type { EmitDocumentEvent } from '../../lib/document-events';
import { conflict, notFound } from '../../lib/errors';
import { performedAtOf } from '../../lib/performed-at';
import { assertOwnUploads } from '../../lib/uploads';
import { recordDeletedSubmission } from '../field/field-status';
import { receiveTire, serialTaken } from '../tires/tires.service';
import { toTireRequest } from './tire-requests.queries';

type Actor = { id: number };

export async function createTireRequest(
  db: Db,
  { performed_at, ...body }: TTireRequestCreateBody,
  user: Actor,
  maxAgeDays: number,
): Promise<TTireRequest> {
  // dated when it was made, like every field entry (no unit bounds it)
  const performedAt = performedAtOf(performed_at, { maxAgeDays });
  return db.transaction(async (tx) => {
    // a serial already in the tire database could never be approved
    if (await serialTaken(tx, body.serial_number))
      throw conflict(TIRE_REQUEST_MESSAGES.duplicateSerial, 'TIRE_SERIAL_TAKEN');
    // the serial's photo is one the requester uploaded, not someone else's
    await assertOwnUploads(tx, user.id, [{ field: 'serial_number_img', path: body.serial_number_img }]);
    const [row] = await tx
      .insert(tireRequests)
      .values({
        ...body,
        serial_number_img: body.serial_number_img || '-',
        status: 'pending',
        condition: '-',
        requested_by: user.id,
        ...(performedAt ? { performed_at: performedAt } : {}),
      })
      .returning();
    await audit(tx, {
      userId: user.id,
      action: 'tire-request.create',
      entity: 'tire_request',
      entityId: row!.id,
    });
    return toTireRequest(row!);
  });
}

export async function updateTireRequest(
  db: Db,
  id: number,
  body: TTireRequestUpdateBody,
  user: Actor,
): Promise<TTireRequest> {
  return db.transaction(async (tx) => {
    const [req] = await tx.select().from(tireRequests).where(eq(tireRequests.id, id)).for('update');
    if (!req) throw notFound('Permintaan ban');
    if (req.status === 'approved')
      throw conflict(TIRE_REQUEST_MESSAGES.alreadyApproved, 'TIRE_REQUEST_ALREADY_APPROVED');
    const changes = { ...body };
    const fields = Object.keys(changes);
    if (fields.length === 0) return toTireRequest(req);
    const [row] = await tx.update(tireRequests).set(changes).where(eq(tireRequests.id, id)).returning();
    await audit(tx, {
      userId: user.id,
      action: 'tire-request.update',
      entity: 'tire_request',
      entityId: id,
      detail: {
        fields,
        before: Object.fromEntries(fields.map((f) => [f, req[f as keyof typeof req]])),
        after: changes,
      },
    });
    return toTireRequest(row!);
  });
}

/** Deletes a request; its tire man's Riwayat keeps it as deleted and his phone hears of it. */
export async function deleteTireRequest(
  db: Db,
  id: number,
  user: Actor,
  emit?: EmitDocumentEvent,
): Promise<void> {
  const requestedBy = await db.transaction(async (tx) => {
    const [req] = await tx.select().from(tireRequests).where(eq(tireRequests.id, id)).for('update');
    if (!req) throw notFound('Permintaan ban');
    await tx.delete(tireRequests).where(eq(tireRequests.id, id));
    await recordDeletedSubmission(tx, {
      kind: 'tire-request',
      id,
      tireman_id: req.requested_by,
      unit_id: null,
      performed_at: req.performed_at,
      plate_number: req.serial_number,
    });
    await audit(tx, {
      userId: user.id,
      action: 'tire-request.delete',
      entity: 'tire_request',
      entityId: id,
      detail: { serial_number: req.serial_number, status: req.status },
    });
    return req.requested_by;
  });
  emit?.({ kind: 'tire-request', id, step: 'delete', tiremanId: requestedBy });
}

/**
 * Approves a request into the tire database, all in one transaction: the request row is locked
 * (a second approval waits, then gets 409), the tire is created UNINSTALLED with a 'received'
 * ledger entry, the request becomes approved and points at the tire, and the audit log records it.
 *
 * `linkExisting` serves the spec's two-call flow (POST /tire, then PATCH status approved): a tire
 * that already carries the request's serial is linked instead of refused.
 */
export async function approveTireRequest(
  db: Db,
  id: number,
  user: Actor,
  opts: { linkExisting?: boolean; emit?: EmitDocumentEvent } = {},
): Promise<{ request: TTireRequest; tire: TTire }> {
  const { result, requestedBy } = await db.transaction(async (tx) => {
    const [req] = await tx.select().from(tireRequests).where(eq(tireRequests.id, id)).for('update');
    if (!req) throw notFound('Permintaan ban');
    if (req.status === 'approved')
      throw conflict(TIRE_REQUEST_MESSAGES.alreadyApproved, 'TIRE_REQUEST_ALREADY_APPROVED');
    const { id: _id, status, tire_id, created_at, updated_at, position, condition, ...fields } = req;
    let tire: TTire;
    let [existing] = opts.linkExisting
      ? await tx.select().from(tires).where(sql`lower(${tires.serial_number}) = lower(${req.serial_number})`)
      : [];
    if (existing) {
      // the request's prices go to the tire where it has none yet (issue 11)
      if (
        (existing.purchase_price == null && req.purchase_price != null) ||
        (existing.retread_cost == null && req.retread_cost != null)
      ) {
        [existing] = await tx
          .update(tires)
          .set({
            purchase_price: existing.purchase_price ?? req.purchase_price,
            retread_cost: existing.retread_cost ?? req.retread_cost,
          })
          .where(eq(tires.id, existing.id))
          .returning();
      }
      const { created_at: c, updated_at: u, ...rest } = existing!;
      tire = { ...rest, createdAt: c.toISOString(), updatedAt: u.toISOString() } as TTire;
    } else {
      tire = await receiveTire(tx, { ...fields, condition: '-' } as TTireInput, {
        userId: user.id,
        sourceType: 'tire-request',
        sourceId: id,
      });
    }
    const [row] = await tx
      .update(tireRequests)
      .set({ status: 'approved', tire_id: tire.id })
      .where(eq(tireRequests.id, id))
      .returning();
    await audit(tx, {
      userId: user.id,
      action: 'tire-request.approve',
      entity: 'tire_request',
      entityId: id,
      detail: { tireId: tire.id, serial_number: req.serial_number, linked: Boolean(existing) },
    });
    return { result: { request: toTireRequest(row!), tire }, requestedBy: req.requested_by };
  });
  opts.emit?.({ kind: 'tire-request', id, step: 'validate', tiremanId: requestedBy });
  return result;
}
