import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { news } from '../../db/schema';
import { audit } from '../../lib/audit';
import { notFound } from '../../lib/errors';

export interface NewsInput {
  title: string;
  news: string;
  author: string;
  imageUrl: string | null;
}

export async function createNews(db: Db, actorId: number, input: NewsInput): Promise<number> {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(news).values(input).returning({ id: news.id });
    await audit(tx, {
      userId: actorId,
      action: 'create',
      entity: 'news',
      entityId: row!.id,
      detail: { title: input.title, author: input.author },
    });
    return row!.id;
  });
}

export async function updateNews(db: Db, actorId: number, id: number, input: NewsInput): Promise<void> {
  await db.transaction(async (tx) => {
    const [current] = await tx.select().from(news).where(eq(news.id, id)).for('update');
    if (!current) throw notFound('Berita');
    await tx.update(news).set(input).where(eq(news.id, id));
    await audit(tx, {
      userId: actorId,
      action: 'update',
      entity: 'news',
      entityId: id,
      detail: {
        before: { title: current.title, author: current.author, imageUrl: current.imageUrl },
        after: { title: input.title, author: input.author, imageUrl: input.imageUrl },
      },
    });
  });
}

export async function deleteNews(db: Db, actorId: number, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [gone] = await tx.delete(news).where(eq(news.id, id)).returning();
    if (!gone) throw notFound('Berita');
    await audit(tx, {
      userId: actorId,
      action: 'delete',
      entity: 'news',
      entityId: id,
      detail: { title: gone.title, author: gone.author },
    });
  });
}
