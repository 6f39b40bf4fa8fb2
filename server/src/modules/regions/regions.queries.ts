import type { TLocationRow, TRegionRow } from '@itms/contracts/master-data';
import { and, asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { locations, regions } from '../../db/schema';

const regionColumns = {
  id: regions.id,
  name: regions.name,
  manpower: regions.manpower,
  pic: regions.pic,
  target_check: regions.target_check,
};

/** Regions for selects and the summary screen, by name. */
export async function listRegions(db: DbOrTx): Promise<TRegionRow[]> {
  return db.select(regionColumns).from(regions).orderBy(asc(regions.name), asc(regions.id));
}

export async function getRegion(db: DbOrTx, id: number): Promise<TRegionRow | null> {
  const [row] = await db.select(regionColumns).from(regions).where(eq(regions.id, id));
  return row ?? null;
}

/** Locations (pools) with their region, by region then name; optionally of one region or one id. */
export async function listLocations(db: DbOrTx, regionId?: number, id?: number): Promise<TLocationRow[]> {
  const rows = await db
    .select({
      id: locations.id,
      name: locations.name,
      region_id: locations.region_id,
      regionName: regions.name,
    })
    .from(locations)
    .innerJoin(regions, eq(regions.id, locations.region_id))
    .where(
      and(regionId ? eq(locations.region_id, regionId) : undefined, id ? eq(locations.id, id) : undefined),
    )
    .orderBy(asc(regions.name), asc(locations.name), asc(locations.id));
  return rows.map(({ regionName, ...l }) => ({ ...l, Region: { id: l.region_id, name: regionName } }));
}

export async function getLocation(db: DbOrTx, id: number): Promise<TLocationRow | null> {
  const [row] = await listLocations(db, undefined, id);
  return row ?? null;
}
