import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { banners } from '../../db/schema';
import { audit } from '../../lib/audit';
import { notFound } from '../../lib/errors';

export interface BannerInput {
  name: string;
  image: string;
}

export async function createBanner(db: Db, actorId: number, input: BannerInput): Promise<number> {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(banners).values(input).returning({ id: banners.id });
    await audit(tx, {
      userId: actorId,
      action: 'create',
      entity: 'banner',
      entityId: row!.id,
      detail: input,
    });
    return row!.id;
  });
}

export async function updateBanner(db: Db, actorId: number, id: number, input: BannerInput): Promise<void> {
  await db.transaction(async (tx) => {
    const [current] = await tx.select().from(banners).where(eq(banners.id, id)).for('update');
    if (!current) throw notFound('Banner');
    await tx.update(banners).set(input).where(eq(banners.id, id));
    await audit(tx, {
      userId: actorId,
      action: 'update',
      entity: 'banner',
      entityId: id,
      detail: { before: { name: current.name, image: current.image }, after: input },
    });
  });
}

export async function deleteBanner(db: Db, actorId: number, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [gone] = await tx.delete(banners).where(eq(banners.id, id)).returning();
    if (!gone) throw notFound('Banner');
    await audit(tx, {
      userId: actorId,
      action: 'delete',
      entity: 'banner',
      entityId: id,
      detail: { name: gone.name, image: gone.image },
    });
  });
}
