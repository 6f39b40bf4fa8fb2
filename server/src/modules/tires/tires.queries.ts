import type { TireStatus } from '@itms/contracts/enums';
import {
  RTD_RANGE_KEYS,
  RTD_RANGES,
  type RtdRange,
  TIRE_MESSAGES,
  TIRE_NUMERIC_SEARCH_FIELDS,
  type TTireDetail,
  type TTireListQuery,
  type TTireListRow,
  type TTireSummary,
} from '@itms/contracts/tire-list';
import type { TTire } from '@itms/contracts/tires';
import { and, asc, desc, eq, gte, ilike, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { activeUnitTires, tireReadingColumns, tires, units } from '../../db/schema';
import { badRequest, notFound } from '../../lib/errors';
import { likePattern } from '../../lib/list-query';

/** The WHERE of the tire list (detail search, RTD chip, status chip). */
export function tireListWhere(q: Pick<TTireListQuery, 'searchBy' | 'q' | 'rtd' | 'status'>): SQL | undefined {
  const conds: (SQL | undefined)[] = [];
  const text = q.q?.trim() ?? '';
  if (q.searchBy) {
    if (!text)
      throw badRequest(TIRE_MESSAGES.emptySearch, [{ field: 'q', message: TIRE_MESSAGES.emptySearch }]);
    const col = tires[q.searchBy];
    if (TIRE_NUMERIC_SEARCH_FIELDS.includes(q.searchBy)) {
      const n = Number(text.replace(',', '.'));
      if (!Number.isFinite(n)) {
        throw badRequest('Nilai pencarian harus berupa angka', [
          { field: 'q', message: 'Nilai pencarian harus berupa angka' },
        ]);
      }
      conds.push(eq(col, n));
    } else {
      conds.push(ilike(col, likePattern(text)));
    }
  } else if (text) {
    const p = likePattern(text);
    conds.push(
      or(
        ilike(tires.serial_number, p),
        ilike(tires.ir_brand, p),
        ilike(tires.ori_brand, p),
        ilike(tires.pattern, p),
        ilike(tires.size, p),
      ),
    );
  }
  if (q.rtd) {
    const r = RTD_RANGES[q.rtd];
    conds.push(gte(tires.groove_lowest, r.min), lt(tires.groove_lowest, r.below));
  }
  if (q.status) conds.push(eq(tires.status, q.status));
  return and(...conds);
}

function orderOf(sort: string | undefined) {
  if (!sort) return [desc(tires.id)];
  const descending = sort.startsWith('-');
  const key = (descending ? sort.slice(1) : sort) as keyof typeof tires.$inferSelect;
  const col = tires[key];
  return [descending ? desc(col) : asc(col), desc(tires.id)];
}

/** The counts of the summary panels for the filtered set: one grouped scan with FILTER clauses. */
export async function tireSummary(db: DbOrTx, where: SQL | undefined): Promise<TTireSummary> {
  const rtdCounts = Object.fromEntries(
    RTD_RANGE_KEYS.map((k) => {
      const r = RTD_RANGES[k];
      return [
        k,
        sql<number>`(count(*) filter (where ${tires.groove_lowest} >= ${r.min} and ${tires.groove_lowest} < ${r.below}))::int`,
      ];
    }),
  ) as Record<RtdRange, SQL<number>>;
  const byStatus = (s: TireStatus) => sql<number>`(count(*) filter (where ${tires.status} = ${s}))::int`;
  const [row] = await db
    .select({
      total: sql<number>`count(*)::int`,
      installed: byStatus('INSTALLED'),
      uninstalled: byStatus('UNINSTALLED'),
      scrap: byStatus('SCRAP'),
      spare: byStatus('SPARE'),
      ...rtdCounts,
    })
    .from(tires)
    .where(where);
  const r = row!;
  return {
    total: r.total,
    installed: r.installed,
    uninstalled: r.uninstalled,
    scrap: r.scrap,
    spare: r.spare,
    rtd: Object.fromEntries(RTD_RANGE_KEYS.map((k) => [k, r[k]])) as Record<RtdRange, number>,
  };
}

/** One page of the tire list, in the requested order. */
export async function tirePage(
  db: DbOrTx,
  where: SQL | undefined,
  sort: string | undefined,
  offset: number,
  limit: number,
): Promise<TTireListRow[]> {
  const rows = await db
    .select({
      id: tires.id,
      position: tires.position,
      serial_number: tires.serial_number,
      ir_brand: tires.ir_brand,
      ori_brand: tires.ori_brand,
      pattern: tires.pattern,
      size: tires.size,
      is_original: tires.is_original,
      status: tires.status,
      ...tireReadingColumns,
      purchase_price: tires.purchase_price,
      retread_cost: tires.retread_cost,
      created_at: tires.created_at,
      unit_id: units.id,
      plate_number: units.plate_number,
    })
    .from(tires)
    .leftJoin(
      activeUnitTires,
      and(eq(activeUnitTires.tire_id, tires.id), eq(activeUnitTires.status, 'INSTALLED')),
    )
    .leftJoin(units, eq(units.id, activeUnitTires.unit_id))
    // the page's ids first (the filter reads tires alone): deep pages skip rows in the index, not in joins
    .where(
      inArray(
        tires.id,
        db
          .select({ id: tires.id })
          .from(tires)
          .where(where)
          .orderBy(...orderOf(sort))
          .offset(offset)
          .limit(limit),
      ),
    )
    .orderBy(...orderOf(sort));
  return rows.map(({ unit_id, plate_number, created_at, ...r }) => ({
    ...r,
    status: r.status as TireStatus,
    Unit: unit_id != null && plate_number != null ? { id: unit_id, plate_number } : null,
    createdAt: created_at.toISOString(),
  }));
}

/** A tire row as the API answers it (timestamps as createdAt/updatedAt). */
export function toTire(row: typeof tires.$inferSelect): TTire {
  const { created_at, updated_at, ...rest } = row;
  return {
    ...rest,
    createdAt: created_at.toISOString(),
    updatedAt: updated_at.toISOString(),
  } as TTire;
}

export async function tireDetail(db: DbOrTx, id: number): Promise<TTireDetail> {
  const [row] = await db
    .select({
      tire: tires,
      unit_id: units.id,
      plate_number: units.plate_number,
      unit_type: units.unit_type,
      slot_position: activeUnitTires.position,
      km_installed: activeUnitTires.km_installed,
    })
    .from(tires)
    .leftJoin(
      activeUnitTires,
      and(eq(activeUnitTires.tire_id, tires.id), eq(activeUnitTires.status, 'INSTALLED')),
    )
    .leftJoin(units, eq(units.id, activeUnitTires.unit_id))
    .where(eq(tires.id, id));
  if (!row) throw notFound('Ban');
  return {
    ...toTire(row.tire),
    tireDetail: { size: row.tire.size, pattern: row.tire.pattern },
    Unit:
      row.unit_id != null
        ? {
            id: row.unit_id,
            plate_number: row.plate_number!,
            unit_type: row.unit_type!,
            position: row.slot_position!,
            km_installed: row.km_installed!,
          }
        : null,
  };
}
