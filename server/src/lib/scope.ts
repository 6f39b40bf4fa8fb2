// Row scope of the scoped roles (issue 40). An operation declares the rows a scoped role reaches
// (`scope` in its endpoint declaration); plugins/auth.ts checks it before the handler runs, so a
// handler never has to remember it, and an operation without a scope is closed to scoped roles by
// its `access`. A list a customer reads takes its customer from `portalCustomer`, never from input.

import type { Scope } from '@itms/contracts/endpoint';
import type { Role } from '@itms/contracts/enums';
import { APPROVED_STAGES } from '@itms/contracts/rules/lifecycle';
import { type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, pgArray, rowsOf } from '../db/client';
import { AppError, notFound } from './errors';

/** Who calls (the request's session: plugins/auth.ts). */
interface Caller {
  user: { role: Role };
  /** A customer account's customer; null for every other role. */
  customerId: number | null;
}

/** Per scope: the role held to it, and the query that finds the row when it is in scope. */
const SCOPES: Record<Scope, { role: Role; row: (id: number, auth: Caller) => SQL }> = {
  // the workshop reads a check or replacement only once it is validated
  'approved-check': {
    role: 'workshop',
    row: (id) =>
      sql`select 1 from tire_checks where id = ${id} and stage = any(${pgArray(APPROVED_STAGES)}::text[])`,
  },
  'approved-replacement': {
    role: 'workshop',
    row: (id) =>
      sql`select 1 from tire_replacements where id = ${id} and stage = any(${pgArray(APPROVED_STAGES)}::text[])`,
  },
  // a customer reads a unit of its own projects only
  'customer-unit': {
    role: 'customer',
    row: (id, auth) => sql`
      select 1 from units u join projects p on p.id = u.project_id
       where u.id = ${id} and p.customer_id = ${auth.customerId ?? 0}`,
  },
};

/**
 * Refuses (404, as for a row that does not exist) a scoped role's call on a row outside its scope.
 * Other roles read as their access says.
 */
export async function assertInScope(db: DbOrTx, auth: Caller, scope: Scope, id: number): Promise<void> {
  const rule = SCOPES[scope];
  if (auth.user.role !== rule.role) return;
  if (rowsOf(await db.execute(rule.row(id, auth))).length === 0) throw notFound();
}

/**
 * The customer whose portal a request reads: a customer account's own (whatever the query says),
 * or the one the office names. The office without a customer gets 400.
 */
export function portalCustomer(auth: Caller, requested: number | undefined): number {
  if (auth.user.role === 'customer') {
    if (auth.customerId == null) throw notFound();
    return auth.customerId;
  }
  if (requested == null) {
    throw new AppError(400, 'PORTAL_CUSTOMER_REQUIRED', 'Pilih pelanggan', undefined, [
      { field: 'customer_id', message: 'Pilih pelanggan' },
    ]);
  }
  return requested;
}
