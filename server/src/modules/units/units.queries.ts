import type { UnitType } from '@itms/contracts/enums';
import type { TListResult } from '@itms/contracts/list';
import type { TUnitRow, ZUnitListQuery } from '@itms/contracts/master-data';
import { and, count, eq, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import { projects, units } from '../../db/schema';
import { orderBy, pagedList, plateContains } from '../../lib/list-query';

const columns = {
  id: units.id,
  plate_number: units.plate_number,
  unit_type: units.unit_type,
  project_id: units.project_id,
  projectName: projects.name,
  plan_project: units.plan_project,
  handled_date: units.handled_date,
  tonnage: units.tonnage,
  status: units.status,
  createdAt: units.created_at,
};

const SORTS = {
  id: units.id,
  plate_number: units.plate_number,
  unit_type: units.unit_type,
  tonnage: units.tonnage,
  handled_date: units.handled_date,
  project: projects.name,
  status: units.status,
  createdAt: units.created_at,
};

type Stored = {
  id: number;
  plate_number: string;
  unit_type: string;
  project_id: number;
  projectName: string;
  plan_project: string;
  handled_date: string | null;
  tonnage: number;
  status: string;
  createdAt: Date;
};

function toRow({ projectName, ...u }: Stored): TUnitRow {
  return {
    ...u,
    unit_type: u.unit_type as UnitType,
    Project: { id: u.project_id, name: projectName },
    createdAt: u.createdAt.toISOString(),
  };
}

/** Plate search: "b9001" finds "B 9001 TR" (case and spaces ignored). */
function plateSearch(q: string | undefined): SQL | undefined {
  const text = q?.trim();
  if (!text) return undefined;
  return plateContains(units.plate_number, text);
}

export async function listUnits(
  db: DbOrTx,
  q: z.output<typeof ZUnitListQuery>,
): Promise<TListResult<TUnitRow>> {
  const where = and(
    plateSearch(q.q),
    q.project_id ? eq(units.project_id, q.project_id) : undefined,
    q.unit_type ? eq(units.unit_type, q.unit_type) : undefined,
  );
  const order = orderBy(q.sort, SORTS, '-id', units.id);
  return pagedList(
    q,
    async (limit, offset) =>
      (
        await db
          .select(columns)
          .from(units)
          .innerJoin(projects, eq(projects.id, units.project_id))
          .where(where)
          .orderBy(...order)
          .limit(limit)
          .offset(offset)
      ).map(toRow),
    async () => (await db.select({ n: count() }).from(units).where(where))[0]?.n ?? 0,
  );
}

export async function getUnit(db: DbOrTx, id: number): Promise<TUnitRow | null> {
  const [row] = await db
    .select(columns)
    .from(units)
    .innerJoin(projects, eq(projects.id, units.project_id))
    .where(eq(units.id, id));
  return row ? toRow(row) : null;
}
