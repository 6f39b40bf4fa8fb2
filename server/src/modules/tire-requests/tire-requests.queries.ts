import { lateDays } from '@itms/contracts/rules/performed-at';
import type { TTireRequest, TTireRequestListQuery, TTireRequestRow } from '@itms/contracts/tire-requests';
import { and, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { tireRequests } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { likePattern } from '../../lib/list-query';

/** The list's filters; `requestedBy` keeps a tire man to his own requests. */
export type TireRequestFilter = TTireRequestListQuery & { requestedBy?: number };

function requestWhere(q: TireRequestFilter): SQL | undefined {
  const conds: (SQL | undefined)[] = [];
  if (q.requestedBy !== undefined) conds.push(eq(tireRequests.requested_by, q.requestedBy));
  if (q.status) conds.push(eq(tireRequests.status, q.status));
  if (q.q) {
    const p = likePattern(q.q);
    conds.push(
      or(
        ilike(tireRequests.serial_number, p),
        ilike(tireRequests.ir_brand, p),
        ilike(tireRequests.ori_brand, p),
      ),
    );
  }
  return and(...conds);
}

/**
 * Rows of the request grid: pending first, then newest made; Tgl and Jam (when it was made) in
 * APP_TIMEZONE, computed in SQL.
 */
export async function tireRequestRows(
  db: DbOrTx,
  q: TireRequestFilter,
  tz: string,
  offset: number,
  limit: number,
): Promise<TTireRequestRow[]> {
  const local = sql`(${tireRequests.performed_at} at time zone ${tz})`;
  const rows = await db
    .select({
      id: tireRequests.id,
      serial_number: tireRequests.serial_number,
      ir_brand: tireRequests.ir_brand,
      ori_brand: tireRequests.ori_brand,
      size: tireRequests.size,
      status: tireRequests.status,
      tire_id: tireRequests.tire_id,
      performed_at: tireRequests.performed_at,
      created_at: tireRequests.created_at,
      date: sql<string>`to_char(${local}, 'YYYY-MM-DD')`,
      time: sql<string>`to_char(${local}, 'HH24:MI')`,
    })
    .from(tireRequests)
    .where(requestWhere(q))
    .orderBy(
      sql`(${tireRequests.status} = 'pending') desc`,
      desc(tireRequests.performed_at),
      desc(tireRequests.id),
    )
    .offset(offset)
    .limit(limit);
  return rows.map(({ created_at, performed_at, ...r }) => ({
    ...r,
    status: r.status as TTireRequestRow['status'],
    performed_at: performed_at.toISOString(),
    createdAt: created_at.toISOString(),
    late_days: lateDays(performed_at, created_at),
  }));
}

export async function listTireRequests(
  db: DbOrTx,
  q: TireRequestFilter,
  tz: string,
  offset: number,
  limit: number,
): Promise<{ data: TTireRequestRow[]; total: number }> {
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(tireRequests)
    .where(requestWhere(q));
  const data = count!.n > offset ? await tireRequestRows(db, q, tz, offset, limit) : [];
  return { total: count!.n, data };
}

export function toTireRequest(row: typeof tireRequests.$inferSelect): TTireRequest {
  const { created_at, updated_at, performed_at, ...rest } = row;
  return {
    ...rest,
    performed_at: performed_at.toISOString(),
    late_days: lateDays(performed_at, created_at),
    createdAt: created_at.toISOString(),
    updatedAt: updated_at.toISOString(),
  } as TTireRequest;
}

/** One request; with `requestedBy`, only if that user made it (another's is not found). */
export async function tireRequestDetail(db: DbOrTx, id: number, requestedBy?: number): Promise<TTireRequest> {
  const [row] = await db
    .select()
    .from(tireRequests)
    .where(
      and(
        eq(tireRequests.id, id),
        requestedBy === undefined ? undefined : eq(tireRequests.requested_by, requestedBy),
      ),
    );
  if (!row) throw notFound('Permintaan ban');
  return toTireRequest(row);
}
