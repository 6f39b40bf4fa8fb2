// Row scope of the scoped roles (issue 40). An operation declares the rows a scoped role reaches
// (`scope` in its endpoint declaration); plugins/auth.ts checks it before the handler runs, so a
// handler never has to remember it, and an operation without a scope is closed to scoped roles by
// its `access`.

import type { Scope } from '@itms/contracts/endpoint';
import type { Role } from '@itms/contracts/enums';
import { APPROVED_STAGES } from '@itms/contracts/rules/lifecycle';
import { sql } from 'drizzle-orm';
import { type DbOrTx, pgArray, rowsOf } from '../db/client';
import { notFound } from './errors';

/** Roles held to the declared scope; the office and the field read as their access says. */
const SCOPED_ROLES: readonly Role[] = ['workshop'];

const TABLE_OF: Record<Scope, string> = {
  'approved-check': 'tire_checks',
  'approved-replacement': 'tire_replacements',
};

/**
 * Refuses (404, as for a row that does not exist) a scoped role's call on a row outside its scope:
 * the workshop reads a check or replacement only once it is validated.
 */
export async function assertInScope(db: DbOrTx, role: Role, scope: Scope, id: number): Promise<void> {
  if (!SCOPED_ROLES.includes(role)) return;
  const rows = rowsOf(
    await db.execute(sql`
      select 1 from ${sql.raw(TABLE_OF[scope])}
       where id = ${id} and stage = any(${pgArray(APPROVED_STAGES)}::text[])`),
  );
  if (rows.length === 0) throw notFound();
}
