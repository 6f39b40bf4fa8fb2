import type { TSessionUser } from '@itms/contracts/auth';
import { UNSIGNED } from '@itms/contracts/enums';
import { lowestGroove, withLowestGroove } from '@itms/contracts/rules/grooves';
import { hasPosition } from '@itms/contracts/rules/vehicle-diagram';
import {
  REPLACEMENT_MESSAGES,
  type TReplacementResubmitBody,
  type TReplacementSubmitBody,
  type TReplaceRecordFieldsBody,
  type TReplaceRecordInput,
} from '@itms/contracts/tire-replacements';
import { MEASUREMENT_FIELDS, TUBE_FLAP_VELG_FIELDS } from '@itms/contracts/tires';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { type Db, type DbOrTx, executeTogether, type Tx } from '../../db/client';
import { tireWearQueueInsert } from '../../db/read-models/tire-wear/wear';
import {
  activeUnitTires,
  locations,
  projects,
  tireReplacements,
  tireReplaceRecords,
  tires,
  units,
} from '../../db/schema';
import { audit, auditInsert } from '../../lib/audit';
import { changedFields, definedOnly } from '../../lib/changes';
import type { EmitDocumentEvent } from '../../lib/document-events';
import { badRequest, conflict, type FieldIssue, invalidFields, notFound } from '../../lib/errors';
import { assertStep, nextStage } from '../../lib/lifecycle';
import { unitPerformedAt } from '../../lib/performed-at';
import { writeResubmit, writeReturn } from '../../lib/submission-returns';
import { assertOwnUploads, type CitedPath, foreignUploadIssues } from '../../lib/uploads';
import { recordDeletion } from '../field/field-status';
import {
  type MoveSource,
  mountOf,
  mountTire,
  recordTireEvent,
  unitWheels,
  unmountPosition,
} from '../fleet/mounting';
import { linkCallWork } from '../storing/storing.service';
import { replacementWarningsOf } from './replacement-warnings';

type TireRow = typeof tires.$inferSelect;
type RecordRow = typeof tireReplaceRecords.$inferSelect;
type RecordStatus = 'replace' | 'remove' | 'check';

const signed = (s: string | undefined | null) => {
  const v = s?.trim();
  return v && v !== UNSIGNED ? v : null;
};

interface Plan {
  field: string;
  position: string;
  status: RecordStatus;
  tire: Pick<TireRow, 'id' | 'serial_number'>;
}

/**
 * Where the tires of a replacement may come from. A tire mounted on another unit is refused; on
 * this unit it may stay at its own position, or move (rotation) when a replace names it and its
 * old position is emptied by the same replacement. A tire is put on at most one position.
 */
async function mountIssues(tx: DbOrTx, unitId: number, plans: Plan[]): Promise<FieldIssue[]> {
  const ids = [...new Set(plans.map((p) => p.tire.id))];
  const mounts = ids.length
    ? await tx
        .select({
          tire_id: activeUnitTires.tire_id,
          unit_id: activeUnitTires.unit_id,
          position: activeUnitTires.position,
        })
        .from(activeUnitTires)
        .where(and(inArray(activeUnitTires.tire_id, ids), eq(activeUnitTires.status, 'INSTALLED')))
    : [];
  const vacated = new Set(plans.filter((p) => p.status !== 'check').map((p) => p.position));
  const used = new Map<string, Plan>();
  const issues: FieldIssue[] = [];
  for (const p of plans) {
    const serial = p.tire.serial_number;
    const key = `${p.tire.id}:${p.status === 'remove' ? 'off' : 'on'}`;
    const other = used.get(key);
    if (other) {
      issues.push({ field: p.field, message: `Ban ${serial} sudah dipakai di posisi ${other.position}` });
      continue;
    }
    used.set(key, p);
    const m = mounts.find((x) => x.tire_id === p.tire.id);
    if (!m) continue;
    if (m.unit_id !== unitId) {
      issues.push({ field: p.field, message: `Ban ${serial} masih terpasang di unit lain` });
    } else if (m.position !== p.position && !(p.status === 'replace' && vacated.has(m.position))) {
      issues.push({
        field: p.field,
        message: `Ban ${serial} masih terpasang di posisi ${m.position} unit ini`,
      });
    }
  }
  return issues;
}

/** Finds the tire of each record by id or by serial number (exact, else the one case-insensitive match). */
async function resolveTires(
  tx: DbOrTx,
  records: TReplaceRecordInput[],
  issues: FieldIssue[],
): Promise<(TireRow | undefined)[]> {
  const ids = records.flatMap((r) => (r.tire_id != null ? [r.tire_id] : []));
  const serials = records.flatMap((r) =>
    r.tire_id == null && r.serial_number ? [r.serial_number.toLowerCase()] : [],
  );
  const [byId, bySerial] = await Promise.all([
    ids.length ? tx.select().from(tires).where(inArray(tires.id, ids)) : [],
    serials.length
      ? tx
          .select()
          .from(tires)
          .where(inArray(sql`lower(${tires.serial_number})`, serials))
      : [],
  ]);
  return records.map((r, i) => {
    if (r.tire_id != null) {
      const tire = byId.find((t) => t.id === r.tire_id);
      if (!tire) {
        issues.push({ field: `records.${i}.tire_id`, message: 'Ban tidak ditemukan' });
      } else if (r.serial_number && r.serial_number.toLowerCase() !== tire.serial_number.toLowerCase()) {
        issues.push({
          field: `records.${i}.serial_number`,
          message: `Nomor seri ${r.serial_number} tidak sesuai dengan ban yang dipilih (${tire.serial_number})`,
        });
      }
      return tire;
    }
    const serial = r.serial_number!;
    const tire =
      bySerial.find((t) => t.serial_number === serial) ??
      (() => {
        const matches = bySerial.filter((t) => t.serial_number.toLowerCase() === serial.toLowerCase());
        return matches.length === 1 ? matches[0] : undefined;
      })();
    if (!tire) {
      issues.push({
        field: `records.${i}.serial_number`,
        message: `Ban dengan nomor seri ${serial} tidak ditemukan`,
      });
    }
    return tire;
  });
}

/** The record's copy of the tire: the tire as it is, with what the tire man reported over it. */
function recordValues(replacementId: number, odometer: number, tire: TireRow, input: TReplaceRecordInput) {
  const { id, status: _tireStatus, created_at: _c, updated_at: _u, ...fields } = tire;
  const { position, status, tire_id: _t, serial_number: _s, ...reported } = input;
  const overrides = withLowestGroove(definedOnly(reported), fields);
  return {
    ...fields,
    odometer,
    ...overrides,
    position,
    status,
    serial_number: tire.serial_number,
    tire_id: id,
    tire_replacement_id: replacementId,
  };
}

/** The photo fields a replace record may carry. */
const RECORD_PHOTOS = ['serial_number_img', 'tube_url', 'flap_url', 'inner_tube_url'] as const;

/** Every photo and signature path a replacement body cites, with its field name. */
function citedPaths(body: Partial<TReplacementSubmitBody>): CitedPath[] {
  return [
    ...(['plate_number_url', 'odometer_url', 'tireman_sign', 'pic_sign', 'itms_sign'] as const).map(
      (field) => ({
        field,
        path: body[field],
      }),
    ),
    ...(body.records ?? []).flatMap((r, i) =>
      RECORD_PHOTOS.map((f) => ({ field: `records.${i}.${f}`, path: r[f] })),
    ),
  ];
}

/**
 * The records' issues on a unit (tire found, position on the unit's diagram, tire free to go
 * there), pushed onto `issues`; returns the tire of each record.
 */
async function recordIssues(
  tx: Tx,
  unit: { id: number; unit_type: string },
  records: TReplaceRecordInput[],
  issues: FieldIssue[],
): Promise<(TireRow | undefined)[]> {
  const found = await resolveTires(tx, records, issues);
  records.forEach((r, i) => {
    if (!hasPosition(unit.unit_type, r.position)) {
      issues.push({
        field: `records.${i}.position`,
        message: `Posisi ${r.position} tidak ada pada unit ${unit.unit_type}`,
      });
    }
  });
  const plans = records.flatMap((r, i) => {
    const tire = found[i];
    return tire
      ? [{ field: `records.${i}.serial_number`, position: r.position, status: r.status, tire } satisfies Plan]
      : [];
  });
  issues.push(...(await mountIssues(tx, unit.id, plans)));
  return found;
}

/** POST /tire-replacement: a tire man's replacement; refused whole with field messages when anything is off. */
export async function submitReplacement(
  db: Db,
  user: TSessionUser,
  body: TReplacementSubmitBody,
  maxAgeDays: number,
): Promise<number> {
  return db.transaction(async (tx) => {
    const performedAt = await unitPerformedAt(tx, body.performed_at, body.unit_id, maxAgeDays);
    const issues: FieldIssue[] = [];
    const [[unit], [location], [project]] = await Promise.all([
      tx
        .select({ id: units.id, unit_type: units.unit_type, project_id: units.project_id })
        .from(units)
        .where(eq(units.id, body.unit_id)),
      tx.select({ id: locations.id }).from(locations).where(eq(locations.id, body.location_id)),
      body.project_id
        ? tx.select({ id: projects.id }).from(projects).where(eq(projects.id, body.project_id))
        : Promise.resolve([{ id: 0 }]),
    ]);
    if (!unit) issues.push({ field: 'unit_id', message: 'Unit tidak ditemukan' });
    if (!location) issues.push({ field: 'location_id', message: 'Lokasi tidak ditemukan' });
    if (!project) issues.push({ field: 'project_id', message: 'Project tidak ditemukan' });
    const found = unit
      ? await recordIssues(tx, unit, body.records, issues)
      : await resolveTires(tx, body.records, issues);
    issues.push(...(await foreignUploadIssues(tx, user.id, citedPaths(body))));
    if (issues.length) throw invalidFields(issues);
    const warnings = await replacementWarningsOf(tx, body.records, found);

    const [created] = await tx
      .insert(tireReplacements)
      .values({
        unit_id: unit!.id,
        tireman_id: user.id,
        location_id: body.location_id,
        project_id: body.project_id ?? unit!.project_id,
        odometer: body.odometer,
        spk: body.spk,
        plate_number_url: body.plate_number_url,
        odometer_url: body.odometer_url,
        tireman_sign: body.tireman_sign,
        pic_sign: body.pic_sign ?? UNSIGNED,
        pic_absent_reason: body.pic_absent_reason ?? null,
        itms_sign: body.itms_sign ?? UNSIGNED,
        field_warnings: warnings,
        ...(performedAt ? { performed_at: performedAt } : {}),
      })
      .returning({ id: tireReplacements.id });
    const id = created!.id;
    await tx
      .insert(tireReplaceRecords)
      .values(body.records.map((r, i) => recordValues(id, body.odometer, found[i]!, r)));
    await audit(tx, {
      userId: user.id,
      action: 'create',
      entity: 'tire-replacement',
      entityId: id,
      detail: {
        unit_id: unit!.id,
        records: body.records.map((r) => ({ position: r.position, status: r.status })),
        ...(performedAt ? { performed_at: performedAt.toISOString() } : {}),
      },
    });
    if (body.storing_call_id !== undefined) {
      await linkCallWork(tx, body.storing_call_id, {
        unitId: unit!.id,
        tiremanId: user.id,
        replacement_id: id,
      });
    }
    return id;
  });
}

async function lockReplacement(tx: Tx, id: number) {
  const [rep] = await tx.select().from(tireReplacements).where(eq(tireReplacements.id, id)).for('update');
  if (!rep) throw notFound('Pergantian');
  return rep;
}

/** What a record puts onto its tire at validation: the measurements, and for a replace the tube/flap/rim. */
function carried(r: RecordRow, odometer: number, withEquipment: boolean) {
  const out: Record<string, unknown> = { odometer, groove_lowest: r.groove_lowest ?? lowestGroove(r) };
  for (const f of MEASUREMENT_FIELDS) out[f] = r[f];
  if (withEquipment) for (const f of TUBE_FLAP_VELG_FIELDS) out[f] = r[f];
  return out as Partial<TireRow>;
}

/**
 * The one transactional validation (spec section 4, On replacement submit): removes, then replaces,
 * then checks; ledger and audit; EDP signature and approved. All or nothing; a second, concurrent
 * validation waits for the row lock and then gets 409.
 */
export async function validateReplacement(
  db: Db,
  user: TSessionUser,
  id: number,
  body: { edp_sign?: string },
  emit?: EmitDocumentEvent,
): Promise<void> {
  const sign = signed(body.edp_sign) ?? signed(user.signature);
  if (!sign) {
    throw badRequest(REPLACEMENT_MESSAGES.signFirst, [
      { field: 'edp_sign', message: REPLACEMENT_MESSAGES.signFirst },
    ]);
  }
  const tiremanId = await db.transaction(async (tx) => {
    const rep = await lockReplacement(tx, id);
    const stage = nextStage('tire-replacement', rep, 'validate', user);
    // the validator's own drawing or stored signature (the workshop signs in its own screen)
    await assertOwnUploads(tx, user.id, [{ field: 'edp_sign', path: sign }]);
    const records = await tx
      .select()
      .from(tireReplaceRecords)
      .where(eq(tireReplaceRecords.tire_replacement_id, id))
      .orderBy(asc(tireReplaceRecords.id));
    if (records.length === 0)
      throw conflict('Pergantian ini tidak memiliki data ban', 'REPLACEMENT_WITHOUT_RECORDS');
    const source: MoveSource = { userId: user.id, sourceType: 'tire-replacement', sourceId: id };
    const { unit_id: unitId, odometer } = rep;
    const gone = (r: RecordRow) =>
      conflict(
        `Ban untuk posisi ${r.position} (${r.serial_number}) sudah tidak ada`,
        'REPLACEMENT_TIRE_GONE',
      );

    const wheelsBefore = await unitWheels(tx, unitId);

    // 1. remove: the position is emptied and the reported tire goes to stock
    for (const r of records.filter((x) => x.status === 'remove')) {
      const off = await unmountPosition(tx, { unitId, position: r.position, odometer, source });
      if (r.tire_id == null || r.tire_id === off) continue;
      const m = await mountOf(tx, r.tire_id);
      if (m) {
        throw conflict(
          `Ban ${r.serial_number} masih terpasang di ${m.unit_id === unitId ? 'unit ini' : 'unit lain'} (posisi ${m.position})`,
          'TIRE_MOUNTED_ELSEWHERE',
        );
      }
      const [t] = await tx
        .select({ status: tires.status })
        .from(tires)
        .where(eq(tires.id, r.tire_id))
        .for('update');
      if (t?.status === 'INSTALLED') {
        await tx.update(tires).set({ status: 'UNINSTALLED', position: '' }).where(eq(tires.id, r.tire_id));
        await recordTireEvent(tx, {
          tireId: r.tire_id,
          kind: 'removed',
          source,
          unitId,
          position: r.position,
          odometer,
          fromStatus: 'INSTALLED',
          toStatus: 'UNINSTALLED',
        });
      }
    }

    // 2. replace: every replaced position is emptied first (so tires can rotate), then the new tires go on
    const replaces = records.filter((x) => x.status === 'replace');
    for (const r of replaces) await unmountPosition(tx, { unitId, position: r.position, odometer, source });
    for (const r of replaces) {
      if (r.tire_id == null) throw gone(r);
      await mountTire(tx, { unitId, position: r.position, tireId: r.tire_id, odometer, source });
      await tx
        .update(tires)
        .set(carried(r, odometer, true))
        .where(eq(tires.id, r.tire_id));
    }

    // 3. check: the tire stays (or is recorded) at its position with the measured values
    for (const r of records.filter((x) => x.status === 'check')) {
      if (r.tire_id == null) throw gone(r);
      const m = await mountOf(tx, r.tire_id);
      if (m && (m.unit_id !== unitId || m.position !== r.position)) {
        throw conflict(
          `Ban ${r.serial_number} tidak lagi terpasang di posisi ${r.position} unit ini`,
          'TIRE_MOUNTED_ELSEWHERE',
        );
      }
      const [t] = await tx
        .select({ status: tires.status })
        .from(tires)
        .where(eq(tires.id, r.tire_id))
        .for('update');
      if (!t) throw gone(r);
      if (!m) await mountTire(tx, { unitId, position: r.position, tireId: r.tire_id, odometer, source });
      await tx
        .update(tires)
        .set({ ...carried(r, odometer, false), status: 'INSTALLED', position: r.position })
        .where(eq(tires.id, r.tire_id));
      await recordTireEvent(tx, {
        tireId: r.tire_id,
        kind: 'checked',
        source,
        unitId,
        position: r.position,
        odometer,
        fromStatus: t.status,
        toStatus: 'INSTALLED',
      });
    }

    const wheelsAfter = await unitWheels(tx, unitId);
    await executeTogether(tx, [
      tx
        .update(tireReplacements)
        .set({
          stage,
          edp_sign: sign,
          status: 'approved',
          validated_by: user.id,
          validated_at: new Date(),
        })
        .where(eq(tireReplacements.id, id)),
      auditInsert(tx, {
        userId: user.id,
        action: 'validate',
        entity: 'tire-replacement',
        entityId: id,
        detail: {
          records: records.map((r) => ({ position: r.position, status: r.status, tire_id: r.tire_id })),
          // the unit's wheels (tire id per position) before and after the validation
          before: { status: rep.status, wheels: wheelsBefore },
          after: { status: 'approved', wheels: wheelsAfter },
        },
      }),
      // the ledger this validation wrote is already in place (earlier statements)
      tireWearQueueInsert({ sourceType: 'tire-replacement', sourceId: id }),
    ]);
    return rep.tireman_id;
  });
  emit?.({ kind: 'tire-replacement', id, step: 'validate', tiremanId });
}

/**
 * The Return, with the office's reason: PIC and ITMS signatures back to '-' (the redo collects them
 * again), the replacement goes back to the tire man's list and his phone hears of it.
 */
export async function returnReplacement(
  db: Db,
  user: TSessionUser,
  id: number,
  reason: string,
  emit?: EmitDocumentEvent,
): Promise<void> {
  const tiremanId = await db.transaction(async (tx) => {
    const rep = await lockReplacement(tx, id);
    await writeReturn(tx, 'tire-replacement', rep, user, reason);
    return rep.tireman_id;
  });
  emit?.({ kind: 'tire-replacement', id, step: 'return', tiremanId, reason });
}

/**
 * PUT /tire-replacement/{id}/resubmit: the tire man sends his returned replacement again; new
 * records (if any) replace the old ones, signatures collected again, the redo's time. Refused
 * whole with field messages like a submission; 409 when it is not returned.
 */
export async function resubmitReplacement(
  db: Db,
  user: TSessionUser,
  id: number,
  body: TReplacementResubmitBody | undefined,
  maxAgeDays: number,
  emit?: EmitDocumentEvent,
): Promise<void> {
  const tiremanId = await db.transaction(async (tx) => {
    const rep = await lockReplacement(tx, id);
    const stage = nextStage('tire-replacement', rep, 'resubmit', user);
    const performedAt = await unitPerformedAt(tx, body?.performed_at, rep.unit_id, maxAgeDays);
    const issues: FieldIssue[] = [];
    const oldRecords = await tx
      .select()
      .from(tireReplaceRecords)
      .where(eq(tireReplaceRecords.tire_replacement_id, id))
      .orderBy(asc(tireReplaceRecords.id));
    let found: (TireRow | undefined)[] = [];
    if (body?.records) {
      const [unit] = await tx
        .select({ id: units.id, unit_type: units.unit_type })
        .from(units)
        .where(eq(units.id, rep.unit_id));
      found = await recordIssues(tx, unit ?? { id: rep.unit_id, unit_type: '' }, body.records, issues);
    }
    // the paths the replacement already holds may be sent again as they are
    const kept = [
      rep.plate_number_url,
      rep.odometer_url,
      rep.tireman_sign,
      ...oldRecords.flatMap((r) => RECORD_PHOTOS.map((f) => r[f])),
    ];
    issues.push(...(await foreignUploadIssues(tx, user.id, citedPaths(body ?? {}), kept)));
    if (issues.length) throw invalidFields(issues);

    // re-measured: the warnings are those of the new records
    const warnings = body?.records ? await replacementWarningsOf(tx, body.records, found) : null;
    if (body?.records) {
      await tx.delete(tireReplaceRecords).where(eq(tireReplaceRecords.tire_replacement_id, id));
      const records = body.records;
      await tx
        .insert(tireReplaceRecords)
        .values(records.map((r, i) => recordValues(id, rep.odometer, found[i]!, r)));
    }
    const signs = {
      ...(body?.tireman_sign ? { tireman_sign: body.tireman_sign } : {}),
      ...(body?.pic_sign ? { pic_sign: body.pic_sign } : {}),
      ...(body?.itms_sign ? { itms_sign: body.itms_sign } : {}),
    };
    const summary = (rs: readonly { position: string; status: string; tire_id?: number | null }[]) =>
      rs.map((r) => ({ position: r.position, status: r.status, tire_id: r.tire_id ?? null }));
    await writeResubmit(tx, 'tire-replacement', rep, user.id, {
      stage,
      signs,
      picAbsentReason: body?.pic_absent_reason,
      fieldWarnings: warnings,
      performedAt,
      audited: body?.records
        ? {
            before: { records: summary(oldRecords) },
            after: { records: summary(body.records.map((r, i) => ({ ...r, tire_id: found[i]?.id }))) },
          }
        : { before: {}, after: {} },
    });
    return rep.tireman_id;
  });
  emit?.({ kind: 'tire-replacement', id, step: 'resubmit', tiremanId });
}

/**
 * DELETE /tire-replacement/{id}: the replacement and its records (tire moves already made stay in
 * the ledger); its tire man's history keeps a tombstone.
 */
export async function deleteReplacement(
  db: Db,
  user: TSessionUser,
  id: number,
  emit?: EmitDocumentEvent,
): Promise<void> {
  const tiremanId = await db.transaction(async (tx) => {
    const rep = await lockReplacement(tx, id);
    assertStep('tire-replacement', rep, 'delete', user);
    await tx.delete(tireReplacements).where(eq(tireReplacements.id, id));
    await recordDeletion(tx, 'tire-replacement', rep, user.id, {
      unit_id: rep.unit_id,
      status: rep.status,
      created_at: rep.created_at,
    });
    return rep.tireman_id;
  });
  emit?.({ kind: 'tire-replacement', id, step: 'delete', tiremanId });
}

/**
 * Corrects the stored tire fields of a record (PUT /tire-replace-record/{id} without tire_id, and
 * PUT /history). With `replacementId` the record must belong to that replacement.
 */
export async function updateRecordFields(
  db: Db,
  user: TSessionUser,
  recordId: number,
  body: TReplaceRecordFieldsBody,
  replacementId?: number,
): Promise<{ changed: boolean }> {
  return db.transaction(async (tx) => {
    const [rec] = await tx
      .select()
      .from(tireReplaceRecords)
      .where(
        and(
          eq(tireReplaceRecords.id, recordId),
          replacementId ? eq(tireReplaceRecords.tire_replacement_id, replacementId) : undefined,
        ),
      )
      .for('update');
    if (!rec) throw notFound('Rekam pergantian');
    const changes = changedFields(rec, withLowestGroove(definedOnly(body), rec));
    if (Object.keys(changes).length === 0) return { changed: false };
    await tx.update(tireReplaceRecords).set(changes).where(eq(tireReplaceRecords.id, recordId));
    await audit(tx, {
      userId: user.id,
      action: 'update',
      entity: 'tire-replace-record',
      entityId: recordId,
      detail: {
        before: Object.fromEntries(Object.keys(changes).map((k) => [k, rec[k as keyof typeof rec]])),
        after: changes,
      },
    });
    return { changed: true };
  });
}

/** Puts another tire on a pending record (Form Rekam Pergantian); the serial number follows the tire. */
export async function swapRecordTire(
  db: Db,
  user: TSessionUser,
  recordId: number,
  tireId: number,
  serial?: string,
): Promise<{ changed: boolean }> {
  return db.transaction(async (tx) => {
    const [found] = await tx
      .select({ rep: tireReplaceRecords.tire_replacement_id })
      .from(tireReplaceRecords)
      .where(eq(tireReplaceRecords.id, recordId));
    if (!found) throw notFound('Rekam pergantian');
    // same lock order as the validation: the replacement first
    const rep = await lockReplacement(tx, found.rep);
    assertStep('tire-replacement', rep, 'edit', user);
    const records = await tx
      .select({
        id: tireReplaceRecords.id,
        tire_id: tireReplaceRecords.tire_id,
        position: tireReplaceRecords.position,
        status: tireReplaceRecords.status,
        serial_number: tireReplaceRecords.serial_number,
      })
      .from(tireReplaceRecords)
      .where(eq(tireReplaceRecords.tire_replacement_id, rep.id));
    const rec = records.find((r) => r.id === recordId)!;
    const [tire] = await tx.select().from(tires).where(eq(tires.id, tireId));
    if (!tire) throw invalidFields([{ field: 'tire_id', message: 'Ban tidak ditemukan' }]);
    if (serial && serial.toLowerCase() !== tire.serial_number.toLowerCase()) {
      throw invalidFields([
        { field: 'serial_number', message: 'Nomor seri tidak sesuai dengan ban yang dipilih' },
      ]);
    }
    if (rec.tire_id === tire.id) return { changed: false };
    const plans: Plan[] = records
      .filter((r) => r.id !== recordId && r.tire_id != null)
      .map((r) => ({
        field: `records.${r.id}`,
        position: r.position,
        status: r.status as RecordStatus,
        tire: { id: r.tire_id!, serial_number: r.serial_number },
      }));
    plans.push({ field: 'tire_id', position: rec.position, status: rec.status as RecordStatus, tire });
    const issues = (await mountIssues(tx, rep.unit_id, plans)).filter((i) => i.field === 'tire_id');
    if (issues.length) throw badRequest(issues[0]!.message, issues);
    await tx
      .update(tireReplaceRecords)
      .set({
        tire_id: tire.id,
        serial_number: tire.serial_number,
        serial_number_img: tire.serial_number_img,
        ir_brand: tire.ir_brand,
        ori_brand: tire.ori_brand,
        pattern: tire.pattern,
        size: tire.size,
        is_original: tire.is_original,
        casing_status: tire.casing_status,
      })
      .where(eq(tireReplaceRecords.id, recordId));
    await audit(tx, {
      userId: user.id,
      action: 'swap-tire',
      entity: 'tire-replace-record',
      entityId: recordId,
      detail: {
        from: { tire_id: rec.tire_id, serial_number: rec.serial_number },
        to: { tire_id: tire.id, serial_number: tire.serial_number },
      },
    });
    return { changed: true };
  });
}
