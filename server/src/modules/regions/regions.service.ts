import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { regions } from '../../db/schema';
import { audit } from '../../lib/audit';
import { notFound } from '../../lib/errors';

export interface RegionUpdate {
  target_check: number | null;
  pic?: string;
  manpower?: number;
}

/** Saves the editable Target Check of a region (and its PIC and manpower when given). */
export async function updateRegion(db: Db, actorId: number, id: number, input: RegionUpdate): Promise<void> {
  await db.transaction(async (tx) => {
    const [current] = await tx.select().from(regions).where(eq(regions.id, id)).for('update');
    if (!current) throw notFound('Region');
    const next = {
      target_check: input.target_check,
      ...(input.pic !== undefined ? { pic: input.pic } : {}),
      ...(input.manpower !== undefined ? { manpower: input.manpower } : {}),
    };
    await tx.update(regions).set(next).where(eq(regions.id, id));
    await audit(tx, {
      userId: actorId,
      action: 'update',
      entity: 'region',
      entityId: id,
      detail: {
        before: { target_check: current.target_check, pic: current.pic, manpower: current.manpower },
        after: next,
      },
    });
  });
}
