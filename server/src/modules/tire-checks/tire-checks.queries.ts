import { POSITIONS } from '@itms/contracts/enums';
import type { TListResult } from '@itms/contracts/list';
import type { TQueueFilters } from '@itms/contracts/queue';
import { AWAITING_VALIDATION, RETURNED } from '@itms/contracts/rules/lifecycle';
import { lateDays } from '@itms/contracts/rules/performed-at';
import type {
  TActiveTireEntry,
  TActiveUnitTires,
  TCheckQueueQuery,
  TCheckQueueRow,
  TPreviousReading,
  TTireCheckDetail,
  TTireCheckRecord,
} from '@itms/contracts/tire-checks';
import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { type AnyPgColumn, alias } from 'drizzle-orm/pg-core';
import { type DbOrTx, rowsOf } from '../../db/client';
import {
  activeUnitTires,
  drivers,
  locations,
  projects,
  regions,
  tireCheckRecords,
  tireChecks,
  tireReadingColumns,
  tires,
  units,
  users,
} from '../../db/schema';
import { stageIn } from '../../db/schema/columns';
import { notFound } from '../../lib/errors';
import { pageResult, pageWindow } from '../../lib/paging';
import { isFiltered, type QueueColumns, queueConditions, queueOrder } from '../../lib/queue-filters';
import { storedRowCount } from '../../lib/row-counts';
import { isoText } from '../../lib/sql-iso';
import { returnHistory, workshopSigned } from '../../lib/submission-returns';

const checkProject = alias(projects, 'check_project');
const unitProject = alias(projects, 'unit_project');
const validator = alias(users, 'validator');
const workshopSigner = alias(users, 'workshop_signer');

/** The EDP queue: sent, or sent again after a Return (the partial index `tire_checks_queue_idx`). */
export const inQueue = stageIn(tireChecks.stage, AWAITING_VALIDATION);

/** Order of wheel positions: 1..12, ST, ST2. */
const positionOrder = (col: AnyPgColumn) =>
  sql`array_position(array[${sql.raw(POSITIONS.map((p) => `'${p}'`).join(','))}]::text[], ${col})`;

/** A page of a check list, with the queue's filters when it is the EDP queue. */
type QueueQuery = TCheckQueueQuery & Partial<TQueueFilters>;

const queueCols: QueueColumns = {
  id: tireChecks.id,
  created_at: tireChecks.created_at,
  unit_id: tireChecks.unit_id,
  tireman_id: tireChecks.tireman_id,
  location_id: tireChecks.location_id,
};

const iso = (d: Date | string | null) => (d == null ? null : new Date(d).toISOString());

export function createTireCheckQueries(db: DbOrTx, timezone: string) {
  // Tanggal and Jam: when the check was done (performed_at), not when it was received
  const localTime = sql<string>`to_char(${tireChecks.performed_at} at time zone ${timezone}, 'HH24:MI')`;
  const localDate = sql<string>`to_char(${tireChecks.performed_at} at time zone ${timezone}, 'YYYY-MM-DD')`;

  /**
   * The page query of a check list (also used to EXPLAIN the queue in tests and benchmarks). The
   * names are looked up per page row by scalar subqueries rather than joins: the foreign keys are
   * NOT NULL, so the rows are the same, and the planner skips the join-order search over six
   * tables that cost more than running the page (2.2 -> 0.6 ms at fleet scale).
   */
  function listQuery(where: SQL, q: QueueQuery) {
    const { offset, limit } = pageWindow(q);
    const order = queueOrder(queueCols, q.order);
    // the page's ids first: the lookups run for its rows only, not for the rows the offset skips
    const pageIds = db
      .select({ id: tireChecks.id })
      .from(tireChecks)
      .where(where)
      .orderBy(...order)
      .limit(limit)
      .offset(offset);
    return db
      .select({
        id: tireChecks.id,
        created_at: tireChecks.created_at,
        performed_at: tireChecks.performed_at,
        time: localTime,
        date: localDate,
        plate_number: tireChecks.plate_number,
        status: tireChecks.status,
        returned_at: tireChecks.returned_at,
        tireman_id: tireChecks.tireman_id,
        tireman_name: sql<string>`(select u.name from users u where u.id = ${tireChecks.tireman_id})`,
        location_name: sql<string>`(select l.name from locations l where l.id = ${tireChecks.location_id})`,
        unit_plate: sql<string>`(select un.plate_number from units un where un.id = ${tireChecks.unit_id})`,
        unit_project: sql<string>`(select p.name from units un join projects p on p.id = un.project_id
          where un.id = ${tireChecks.unit_id})`,
        check_project: sql<
          string | null
        >`(select p.name from projects p where p.id = ${tireChecks.project_id})`,
      })
      .from(tireChecks)
      .where(inArray(tireChecks.id, pageIds))
      .orderBy(...order);
  }

  async function listRows(where: SQL, q: QueueQuery): Promise<TCheckQueueRow[]> {
    const rows = await listQuery(where, q);
    return rows.map((r) => ({
      id: r.id,
      createdAt: iso(r.created_at)!,
      performed_at: iso(r.performed_at)!,
      late_days: lateDays(r.performed_at, r.created_at),
      time: r.time,
      date: r.date,
      plate_number: r.plate_number,
      status: r.status as TCheckQueueRow['status'],
      tireman_tire_check: { id: r.tireman_id, name: r.tireman_name },
      Location: { name: r.location_name },
      Unit: { plate_number: r.unit_plate, Project: { name: r.unit_project } },
      project: r.check_project ?? r.unit_project,
      returned_at: iso(r.returned_at),
    }));
  }

  async function countWhere(where: SQL): Promise<number> {
    const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(tireChecks).where(where);
    return Number(row?.n ?? 0);
  }

  /**
   * A page and the count (`counted`, by default counting `where`); a page past the end is not
   * looked for (the count says it is empty).
   */
  async function paged(
    where: SQL,
    q: QueueQuery,
    counted: () => Promise<number> = () => countWhere(where),
  ): Promise<TListResult<TCheckQueueRow>> {
    if (pageWindow(q).offset === 0) {
      const [data, total] = await Promise.all([listRows(where, q), counted()]);
      return pageResult(data, total, q);
    }
    const total = await counted();
    return pageResult(pageWindow(q).offset >= total ? [] : await listRows(where, q), total, q);
  }

  /** The EDP queue's size, stored by the triggers of migration 0024 (lib/row-counts.ts). */
  const countPending = () => storedRowCount(db, ['tire_checks:queue']);

  const queueWhere = (q: QueueQuery) => and(inQueue, ...queueConditions(queueCols, q))!;

  /** GET /tire-check/noEdpSign: one page, searched, filtered and ordered (lib/queue-filters.ts). */
  async function queue(q: QueueQuery): Promise<TListResult<TCheckQueueRow>> {
    const where = queueWhere(q);
    return paged(where, q, isFiltered(q) ? () => countWhere(where) : countPending);
  }

  /** GET /tire-check/returned: the checks returned to one tire man. */
  async function returnedTo(tiremanId: number, q: TCheckQueueQuery): Promise<TListResult<TCheckQueueRow>> {
    return paged(and(eq(tireChecks.tireman_id, tiremanId), stageIn(tireChecks.stage, RETURNED))!, q);
  }

  /** Checks done today in APP_TIMEZONE (performed_at). */
  /** Checks done today (APP_TIMEZONE) that count as work done (rules/work-done.ts: not returned). */
  async function countToday(): Promise<number> {
    return countWhere(
      sql`${tireChecks.performed_at} >= (now() at time zone ${timezone})::date::timestamp at time zone ${timezone}
        and ${tireChecks.performed_at} < ((now() at time zone ${timezone})::date + 1)::timestamp at time zone ${timezone}
        and ${tireChecks.returned_at} is null`,
    );
  }

  async function records(checkId: number): Promise<TTireCheckRecord[]> {
    const rows = await db
      .select({
        r: tireCheckRecords,
        check_odometer: tireChecks.odometer,
        t: {
          id: tires.id,
          serial_number: tires.serial_number,
          ir_brand: tires.ir_brand,
          ori_brand: tires.ori_brand,
          pattern: tires.pattern,
          size: tires.size,
          is_original: tires.is_original,
          position: tires.position,
          status: tires.status,
          ...tireReadingColumns,
          odometer: tires.odometer,
        },
      })
      .from(tireCheckRecords)
      .innerJoin(tireChecks, eq(tireChecks.id, tireCheckRecords.tire_check_id))
      .leftJoin(tires, eq(tires.id, tireCheckRecords.tire_id))
      .where(eq(tireCheckRecords.tire_check_id, checkId))
      .orderBy(asc(positionOrder(tireCheckRecords.position)), asc(tireCheckRecords.id));
    const previous = await previousReadings(checkId);
    return rows.map(({ r, check_odometer, t }) => ({
      id: r.id,
      tire_check_id: r.tire_check_id,
      tire_id: r.tire_id,
      position: r.position,
      serial_number: r.serial_number,
      serial_number_url: r.serial_number_url,
      ir_brand: r.ir_brand,
      ori_brand: r.ori_brand,
      pattern: r.pattern,
      size: r.size,
      status: r.status,
      groove_1: r.groove_1,
      groove_2: r.groove_2,
      groove_3: r.groove_3,
      groove_4: r.groove_4,
      pressure: r.pressure,
      condition: r.condition,
      rotation: r.rotation,
      temperature: r.temperature,
      information: r.information,
      createdAt: iso(r.created_at)!,
      updatedAt: iso(r.updated_at)!,
      Tire_Check: { odometer: check_odometer },
      Tire_ITM: t && t.id != null ? t : null,
      previous_reading: previous.get(r.id) ?? null,
    }));
  }

  /**
   * Each record's tire at the validated check done before this one (by performed_at, so a check
   * sent late compares with the one done before it, not with one sent before it), by record id.
   */
  async function previousReadings(checkId: number): Promise<Map<number, TPreviousReading>> {
    const rows = rowsOf<TPreviousReading & { record_id: number }>(
      await db.execute(sql`
        select r.id as record_id, p.check_id, ${isoText(sql`p.performed_at`)} as performed_at, p.odometer,
               p.groove_1, p.groove_2, p.groove_3, p.groove_4, p.groove_lowest, p.pressure
          from tire_check_records r
          join tire_checks c on c.id = r.tire_check_id
          cross join lateral (
            select pc.id as check_id, pc.performed_at, pc.odometer,
                   pr.groove_1, pr.groove_2, pr.groove_3, pr.groove_4,
                   least(pr.groove_1, pr.groove_2, pr.groove_3, pr.groove_4) as groove_lowest, pr.pressure
              from tire_check_records pr
              join tire_checks pc on pc.id = pr.tire_check_id
             where pr.tire_id = r.tire_id and pc.id <> c.id and pc.status = 'approved'
               and pc.performed_at < c.performed_at
             order by pc.performed_at desc, pc.id desc
             limit 1
          ) p
         where r.tire_check_id = ${checkId} and r.tire_id is not null`),
    );
    return new Map(rows.map(({ record_id, ...reading }) => [record_id, reading]));
  }

  async function exists(checkId: number): Promise<boolean> {
    const [row] = await db.select({ id: tireChecks.id }).from(tireChecks).where(eq(tireChecks.id, checkId));
    return Boolean(row);
  }

  /** GET /tire-check-record/{id}: the records of check `id`. */
  async function recordsOf(checkId: number): Promise<TTireCheckRecord[]> {
    const list = await records(checkId);
    if (list.length === 0 && !(await exists(checkId))) throw notFound('Pengecekan');
    return list;
  }

  /** GET /tire-check/detail/{id}. */
  async function detail(checkId: number): Promise<TTireCheckDetail> {
    const [row] = await db
      .select({
        c: tireChecks,
        time: localTime,
        date: localDate,
        location: { name: locations.name },
        region: { id: regions.id, name: regions.name, manpower: regions.manpower, pic: regions.pic },
        driver: { name: drivers.name, phone: drivers.phone },
        unit: {
          id: units.id,
          plate_number: units.plate_number,
          unit_type: units.unit_type,
          tonnage: units.tonnage,
        },
        unit_project: unitProject.name,
        check_project: checkProject.name,
        tireman: {
          id: users.id,
          name: users.name,
          signature: users.signature,
          photo: users.photo,
          phone: users.phone,
        },
        validator: { id: validator.id, name: validator.name },
        workshopSigner: { id: workshopSigner.id, name: workshopSigner.name },
      })
      .from(tireChecks)
      .innerJoin(users, eq(users.id, tireChecks.tireman_id))
      .innerJoin(locations, eq(locations.id, tireChecks.location_id))
      .innerJoin(regions, eq(regions.id, locations.region_id))
      .innerJoin(units, eq(units.id, tireChecks.unit_id))
      .innerJoin(unitProject, eq(unitProject.id, units.project_id))
      .leftJoin(checkProject, eq(checkProject.id, tireChecks.project_id))
      .leftJoin(drivers, eq(drivers.id, tireChecks.driver_id))
      .leftJoin(validator, eq(validator.id, tireChecks.validated_by))
      .leftJoin(workshopSigner, eq(workshopSigner.id, tireChecks.workshop_signed_by))
      .where(eq(tireChecks.id, checkId));
    if (!row) throw notFound('Pengecekan');
    const { c } = row;
    return {
      id: c.id,
      createdAt: iso(c.created_at)!,
      performed_at: iso(c.performed_at)!,
      late_days: lateDays(c.performed_at, c.created_at),
      time: row.time,
      date: row.date,
      plate_number: c.plate_number,
      unit_id: c.unit_id,
      tireman: c.tireman_id,
      location_id: c.location_id,
      project_id: c.project_id,
      odometer: c.odometer,
      equipment: c.equipment,
      tireman_sign: c.tireman_sign,
      driver_sign: c.driver_sign,
      pic_sign: c.pic_sign,
      pic_name: c.pic_name,
      pic_absent_reason: c.pic_absent_reason,
      edp_sign: c.edp_sign,
      workshop_sign: c.workshop_sign,
      itms_sign: c.itms_sign,
      status: c.status as TTireCheckDetail['status'],
      stage: c.stage,
      plate_number_url: c.plate_number_url,
      odometer_url: c.odometer_url,
      returned_at: iso(c.returned_at),
      return_reason: c.return_reason,
      field_warnings: c.field_warnings,
      validated_by: c.validated_by,
      validated_at: iso(c.validated_at),
      validator: row.validator?.id != null ? row.validator : null,
      workshop_signed: workshopSigned(c.workshop_signed_at, row.workshopSigner),
      Location: { name: row.location.name, Region: row.region },
      Driver: row.driver?.name != null ? row.driver : null,
      Unit: { ...row.unit, Project: { name: row.unit_project } },
      Project: row.check_project != null ? { name: row.check_project } : null,
      tireman_tire_check: row.tireman,
      records: await records(checkId),
      returns: await returnHistory(db, 'tire-check', checkId),
    };
  }

  /** GET /active-unit-tire/{unitId}: what is mounted on the unit, and the positions left empty. */
  async function activeUnitTiresOf(unitId: number): Promise<TActiveUnitTires> {
    const [unit] = await db
      .select({
        id: units.id,
        plate_number: units.plate_number,
        unit_type: units.unit_type,
        tonnage: units.tonnage,
        project: unitProject.name,
      })
      .from(units)
      .innerJoin(unitProject, eq(unitProject.id, units.project_id))
      .where(eq(units.id, unitId));
    if (!unit) throw notFound('Unit');
    const rows = await db
      .select({
        a: activeUnitTires,
        t: {
          id: tires.id,
          serial_number: tires.serial_number,
          ir_brand: tires.ir_brand,
          groove_1: tires.groove_1,
          groove_2: tires.groove_2,
          groove_3: tires.groove_3,
          groove_4: tires.groove_4,
          pressure: tires.pressure,
          odometer: tires.odometer,
        },
      })
      .from(activeUnitTires)
      .leftJoin(tires, eq(tires.id, activeUnitTires.tire_id))
      .where(eq(activeUnitTires.unit_id, unitId))
      .orderBy(asc(positionOrder(activeUnitTires.position)));
    const entries: TActiveTireEntry[] = rows.map(({ a, t }) => ({
      activeTireId: a.id,
      position: a.position,
      status: a.status as TActiveTireEntry['status'],
      km_installed: a.km_installed,
      tire_id: a.tire_id,
      detail: t && t.id != null ? { ...t, tireId: t.id } : null,
    }));
    const { project, ...u } = unit;
    return {
      Unit: { ...u, Project: { name: project } },
      Tire: entries.filter((e) => e.status === 'INSTALLED'),
      OffTire: entries.filter((e) => e.status !== 'INSTALLED'),
    };
  }

  /** SQL of the queue page and count queries, for EXPLAIN. */
  const queueSql = (q: QueueQuery) => ({
    page: listQuery(queueWhere(q), q).toSQL(),
    count: db.select({ n: sql<number>`count(*)::int` }).from(tireChecks).where(queueWhere(q)).toSQL(),
  });

  return { queue, queueSql, returnedTo, countToday, countPending, detail, recordsOf, activeUnitTiresOf };
}

export type TireCheckQueries = ReturnType<typeof createTireCheckQueries>;
