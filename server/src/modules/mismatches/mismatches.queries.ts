import { NO_DRIVER, type Position } from '@itms/contracts/enums';
import type { TListResult } from '@itms/contracts/list';
import type {
  TMismatchDetail,
  TMismatchPendingQuery,
  TMismatchPendingRow,
  TMismatchRecordRow,
  TMismatchTire,
} from '@itms/contracts/mismatches';
import type { TRecordFilters } from '@itms/contracts/record-filters';
import { AWAITING_VALIDATION } from '@itms/contracts/rules/lifecycle';
import { lateDays } from '@itms/contracts/rules/performed-at';
import { aliasedTable, and, count, desc, eq, inArray, isNotNull, type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, rowsOf } from '../../db/client';
import { locations, mismatches, projects, units, users } from '../../db/schema';
import { stageIn } from '../../db/schema/columns';
import { notFound } from '../../lib/errors';
import { pageResult, pageWindow } from '../../lib/paging';
import { type QueueColumns, queueConditions, queueOrder } from '../../lib/queue-filters';
import { recordConditions } from '../../lib/record-filters';

const tiremen = aliasedTable(users, 'tireman');
const validators = aliasedTable(users, 'validator');

/** The project column of the BKB screens: TIDAK PASTI when no driver was known. */
const projectName = sql<
  string | null
>`case when ${mismatches.driver} is null then ${NO_DRIVER} else ${projects.name} end`;

const queueCols: QueueColumns = {
  id: mismatches.id,
  created_at: mismatches.created_at,
  unit_id: mismatches.unit_id,
  tireman_id: mismatches.tireman_id,
  location_id: mismatches.location_id,
  searchAlso: [mismatches.category],
};

/**
 * GET /mismatch-validation: pending BKB, searched, filtered and ordered (lib/queue-filters.ts), paged in SQL. Plate, tire man, location and
 * project are looked up per row by scalar subqueries, not joins: unit_id is NOT NULL and the others
 * were left joins, so the rows are the same, the count needs no join, and the planner skips a
 * five-table join-order search that cost more than the page itself.
 */
export async function listPending(
  db: DbOrTx,
  q: TMismatchPendingQuery,
): Promise<TListResult<TMismatchPendingRow>> {
  const plate = sql<string>`(select u.plate_number from units u where u.id = ${mismatches.unit_id})`;
  const tireman = sql<string | null>`(select u.name from users u where u.id = ${mismatches.tireman_id})`;
  const where = and(stageIn(mismatches.stage, AWAITING_VALIDATION), ...queueConditions(queueCols, q));
  const { offset, limit } = pageWindow(q);
  const order = queueOrder(queueCols, q.order);
  // the page's ids first: the lookups run for its rows only, not for the rows the offset skips
  const pageIds = db
    .select({ id: mismatches.id })
    .from(mismatches)
    .where(where)
    .orderBy(...order)
    .limit(limit)
    .offset(offset);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: mismatches.id,
        created_at: mismatches.created_at,
        performed_at: mismatches.performed_at,
        tireman,
        plate_number: plate,
        location: sql<string | null>`(select l.name from locations l where l.id = ${mismatches.location_id})`,
        project: sql<string | null>`case when ${mismatches.driver} is null then ${NO_DRIVER}
          else (select p.name from projects p where p.id = ${mismatches.project_id}) end`,
        category: mismatches.category,
      })
      .from(mismatches)
      .where(inArray(mismatches.id, pageIds))
      .orderBy(...order),
    db.select({ n: count() }).from(mismatches).where(where),
  ]);
  return pageResult(
    rows.map((r) => ({
      id: r.id,
      createdAt: r.created_at.toISOString(),
      performed_at: r.performed_at.toISOString(),
      late_days: lateDays(r.performed_at, r.created_at),
      tireman_bkb: r.tireman == null ? null : { name: r.tireman },
      Unit: { plate_number: r.plate_number },
      location: r.location,
      project: r.project,
      category: r.category,
    })),
    total?.n ?? 0,
    q,
  );
}

/** A Rekam BKB search: the days (in APP_TIMEZONE, both included) and the filters. */
export type MismatchRecordSearch = { dateStart: string; dateEnd: string } & Partial<TRecordFilters>;

function recordWhere(q: MismatchRecordSearch, timezone: string): SQL | undefined {
  return and(
    isNotNull(mismatches.tireman_id),
    sql`${mismatches.performed_at} >= ((${q.dateStart}::date)::timestamp at time zone ${timezone})`,
    sql`${mismatches.performed_at} < ((${q.dateEnd}::date + 1)::timestamp at time zone ${timezone})`,
    ...recordConditions(
      {
        unit_id: sql`${mismatches.unit_id}`,
        tireman_id: sql`${mismatches.tireman_id}`,
        location_id: sql`${mismatches.location_id}`,
        status: sql`${mismatches.status}`,
      },
      q,
    ),
  );
}

/** One page (or export batch) of the search's BKB, newest first. */
export async function recordRows(
  db: DbOrTx,
  q: MismatchRecordSearch,
  timezone: string,
  offset: number,
  limit: number,
): Promise<TMismatchRecordRow[]> {
  const local = sql`(${mismatches.performed_at} at time zone ${timezone})`;
  const rows = await db
    .select({
      id: mismatches.id,
      tireman: tiremen.name,
      plate_number: units.plate_number,
      location: locations.name,
      category: mismatches.category,
      status: mismatches.status,
      created_at: mismatches.created_at,
      performed_at: mismatches.performed_at,
      date: sql<string>`to_char(${local}, 'YYYY-MM-DD')`,
      time: sql<string>`to_char(${local}, 'HH24:MI')`,
    })
    .from(mismatches)
    .innerJoin(tiremen, eq(tiremen.id, mismatches.tireman_id))
    .innerJoin(units, eq(units.id, mismatches.unit_id))
    .leftJoin(locations, eq(locations.id, mismatches.location_id))
    .where(recordWhere(q, timezone))
    .orderBy(desc(mismatches.performed_at), desc(mismatches.id))
    .limit(limit)
    .offset(offset);
  return rows.map((r) => ({
    id: r.id,
    tireman_bkb: { name: r.tireman },
    Unit: { plate_number: r.plate_number },
    location: r.location,
    category: r.category,
    status: r.status as 'pending' | 'approved',
    createdAt: r.created_at.toISOString(),
    performed_at: r.performed_at.toISOString(),
    late_days: lateDays(r.performed_at, r.created_at),
    date: r.date,
    time: r.time,
  }));
}

/**
 * Rekam BKB: BKB made by a tire man that were done (performed_at) on the given days in `timezone`
 * (both ends inclusive, whole days), of one unit, tire man, location or status, newest first.
 */
export async function searchRecords(
  db: DbOrTx,
  q: MismatchRecordSearch & { page: number; pageSize: number },
  timezone: string,
): Promise<TListResult<TMismatchRecordRow>> {
  const { offset, limit } = pageWindow(q);
  const [rows, [total]] = await Promise.all([
    recordRows(db, q, timezone, offset, limit),
    db.select({ n: count() }).from(mismatches).where(recordWhere(q, timezone)),
  ]);
  return pageResult(rows, total?.n ?? 0, q);
}

interface PositionRow {
  id: number;
  position: string;
  found_serial: string;
  action: string | null;
  origin_id: number | null;
  origin_serial: string;
  origin_brand: string | null;
  new_id: number | null;
  new_serial: string | null;
  new_brand: string | null;
}

/** GET /mismatch/detail/{id}: the BKB with its people, unit and positions (Sebelum / Sesudah). */
export async function getDetail(db: DbOrTx, id: number): Promise<TMismatchDetail> {
  const [m] = await db
    .select({
      id: mismatches.id,
      created_at: mismatches.created_at,
      performed_at: mismatches.performed_at,
      status: mismatches.status,
      stage: mismatches.stage,
      category: mismatches.category,
      information: mismatches.information,
      driver: mismatches.driver,
      driver_phone: mismatches.driver_phone,
      driver_photo: mismatches.driver_photo,
      image_url: mismatches.image_url,
      signature_url: mismatches.signature_url,
      validated_at: mismatches.validated_at,
      tireman_id: tiremen.id,
      tireman_name: tiremen.name,
      tireman_phone: tiremen.phone,
      validator_id: validators.id,
      validator_name: validators.name,
      unit_id: units.id,
      plate_number: units.plate_number,
      unit_type: units.unit_type,
      location: locations.name,
      project: projectName,
    })
    .from(mismatches)
    .innerJoin(units, eq(units.id, mismatches.unit_id))
    .leftJoin(tiremen, eq(tiremen.id, mismatches.tireman_id))
    .leftJoin(validators, eq(validators.id, mismatches.itms_id))
    .leftJoin(locations, eq(locations.id, mismatches.location_id))
    .leftJoin(projects, eq(projects.id, mismatches.project_id))
    .where(eq(mismatches.id, id));
  if (!m) throw notFound('BKB');

  // Sesudah: the validator's choice once decided, else the tire whose serial is the one found
  const positions = rowsOf<PositionRow>(
    await db.execute(sql`
      select mp.id, mp.position, mp.found_serial, mp.action,
             mp.origin_tire_id as origin_id, mp.origin_serial, ot.ir_brand as origin_brand,
             nt.id as new_id, nt.serial_number as new_serial, nt.ir_brand as new_brand
      from mismatch_positions mp
      left join tires ot on ot.id = mp.origin_tire_id
      left join tires nt on nt.id = case
        when mp.action is not null then mp.new_tire_id
        else (select t.id from tires t
              where mp.found_serial <> '' and lower(t.serial_number) = lower(mp.found_serial)
              order by (t.serial_number = mp.found_serial) desc, t.id limit 1)
      end
      where mp.mismatch_id = ${id}
      order by case when mp.position ~ '^[0-9]+$' then mp.position::int else 100 end, mp.position`),
  );
  const tire = (tid: number | null, serial: string | null, brand: string | null): TMismatchTire | null =>
    tid == null && !serial ? null : { id: tid, serialNumber: serial ?? '', irBrand: brand ?? '' };

  return {
    id: m.id,
    createdAt: m.created_at.toISOString(),
    performed_at: m.performed_at.toISOString(),
    late_days: lateDays(m.performed_at, m.created_at),
    status: m.status as 'pending' | 'approved',
    stage: m.stage,
    category: m.category,
    information: m.information,
    driver: m.driver,
    driverPhone: m.driver_phone,
    driverPhoto: m.driver_photo,
    imageUrl: m.image_url,
    signatureUrl: m.signature_url,
    validatedAt: m.validated_at?.toISOString() ?? null,
    tireman_bkb:
      m.tireman_id == null ? null : { id: m.tireman_id, name: m.tireman_name!, phone: m.tireman_phone! },
    itms_bkb: m.validator_id == null ? null : { id: m.validator_id, name: m.validator_name! },
    Unit: { id: m.unit_id, plate_number: m.plate_number, unit_type: m.unit_type },
    location: m.location,
    project: m.project,
    positions: positions.map((p) => ({
      id: p.id,
      position: p.position as Position,
      originTire: tire(p.origin_id, p.origin_serial, p.origin_brand),
      found_serial: p.found_serial,
      newTire: tire(p.new_id, p.new_serial, p.new_brand),
      action: p.action as TMismatchDetail['positions'][number]['action'],
    })),
  };
}
