// The defect catalogue (admin master data): the codes a tire's condition zones are recorded with.
// Codes are added and named, never removed: a check queued on a phone may carry any of them.
import {
  conditionCodes,
  DEFECT_CODE_MESSAGES as M,
  NORMAL_CODE,
  NOT_CHECKED_CODE,
  type TDefectCode,
  type TDefectCodeRow,
  ZONES,
} from '@itms/contracts/defect-codes';
import { eq, sql } from 'drizzle-orm';
import { type Db, type DbOrTx, rowsOf } from '../../db/client';
import { defectCodes } from '../../db/schema';
import { audit } from '../../lib/audit';
import { AppError, type FieldIssue, notFound, pgCode } from '../../lib/errors';

/** The catalogue as the phone's snapshot and the PDF read it. */
export async function defectCatalogue(db: DbOrTx): Promise<TDefectCode[]> {
  return db
    .select({ code: defectCodes.code, name: defectCodes.name, unsafe: defectCodes.unsafe })
    .from(defectCodes)
    .orderBy(defectCodes.code);
}

/**
 * Every code with how many check records carry it in any zone (one pass over the records' zones),
 * by code.
 */
export async function listDefectCodes(db: DbOrTx, code?: number): Promise<TDefectCodeRow[]> {
  return rowsOf<TDefectCodeRow>(
    await db.execute(sql`
      with used as (
        select z.code::int as code, count(distinct r.id)::int as n
          from tire_check_records r
          cross join lateral unnest(string_to_array(r.condition, ',')) as z(code)
         where btrim(z.code) ~ '^[0-9]+$' and btrim(z.code)::int not in (${NOT_CHECKED_CODE}, ${NORMAL_CODE})
           ${code === undefined ? sql`` : sql`and btrim(z.code)::int = ${code}`}
         group by 1
      )
      select d.code, d.name, d.unsafe, d.updated_at, coalesce(u.n, 0) as usage
        from defect_codes d left join used u on u.code = d.code
       where ${code === undefined ? sql`true` : sql`d.code = ${code}`}
       order by d.code`),
  );
}

export async function getDefectCode(db: DbOrTx, code: number): Promise<TDefectCodeRow> {
  const [row] = await listDefectCodes(db, code);
  if (!row) throw notFound('Kode kerusakan');
  return row;
}

/**
 * The field issues of conditions whose codes are not in the catalogue, one per zone, naming it:
 * 'Tapak (crown): kode 45 tidak ada di katalog kerusakan'.
 */
export async function unknownDefectIssues(
  db: DbOrTx,
  conditions: readonly { field: string; condition: string }[],
): Promise<FieldIssue[]> {
  const wanted = new Set(
    conditions
      .flatMap((c) => conditionCodes(c.condition))
      .filter((n) => n !== NORMAL_CODE && n !== NOT_CHECKED_CODE),
  );
  if (wanted.size === 0) return [];
  const known = new Set((await defectCatalogue(db)).map((d) => d.code));
  return conditions.flatMap((c) =>
    conditionCodes(c.condition).flatMap((code, i) =>
      code === NORMAL_CODE || code === NOT_CHECKED_CODE || known.has(code)
        ? []
        : [{ field: c.field, message: M.unknown(ZONES[i]!.label, code) }],
    ),
  );
}

export async function createDefectCode(
  db: Db,
  actorId: number,
  input: { code: number; name: string; unsafe?: boolean },
): Promise<void> {
  try {
    await db.transaction(async (tx) => {
      await tx
        .insert(defectCodes)
        .values({ code: input.code, name: input.name, unsafe: input.unsafe ?? false });
      await audit(tx, {
        userId: actorId,
        action: 'create',
        entity: 'defect_code',
        entityId: input.code,
        detail: input,
      });
    });
  } catch (err) {
    if (pgCode(err) === '23505') {
      throw new AppError(409, 'DEFECT_CODE_TAKEN', M.taken, undefined, [{ field: 'code', message: M.taken }]);
    }
    throw err;
  }
}

/** Names (an empty name: back to 'Kode N'), renames or marks unsafe; the before and after audited. */
export async function updateDefectCode(
  db: Db,
  actorId: number,
  code: number,
  input: { name?: string; unsafe?: boolean },
): Promise<void> {
  await db.transaction(async (tx) => {
    const [current] = await tx.select().from(defectCodes).where(eq(defectCodes.code, code)).for('update');
    if (!current) throw notFound('Kode kerusakan');
    const next = {
      ...(input.name !== undefined ? { name: input.name || null } : {}),
      ...(input.unsafe !== undefined ? { unsafe: input.unsafe } : {}),
    };
    if (Object.keys(next).length === 0) return;
    await tx.update(defectCodes).set(next).where(eq(defectCodes.code, code));
    await audit(tx, {
      userId: actorId,
      action: 'update',
      entity: 'defect_code',
      entityId: code,
      detail: { before: { name: current.name, unsafe: current.unsafe }, after: next },
    });
  });
}
