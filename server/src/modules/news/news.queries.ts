import type { TListResult } from '@itms/contracts/list';
import type { TNewsRow, ZNewsListQuery } from '@itms/contracts/master-data';
import { count, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import { news } from '../../db/schema';
import { orderBy, pagedList, searchAny } from '../../lib/list-query';

const columns = {
  id: news.id,
  title: news.title,
  news: news.news,
  author: news.author,
  imageUrl: news.imageUrl,
  createdAt: news.created_at,
  updatedAt: news.updated_at,
};
const SORTS = { id: news.id, title: news.title, author: news.author, createdAt: news.created_at };

type Stored = Omit<TNewsRow, 'createdAt' | 'updatedAt'> & { createdAt: Date; updatedAt: Date };
const toRow = (n: Stored): TNewsRow => ({
  ...n,
  createdAt: n.createdAt.toISOString(),
  updatedAt: n.updatedAt.toISOString(),
});

export async function listNews(
  db: DbOrTx,
  q: z.output<typeof ZNewsListQuery>,
): Promise<TListResult<TNewsRow>> {
  const where = searchAny(q.q, [news.title, news.news, news.author]);
  const order = orderBy(q.sort, SORTS, '-id', news.id);
  return pagedList(
    q,
    async (limit, offset) =>
      (
        await db
          .select(columns)
          .from(news)
          .where(where)
          .orderBy(...order)
          .limit(limit)
          .offset(offset)
      ).map(toRow),
    async () => (await db.select({ n: count() }).from(news).where(where))[0]?.n ?? 0,
  );
}

export async function getNews(db: DbOrTx, id: number): Promise<TNewsRow | null> {
  const [row] = await db.select(columns).from(news).where(eq(news.id, id));
  return row ? toRow(row) : null;
}
