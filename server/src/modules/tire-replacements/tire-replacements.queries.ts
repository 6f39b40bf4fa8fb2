import type { TQueueOrder } from '@itms/contracts/queue';
import { AWAITING_VALIDATION, RETURNED } from '@itms/contracts/rules/lifecycle';
import { lateDays } from '@itms/contracts/rules/performed-at';
import { diagramKindOf } from '@itms/contracts/rules/vehicle-diagram';
import type {
  TBeforeTire,
  TReplacementDetail,
  TReplacementHistoryQuery,
  TReplacementQueueQuery,
  TReplacementRow,
  TReplaceRecord,
  TReplaceRecordDetail,
} from '@itms/contracts/tire-replacements';
import type { TTireSnLite } from '@itms/contracts/tires';
import { and, asc, count, desc, eq, getTableColumns, inArray, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import {
  activeUnitTires,
  locations,
  projects,
  regions,
  tireChecks,
  tireEvents,
  tireReadingColumns,
  tireReplacements,
  tireReplaceRecords,
  tires,
  units,
  users,
} from '../../db/schema';
import { stageIn } from '../../db/schema/columns';
import { notFound } from '../../lib/errors';
import { likePattern, prefixPattern } from '../../lib/list-query';
import { pageResult, pageWindow } from '../../lib/paging';
import { type QueueColumns, queueConditions, queueOrder } from '../../lib/queue-filters';
import { type RowCountKey, storedRowCount } from '../../lib/row-counts';
import { returnHistory, workshopSigned } from '../../lib/submission-returns';

/** `%`, `_` and `\` typed by a user match themselves in LIKE patterns. */

/** Tire columns as the API answers them (timestamps as createdAt/updatedAt). */
export function tireOut() {
  const { created_at, updated_at, ...rest } = getTableColumns(tires);
  return { ...rest, createdAt: created_at, updatedAt: updated_at };
}
type TireRow = Awaited<ReturnType<typeof selectTires>>[number];
function selectTires(db: DbOrTx, ids: number[]) {
  return db.select(tireOut()).from(tires).where(inArray(tires.id, ids));
}

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);
const tireJson = (t: TireRow) => ({
  ...t,
  createdAt: t.createdAt.toISOString(),
  updatedAt: t.updatedAt.toISOString(),
});

const tireman = alias(users, 'tireman');

// A list row's plate, location and tire man, looked up per row by scalar subqueries rather than
// joins: the foreign keys are NOT NULL, so the rows are the same, a count needs no join, and the
// planner skips a join-order search that cost more than the page itself.
const plate = sql<string>`(select u.plate_number from units u where u.id = ${tireReplacements.unit_id})`;
const locationName = sql<string>`(select l.name from locations l where l.id = ${tireReplacements.location_id})`;
const tiremanName = sql<string>`(select u.name from users u where u.id = ${tireReplacements.tireman_id})`;

/** Columns of a list row; date and time are computed in SQL in the app's time zone. */
function rowColumns(tz: string) {
  return {
    id: tireReplacements.id,
    created_at: tireReplacements.created_at,
    performed_at: tireReplacements.performed_at,
    // Tanggal and Jam: when the replacement was done, not when it was received
    date: sql<string>`to_char(${tireReplacements.performed_at} at time zone ${tz}, 'YYYY-MM-DD')`,
    time: sql<string>`to_char(${tireReplacements.performed_at} at time zone ${tz}, 'HH24:MI')`,
    status: tireReplacements.status,
    returned_at: tireReplacements.returned_at,
    unit_id: tireReplacements.unit_id,
    plate_number: plate,
    location: locationName,
    tireman: tiremanName,
  };
}

async function listRows(
  db: DbOrTx,
  tz: string,
  where: SQL | undefined,
  q: { page: number; pageSize: number },
  /** The filter is only the status: the count is the stored row count of these keys. */
  storedCountKeys: RowCountKey[] | undefined,
  /** The queue's order (received, oldest or newest first: its partial indexes) or newest done first (the history). */
  by: TQueueOrder | 'performed',
): Promise<{ data: TReplacementRow[]; total: number; page: number; pageSize: number }> {
  const { offset, limit } = pageWindow(q);
  const order =
    by === 'performed'
      ? [desc(tireReplacements.performed_at), desc(tireReplacements.id)]
      : queueOrder(queueCols, by);
  // the page's ids first: the lookups run for its rows only, not for the rows the offset skips
  const pageIds = db
    .select({ id: tireReplacements.id })
    .from(tireReplacements)
    .where(where)
    .orderBy(...order)
    .limit(limit)
    .offset(offset);
  const [rows, total] = await Promise.all([
    db
      .select(rowColumns(tz))
      .from(tireReplacements)
      .where(inArray(tireReplacements.id, pageIds))
      .orderBy(...order),
    storedCountKeys
      ? storedRowCount(db, storedCountKeys)
      : db
          .select({ n: count() })
          .from(tireReplacements)
          .where(where)
          .then(([r]) => r?.n ?? 0),
  ]);
  const data = rows.map((r) => ({
    id: r.id,
    createdAt: r.created_at.toISOString(),
    performed_at: r.performed_at.toISOString(),
    late_days: lateDays(r.performed_at, r.created_at),
    date: r.date,
    time: r.time,
    status: r.status as 'pending' | 'approved',
    returned_at: iso(r.returned_at),
    Unit: { id: r.unit_id, plate_number: r.plate_number },
    Location: { name: r.location },
    Tire_Man: { name: r.tireman },
  }));
  return pageResult(data, total, q);
}

function textSearch(q: string | undefined): SQL | undefined {
  const text = q?.trim();
  if (!text) return undefined;
  const like = likePattern(text.toLowerCase());
  return sql`(lower(${plate}) like ${like} or lower(${tiremanName}) like ${like} or lower(${locationName}) like ${like})`;
}

const queueCols: QueueColumns = {
  id: tireReplacements.id,
  created_at: tireReplacements.created_at,
  unit_id: tireReplacements.unit_id,
  tireman_id: tireReplacements.tireman_id,
  location_id: tireReplacements.location_id,
};

/**
 * GET /tire-replace/pending: the EDP queue (pending, not returned), or the returned ones
 * (status=tireman); searched, filtered and ordered as every queue (lib/queue-filters.ts).
 */
export function listQueue(db: DbOrTx, tz: string, q: TReplacementQueueQuery) {
  const where = and(
    stageIn(tireReplacements.stage, q.status === 'edp' ? AWAITING_VALIDATION : RETURNED),
    ...queueConditions(queueCols, q),
  );
  return listRows(db, tz, where, q, undefined, q.order);
}

/** GET /tire-replacement: every replacement, newest first, with optional status, date range and search. */
export function listHistory(db: DbOrTx, tz: string, q: TReplacementHistoryQuery) {
  const where = and(
    q.status ? eq(tireReplacements.status, q.status) : undefined,
    q.unit_id ? eq(tireReplacements.unit_id, q.unit_id) : undefined,
    q.dateStart
      ? sql`${tireReplacements.performed_at} >= (${q.dateStart}::date)::timestamp at time zone ${tz}`
      : undefined,
    q.dateEnd
      ? sql`${tireReplacements.performed_at} < ((${q.dateEnd}::date + 1)::timestamp at time zone ${tz})`
      : undefined,
    textSearch(q.q),
  );
  const onlyStatus = !q.unit_id && !q.dateStart && !q.dateEnd && !q.q?.trim();
  const keys: RowCountKey[] = q.status
    ? [`tire_replacements:${q.status}`]
    : ['tire_replacements:pending', 'tire_replacements:approved'];
  return listRows(db, tz, where, q, onlyStatus ? keys : undefined, 'performed');
}

/** GET /tire/findSnLite/{text}: case-insensitive serial prefix search on tires_serial_prefix_idx. */
export async function findSnLite(db: DbOrTx, text: string, limit = 20): Promise<TTireSnLite[]> {
  return db
    .select({
      id: tires.id,
      serial_number: tires.serial_number,
      ir_brand: tires.ir_brand,
      status: tires.status,
      size: tires.size,
      ...tireReadingColumns,
    })
    .from(tires)
    .where(sql`lower(${tires.serial_number}) like lower(${prefixPattern(text)})`)
    .orderBy(sql`lower(${tires.serial_number})`, asc(tires.id))
    .limit(limit);
}

const unitProject = alias(projects, 'unit_project');
const validator = alias(users, 'validator');
const workshopSigner = alias(users, 'workshop_signer');

/** GET /tire-replace/{id}: everything the Form Pergantian and the history dialog show. */
export async function replacementDetail(db: DbOrTx, tz: string, id: number): Promise<TReplacementDetail> {
  const [row] = await db
    .select({
      r: tireReplacements,
      ...rowColumns(tz),
      unit: {
        id: units.id,
        plate_number: units.plate_number,
        unit_type: units.unit_type,
        tonnage: units.tonnage,
      },
      unitProject: { name: unitProject.name },
      project: { id: projects.id, name: projects.name },
      locationRow: { id: locations.id, name: locations.name },
      region: { id: regions.id, name: regions.name, manpower: regions.manpower, pic: regions.pic },
      tiremanRow: { id: tireman.id, name: tireman.name, phone: tireman.phone, photo: tireman.photo },
      validatorRow: { id: validator.id, name: validator.name },
      workshopSigner: { id: workshopSigner.id, name: workshopSigner.name },
      lastCheckAt:
        sql<Date | null>`(select max(${tireChecks.performed_at}) from ${tireChecks} where ${tireChecks.unit_id} = ${tireReplacements.unit_id})`.mapWith(
          tireChecks.performed_at,
        ),
    })
    .from(tireReplacements)
    .innerJoin(units, eq(units.id, tireReplacements.unit_id))
    .innerJoin(unitProject, eq(unitProject.id, units.project_id))
    .leftJoin(projects, eq(projects.id, tireReplacements.project_id))
    .innerJoin(locations, eq(locations.id, tireReplacements.location_id))
    .innerJoin(regions, eq(regions.id, locations.region_id))
    .innerJoin(tireman, eq(tireman.id, tireReplacements.tireman_id))
    .leftJoin(validator, eq(validator.id, tireReplacements.validated_by))
    .leftJoin(workshopSigner, eq(workshopSigner.id, tireReplacements.workshop_signed_by))
    .where(eq(tireReplacements.id, id));
  if (!row) throw notFound('Pergantian');
  const r = row.r;
  return {
    id: r.id,
    odometer: r.odometer,
    spk: r.spk,
    createdAt: r.created_at.toISOString(),
    performed_at: r.performed_at.toISOString(),
    late_days: lateDays(r.performed_at, r.created_at),
    date: row.date,
    time: row.time,
    plate_number_url: r.plate_number_url,
    odometer_url: r.odometer_url,
    tireman_sign: r.tireman_sign,
    pic_sign: r.pic_sign,
    pic_absent_reason: r.pic_absent_reason,
    itms_sign: r.itms_sign,
    edp_sign: r.edp_sign,
    workshop_sign: r.workshop_sign,
    status: r.status as 'pending' | 'approved',
    stage: r.stage,
    returned_at: iso(r.returned_at),
    return_reason: r.return_reason,
    field_warnings: r.field_warnings,
    validated_at: iso(r.validated_at),
    unit_id: r.unit_id,
    diagram: diagramKindOf(row.unit.unit_type),
    Unit: { ...row.unit, Project: { name: row.unitProject.name } },
    Project: row.project,
    Location: { ...row.locationRow, Region: row.region },
    Tire_Man: row.tiremanRow,
    Validator: row.validatorRow,
    workshop_signed: workshopSigned(r.workshop_signed_at, row.workshopSigner),
    lastCheckAt: iso(row.lastCheckAt),
    Tire_Replace_Records: await recordsOf(db, r, { recordId: undefined }),
    returns: await returnHistory(db, 'tire-replacement', r.id),
  };
}

type ReplacementRow = typeof tireReplacements.$inferSelect;

/**
 * The records of a replacement with their tire now (Tire_ITM) and the tire that was at the
 * position before (Before): while pending, what is mounted there now; once approved, what the
 * validation took off (from the tire ledger).
 */
async function recordsOf(
  db: DbOrTx,
  rep: Pick<ReplacementRow, 'id' | 'unit_id' | 'status'>,
  opts: { recordId: number | undefined },
): Promise<TReplaceRecord[]> {
  const rows = await db
    .select({ rec: tireReplaceRecords, tire: tireOut() })
    .from(tireReplaceRecords)
    .leftJoin(tires, eq(tires.id, tireReplaceRecords.tire_id))
    .where(
      and(
        eq(tireReplaceRecords.tire_replacement_id, rep.id),
        opts.recordId ? eq(tireReplaceRecords.id, opts.recordId) : undefined,
      ),
    )
    .orderBy(asc(tireReplaceRecords.id));
  if (rows.length === 0) return [];
  const positions = rows.map((r) => r.rec.position);

  /** position -> tire that was there, with km/date it was mounted */
  const before = new Map<string, { tireId: number; km: number | null; at: Date | null }>();
  const slots = await db
    .select({
      position: activeUnitTires.position,
      tire_id: activeUnitTires.tire_id,
      km: activeUnitTires.km_installed,
      at: activeUnitTires.installed_at,
    })
    .from(activeUnitTires)
    .where(
      and(
        eq(activeUnitTires.unit_id, rep.unit_id),
        eq(activeUnitTires.status, 'INSTALLED'),
        inArray(activeUnitTires.position, positions),
      ),
    );
  if (rep.status === 'approved') {
    const removed = await db
      .select({ id: tireEvents.id, position: tireEvents.position, tire_id: tireEvents.tire_id })
      .from(tireEvents)
      .where(
        and(
          eq(tireEvents.source_type, 'tire-replacement'),
          eq(tireEvents.source_id, rep.id),
          eq(tireEvents.kind, 'removed'),
          eq(tireEvents.unit_id, rep.unit_id),
        ),
      )
      .orderBy(asc(tireEvents.id));
    const installs = removed.length
      ? await db
          .select({
            id: tireEvents.id,
            tire_id: tireEvents.tire_id,
            odometer: tireEvents.odometer,
            at: tireEvents.created_at,
          })
          .from(tireEvents)
          .where(
            and(
              inArray(
                tireEvents.tire_id,
                removed.map((e) => e.tire_id),
              ),
              eq(tireEvents.kind, 'installed'),
              eq(tireEvents.unit_id, rep.unit_id),
            ),
          )
          .orderBy(desc(tireEvents.id))
      : [];
    for (const e of removed) {
      if (!e.position || before.has(e.position)) continue;
      const mounted = installs.find((i) => i.tire_id === e.tire_id && i.id < e.id);
      before.set(e.position, { tireId: e.tire_id, km: mounted?.odometer ?? null, at: mounted?.at ?? null });
    }
    for (const r of rows) {
      const slot = slots.find((s) => s.position === r.rec.position);
      if (r.rec.status === 'check' && r.rec.tire_id && !before.has(r.rec.position)) {
        const same = slot?.tire_id === r.rec.tire_id ? slot : undefined;
        before.set(r.rec.position, { tireId: r.rec.tire_id, km: same?.km ?? null, at: same?.at ?? null });
      }
    }
  } else {
    for (const s of slots) if (s.tire_id) before.set(s.position, { tireId: s.tire_id, km: s.km, at: s.at });
    for (const r of rows) {
      if (r.rec.status === 'remove' && r.rec.tire_id && !before.has(r.rec.position)) {
        before.set(r.rec.position, { tireId: r.rec.tire_id, km: null, at: null });
      }
    }
  }
  const beforeIds = [...new Set([...before.values()].map((b) => b.tireId))];
  const beforeTires = beforeIds.length ? await selectTires(db, beforeIds) : [];

  return rows.map(({ rec, tire }) => {
    const { created_at, updated_at, ...fields } = rec;
    const b = before.get(rec.position);
    const bt = b ? beforeTires.find((t) => t.id === b.tireId) : undefined;
    const beforeOut: TBeforeTire | null = bt
      ? { ...tireJson(bt), km_installed: b!.km, installed_at: iso(b!.at) }
      : null;
    return {
      ...fields,
      status: rec.status as TReplaceRecord['status'],
      createdAt: created_at.toISOString(),
      updatedAt: updated_at.toISOString(),
      Tire_ITM: tire ? (tireJson(tire) as TReplaceRecord['Tire_ITM']) : null,
      Before: beforeOut,
    } as TReplaceRecord;
  });
}

/** GET /tire-replace-record/{id}: one record, with its replacement's unit and state. */
export async function recordDetail(db: DbOrTx, recordId: number): Promise<TReplaceRecordDetail> {
  const [row] = await db
    .select({
      id: tireReplacements.id,
      unit_id: tireReplacements.unit_id,
      status: tireReplacements.status,
      odometer: tireReplacements.odometer,
    })
    .from(tireReplaceRecords)
    .innerJoin(tireReplacements, eq(tireReplacements.id, tireReplaceRecords.tire_replacement_id))
    .where(eq(tireReplaceRecords.id, recordId));
  if (!row) throw notFound('Rekam pergantian');
  const [rec] = await recordsOf(db, row, { recordId });
  return {
    ...rec!,
    Tire_Replacement: {
      id: row.id,
      unit_id: row.unit_id,
      status: row.status as 'pending' | 'approved',
      odometer: row.odometer,
    },
  };
}
