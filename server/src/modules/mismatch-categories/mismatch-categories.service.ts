// BKB categories (admin master data): the list a BKB's Kategori is chosen from. A BKB keeps the
// name as text, so renaming and merging rewrite mismatches.category in the same transaction.
import {
  MISMATCH_CATEGORY_MESSAGES as M,
  type TMismatchCategoryRow,
} from '@itms/contracts/mismatch-categories';
import { and, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import { type Db, type DbOrTx, rowsOf } from '../../db/client';
import { mismatchCategories, mismatches } from '../../db/schema';
import { audit } from '../../lib/audit';
import { AppError, notFound, pgCode } from '../../lib/errors';

/** Names compare trimmed and case-blind: 'Ban hilang ' and 'ban HILANG' are one category. */
const sameName = (col: SQL | typeof mismatchCategories.name, name: string) =>
  sql`lower(btrim(${col})) = lower(${name.trim()})`;

const nameTaken = () =>
  new AppError(409, 'MISMATCH_CATEGORY_NAME_TAKEN', M.duplicateName, undefined, [
    { field: 'name', message: M.duplicateName },
  ]);

/** Every category with its BKB count: active first, then by name. */
export async function listMismatchCategories(db: DbOrTx, id?: number): Promise<TMismatchCategoryRow[]> {
  return rowsOf<TMismatchCategoryRow>(
    await db.execute(sql`
      select c.id, c.name, c.active, c.created_at, c.updated_at,
             (select count(*)::int from mismatches m where m.category = c.name) as usage
        from mismatch_categories c
       where ${id === undefined ? sql`true` : sql`c.id = ${id}`}
       order by c.active desc, lower(c.name), c.id`),
  );
}

export async function getMismatchCategory(db: DbOrTx, id: number): Promise<TMismatchCategoryRow> {
  const [row] = await listMismatchCategories(db, id);
  if (!row) throw notFound('Kategori BKB');
  return row;
}

/**
 * The listed name of a category a BKB is sent with (case-blind, trimmed); an unknown or inactive
 * one is refused with a 400 at the field.
 */
export async function canonicalCategory(db: DbOrTx, name: string): Promise<string> {
  const [row] = await db
    .select({ name: mismatchCategories.name })
    .from(mismatchCategories)
    .where(and(sameName(mismatchCategories.name, name), eq(mismatchCategories.active, true)))
    .limit(1)
    // held until the BKB commits: a rename or merge at the same moment waits, then rewrites it too
    .for('share');
  if (!row) {
    throw new AppError(400, 'MISMATCH_CATEGORY_UNKNOWN', M.unknown, undefined, [
      { field: 'category', message: M.unknown },
    ]);
  }
  return row.name;
}

async function assertNameFree(tx: DbOrTx, name: string, exceptId?: number): Promise<void> {
  const [taken] = await tx
    .select({ id: mismatchCategories.id })
    .from(mismatchCategories)
    .where(
      and(
        sameName(mismatchCategories.name, name),
        exceptId ? ne(mismatchCategories.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  if (taken) throw nameTaken();
}

/** A unique violation at the same moment reads as the duplicate-name refusal. */
async function guardName<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (pgCode(err) === '23505') throw nameTaken();
    throw err;
  }
}

export async function createMismatchCategory(db: Db, actorId: number, name: string): Promise<number> {
  return guardName(() =>
    db.transaction(async (tx) => {
      await assertNameFree(tx, name);
      const [row] = await tx
        .insert(mismatchCategories)
        .values({ name })
        .returning({ id: mismatchCategories.id });
      await audit(tx, {
        userId: actorId,
        action: 'create',
        entity: 'mismatch_category',
        entityId: row!.id,
        detail: { name },
      });
      return row!.id;
    }),
  );
}

/** Renames (every BKB carrying the old name takes the new one), deactivates or activates again. */
export async function updateMismatchCategory(
  db: Db,
  actorId: number,
  id: number,
  input: { name?: string; active?: boolean },
): Promise<void> {
  await guardName(() =>
    db.transaction(async (tx) => {
      const [current] = await tx
        .select()
        .from(mismatchCategories)
        .where(eq(mismatchCategories.id, id))
        .for('update');
      if (!current) throw notFound('Kategori BKB');
      const rename = input.name !== undefined && input.name !== current.name;
      if (rename) await assertNameFree(tx, input.name!, id);
      const next = {
        ...(rename ? { name: input.name! } : {}),
        ...(input.active !== undefined ? { active: input.active } : {}),
      };
      if (Object.keys(next).length === 0) return;
      await tx.update(mismatchCategories).set(next).where(eq(mismatchCategories.id, id));
      const renamed = rename
        ? await tx
            .update(mismatches)
            .set({ category: input.name! })
            .where(eq(mismatches.category, current.name))
            .returning({ id: mismatches.id })
        : [];
      await audit(tx, {
        userId: actorId,
        action: 'update',
        entity: 'mismatch_category',
        entityId: id,
        detail: {
          before: { name: current.name, active: current.active },
          after: next,
          ...(rename ? { renamedMismatches: renamed.length } : {}),
        },
      });
    }),
  );
}

/** Merges categories into one kept category: their BKB take its name, the merged ones are removed. */
export async function mergeMismatchCategories(
  db: Db,
  actorId: number,
  keepId: number,
  mergeIds: readonly number[],
): Promise<number> {
  return db.transaction(async (tx) => {
    const ids = [...new Set([keepId, ...mergeIds])];
    const rows = await tx
      .select()
      .from(mismatchCategories)
      .where(inArray(mismatchCategories.id, ids))
      .orderBy(mismatchCategories.id)
      .for('update');
    const keep = rows.find((r) => r.id === keepId);
    if (!keep || rows.length !== ids.length) throw notFound('Kategori BKB');
    const merged = rows.filter((r) => r.id !== keepId);
    const names = merged.map((r) => r.name);
    const moved = await tx
      .update(mismatches)
      .set({ category: keep.name })
      .where(inArray(mismatches.category, names))
      .returning({ id: mismatches.id });
    await tx.delete(mismatchCategories).where(
      inArray(
        mismatchCategories.id,
        merged.map((r) => r.id),
      ),
    );
    await audit(tx, {
      userId: actorId,
      action: 'merge',
      entity: 'mismatch_category',
      entityId: keepId,
      detail: {
        kept: keep.name,
        merged: merged.map((r) => ({ id: r.id, name: r.name })),
        movedMismatches: moved.length,
      },
    });
    return moved.length;
  });
}
