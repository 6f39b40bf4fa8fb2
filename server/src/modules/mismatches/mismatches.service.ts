import type { MismatchAction, Position } from '@itms/contracts/enums';
import { POSITIONS, UNSIGNED } from '@itms/contracts/enums';
import {
  MISMATCH_DELETED_MESSAGE,
  MISMATCH_REOPENED_MESSAGE,
  MISMATCH_SIGNED_MESSAGE,
  MISMATCH_VALIDATED_MESSAGE,
  SIGN_FIRST_MESSAGE,
  type TMismatchCreateInput,
  type TMismatchValidateInput,
  type TMismatchValidateReply,
} from '@itms/contracts/mismatches';
import type { LifecycleActor } from '@itms/contracts/rules/lifecycle';
import { diagramOf } from '@itms/contracts/rules/vehicle-diagram';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { type Db, executeTogether, type Tx } from '../../db/client';
import { tireWearQueueInsert } from '../../db/read-models/tire-wear/wear';
import {
  activeUnitTires,
  locations,
  mismatches,
  mismatchPositions,
  projects,
  tireChecks,
  tires,
  units,
  users,
} from '../../db/schema';
import { audit, auditInsert } from '../../lib/audit';
import type { EmitDocumentEvent } from '../../lib/document-events';
import { badRequest, type FieldIssue, notFound } from '../../lib/errors';
import { assertStep, nextStage } from '../../lib/lifecycle';
import { unitPerformedAt } from '../../lib/performed-at';
import { assertOwnUploads, foreignUploadIssues } from '../../lib/uploads';
import { recordDeletion } from '../field/field-status';
import { type MoveSource, mountTire, unmountPosition } from '../fleet/mounting';
import { canonicalCategory } from '../mismatch-categories/mismatch-categories.service';
import { linkCallWork } from '../storing/storing.service';

/** Positions a tire man may report on a unit: its diagram's wheels and spares, and any position the records know. */
function positionsOf(unitType: string, recorded: Iterable<string>): Set<string> {
  return new Set<string>([...diagramOf(unitType).positions, ...recorded]);
}

const hasSignature = (s: string | null | undefined): s is string => !!s && s !== UNSIGNED;

/** Field report of a tire man. Returns the new BKB id; the caller emits `new-missmatch` after this resolves. */
export async function createMismatch(
  db: Db,
  tiremanId: number,
  input: TMismatchCreateInput,
  maxAgeDays: number,
): Promise<number> {
  return db.transaction(async (tx) => {
    const performedAt = await unitPerformedAt(tx, input.performed_at, input.unit_id, maxAgeDays);
    // one of the listed, active categories, stored as listed
    const category = await canonicalCategory(tx, input.category);
    const fields: FieldIssue[] = [];
    const [unit] = await tx
      .select({
        id: units.id,
        plate: units.plate_number,
        type: units.unit_type,
        project_id: units.project_id,
      })
      .from(units)
      .where(eq(units.id, input.unit_id));
    if (!unit) fields.push({ field: 'unit_id', message: 'Unit tidak ditemukan' });
    if (input.location_id != null) {
      const [loc] = await tx
        .select({ id: locations.id })
        .from(locations)
        .where(eq(locations.id, input.location_id));
      if (!loc) fields.push({ field: 'location_id', message: 'Lokasi tidak ditemukan' });
    }
    if (input.project_id != null) {
      const [proj] = await tx
        .select({ id: projects.id })
        .from(projects)
        .where(eq(projects.id, input.project_id));
      if (!proj) fields.push({ field: 'project_id', message: 'Project tidak ditemukan' });
    }

    // what the records say is on each position of the unit now: the origin of every reported position
    const slots = unit
      ? await tx
          .select({
            position: activeUnitTires.position,
            status: activeUnitTires.status,
            tire_id: activeUnitTires.tire_id,
            serial: tires.serial_number,
          })
          .from(activeUnitTires)
          .leftJoin(tires, eq(tires.id, activeUnitTires.tire_id))
          .where(eq(activeUnitTires.unit_id, unit.id))
      : [];
    if (unit) {
      const known = positionsOf(
        unit.type,
        slots.map((s) => s.position),
      );
      input.positions.forEach((p, i) => {
        if (!known.has(p.position)) {
          fields.push({
            field: `positions.${i}.position`,
            message: `Posisi ${p.position} tidak ada pada unit ${unit.plate} (${unit.type})`,
          });
        }
      });
    }
    fields.push(
      ...(await foreignUploadIssues(tx, tiremanId, [
        { field: 'image_url', path: input.image_url },
        { field: 'driver.photo', path: input.driver?.photo },
      ])),
    );
    if (fields.length || !unit) throw badRequest('Data BKB tidak valid', fields);

    const mounted = new Map(
      slots
        .filter((s) => s.status === 'INSTALLED' && s.tire_id != null)
        .map((s) => [s.position, { tireId: s.tire_id!, serial: s.serial ?? '' }]),
    );
    const [row] = await tx
      .insert(mismatches)
      .values({
        unit_id: unit.id,
        tireman_id: tiremanId,
        location_id: input.location_id ?? null,
        project_id: input.project_id ?? unit.project_id,
        category,
        information: input.information,
        driver: input.driver?.name ?? null,
        driver_phone: input.driver?.phone ?? '',
        driver_photo: input.driver?.photo ?? UNSIGNED,
        image_url: input.image_url,
        ...(performedAt ? { performed_at: performedAt } : {}),
      })
      .returning({ id: mismatches.id });
    const id = row!.id;
    await tx.insert(mismatchPositions).values(
      input.positions.map((p) => {
        const origin = mounted.get(p.position);
        return {
          mismatch_id: id,
          position: p.position,
          origin_tire_id: origin?.tireId ?? null,
          origin_serial: origin?.serial ?? '',
          found_serial: p.found_serial,
        };
      }),
    );
    await audit(tx, {
      userId: tiremanId,
      action: 'create',
      entity: 'mismatch',
      entityId: id,
      detail: {
        unitId: unit.id,
        category,
        positions: input.positions.length,
        ...(performedAt ? { performed_at: performedAt.toISOString() } : {}),
      },
    });
    if (input.storing_call_id !== undefined) {
      await linkCallWork(tx, input.storing_call_id, { unitId: unit.id, tiremanId, mismatch_id: id });
    }
    return id;
  });
}

/** Locks a BKB for the rest of the transaction. */
async function lockMismatch(tx: Tx, id: number) {
  const [bkb] = await tx.select().from(mismatches).where(eq(mismatches.id, id)).for('update');
  if (!bkb) throw notFound('BKB');
  return bkb;
}

/** The signature to store: the one given, else the user's stored signature; none is refused. */
async function signatureFor(tx: Tx, userId: number, given: string | undefined): Promise<string> {
  if (hasSignature(given)) {
    // his own drawing or stored signature, nobody else's
    await assertOwnUploads(tx, userId, [{ field: 'signatureUrl', path: given }]);
    return given;
  }
  const [u] = await tx.select({ signature: users.signature }).from(users).where(eq(users.id, userId));
  if (hasSignature(u?.signature)) return u.signature;
  throw badRequest(SIGN_FIRST_MESSAGE, [{ field: 'signatureUrl', message: SIGN_FIRST_MESSAGE }]);
}

/** The unit's latest known odometer (its newest tire check), for the ledger and km_installed. */
async function unitOdometer(tx: Tx, unitId: number): Promise<number | null> {
  const [last] = await tx
    .select({ odometer: tireChecks.odometer })
    .from(tireChecks)
    .where(eq(tireChecks.unit_id, unitId))
    .orderBy(desc(tireChecks.performed_at), desc(tireChecks.id))
    .limit(1);
  return last?.odometer ?? null;
}

type ChosenTire = { id: number; serial: string; status: string };

/** A tire by id, or by serial number: the exact spelling first, else case-insensitive. */
async function findTire(tx: Tx, by: { id?: number; serial?: string }): Promise<ChosenTire | null> {
  const cols = { id: tires.id, serial: tires.serial_number, status: tires.status };
  if (by.id != null) {
    const [t] = await tx.select(cols).from(tires).where(eq(tires.id, by.id));
    return t ?? null;
  }
  const serial = by.serial ?? '';
  const [t] = await tx
    .select(cols)
    .from(tires)
    .where(sql`lower(${tires.serial_number}) = lower(${serial})`)
    .orderBy(sql`(${tires.serial_number} = ${serial}) desc`, asc(tires.id))
    .limit(1);
  return t ?? null;
}

interface Plan {
  rowId: number;
  position: Position;
  action: MismatchAction;
  /** update: the tire to mount; normal: the tire kept (origin); delete: null. */
  tire: ChosenTire | null;
}

/**
 * The validate command: applies every position's action to the unit's tires, records the ledger
 * and the audit log, stores the signature and the validating user and approves the BKB, in one
 * transaction. A concurrent second validation waits for the row lock and then gets 409.
 */
export async function validateMismatch(
  db: Db,
  actor: LifecycleActor,
  id: number,
  input: TMismatchValidateInput,
  emit?: EmitDocumentEvent,
): Promise<TMismatchValidateReply> {
  const userId = actor.id;
  const [reply, tiremanId] = await db.transaction(async (tx) => {
    const bkb = await lockMismatch(tx, id);
    const stage = nextStage('mismatch', bkb, 'validate', actor);
    const signature = await signatureFor(tx, userId, input.signatureUrl);

    const rows = await tx
      .select()
      .from(mismatchPositions)
      .where(eq(mismatchPositions.mismatch_id, id))
      .orderBy(asc(mismatchPositions.id));
    const plans = new Map<string, Plan>(
      rows.map((r) => [
        r.position,
        {
          rowId: r.id,
          position: r.position as Position,
          action: 'normal',
          tire: r.origin_tire_id ? { id: r.origin_tire_id, serial: r.origin_serial, status: '' } : null,
        },
      ]),
    );
    const originSerial = new Map(rows.map((r) => [r.position, r.origin_serial]));
    const fields: FieldIssue[] = [];
    const fieldOf = new Map<string, string>();

    for (const [i, p] of input.positions.entries()) {
      const plan = plans.get(p.position);
      if (!plan) {
        fields.push({
          field: `positions.${i}.position`,
          message: `Posisi ${p.position} tidak ada pada BKB ini`,
        });
        continue;
      }
      const field = `positions.${i}.${p.tire_id != null ? 'tire_id' : 'serial_number'}`;
      fieldOf.set(p.position, field);
      if (p.action === 'delete') {
        plan.action = 'delete';
        plan.tire = null;
        continue;
      }
      if (p.tire_id == null && !p.serial_number) {
        if (p.action === 'update') {
          fields.push({ field, message: `Pilih nomor seri ban untuk posisi ${p.position}` });
        }
        continue;
      }
      const origin = (originSerial.get(p.position) ?? '').toLowerCase();
      if (p.tire_id == null && origin && p.serial_number!.toLowerCase() === origin) continue; // same serial: normal
      const tire = await findTire(tx, { id: p.tire_id, serial: p.serial_number });
      if (!tire) {
        fields.push({
          field,
          message:
            p.tire_id != null
              ? 'Ban tidak ditemukan'
              : `Ban dengan nomor seri ${p.serial_number} tidak ditemukan`,
        });
        continue;
      }
      if (origin && tire.serial.toLowerCase() === origin) continue;
      plan.action = 'update';
      plan.tire = tire;
    }

    const updates = [...plans.values()].filter((p) => p.action === 'update');
    const vacated = new Set<string>(
      [...plans.values()].filter((p) => p.action !== 'normal').map((p) => p.position),
    );
    const chosenBy = new Map<number, string>();
    for (const p of updates) {
      const tire = p.tire!;
      const field = fieldOf.get(p.position) ?? 'positions';
      if (chosenBy.has(tire.id)) {
        fields.push({
          field,
          message: `Ban ${tire.serial} sudah dipilih untuk posisi ${chosenBy.get(tire.id)}`,
        });
      }
      chosenBy.set(tire.id, p.position);
      if (tire.status === 'SCRAP') fields.push({ field, message: `Ban ${tire.serial} berstatus SCRAP` });
    }
    // a chosen tire mounted elsewhere may only come from a position of this unit that this BKB vacates
    const mountedNow = chosenBy.size
      ? await tx
          .select({
            tire_id: activeUnitTires.tire_id,
            unit_id: activeUnitTires.unit_id,
            position: activeUnitTires.position,
            plate: units.plate_number,
          })
          .from(activeUnitTires)
          .innerJoin(units, eq(units.id, activeUnitTires.unit_id))
          .where(
            and(
              eq(activeUnitTires.status, 'INSTALLED'),
              inArray(activeUnitTires.tire_id, [...chosenBy.keys()]),
            ),
          )
      : [];
    for (const m of mountedNow) {
      const target = chosenBy.get(m.tire_id!)!;
      if (m.unit_id === bkb.unit_id && (m.position === target || vacated.has(m.position))) continue;
      const tire = updates.find((u) => u.tire!.id === m.tire_id)!.tire!;
      fields.push({
        field: fieldOf.get(target) ?? 'positions',
        message: `Ban ${tire.serial} masih terpasang di unit ${m.plate} posisi ${m.position}`,
      });
    }
    if (fields.length) throw badRequest('Data validasi BKB tidak valid', fields);

    // what the BKB's positions hold before and after, for the audit line
    const mountedAt = async () =>
      Object.fromEntries(
        (
          await tx
            .select({ position: activeUnitTires.position, tire_id: activeUnitTires.tire_id })
            .from(activeUnitTires)
            .where(
              and(
                eq(activeUnitTires.unit_id, bkb.unit_id),
                eq(activeUnitTires.status, 'INSTALLED'),
                inArray(activeUnitTires.position, [...plans.keys()]),
              ),
            )
        ).map((r) => [r.position, r.tire_id]),
      );
    const mountedBefore = plans.size ? await mountedAt() : {};

    // apply, one position after the other
    const source: MoveSource = { userId, sourceType: 'mismatch', sourceId: id };
    const odometer = await unitOdometer(tx, bkb.unit_id);
    const positionOrder = (p: string) => POSITIONS.indexOf(p as Position);
    const ordered = [...plans.values()].sort((a, b) => positionOrder(a.position) - positionOrder(b.position));
    for (const plan of ordered) {
      if (plan.action === 'delete') {
        await unmountPosition(tx, { unitId: bkb.unit_id, position: plan.position, odometer, source });
      } else if (plan.action === 'update') {
        // a tire moved between two positions of this BKB (a swap) leaves its old position first
        const [from] = await tx
          .select({ position: activeUnitTires.position })
          .from(activeUnitTires)
          .where(
            and(
              eq(activeUnitTires.tire_id, plan.tire!.id),
              eq(activeUnitTires.unit_id, bkb.unit_id),
              eq(activeUnitTires.status, 'INSTALLED'),
            ),
          );
        if (from && from.position !== plan.position) {
          await unmountPosition(tx, { unitId: bkb.unit_id, position: from.position, odometer, source });
        }
        await mountTire(tx, {
          unitId: bkb.unit_id,
          position: plan.position,
          tireId: plan.tire!.id,
          odometer: odometer ?? 0,
          source,
        });
      }
      await tx
        .update(mismatchPositions)
        .set({ action: plan.action, new_tire_id: plan.tire?.id ?? null })
        .where(eq(mismatchPositions.id, plan.rowId));
    }

    const result = ordered.map((p) => ({
      position: p.position,
      action: p.action,
      tireId: p.tire?.id ?? null,
    }));
    const mountedAfter = plans.size ? await mountedAt() : {};
    await executeTogether(tx, [
      tx
        .update(mismatches)
        .set({
          stage,
          status: 'approved',
          signature_url: signature,
          itms_id: userId,
          validated_at: new Date(),
        })
        .where(eq(mismatches.id, id)),
      auditInsert(tx, {
        userId,
        action: 'validate',
        entity: 'mismatch',
        entityId: id,
        detail: {
          positions: result,
          before: { status: bkb.status, signature_url: bkb.signature_url, mounted: mountedBefore },
          after: { status: 'approved', signature_url: signature, mounted: mountedAfter },
        },
      }),
      // tire life and wear statistics of the tires it moved (issue 11): the ledger is written above
      tireWearQueueInsert({ sourceType: 'mismatch', sourceId: id }),
    ]);
    const validated: TMismatchValidateReply = { message: MISMATCH_VALIDATED_MESSAGE, id, positions: result };
    return [validated, bkb.tireman_id] as const;
  });
  emit?.({ kind: 'mismatch', id, step: 'validate', tiremanId });
  return reply;
}

/** PATCH /mismatch/signature/{id}: the spec's last step alone; signs and approves, tires untouched. */
export async function signMismatch(
  db: Db,
  actor: LifecycleActor,
  id: number,
  body: { signatureUrl?: string; itms_id?: number },
  emit?: EmitDocumentEvent,
): Promise<{ message: string }> {
  const userId = actor.id;
  if (body.itms_id != null && body.itms_id !== userId) {
    throw badRequest('Validator harus pengguna yang sedang login', [
      { field: 'itms_id', message: 'Validator harus pengguna yang sedang login' },
    ]);
  }
  const tiremanId = await db.transaction(async (tx) => {
    const bkb = await lockMismatch(tx, id);
    const stage = nextStage('mismatch', bkb, 'validate', actor);
    const signature = await signatureFor(tx, userId, body.signatureUrl);
    await tx
      .update(mismatches)
      .set({ stage, status: 'approved', signature_url: signature, itms_id: userId, validated_at: new Date() })
      .where(eq(mismatches.id, id));
    await audit(tx, {
      userId,
      action: 'sign',
      entity: 'mismatch',
      entityId: id,
      detail: { signatureUrl: signature },
    });
    return bkb.tireman_id;
  });
  emit?.({ kind: 'mismatch', id, step: 'validate', tiremanId });
  return { message: MISMATCH_SIGNED_MESSAGE };
}

/** Kembalikan: an approved BKB goes back to the validation list. Tires stay as the validation left them. */
export async function reopenMismatch(
  db: Db,
  actor: LifecycleActor,
  id: number,
): Promise<{ message: string }> {
  const userId = actor.id;
  return db.transaction(async (tx) => {
    const bkb = await lockMismatch(tx, id);
    const stage = nextStage('mismatch', bkb, 'reopen', actor);
    const previous = await tx
      .select({
        position: mismatchPositions.position,
        action: mismatchPositions.action,
        new_tire_id: mismatchPositions.new_tire_id,
      })
      .from(mismatchPositions)
      .where(eq(mismatchPositions.mismatch_id, id));
    await tx
      .update(mismatches)
      .set({ stage, status: 'pending', signature_url: UNSIGNED, itms_id: null, validated_at: null })
      .where(eq(mismatches.id, id));
    await tx
      .update(mismatchPositions)
      .set({ action: null, new_tire_id: null })
      .where(eq(mismatchPositions.mismatch_id, id));
    await audit(tx, {
      userId,
      action: 'reopen',
      entity: 'mismatch',
      entityId: id,
      detail: {
        signatureUrl: bkb.signature_url,
        itmsId: bkb.itms_id,
        validatedAt: bkb.validated_at,
        positions: previous,
      },
    });
    return { message: MISMATCH_REOPENED_MESSAGE };
  });
}

/**
 * Hapus (Rekam BKB): removes the record with its positions; tires are not touched. Its tire man's
 * history keeps a tombstone.
 */
export async function deleteMismatch(
  db: Db,
  actor: LifecycleActor,
  id: number,
  emit?: EmitDocumentEvent,
): Promise<{ message: string }> {
  const userId = actor.id;
  const tiremanId = await db.transaction(async (tx) => {
    const bkb = await lockMismatch(tx, id);
    assertStep('mismatch', bkb, 'delete', actor);
    const positions = await tx.select().from(mismatchPositions).where(eq(mismatchPositions.mismatch_id, id));
    await tx.delete(mismatches).where(eq(mismatches.id, id));
    await recordDeletion(tx, 'mismatch', bkb, userId, { ...bkb, positions });
    return bkb.tireman_id;
  });
  emit?.({ kind: 'mismatch', id, step: 'delete', tiremanId });
  return { message: MISMATCH_DELETED_MESSAGE };
}
