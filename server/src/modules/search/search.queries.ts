import type { TireStatus, UnitType } from '@itms/contracts/enums';
import { GLOBAL_SEARCH_LIMIT, type TGlobalSearchReply } from '@itms/contracts/search';
import { and, asc, desc, eq, ilike, sql } from 'drizzle-orm';
import { type DbOrTx, rowsOf } from '../../db/client';
import { projects, units, users } from '../../db/schema';
import { likePattern, plateContains, plateStartsWith, prefixPattern } from '../../lib/list-query';

/** `q%` (LIKE wildcards taken literally): a match at the start ranks first. */

type TireHit = TGlobalSearchReply['tires'][number];

/**
 * Tires by serial: those starting with q in serial order (tires_serial_prefix_idx walked in its
 * own order, so a 3-letter prefix shared by 10k tires still reads 5), then, only when fewer than
 * that, any others containing q (tires_serial_trgm_idx when the planner takes q for rare, else a
 * scan that stops at the fifth match). Sorting every containing match instead cost 70 ms for "BS2"
 * at 126k tires on PostgreSQL; this takes under 1 ms. Known worst case: a rare 3-letter fragment
 * the planner takes for common scans the whole table (PostgreSQL, 126k tires, busy machine: ~25 ms
 * for "K01", ~140 ms for "B10"); the next keystroke makes it selective and the index answers.
 */
async function searchTires(db: DbOrTx, q: string): Promise<TireHit[]> {
  const prefix = prefixPattern(q.toLowerCase());
  const cols = sql`id, serial_number, case when ir_brand <> '' then ir_brand else ori_brand end as brand, size, status`;
  const rows = rowsOf<TireHit & { r: number }>(
    await db.execute(sql`
      select * from (
        (select ${cols}, 0 as r from tires
          where lower(serial_number) like ${prefix}
          order by lower(serial_number) using ~<~ limit ${GLOBAL_SEARCH_LIMIT})
        union all
        (select ${cols}, 1 as r from tires
          where serial_number ilike ${likePattern(q)} and lower(serial_number) not like ${prefix}
          limit ${GLOBAL_SEARCH_LIMIT})
        limit ${GLOBAL_SEARCH_LIMIT}
      ) hits order by r, serial_number`),
  );
  return rows.map(({ r: _, ...t }) => ({ ...t, status: t.status as TireStatus }));
}

/**
 * The top bar's search: units whose plate (spaces ignored, as the unit list does) contains q,
 * tires whose serial contains q, tire men whose name contains q; case-insensitive, at most
 * GLOBAL_SEARCH_LIMIT each, those starting with q first. The plate filter is served by the
 * pg_trgm GIN index units_plate_trgm_idx (migration 0032; a few thousand units, so sorting all
 * matches is cheap); the few hundred tire men are read through users_role_idx.
 */
export async function globalSearch(db: DbOrTx, q: string): Promise<TGlobalSearchReply> {
  const [unitRows, tireRows, tireMen] = await Promise.all([
    db
      .select({
        id: units.id,
        plate_number: units.plate_number,
        unit_type: units.unit_type,
        project: projects.name,
      })
      .from(units)
      .innerJoin(projects, eq(projects.id, units.project_id))
      .where(plateContains(units.plate_number, q))
      .orderBy(desc(plateStartsWith(units.plate_number, q)), asc(units.plate_number))
      .limit(GLOBAL_SEARCH_LIMIT),
    searchTires(db, q),
    db
      .select({ id: users.id, name: users.name, phone: users.phone })
      .from(users)
      .where(and(eq(users.role, 'tire-man'), ilike(users.name, likePattern(q))))
      .orderBy(desc(ilike(users.name, prefixPattern(q))), asc(users.name), asc(users.id))
      .limit(GLOBAL_SEARCH_LIMIT),
  ]);
  return {
    units: unitRows.map((u) => ({ ...u, unit_type: u.unit_type as UnitType })),
    tires: tireRows,
    tireMen,
  };
}
