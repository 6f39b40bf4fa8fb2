import type { TSopEntry } from '@itms/contracts/sop';
import { asc, eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { sopEntries } from '../../db/schema';
import { audit } from '../../lib/audit';
import { notFound } from '../../lib/errors';

const columns = {
  id: sopEntries.id,
  sort_order: sopEntries.sort_order,
  title: sopEntries.title,
  video_url: sopEntries.video_url,
  video_path: sopEntries.video_path,
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

type SopInput = { title: string; video_url: string; description: string };

/** A new procedure, placed after the others. */
export async function createSop(db: Db, actorId: number, input: SopInput): Promise<TSopEntry> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(sopEntries)
      .values({
        ...input,
        sort_order: sql`(select coalesce(max(${sopEntries.sort_order}), 0) + 1 from ${sopEntries})`,
      })
      .returning(columns);
    await audit(tx, {
      userId: actorId,
      action: 'create',
      entity: 'sop',
      entityId: row!.id,
      detail: { after: { title: input.title, video_url: input.video_url } },
    });
    return toEntry(row!);
  });
}

/** Removes a procedure; the audit keeps what it was. */
export async function deleteSop(db: Db, actorId: number, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [gone] = await tx.delete(sopEntries).where(eq(sopEntries.id, id)).returning();
    if (!gone) throw notFound('SOP');
    await audit(tx, {
      userId: actorId,
      action: 'delete',
      entity: 'sop',
      entityId: id,
      detail: { before: { title: gone.title, video_url: gone.video_url, video_path: gone.video_path } },
    });
  });
}

export async function updateSop(db: Db, actorId: number, id: number, input: SopInput): Promise<TSopEntry> {
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

/** Puts an uploaded video (already in storage under `key`) on the procedure, or takes it off (null). */
export async function setSopVideo(
  db: Db,
  actorId: number,
  id: number,
  key: string | null,
): Promise<TSopEntry> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(sopEntries).where(eq(sopEntries.id, id)).for('update');
    if (!current) throw notFound('SOP');
    const [row] = await tx
      .update(sopEntries)
      .set({ video_path: key })
      .where(eq(sopEntries.id, id))
      .returning(columns);
    await audit(tx, {
      userId: actorId,
      action: key ? 'sop.video' : 'sop.video-remove',
      entity: 'sop',
      entityId: id,
      detail: { before: { video_path: current.video_path }, after: { video_path: key } },
    });
    return toEntry(row!);
  });
}

/** Whether the procedure exists (checked before a large upload is spooled). */
export async function sopExists(db: DbOrTx, id: number): Promise<boolean> {
  const [row] = await db.select({ id: sopEntries.id }).from(sopEntries).where(eq(sopEntries.id, id));
  return Boolean(row);
}
