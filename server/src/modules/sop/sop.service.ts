import type { TSopEntry } from '@itms/contracts/master-data';
import { asc, eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { sopEntries } from '../../db/schema';
import { audit } from '../../lib/audit';
import { notFound } from '../../lib/errors';

const columns = {
  id: sopEntries.id,
  sort_order: sopEntries.sort_order,
  title: sopEntries.title,
  video_url: sopEntries.video_url,
  description: sopEntries.description,
  updatedAt: sopEntries.updated_at,
};

const toEntry = (e: Omit<TSopEntry, 'updatedAt'> & { updatedAt: Date }): TSopEntry => ({
  ...e,
  updatedAt: e.updatedAt.toISOString(),
});

/** The SOP accordion, in its order. */
export async function listSop(db: DbOrTx): Promise<TSopEntry[]> {
  const rows = await db
    .select(columns)
    .from(sopEntries)
    .orderBy(asc(sopEntries.sort_order), asc(sopEntries.id));
  return rows.map(toEntry);
}

export async function updateSop(
  db: Db,
  actorId: number,
  id: number,
  input: { title: string; video_url: string; description: string },
): Promise<TSopEntry> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(sopEntries).where(eq(sopEntries.id, id)).for('update');
    if (!current) throw notFound('SOP');
    const [row] = await tx.update(sopEntries).set(input).where(eq(sopEntries.id, id)).returning(columns);
    await audit(tx, {
      userId: actorId,
      action: 'update',
      entity: 'sop',
      entityId: id,
      detail: {
        before: { title: current.title, video_url: current.video_url },
        after: { title: input.title, video_url: input.video_url },
      },
    });
    return toEntry(row!);
  });
}
