import { MASTER_MESSAGES } from '@itms/contracts/master-data';
import { and, count, eq, ne, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import {
  locations,
  mismatches,
  qcChecks,
  regionPlans,
  regions,
  tireCheckDaily,
  tireCheckMonthly,
  tireChecks,
  tireReplacements,
} from '../../db/schema';
import { audit } from '../../lib/audit';
import { AppError, conflict, notFound, pgCode } from '../../lib/errors';

const MR = MASTER_MESSAGES.region;
const ML = MASTER_MESSAGES.location;

const duplicate = (code: 'REGION_NAME_TAKEN' | 'LOCATION_NAME_TAKEN', message: string) =>
  new AppError(409, code, message, undefined, [{ field: 'name', message }]);

/** Names compare trimmed and case-blind: 'Kalimantan ' and 'kalimantan' are one region. */
const sameName = (col: typeof regions.name | typeof locations.name, name: string) =>
  sql`lower(btrim(${col})) = lower(${name.trim()})`;

export interface RegionInput {
  name: string;
  pic?: string;
  manpower?: number;
  target_check?: number | null;
}

export interface RegionUpdate {
  name?: string;
  target_check: number | null;
  pic?: string;
  manpower?: number;
}

type Plan = { manpower: number; target_check: number | null };

/** The first day of the current month in the reports' time zone (report_timezone). */
const THIS_MONTH = sql`(select date_trunc('month', now() at time zone z.tz)::date from report_timezone z)`;

/** The month a region's plan from before plans were dated applies from: every month so far. */
export const PLAN_SINCE_ALWAYS = '2000-01-01';

/**
 * Dates a region's plan: `next` applies from the current month on. A region whose plan was never
 * dated keeps `before` for every earlier month, so no past month's expectation changes.
 */
async function datePlan(tx: DbOrTx, regionId: number, before: Plan, next: Plan): Promise<void> {
  await tx.execute(sql`
    insert into ${regionPlans} (region_id, month, manpower, target_check)
    select ${regionId}, ${PLAN_SINCE_ALWAYS}::date, ${before.manpower}::int, ${before.target_check}::int
     where not exists (select 1 from ${regionPlans} where region_id = ${regionId})`);
  await tx.execute(sql`
    insert into ${regionPlans} (region_id, month, manpower, target_check)
    values (${regionId}, ${THIS_MONTH}, ${next.manpower}::int, ${next.target_check}::int)
    on conflict (region_id, month) do update
      set manpower = excluded.manpower, target_check = excluded.target_check`);
}

async function assertRegionNameFree(tx: DbOrTx, name: string, exceptId?: number): Promise<void> {
  const [taken] = await tx
    .select({ id: regions.id })
    .from(regions)
    .where(and(sameName(regions.name, name), exceptId ? ne(regions.id, exceptId) : undefined))
    .limit(1);
  if (taken) throw duplicate('REGION_NAME_TAKEN', MR.duplicateName);
}

export async function createRegion(db: Db, actorId: number, input: RegionInput): Promise<number> {
  return db.transaction(async (tx) => {
    await assertRegionNameFree(tx, input.name);
    const values = {
      name: input.name,
      pic: input.pic ?? '',
      manpower: input.manpower ?? 0,
      target_check: input.target_check ?? null,
    };
    const [row] = await tx.insert(regions).values(values).returning({ id: regions.id });
    // a new region's plan holds for every month until it changes
    await tx.insert(regionPlans).values({
      region_id: row!.id,
      month: PLAN_SINCE_ALWAYS,
      manpower: values.manpower,
      target_check: values.target_check,
    });
    await audit(tx, {
      userId: actorId,
      action: 'create',
      entity: 'region',
      entityId: row!.id,
      detail: values,
    });
    return row!.id;
  });
}

/** Saves a region: the summary card's Target Check alone, or every field from Region & Lokasi. */
export async function updateRegion(db: Db, actorId: number, id: number, input: RegionUpdate): Promise<void> {
  await db.transaction(async (tx) => {
    const [current] = await tx.select().from(regions).where(eq(regions.id, id)).for('update');
    if (!current) throw notFound('Region');
    if (input.name !== undefined) await assertRegionNameFree(tx, input.name, id);
    const next = {
      target_check: input.target_check,
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.pic !== undefined ? { pic: input.pic } : {}),
      ...(input.manpower !== undefined ? { manpower: input.manpower } : {}),
    };
    await tx.update(regions).set(next).where(eq(regions.id, id));
    const plan = { manpower: next.manpower ?? current.manpower, target_check: next.target_check };
    if (plan.manpower !== current.manpower || plan.target_check !== current.target_check) {
      await datePlan(tx, id, current, plan);
    }
    await audit(tx, {
      userId: actorId,
      action: 'update',
      entity: 'region',
      entityId: id,
      detail: {
        before: {
          name: current.name,
          target_check: current.target_check,
          pic: current.pic,
          manpower: current.manpower,
        },
        after: next,
      },
    });
  });
}

async function locationCount(tx: DbOrTx, regionId: number): Promise<number> {
  const [row] = await tx.select({ n: count() }).from(locations).where(eq(locations.region_id, regionId));
  return row?.n ?? 0;
}

/** Deletes a region without locations; one with locations is refused with their number. */
export async function deleteRegion(db: Db, actorId: number, id: number): Promise<void> {
  try {
    await db.transaction(async (tx) => {
      const [current] = await tx.select().from(regions).where(eq(regions.id, id)).for('update');
      if (!current) throw notFound('Region');
      const n = await locationCount(tx, id);
      if (n > 0) throw conflict(MR.hasLocations(n), 'REGION_HAS_LOCATIONS');
      await tx.delete(regions).where(eq(regions.id, id));
      await audit(tx, { userId: actorId, action: 'delete', entity: 'region', entityId: id, detail: current });
    });
  } catch (err) {
    // a location added to it at the same moment
    if (pgCode(err) === '23503') {
      throw conflict(MR.hasLocations(Math.max(1, await locationCount(db, id))), 'REGION_HAS_LOCATIONS');
    }
    throw err;
  }
}

// ---------- locations ----------

export interface LocationInput {
  name: string;
  region_id: number;
}

async function lockRegion(tx: DbOrTx, regionId: number): Promise<void> {
  // key share: a region being deleted at the same moment waits for us (or we see it gone)
  const [region] = await tx
    .select({ id: regions.id })
    .from(regions)
    .where(eq(regions.id, regionId))
    .for('key share');
  if (!region) {
    const message = 'Region tidak ditemukan';
    throw new AppError(400, 'VALIDATION', message, undefined, [{ field: 'region_id', message }]);
  }
}

async function assertLocationNameFree(tx: DbOrTx, input: LocationInput, exceptId?: number): Promise<void> {
  const [taken] = await tx
    .select({ id: locations.id })
    .from(locations)
    .where(
      and(
        eq(locations.region_id, input.region_id),
        sameName(locations.name, input.name),
        exceptId ? ne(locations.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  if (taken) throw duplicate('LOCATION_NAME_TAKEN', ML.duplicateName);
}

export async function createLocation(db: Db, actorId: number, input: LocationInput): Promise<number> {
  return db.transaction(async (tx) => {
    await lockRegion(tx, input.region_id);
    await assertLocationNameFree(tx, input);
    const [row] = await tx
      .insert(locations)
      .values({ name: input.name, region_id: input.region_id })
      .returning({ id: locations.id });
    await audit(tx, {
      userId: actorId,
      action: 'create',
      entity: 'location',
      entityId: row!.id,
      detail: input,
    });
    return row!.id;
  });
}

/** Renames a location or moves it to another region (its checks follow it in the summary). */
export async function updateLocation(
  db: Db,
  actorId: number,
  id: number,
  input: LocationInput,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [current] = await tx.select().from(locations).where(eq(locations.id, id)).for('update');
    if (!current) throw notFound('Lokasi');
    await lockRegion(tx, input.region_id);
    await assertLocationNameFree(tx, input, id);
    await tx.update(locations).set(input).where(eq(locations.id, id));
    await audit(tx, {
      userId: actorId,
      action: 'update',
      entity: 'location',
      entityId: id,
      detail: { before: { name: current.name, region_id: current.region_id }, after: input },
    });
  });
}

/** What still cites a location, as people read it: ['12 pengecekan', '1 BKB']. */
async function locationUses(tx: DbOrTx, id: number): Promise<string[]> {
  const counted = async (
    table: typeof tireChecks | typeof tireReplacements | typeof mismatches | typeof qcChecks,
  ) => {
    const [row] = await tx.select({ n: count() }).from(table).where(eq(table.location_id, id));
    return row?.n ?? 0;
  };
  const [checks, replacements, bkb, qc] = await Promise.all([
    counted(tireChecks),
    counted(tireReplacements),
    counted(mismatches),
    counted(qcChecks),
  ]);
  return [
    checks ? `${checks} pengecekan` : null,
    replacements ? `${replacements} pergantian` : null,
    bkb ? `${bkb} BKB` : null,
    qc ? `${qc} quality control` : null,
  ].filter((s): s is string => s !== null);
}

/** Deletes a location nothing cites; one in use is refused with what uses it. */
export async function deleteLocation(db: Db, actorId: number, id: number): Promise<void> {
  try {
    await db.transaction(async (tx) => {
      // the row lock makes a check being written for this location finish first (its foreign key
      // takes a share lock), so the counts below are complete
      const [current] = await tx.select().from(locations).where(eq(locations.id, id)).for('update');
      if (!current) throw notFound('Lokasi');
      const uses = await locationUses(tx, id);
      if (uses.length > 0) throw conflict(ML.inUse(uses), 'LOCATION_IN_USE');
      // the rollups keep zero rows of checks that were deleted: they go with the location
      await tx.delete(tireCheckDaily).where(eq(tireCheckDaily.location_id, id));
      await tx.delete(tireCheckMonthly).where(eq(tireCheckMonthly.location_id, id));
      await tx.delete(locations).where(eq(locations.id, id));
      await audit(tx, {
        userId: actorId,
        action: 'delete',
        entity: 'location',
        entityId: id,
        detail: current,
      });
    });
  } catch (err) {
    if (pgCode(err) === '23503') throw conflict(ML.inUse(await locationUses(db, id)), 'LOCATION_IN_USE');
    throw err;
  }
}
