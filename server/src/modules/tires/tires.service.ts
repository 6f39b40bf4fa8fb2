import type { TSessionUser } from '@itms/contracts/auth';
import { lowestGroove, withLowestGroove } from '@itms/contracts/rules/grooves';
import { TIRE_MESSAGES, type TTireInput, type TTireStatusBody } from '@itms/contracts/tire-list';
import type { TTire, TTireUpdateBody } from '@itms/contracts/tires';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { queueTireWear } from '../../db/read-models/tire-wear/wear';
import { activeUnitTires, tires } from '../../db/schema';
import { audit } from '../../lib/audit';
import { changedFields, definedOnly } from '../../lib/changes';
import { badRequest, conflict, type FieldIssue, invalidFields, notFound, pgCode } from '../../lib/errors';
import { unknownDefectIssues } from '../defect-codes/defect-codes.service';
import { type MoveSource, mountOf, recordTireEvent, unmountPosition } from '../fleet/mounting';
import { latestUnitOdometer } from '../fleet/unit-odometer';
import { toTire } from './tires.queries';

type Actor = { id: number };
type TireRow = typeof tires.$inferSelect;

/** Lowest groove as given, or the smallest of the measured grooves. */
function givenOrLowestGroove(f: Partial<TTireInput>): number | null {
  return f.groove_lowest ?? lowestGroove(f);
}

/** Whether a tire with this serial number (case-insensitive) exists. */
export async function serialTaken(tx: Tx | Db, serial: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: tires.id })
    .from(tires)
    .where(sql`lower(${tires.serial_number}) = lower(${serial})`)
    .limit(1);
  return Boolean(row);
}

/**
 * Puts a new tire in stock (UNINSTALLED) and writes 'received' to its ledger, inside the caller's
 * transaction. A serial number already in the database is refused.
 */
export async function receiveTire(tx: Tx, input: TTireInput, source: MoveSource): Promise<TTire> {
  if (await serialTaken(tx, input.serial_number))
    throw conflict(TIRE_MESSAGES.duplicateSerial, 'TIRE_SERIAL_TAKEN');
  let row: typeof tires.$inferSelect;
  try {
    const { groove_lowest: _ignored, ...fields } = input;
    [row] = (await tx
      .insert(tires)
      .values({
        ...fields,
        groove_lowest: givenOrLowestGroove(input),
        condition: input.condition || '-',
        position: '',
        status: 'UNINSTALLED',
      })
      .returning()) as [typeof tires.$inferSelect];
  } catch (err) {
    if (pgCode(err) === '23505') throw conflict(TIRE_MESSAGES.duplicateSerial, 'TIRE_SERIAL_TAKEN');
    throw err;
  }
  await recordTireEvent(tx, {
    tireId: row.id,
    kind: 'received',
    source,
    toStatus: 'UNINSTALLED',
    note: source.sourceType === 'tire-request' ? `Permintaan ban #${source.sourceId}` : '',
  });
  // its wear row (no readings yet, but its retreads and life) comes from the refresher like any other
  await queueTireWear(tx, [row.id]);
  return toTire(row);
}

export async function createTire(db: Db, input: TTireInput, user: Actor): Promise<TTire> {
  return db.transaction(async (tx) => {
    const tire = await receiveTire(tx, input, { userId: user.id, sourceType: 'manual', sourceId: null });
    await audit(tx, {
      userId: user.id,
      action: 'tire.create',
      entity: 'tire',
      entityId: tire.id,
      detail: tire,
    });
    return tire;
  });
}

async function lockTire(tx: Tx, id: number) {
  const [tire] = await tx.select().from(tires).where(eq(tires.id, id)).for('update');
  if (!tire) throw notFound('Ban');
  const [slot] = await tx
    .select()
    .from(activeUnitTires)
    .where(and(eq(activeUnitTires.tire_id, id), eq(activeUnitTires.status, 'INSTALLED')));
  return { tire, slot };
}

/** Deletes a tire that is not mounted; its ledger goes with it, the audit log keeps the deletion. */
export async function deleteTire(db: Db, id: number, user: Actor): Promise<void> {
  await db.transaction(async (tx) => {
    const { tire, slot } = await lockTire(tx, id);
    if (slot) throw conflict(TIRE_MESSAGES.mountedNoDelete, 'TIRE_STILL_MOUNTED');
    // emptied wheel slots may still point at the tire they last held
    await tx.update(activeUnitTires).set({ tire_id: null }).where(eq(activeUnitTires.tire_id, id));
    await tx.delete(tires).where(eq(tires.id, id));
    await audit(tx, {
      userId: user.id,
      action: 'tire.delete',
      entity: 'tire',
      entityId: id,
      detail: { serial_number: tire.serial_number },
    });
  });
}

/**
 * PATCH /tire/status: SCRAP needs the tire off every unit (409 otherwise); UNINSTALLED or SPARE of
 * a mounted tire takes it off first (ledger 'removed'); INSTALLED happens only through a unit.
 */
export async function setTireStatus(db: Db, id: number, body: TTireStatusBody, user: Actor): Promise<TTire> {
  return db.transaction(async (tx) => {
    const { tire, slot } = await lockTire(tx, id);
    if (body.condition) {
      const unknown = await unknownDefectIssues(tx, [{ field: 'condition', condition: body.condition }]);
      if (unknown.length) throw invalidFields(unknown);
    }
    const source: MoveSource = { userId: user.id, sourceType: 'manual', sourceId: null };
    const note = body.reason ?? '';
    if (body.status === 'INSTALLED') {
      if (slot) return toTire(tire);
      throw badRequest(TIRE_MESSAGES.installViaUnit, [
        { field: 'status', message: TIRE_MESSAGES.installViaUnit },
      ]);
    }
    if (body.status === 'SCRAP' && slot) throw conflict(TIRE_MESSAGES.mountedNoScrap, 'TIRE_STILL_MOUNTED');
    // nothing to change: no ledger entry, no audit line
    if (!slot && tire.status === body.status && !body.condition) return toTire(tire);
    let from = tire.status;
    if (slot) {
      const odometer = await latestUnitOdometer(tx, slot.unit_id);
      await unmountPosition(tx, { unitId: slot.unit_id, position: slot.position, odometer, source });
      from = 'UNINSTALLED';
    }
    if (from !== body.status || body.condition) {
      await tx
        .update(tires)
        .set({
          status: body.status,
          position: '',
          ...(body.condition ? { condition: body.condition } : {}),
        })
        .where(eq(tires.id, id));
    }
    if (from !== body.status) {
      await recordTireEvent(tx, {
        tireId: id,
        kind: body.status === 'SCRAP' ? 'scrapped' : 'status',
        source,
        fromStatus: from,
        toStatus: body.status,
        note,
      });
    }
    await audit(tx, {
      userId: user.id,
      action: 'tire.status',
      entity: 'tire',
      entityId: id,
      detail: { from: tire.status, to: body.status, reason: note || undefined, condition: body.condition },
    });
    await queueTireWear(tx, [id]);
    const [after] = await tx.select().from(tires).where(eq(tires.id, id));
    return toTire(after!);
  });
}

const isVulk = (casing: string) => casing.toUpperCase().includes('VULK');

/** Whether an update of the tire's data records a retread. */
function isRetread(
  before: Pick<TireRow, 'is_original' | 'casing_status' | 'retread_cost'>,
  after: Pick<TireRow, 'is_original' | 'casing_status' | 'retread_cost'>,
): boolean {
  return (
    (before.is_original !== 'RET' && after.is_original === 'RET') ||
    (!isVulk(before.casing_status) && isVulk(after.casing_status)) ||
    (after.retread_cost ?? 0) > (before.retread_cost ?? 0)
  );
}

/**
 * PUT /tire/update/{id} (Form Detail Ban). Where the tire is mounted is owned by the mounting
 * workflows: a mounted tire keeps its status and position here, and a tire in stock cannot be
 * made INSTALLED or given a position.
 */
export async function updateTire(db: Db, user: TSessionUser, tireId: number, body: TTireUpdateBody) {
  return db.transaction(async (tx) => {
    const [tire] = await tx.select().from(tires).where(eq(tires.id, tireId)).for('update');
    if (!tire) throw notFound('Ban');
    const changes = changedFields(tire, withLowestGroove(definedOnly(body), tire));
    const issues: FieldIssue[] = [];
    if (changes.serial_number !== undefined) {
      const [taken] = await tx
        .select({ id: tires.id })
        .from(tires)
        .where(and(eq(tires.serial_number, changes.serial_number), ne(tires.id, tireId)));
      if (taken) issues.push({ field: 'serial_number', message: 'Nomor seri sudah dipakai ban lain' });
    }
    if (changes.status !== undefined || changes.position !== undefined) {
      const mounted = await mountOf(tx, tireId);
      if (changes.status !== undefined) {
        if (mounted) {
          issues.push({
            field: 'status',
            message: 'Status ban yang terpasang hanya berubah lewat pergantian ban',
          });
        } else if (changes.status === 'INSTALLED') {
          issues.push({ field: 'status', message: 'Ban hanya menjadi INSTALLED lewat pemasangan di unit' });
        }
      }
      if (changes.position !== undefined) {
        if (mounted) {
          issues.push({
            field: 'position',
            message: 'Posisi ban yang terpasang hanya berubah lewat pergantian ban',
          });
        } else if (changes.position !== '') {
          issues.push({ field: 'position', message: 'Ban tidak terpasang di unit, posisi harus kosong' });
        }
      }
    }
    if (issues.length) throw invalidFields(issues);
    if (Object.keys(changes).length > 0) {
      const [updated] = await tx.update(tires).set(changes).where(eq(tires.id, tireId)).returning();
      const source: MoveSource = { userId: user.id, sourceType: 'manual', sourceId: null };
      await recordTireEvent(tx, {
        tireId,
        kind: 'updated',
        source,
        fromStatus: tire.status,
        toStatus: updated!.status,
        note: Object.keys(changes).join(','),
      });
      // a retread starts a new life of the tire (issue 11): ORI -> RET, a VULK casing, more retread cost
      if (isRetread(tire, updated!)) {
        await recordTireEvent(tx, {
          tireId,
          kind: 'retreaded',
          source,
          fromStatus: updated!.status,
          toStatus: updated!.status,
          note: `${tire.is_original}/${tire.casing_status} -> ${updated!.is_original}/${updated!.casing_status}`,
        });
      }
      await queueTireWear(tx, [tireId]);
      const before = Object.fromEntries(Object.keys(changes).map((k) => [k, tire[k as keyof TireRow]]));
      await audit(tx, {
        userId: user.id,
        action: 'update',
        entity: 'tire',
        entityId: tireId,
        detail: { before, after: changes },
      });
      return updated!;
    }
    return tire;
  });
}
