import type { TSessionUser } from '@itms/contracts/auth';
import { UNSIGNED } from '@itms/contracts/enums';
import { lowestGroove } from '@itms/contracts/rules/grooves';
import { DEFAULT_FIELD_MAX_AGE_DAYS } from '@itms/contracts/rules/performed-at';
import { diagramOf } from '@itms/contracts/rules/vehicle-diagram';
import {
  CHECK_MESSAGES,
  type TBulkValidateBody,
  type TResubmitBody,
  type TReturnBody,
  type TTireCheckCreateBody,
  type TTireCheckRecordOutput,
  type TTireMeasurement,
  type TValidateBody,
  type TValidateLine,
  ZValidateLine,
} from '@itms/contracts/tire-checks';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { type Db, executeTogether, pgArray, rowsOf, type Tx } from '../../db/client';
import { tireWearQueueInsert } from '../../db/read-models/tire-wear/wear';
import {
  activeUnitTires,
  drivers,
  locations,
  projects,
  tireCheckRecords,
  tireChecks,
  tireReadingColumns,
  tires,
  units,
  users,
} from '../../db/schema';
import { audit, auditInsert } from '../../lib/audit';
import type { EmitDocumentEvent } from '../../lib/document-events';
import { AppError, badRequest, type FieldIssue, invalidFields, notFound } from '../../lib/errors';
import { assertStep, nextStage } from '../../lib/lifecycle';
import { unitPerformedAt } from '../../lib/performed-at';
import { writeResubmit, writeReturn } from '../../lib/submission-returns';
import { assertOwnUploads, type CitedPath, foreignUploadIssues } from '../../lib/uploads';
import { unknownDefectIssues } from '../defect-codes/defect-codes.service';
import { recordDeletion } from '../field/field-status';
import { type MoveSource, recordTireEvent, tireEventsInsert } from '../fleet/mounting';
import { fieldWarningsOf } from './check-warnings';

type Actor = Pick<TSessionUser, 'id' | 'role'>;
type RecordInputs = TTireCheckRecordOutput[];

/** What a resubmission's audit line keeps of each record it replaces and writes. */
const AUDITED_RECORD_FIELDS = [
  'position',
  'serial_number',
  'groove_1',
  'groove_2',
  'groove_3',
  'groove_4',
  'pressure',
  'condition',
] as const;
const auditedRecordColumns = Object.fromEntries(
  AUDITED_RECORD_FIELDS.map((k) => [k, tireCheckRecords[k]]),
) as { [K in (typeof AUDITED_RECORD_FIELDS)[number]]: (typeof tireCheckRecords)[K] };

export interface TireChecksServiceOptions {
  /** Test seam: runs inside the validation transaction after each tire's values and ledger event were written. */
  afterTireUpdate?: (tireId: number, index: number) => Promise<void> | void;
  /** Reports each committed step (and a check's arrival) to the dispatcher of its effects. */
  emit?: EmitDocumentEvent;
  /** FIELD_MAX_AGE_DAYS: a check (or its redo) dated further back is refused. */
  fieldMaxAgeDays?: number;
}

const measurementNote = (m: TTireMeasurement) =>
  `RTD ${m.groove_1}/${m.groove_2}/${m.groove_3}/${m.groove_4} PSI ${m.pressure} KM ${m.odometer}`;

// The two UPDATEs below take one array per column: the text is the same for any number of tires.

/** The UPDATE writing measured values to their tires, not yet run. */
function updateTires(rows: readonly ({ tireId: number } & TTireMeasurement)[]): SQL {
  const col = (f: (r: (typeof rows)[number]) => number | null) => pgArray(rows.map(f));
  return sql`update tires set groove_1 = v.g1, groove_2 = v.g2, groove_3 = v.g3, groove_4 = v.g4,
      groove_lowest = v.low, pressure = v.psi, odometer = v.km, updated_at = now()
    from unnest(${col((r) => r.tireId)}::int[], ${col((r) => r.groove_1)}::real[], ${col((r) => r.groove_2)}::real[],
                ${col((r) => r.groove_3)}::real[], ${col((r) => r.groove_4)}::real[], ${col(lowestGroove)}::real[],
                ${col((r) => r.pressure)}::real[], ${col((r) => r.odometer)}::int[]) as v(id, g1, g2, g3, g4, low, psi, km)
   where tires.id = v.id`;
}

/** The UPDATE writing validated values to a check's records (and linking their tires), not yet run. */
function updateRecords(
  rows: readonly { record: { id: number }; tireId: number | null; line: TTireMeasurement }[],
): SQL {
  const col = (f: (r: (typeof rows)[number]) => number | null) => pgArray(rows.map(f));
  return sql`update tire_check_records set groove_1 = v.g1, groove_2 = v.g2, groove_3 = v.g3, groove_4 = v.g4,
      pressure = v.psi, tire_id = coalesce(tire_check_records.tire_id, v.tire_id), updated_at = now()
    from unnest(${col((r) => r.record.id)}::int[], ${col((r) => r.line.groove_1)}::real[],
                ${col((r) => r.line.groove_2)}::real[], ${col((r) => r.line.groove_3)}::real[],
                ${col((r) => r.line.groove_4)}::real[], ${col((r) => r.line.pressure)}::real[],
                ${col((r) => r.tireId)}::int[]) as v(id, g1, g2, g3, g4, psi, tire_id)
   where tire_check_records.id = v.id`;
}

export function createTireChecksService(db: Db, opts: TireChecksServiceOptions = {}) {
  const maxAgeDays = opts.fieldMaxAgeDays ?? DEFAULT_FIELD_MAX_AGE_DAYS;
  /** Locks a check row for the rest of the transaction; 404 when it does not exist (or was deleted). */
  async function lockCheck(tx: Tx, checkId: number) {
    const [check] = await tx.select().from(tireChecks).where(eq(tireChecks.id, checkId)).for('update');
    if (!check) throw notFound('Pengecekan');
    return check;
  }

  /**
   * The tires a check may write to: those its records name and those mounted on its unit now. A
   * validation line or a per-tire measurement citing the check touches no other tire.
   */
  async function tiresOfCheck(tx: Tx, check: { id: number; unit_id: number }): Promise<Set<number>> {
    const rows = rowsOf<{ tire_id: number }>(
      await tx.execute(sql`
        select tire_id from tire_check_records where tire_check_id = ${check.id} and tire_id is not null
        union
        select tire_id from active_unit_tires
         where unit_id = ${check.unit_id} and status = 'INSTALLED' and tire_id is not null`),
    );
    return new Set(rows.map((r) => Number(r.tire_id)));
  }

  /** The check's records, each linked to the tire with that serial number (case-insensitive). */
  async function insertRecords(tx: Tx, checkId: number, records: RecordInputs) {
    const lowered = [...new Set(records.map((r) => r.serial_number.toLowerCase()))];
    const known = await tx
      .select({
        id: tires.id,
        serial_number: tires.serial_number,
        ir_brand: tires.ir_brand,
        ori_brand: tires.ori_brand,
        pattern: tires.pattern,
        size: tires.size,
      })
      .from(tires)
      .where(inArray(sql`lower(${tires.serial_number})`, lowered));
    const bySerial = new Map<string, (typeof known)[number]>();
    for (const t of known) {
      const key = t.serial_number.toLowerCase();
      // an exact spelling wins over a case variant
      if (!bySerial.has(key) || records.some((r) => r.serial_number === t.serial_number))
        bySerial.set(key, t);
    }
    await tx.insert(tireCheckRecords).values(
      records.map((r) => {
        const tire = bySerial.get(r.serial_number.toLowerCase());
        return {
          tire_check_id: checkId,
          tire_id: tire?.id ?? null,
          position: r.position,
          serial_number: r.serial_number,
          serial_number_url: r.serial_number_url,
          ir_brand: tire?.ir_brand ?? '',
          ori_brand: tire?.ori_brand ?? '',
          pattern: tire?.pattern ?? '',
          size: tire?.size ?? '',
          groove_1: r.groove_1,
          groove_2: r.groove_2,
          groove_3: r.groove_3,
          groove_4: r.groove_4,
          pressure: r.pressure,
          condition: r.condition,
          rotation: r.rotation,
          temperature: r.temperature ?? null,
          information: r.information,
        };
      }),
    );
  }

  async function findOrCreateDriver(tx: Tx, name: string, phone: string): Promise<number | null> {
    if (!name) return null;
    const [found] = await tx
      .select({ id: drivers.id })
      .from(drivers)
      .where(and(eq(drivers.name, name), eq(drivers.phone, phone)))
      .limit(1);
    if (found) return found.id;
    const [made] = await tx.insert(drivers).values({ name, phone }).returning({ id: drivers.id });
    return made!.id;
  }

  /** Records whose position is not on the unit's diagram (unit type), as field issues. */
  /** Positions the unit does not have, and condition codes outside the defect catalogue. */
  async function recordIssues(tx: Tx, unitType: string, records: RecordInputs): Promise<FieldIssue[]> {
    const positions = new Set<string>(diagramOf(unitType).positions);
    return [
      ...records.flatMap((r, i) =>
        positions.has(r.position)
          ? []
          : [
              {
                field: `records.${i}.position`,
                message: `Posisi ${r.position} tidak ada pada unit ${unitType}`,
              },
            ],
      ),
      ...(await unknownDefectIssues(
        tx,
        records.map((r, i) => ({ field: `records.${i}.condition`, condition: r.condition })),
      )),
    ];
  }

  /** Every photo and signature path a check body cites, with its field name. */
  function citedPaths(body: Partial<TTireCheckCreateBody>): CitedPath[] {
    return [
      ...(
        ['plate_number_url', 'odometer_url', 'tireman_sign', 'driver_sign', 'pic_sign', 'itms_sign'] as const
      ).map((field) => ({ field, path: body[field] })),
      ...(body.records ?? []).map((r, i) => ({
        field: `records.${i}.serial_number_url`,
        path: r.serial_number_url,
      })),
    ];
  }

  /** POST /tire-check: a tire man's check; refused as a whole when anything is wrong. */
  async function create(actor: Actor, body: TTireCheckCreateBody): Promise<number> {
    const checkId = await db.transaction(async (tx) => {
      const performedAt = await unitPerformedAt(tx, body.performed_at, body.unit_id, maxAgeDays);
      const [unit] = await tx
        .select({ id: units.id, plate_number: units.plate_number, unit_type: units.unit_type })
        .from(units)
        .where(eq(units.id, body.unit_id));
      const [location] = await tx
        .select({ id: locations.id })
        .from(locations)
        .where(eq(locations.id, body.location_id));
      const project =
        body.project_id === undefined
          ? null
          : (await tx.select({ id: projects.id }).from(projects).where(eq(projects.id, body.project_id)))[0];
      const fields: FieldIssue[] = [];
      if (!unit) fields.push({ field: 'unit_id', message: 'Unit tidak ditemukan' });
      if (!location) fields.push({ field: 'location_id', message: 'Lokasi tidak ditemukan' });
      if (project === undefined) fields.push({ field: 'project_id', message: 'Project tidak ditemukan' });
      if (unit) fields.push(...(await recordIssues(tx, unit.unit_type, body.records)));
      fields.push(...(await foreignUploadIssues(tx, actor.id, citedPaths(body))));
      if (fields.length || !unit) throw invalidFields(fields);
      const driverName = (body.driver?.name || body.driver_name || '').trim();
      const driverPhone = (body.driver?.phone || body.driver_phone || '').trim();
      const driverId = await findOrCreateDriver(tx, driverName, driverPhone);
      const warnings = await fieldWarningsOf(tx, {
        unit_id: unit.id,
        odometer: body.odometer,
        performed_at: performedAt ?? null,
        records: body.records,
      });
      const [check] = await tx
        .insert(tireChecks)
        .values({
          unit_id: unit.id,
          plate_number: unit.plate_number,
          tireman_id: actor.id,
          location_id: body.location_id,
          project_id: body.project_id ?? null,
          driver_id: driverId,
          odometer: body.odometer,
          equipment: body.equipment,
          tireman_sign: body.tireman_sign,
          driver_sign: body.driver_sign,
          pic_sign: body.pic_sign,
          pic_name: body.pic_name || UNSIGNED,
          pic_absent_reason: body.pic_absent_reason ?? null,
          itms_sign: body.itms_sign,
          plate_number_url: body.plate_number_url,
          odometer_url: body.odometer_url,
          status: 'pending',
          field_warnings: warnings,
          ...(performedAt ? { performed_at: performedAt } : {}),
        })
        .returning({ id: tireChecks.id });
      await insertRecords(tx, check!.id, body.records);
      await audit(tx, {
        userId: actor.id,
        action: 'create',
        entity: 'tire-check',
        entityId: check!.id,
        detail: {
          unit_id: unit.id,
          records: body.records.length,
          ...(performedAt ? { performed_at: performedAt.toISOString() } : {}),
        },
      });
      return check!.id;
    });
    opts.emit?.({ kind: 'tire-check', id: checkId, step: 'send', tiremanId: actor.id });
    return checkId;
  }

  /** PATCH /tire-check/picSign/{id}: the PIC signs on site (tire man's own check) or at the office. */
  async function signPic(actor: Actor, checkId: number, body: { pic_sign: string; pic_name: string }) {
    await db.transaction(async (tx) => {
      const check = await lockCheck(tx, checkId);
      assertStep('tire-check', check, 'pic-sign', actor);
      // the PIC signs on the signer's own device: a file that user uploaded (or the one already there)
      await assertOwnUploads(tx, actor.id, [{ field: 'pic_sign', path: body.pic_sign }], [check.pic_sign]);
      await tx
        .update(tireChecks)
        // the PIC signed after all: the reason given for the PIC's absence no longer holds
        .set({ pic_sign: body.pic_sign, pic_name: body.pic_name, pic_absent_reason: null })
        .where(eq(tireChecks.id, checkId));
      await audit(tx, {
        userId: actor.id,
        action: 'pic-sign',
        entity: 'tire-check',
        entityId: checkId,
        detail: {
          before: {
            pic_sign: check.pic_sign,
            pic_name: check.pic_name,
            ...(check.pic_absent_reason ? { pic_absent_reason: check.pic_absent_reason } : {}),
          },
          after: { pic_sign: body.pic_sign, pic_name: body.pic_name },
        },
      });
    });
  }

  /**
   * PUT /tire-check/{id}: the Return, with the office's reason. PIC and ITMS signatures back to '-'
   * (the redo collects them again), back on the tire man's list; his phone hears of it.
   */
  async function returnCheck(actor: Actor, checkId: number, body: Pick<TReturnBody, 'reason'>) {
    const tiremanId = await db.transaction(async (tx) => {
      const check = await lockCheck(tx, checkId);
      await writeReturn(tx, 'tire-check', check, actor, body.reason);
      return check.tireman_id;
    });
    opts.emit?.({ kind: 'tire-check', id: checkId, step: 'return', tiremanId, reason: body.reason });
  }

  /**
   * PUT /tire-check/{id}/resubmit: the tire man sends a returned check again, optionally
   * re-measured, with the signatures collected again on site and the redo's time.
   */
  async function resubmit(actor: Actor, checkId: number, body: TResubmitBody | undefined) {
    const tiremanId = await db.transaction(async (tx) => {
      const check = await lockCheck(tx, checkId);
      const stage = nextStage('tire-check', check, 'resubmit', actor);
      const performedAt = await unitPerformedAt(tx, body?.performed_at, check.unit_id, maxAgeDays);
      const fields: FieldIssue[] = [];
      if (body?.records) {
        const [unit] = await tx
          .select({ unit_type: units.unit_type })
          .from(units)
          .where(eq(units.id, check.unit_id));
        fields.push(...(await recordIssues(tx, unit?.unit_type ?? '', body.records)));
      }
      // the paths the check already holds may be sent again as they are
      const kept = [
        check.plate_number_url,
        check.odometer_url,
        check.tireman_sign,
        check.driver_sign,
        ...(
          await tx
            .select({ url: tireCheckRecords.serial_number_url })
            .from(tireCheckRecords)
            .where(eq(tireCheckRecords.tire_check_id, checkId))
        ).map((r) => r.url),
      ];
      fields.push(...(await foreignUploadIssues(tx, actor.id, citedPaths(body ?? {}), kept)));
      if (fields.length) throw invalidFields(fields);
      // the measurements replaced by a re-measured resubmission, for the audit line
      let recordsBefore: Record<string, unknown>[] | undefined;
      if (body?.records) {
        recordsBefore = (
          await tx
            .delete(tireCheckRecords)
            .where(eq(tireCheckRecords.tire_check_id, checkId))
            .returning(auditedRecordColumns)
        ).sort((a, b) => a.position.localeCompare(b.position, 'en', { numeric: true }));
        await insertRecords(tx, checkId, body.records);
      }
      // re-measured: the warnings are those of the new records
      const warnings = body?.records
        ? await fieldWarningsOf(tx, {
            id: checkId,
            unit_id: check.unit_id,
            odometer: check.odometer,
            performed_at: performedAt ?? check.performed_at,
            records: body.records,
          })
        : undefined;
      const signs = {
        ...(body?.pic_sign ? { pic_sign: body.pic_sign } : {}),
        ...(body?.pic_name ? { pic_name: body.pic_name } : {}),
        ...(body?.itms_sign ? { itms_sign: body.itms_sign } : {}),
        ...(body?.driver_sign ? { driver_sign: body.driver_sign } : {}),
        ...(body?.tireman_sign ? { tireman_sign: body.tireman_sign } : {}),
      };
      await writeResubmit(tx, 'tire-check', check, actor.id, {
        stage,
        signs,
        picAbsentReason: body?.pic_absent_reason,
        fieldWarnings: warnings,
        performedAt,
        audited: {
          before: { pic_name: check.pic_name, ...(recordsBefore ? { records: recordsBefore } : {}) },
          after: {
            pic_name: body?.pic_name || check.pic_name,
            ...(body?.records
              ? {
                  records: body.records.map((r) =>
                    Object.fromEntries(AUDITED_RECORD_FIELDS.map((k) => [k, r[k]])),
                  ),
                }
              : {}),
          },
        },
      });
      return check.tireman_id;
    });
    opts.emit?.({ kind: 'tire-check', id: checkId, step: 'resubmit', tiremanId });
  }

  /** The approval's UPDATE and its audit line, not yet run (the step already taken: `nextStage`). */
  function approval(tx: Tx, actor: Actor, checkId: number, edpSign: string, detail: unknown) {
    return [
      tx
        .update(tireChecks)
        .set({
          stage: 'validated',
          edp_sign: edpSign,
          status: 'approved',
          validated_by: actor.id,
          validated_at: new Date(),
        })
        .where(eq(tireChecks.id, checkId)),
      auditInsert(tx, {
        userId: actor.id,
        action: 'validate',
        entity: 'tire-check',
        entityId: checkId,
        detail,
      }),
    ];
  }

  /** PATCH /tire-check/edpSign/{id}: the spec's last step (after the per-tire PUTs). */
  async function signEdp(actor: Actor, checkId: number, edpSign: string) {
    const tiremanId = await db.transaction(async (tx) => {
      const check = await lockCheck(tx, checkId);
      nextStage('tire-check', check, 'validate', actor);
      // the validator signs with his own drawing or his stored signature, nobody else's
      await assertOwnUploads(tx, actor.id, [{ field: 'edp_sign', path: edpSign }]);
      await executeTogether(tx, [
        ...approval(tx, actor, checkId, edpSign, { via: 'edpSign' }),
        tireWearQueueInsert({ checkId }),
      ]);
      return check.tireman_id;
    });
    opts.emit?.({ kind: 'tire-check', id: checkId, step: 'validate', tiremanId });
  }

  /** Writes new measurements to a tire and its ledger; false when there is no such tire. */
  async function measure(tx: Tx, tireId: number, m: TTireMeasurement, source: MoveSource) {
    const [tire] = await tx
      .update(tires)
      .set({
        groove_1: m.groove_1,
        groove_2: m.groove_2,
        groove_3: m.groove_3,
        groove_4: m.groove_4,
        groove_lowest: lowestGroove(m),
        pressure: m.pressure,
        odometer: m.odometer,
      })
      .where(eq(tires.id, tireId))
      .returning({
        id: tires.id,
        serial_number: tires.serial_number,
        ...tireReadingColumns,
        odometer: tires.odometer,
      });
    if (!tire) return null;
    const [slot] = await tx
      .select({ unitId: activeUnitTires.unit_id, position: activeUnitTires.position })
      .from(activeUnitTires)
      .where(and(eq(activeUnitTires.tire_id, tireId), eq(activeUnitTires.status, 'INSTALLED')));
    await recordTireEvent(tx, {
      tireId,
      kind: 'checked',
      source,
      unitId: slot?.unitId ?? null,
      position: slot?.position ?? null,
      odometer: m.odometer,
      note: measurementNote(m),
    });
    return tire;
  }

  /** PUT /tire/{tireId}: one tire's After values (the spec's per-call validation). */
  async function measureTire(
    actor: Actor,
    tireId: number,
    body: TTireMeasurement & { tire_check_id?: number },
  ) {
    return db.transaction(async (tx) => {
      const source: MoveSource = body.tire_check_id
        ? { userId: actor.id, sourceType: 'tire-check', sourceId: body.tire_check_id }
        : { userId: actor.id, sourceType: 'manual', sourceId: null };
      if (body.tire_check_id) {
        // the ledger names the check: only a tire of that check's unit
        const [check] = await tx
          .select({ id: tireChecks.id, unit_id: tireChecks.unit_id })
          .from(tireChecks)
          .where(eq(tireChecks.id, body.tire_check_id));
        if (!check) {
          throw badRequest(CHECK_MESSAGES.checkNotFound, [
            { field: 'tire_check_id', message: CHECK_MESSAGES.checkNotFound },
          ]);
        }
        if (!(await tiresOfCheck(tx, check)).has(tireId)) {
          throw badRequest(CHECK_MESSAGES.tireNotOfUnit, [
            { field: 'tire_check_id', message: CHECK_MESSAGES.tireNotOfUnit },
          ]);
        }
      }
      const [before] = await tx
        .select({
          groove_1: tires.groove_1,
          groove_2: tires.groove_2,
          groove_3: tires.groove_3,
          groove_4: tires.groove_4,
          pressure: tires.pressure,
          odometer: tires.odometer,
        })
        .from(tires)
        .where(eq(tires.id, tireId))
        .for('update');
      const tire = await measure(tx, tireId, body, source);
      if (!tire) throw notFound('Ban');
      await audit(tx, {
        userId: actor.id,
        action: 'measure',
        entity: 'tire',
        entityId: tireId,
        detail: { before, after: { ...body } },
      });
      return tire;
    });
  }

  /**
   * POST /tire-check/{id}/validate: every tire's After values, the check records, the EDP
   * signature and the approval in one transaction. The check row is locked first, so of two
   * concurrent validations exactly one passes; the other sees `approved` and gets 409.
   */
  async function validate(actor: Actor, checkId: number, body: TValidateBody) {
    const tiremanId = await db.transaction(async (tx) =>
      validateIn(tx, actor, checkId, body.edp_sign ?? (await storedSignOf(tx, actor.id)), body.records),
    );
    opts.emit?.({ kind: 'tire-check', id: checkId, step: 'validate', tiremanId });
  }

  /** The validator's stored signature (the account's), or 400 when he has none. */
  async function storedSignOf(tx: Tx, userId: number): Promise<string> {
    const [me] = await tx.select({ signature: users.signature }).from(users).where(eq(users.id, userId));
    if (!me?.signature || me.signature === UNSIGNED) throw badRequest(CHECK_MESSAGES.needSignature);
    return me.signature;
  }

  /**
   * POST /tire-check/validate-bulk: unedited checks (every After value equal to its Before value,
   * what the tire man recorded) validated in ONE transaction with one signature. Each check goes
   * through the same writes and audit line as the per-check validation; the first one that cannot
   * be validated rolls back them all, and its error names it.
   */
  async function validateBulk(actor: Actor, body: TBulkValidateBody): Promise<number[]> {
    // checks are locked in id order, so two bulk validations sharing checks cannot deadlock
    const ids = [...body.ids].sort((a, b) => a - b);
    const done = await db.transaction(async (tx) => {
      const edpSign = body.edp_sign ?? (await storedSignOf(tx, actor.id));
      const out: { id: number; tiremanId: number }[] = [];
      for (const id of ids) {
        try {
          const lines = await recordedLines(tx, actor, id);
          out.push({ id, tiremanId: await validateIn(tx, actor, id, edpSign, lines, 'bulk') });
        } catch (err) {
          if (err instanceof AppError)
            throw new AppError(
              err.statusCode,
              err.code,
              `Pengecekan #${id}: ${err.message}`,
              err.detail,
              err.fields,
            );
          throw err;
        }
      }
      return out;
    });
    for (const d of done)
      opts.emit?.({ kind: 'tire-check', id: d.id, step: 'validate', tiremanId: d.tiremanId });
    return ids;
  }

  /** A check's validation lines with After = Before: each record's recorded values, the check's KM. */
  async function recordedLines(tx: Tx, actor: Actor, checkId: number): Promise<TValidateLine[]> {
    const check = await lockCheck(tx, checkId);
    nextStage('tire-check', check, 'validate', actor);
    const recs = await tx
      .select({
        record_id: tireCheckRecords.id,
        groove_1: tireCheckRecords.groove_1,
        groove_2: tireCheckRecords.groove_2,
        groove_3: tireCheckRecords.groove_3,
        groove_4: tireCheckRecords.groove_4,
        pressure: tireCheckRecords.pressure,
      })
      .from(tireCheckRecords)
      .where(eq(tireCheckRecords.tire_check_id, checkId));
    // the same bounds as a line typed in the form: a missing or out-of-range recorded value
    // needs the form, not a bulk approval
    const parsed = recs.map((r) => ZValidateLine.safeParse({ ...r, odometer: check.odometer }));
    if (parsed.some((p) => !p.success))
      throw badRequest('nilai ban tidak lengkap atau di luar batas, validasi lewat Form Pengecekan');
    return parsed.map((p) => p.data!);
  }

  /** The validation's writes for one check inside `tx` (the check locked first); its tire man. */
  async function validateIn(
    tx: Tx,
    actor: Actor,
    checkId: number,
    edpSign: string,
    records: TValidateLine[],
    via: 'validate' | 'bulk' = 'validate',
  ): Promise<number> {
    const check = await lockCheck(tx, checkId);
    nextStage('tire-check', check, 'validate', actor);

    const recs = await tx
      .select({
        id: tireCheckRecords.id,
        tire_id: tireCheckRecords.tire_id,
        position: tireCheckRecords.position,
      })
      .from(tireCheckRecords)
      .where(eq(tireCheckRecords.tire_check_id, checkId));
    const byId = new Map(recs.map((r) => [r.id, r]));
    const byTire = new Map(recs.filter((r) => r.tire_id != null).map((r) => [r.tire_id!, r]));

    const fields = await foreignUploadIssues(tx, actor.id, [{ field: 'edp_sign', path: edpSign }]);
    const own = await tiresOfCheck(tx, check);
    const named = records.flatMap((l) => (l.tire_id !== undefined && !own.has(l.tire_id) ? [l.tire_id] : []));
    const existing = named.length
      ? new Set(
          rowsOf<{ id: number }>(
            await tx.execute(sql`select id from tires where id = any(${pgArray(named)}::int[])`),
          ).map((r) => Number(r.id)),
        )
      : new Set<number>();
    const lines = records.map((line, index) => {
      const record = line.record_id !== undefined ? byId.get(line.record_id) : byTire.get(line.tire_id!);
      if (line.record_id !== undefined && !record) {
        fields.push({
          field: `records.${index}.record_id`,
          message: 'Rekam ban bukan bagian dari pengecekan ini',
        });
      }
      const tireId = record?.tire_id ?? line.tire_id ?? null;
      // a record keeps its tire; any other tire must be on the check's unit (one that does not
      // exist at all is reported as not found, below)
      const otherTire = line.tire_id !== undefined && line.tire_id !== tireId;
      if (otherTire || (tireId !== null && !own.has(tireId) && existing.has(tireId))) {
        fields.push({ field: `records.${index}.tire_id`, message: CHECK_MESSAGES.tireNotOfUnit });
      }
      return { line, index, record, tireId };
    });
    const seenTires = new Set<number>();
    for (const l of lines) {
      if (l.tireId == null) continue;
      if (seenTires.has(l.tireId))
        fields.push({ field: `records.${l.index}.tire_id`, message: 'Ban duplikat' });
      seenTires.add(l.tireId);
    }
    if (fields.length)
      throw badRequest(`Data tidak valid: ${fields.map((f) => f.message).join(', ')}`, fields);

    // tire rows are locked in id order, whatever order the client sent, so that two
    // validations sharing tires cannot deadlock
    const withTire = lines
      .filter((l): l is typeof l & { tireId: number } => l.tireId != null)
      .sort((a, b) => a.tireId - b.tireId);
    type TireValues = { id: number; serial_number: string } & Record<
      'groove_1' | 'groove_2' | 'groove_3' | 'groove_4' | 'pressure' | 'odometer',
      number | null
    >;
    // the locked rows' values are what the audit line records as "before"
    const beforeTires = withTire.length
      ? rowsOf<TireValues>(
          await tx.execute(
            sql`select id, serial_number, groove_1, groove_2, groove_3, groove_4, pressure, odometer
                from tires where id = any(${pgArray(withTire.map((l) => l.tireId))}::int[]) order by id for update`,
          ),
        )
      : [];
    const serialOf = new Map(beforeTires.map((t) => [Number(t.id), t.serial_number]));
    const missing = withTire.filter((l) => !serialOf.has(l.tireId));
    if (missing.length) {
      throw badRequest(
        'Ban tidak ditemukan',
        missing.map((l) => ({ field: `records.${l.index}.tire_id`, message: 'Ban tidak ditemukan' })),
      );
    }

    const withRecord = lines.filter(
      (l): l is typeof l & { record: NonNullable<typeof l.record> } => l.record != null,
    );
    const source: MoveSource = { userId: actor.id, sourceType: 'tire-check', sourceId: checkId };
    // every write below touches its own table: one statement, one round trip
    await executeTogether(tx, [
      ...(withTire.length
        ? [
            updateTires(withTire.map(({ tireId, line }) => ({ tireId, ...line }))),
            tireEventsInsert(
              withTire.map(({ tireId, line, record }) => ({
                tireId,
                kind: 'checked',
                source,
                unitId: check.unit_id,
                position: record?.position ?? null,
                odometer: line.odometer,
                note: measurementNote(line),
              })),
            ),
          ]
        : []),
      ...(withRecord.length ? [updateRecords(withRecord)] : []),
      ...approval(tx, actor, checkId, edpSign, {
        via,
        tires: seenTires.size,
        lines: lines.length,
        before: {
          status: check.status,
          edp_sign: check.edp_sign,
          tires: beforeTires.map(({ id, ...v }) => ({ id: Number(id), ...v })),
        },
        after: {
          status: 'approved',
          edp_sign: edpSign,
          tires: withTire.map(({ tireId, line: m }) => ({
            id: tireId,
            serial_number: serialOf.get(tireId) ?? null,
            groove_1: m.groove_1,
            groove_2: m.groove_2,
            groove_3: m.groove_3,
            groove_4: m.groove_4,
            pressure: m.pressure,
            odometer: m.odometer,
          })),
        },
      }),
      // tire life and wear forecast of the check's tires (issue 11), and of the tires this validation
      // links to records (that link is written by the same statement, which cannot see it)
      tireWearQueueInsert({ checkId: check.id, tires: [...seenTires] }),
    ]);
    if (opts.afterTireUpdate) {
      for (const [step, { tireId }] of withTire.entries()) await opts.afterTireUpdate(tireId, step);
    }
    return check.tireman_id;
  }

  /** DELETE /tire-check/{id}: the check and its records; its tire man's history keeps a tombstone. */
  async function remove(actor: Actor, checkId: number) {
    const tiremanId = await db.transaction(async (tx) => {
      assertStep('tire-check', await lockCheck(tx, checkId), 'delete', actor);
      const [gone] = await tx.delete(tireChecks).where(eq(tireChecks.id, checkId)).returning({
        id: tireChecks.id,
        unit_id: tireChecks.unit_id,
        status: tireChecks.status,
        tireman_id: tireChecks.tireman_id,
        plate_number: tireChecks.plate_number,
        performed_at: tireChecks.performed_at,
      });
      if (!gone) throw notFound('Pengecekan');
      await recordDeletion(tx, 'tire-check', gone, actor.id, {
        id: gone.id,
        unit_id: gone.unit_id,
        status: gone.status,
      });
      return gone.tireman_id;
    });
    opts.emit?.({ kind: 'tire-check', id: checkId, step: 'delete', tiremanId });
  }

  return { create, signPic, returnCheck, resubmit, signEdp, measureTire, validate, validateBulk, remove };
}

export type TireChecksService = ReturnType<typeof createTireChecksService>;
