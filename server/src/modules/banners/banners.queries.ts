import type { TListResult } from '@itms/contracts/list';
import type { TBannerRow, ZBannerListQuery } from '@itms/contracts/master-data';
import { count, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import { banners } from '../../db/schema';
import { orderBy, pagedList, searchAny } from '../../lib/list-query';

const columns = {
  id: banners.id,
  name: banners.name,
  image: banners.image,
  createdAt: banners.created_at,
  updatedAt: banners.updated_at,
};
const SORTS = { id: banners.id, name: banners.name, createdAt: banners.created_at };

const toRow = (b: {
  id: number;
  name: string;
  image: string;
  createdAt: Date;
  updatedAt: Date;
}): TBannerRow => ({
  ...b,
  createdAt: b.createdAt.toISOString(),
  updatedAt: b.updatedAt.toISOString(),
});

export async function listBanners(
  db: DbOrTx,
  q: z.output<typeof ZBannerListQuery>,
): Promise<TListResult<TBannerRow>> {
  const where = searchAny(q.q, [banners.name]);
  const order = orderBy(q.sort, SORTS, '-id', banners.id);
  return pagedList(
    q,
    async (limit, offset) =>
      (
        await db
          .select(columns)
          .from(banners)
          .where(where)
          .orderBy(...order)
          .limit(limit)
          .offset(offset)
      ).map(toRow),
    async () => (await db.select({ n: count() }).from(banners).where(where))[0]?.n ?? 0,
  );
}

export async function getBanner(db: DbOrTx, id: number): Promise<TBannerRow | null> {
  const [row] = await db.select(columns).from(banners).where(eq(banners.id, id));
  return row ? toRow(row) : null;
}
