// Tanda Tangan Workshop: the workshop role signs validated checks and replacements, many at once.
import { type Role, UNSIGNED } from '@itms/contracts/enums';
import { mayTake, type Stage } from '@itms/contracts/rules/lifecycle';
import {
  type TWorkshopItem,
  type TWorkshopSignInput,
  WORKSHOP_KIND_LABELS,
  WORKSHOP_MESSAGES,
  type WorkshopKind,
} from '@itms/contracts/workshop';
import { eq, sql } from 'drizzle-orm';
import { type Db, type DbOrTx, pgArray, rowsOf, type Tx } from '../../db/client';
import { auditLog, users } from '../../db/schema';
import { AppError, badRequest } from '../../lib/errors';
import { stepRefusal } from '../../lib/lifecycle';
import { assertOwnUploads } from '../../lib/uploads';

const TABLE: Record<WorkshopKind, string> = {
  'tire-check': 'tire_checks',
  'tire-replacement': 'tire_replacements',
};

/**
 * Whether the user may give the workshop signature (the lifecycle's workshop taker: the workshop
 * role, or an admin), and the signature he has stored.
 */
export async function signerOf(db: DbOrTx, userId: number) {
  const [me] = await db
    .select({ signature: users.signature, role: users.role })
    .from(users)
    .where(eq(users.id, userId));
  const signature = me?.signature && me.signature !== UNSIGNED ? me.signature : null;
  const role = (me?.role ?? 'tire-man') as Role;
  return { signatory: mayTake('workshop', { id: userId, role }, 0), signature, role };
}

interface Locked {
  id: number;
  stage: Stage;
  tireman_id: number | null;
  plate_number: string;
}

/** Locks the kind's rows in id order (two batches sharing rows cannot deadlock). */
async function lockRows(tx: Tx, kind: WorkshopKind, ids: number[]): Promise<Map<number, Locked>> {
  if (ids.length === 0) return new Map();
  const plate =
    kind === 'tire-check'
      ? sql.raw('t.plate_number')
      : sql.raw('(select u.plate_number from units u where u.id = t.unit_id)');
  const rows = rowsOf<Locked>(
    await tx.execute(sql`
      select t.id, t.stage, t.tireman_id, ${plate} as plate_number
        from ${sql.raw(TABLE[kind])} t
       where t.id = any(${pgArray(ids)}::int[])
       order by t.id
         for update of t`),
  );
  return new Map(rows.map((r) => [Number(r.id), r]));
}

/**
 * POST /workshop/sign: every item gets the signature, who gave it and when, and an audit line, in
 * one transaction. All or nothing: an item signed, returned or deleted meanwhile refuses the whole
 * batch with 409 naming each one.
 */
export async function signBatch(
  db: Db,
  actorId: number,
  body: TWorkshopSignInput,
): Promise<{ signed: number; workshop_sign: string; items: TWorkshopItem[] }> {
  return db.transaction(async (tx) => {
    const me = await signerOf(tx, actorId);
    if (!me.signatory) throw new AppError(403, 'FORBIDDEN', WORKSHOP_MESSAGES.notSignatory);
    let sign = body.workshop_sign;
    if (sign) {
      await assertOwnUploads(tx, actorId, [{ field: 'workshop_sign', path: sign }]);
    } else {
      if (!me.signature) {
        throw badRequest(WORKSHOP_MESSAGES.needSignature, [
          { field: 'workshop_sign', message: WORKSHOP_MESSAGES.needSignature },
        ]);
      }
      sign = me.signature;
    }

    const idsOf = (kind: WorkshopKind) => body.items.filter((i) => i.kind === kind).map((i) => i.id);
    const locked = {
      'tire-check': await lockRows(tx, 'tire-check', idsOf('tire-check')),
      'tire-replacement': await lockRows(tx, 'tire-replacement', idsOf('tire-replacement')),
    };
    const actor = { id: actorId, role: me.role };
    const problems = body.items.flatMap((item, index) => {
      const row = locked[item.kind].get(item.id);
      const why = !row
        ? WORKSHOP_MESSAGES.deleted
        : !stepRefusal(item.kind, row, 'workshop-sign', actor)
          ? null
          : row.stage === 'workshop_signed'
            ? WORKSHOP_MESSAGES.alreadySigned
            : WORKSHOP_MESSAGES.notValidated;
      if (!why) return [];
      const name = `${WORKSHOP_KIND_LABELS[item.kind]} #${item.id}${row ? ` (${row.plate_number})` : ''}`;
      return [{ field: `items.${index}`, message: `${name} ${why}` }];
    });
    if (problems.length) {
      // the message says what happened, `fields` which items (the screen lists them)
      throw new AppError(409, 'WORKSHOP_ITEMS_CHANGED', WORKSHOP_MESSAGES.nothingSigned, undefined, problems);
    }

    const at = new Date();
    for (const kind of ['tire-check', 'tire-replacement'] as const) {
      const ids = idsOf(kind);
      if (ids.length === 0) continue;
      await tx.execute(sql`
        update ${sql.raw(TABLE[kind])}
           set stage = 'workshop_signed', workshop_sign = ${sign}, workshop_signed_by = ${actorId}, workshop_signed_at = ${at},
               updated_at = ${at}
         where id = any(${pgArray(ids)}::int[])`);
    }
    // one audit line per item, in one statement
    await tx.insert(auditLog).values(
      body.items.map((item) => ({
        user_id: actorId,
        action: 'workshop-sign',
        entity: item.kind,
        entity_id: String(item.id),
        detail: { before: { workshop_sign: UNSIGNED }, after: { workshop_sign: sign } },
      })),
    );
    return { signed: body.items.length, workshop_sign: sign, items: body.items };
  });
}
