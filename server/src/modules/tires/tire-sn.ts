// GET /api/tire-sn (spec section 7): tire serial numbers for an autocomplete or a search grid,
// a case-insensitive prefix match on tires_serial_prefix_idx, paged on the server.
import type { TTireSnReply } from '@itms/contracts/unit-fitting';
import { and, asc, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { activeUnitTires, tires } from '../../db/schema';
import { prefixPattern } from '../../lib/list-query';

export async function tireSnPage(
  db: DbOrTx,
  q: { q: string; stock: boolean; page: number; pageSize: number },
): Promise<TTireSnReply> {
  const conds: (SQL | undefined)[] = [];
  if (q.q) conds.push(sql`lower(${tires.serial_number}) like ${prefixPattern(q.q.toLowerCase())}`);
  // a tire that can be mounted: in stock and on no unit
  if (q.stock) {
    conds.push(
      sql`${tires.status} in ('UNINSTALLED', 'SPARE')`,
      sql`not exists (select 1 from ${activeUnitTires} a where a.tire_id = ${tires.id} and a.status = 'INSTALLED')`,
    );
  }
  const where = and(...conds);
  const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(tires).where(where);
  const total = count?.n ?? 0;
  const offset = (q.page - 1) * q.pageSize;
  const data =
    total > offset
      ? await db
          .select({
            id: tires.id,
            serial_number: tires.serial_number,
            ir_brand: tires.ir_brand,
            size: tires.size,
            status: tires.status,
          })
          .from(tires)
          .where(where)
          .orderBy(sql`lower(${tires.serial_number})`, asc(tires.id))
          .offset(offset)
          .limit(q.pageSize)
      : [];
  return { data, total, page: q.page, pageSize: q.pageSize };
}
