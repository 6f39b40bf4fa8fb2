import { randomBytes, randomUUID } from 'node:crypto';
import { ROLES, type Role } from '@itms/contracts/enums';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/client';
import { sessions, users } from '../src/db/schema';
import { roleAllows } from '../src/lib/roles';
import { sha256 } from '../src/modules/auth/auth.service';
import { createTestApp, FX, type TestApp } from './helpers';

/**
 * The authorization matrix, generated from the registered routes so that a new route cannot
 * escape it: no token -> 401; a logged-out token -> 401; a role the route does not allow -> 403;
 * an allowed role -> neither 401 nor 403.
 */
let t: TestApp;
const userIds = {} as Record<Role, number>;

beforeAll(async () => {
  t = await createTestApp();
  const emails: Record<Role, string> = {
    admin: FX.admin.email,
    staff: FX.staff.email,
    'tire-man': FX.tireman.email,
    workshop: FX.workshop.email,
    customer: FX.customerUser.email,
  };
  for (const [role, email] of Object.entries(emails) as [Role, string][]) {
    const [u] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    userIds[role] = u!.id;
  }
});
afterAll(() => t.close());

/** A fresh session straight in the database: routes such as logout end the one before. */
async function tokenFor(role: Role): Promise<string> {
  return tokenOfUser(userIds[role]);
}

async function tokenOfUser(userId: number): Promise<string> {
  const token = randomBytes(24).toString('base64url');
  const db = t.database.db;
  await db
    .update(sessions)
    .set({ revoked_at: new Date() })
    .where(and(eq(sessions.user_id, userId), isNull(sessions.revoked_at)));
  await db.insert(sessions).values({ id: randomUUID(), user_id: userId, token_hash: sha256(token) });
  return token;
}

const TIRE_MAN_ROUTES = [
  'DELETE /api/push/subscription',
  'GET /api/field/bootstrap',
  'GET /api/field/history',
  'GET /api/field/returned/:kind/:id',
  'GET /api/field/units',
  'GET /api/field/units/:id',
  'GET /api/me',
  'GET /api/push/key',
  'GET /api/push/status',
  'GET /api/sop',
  'GET /api/storing',
  'GET /api/storing/:id',
  'GET /api/tire-check/returned',
  'GET /api/tire-man-login',
  'GET /api/tire-request/detail/:id',
  'GET /api/tire/findSnLite',
  'GET /api/tire/findSnLite/:text',
  'GET /api/tire/request/findAll',
  'PATCH /api/tire-check/picSign/:id',
  'POST /api/files/sign',
  'POST /api/mismatch',
  'POST /api/push/subscription',
  'POST /api/push/test',
  'POST /api/qccheck',
  'POST /api/storing/:id/step',
  'POST /api/tire-check',
  'POST /api/tire-man-logout',
  'POST /api/tire-man/credential',
  'POST /api/tire-replacement',
  'POST /api/tire/request',
  'POST /api/upload',
  'PUT /api/me',
  'PUT /api/me/password',
  'PUT /api/tire-check/:id/resubmit',
  'PUT /api/tire-man/me/signature',
  'PUT /api/tire-replacement/:id/resubmit',
];
/** The workshop role (issue 40): its own account and session, and Tanda Tangan Workshop; nothing else. */
const WORKSHOP_ROUTES = [
  'GET /api/me',
  'GET /api/tire-check/:id/pdf',
  'GET /api/tire-check/detail/:id',
  'GET /api/tire-man-login',
  'GET /api/tire-replace/:id',
  'GET /api/tire-replacement/:id/pdf',
  'GET /api/workshop/queue',
  'POST /api/files/sign',
  'POST /api/tire-man-logout',
  'POST /api/tire-man/credential',
  'POST /api/upload',
  'POST /api/workshop/sign',
  'PUT /api/me',
  'PUT /api/me/password',
  'PUT /api/tire-man/me/signature',
];
/** The customer role (issue 40): its own account and session, and the portal; nothing else. */
const CUSTOMER_ROUTES = [
  'GET /api/me',
  'GET /api/portal/fleet',
  'GET /api/portal/report',
  'GET /api/portal/report/export',
  'GET /api/portal/report/pdf',
  'GET /api/portal/tire-cost',
  'GET /api/portal/units',
  'GET /api/portal/units/:id',
  'GET /api/portal/units/:id/pdf',
  'GET /api/portal/units/:id/photos',
  'GET /api/portal/units/:id/records',
  'GET /api/tire-man-login',
  'POST /api/files/sign',
  'POST /api/tire-man-logout',
  'POST /api/tire-man/credential',
  'POST /api/upload',
  'PUT /api/me',
  'PUT /api/me/password',
  'PUT /api/tire-man/me/signature',
];
/** Routes under /api/tire-man that are not account administration (own session, own signature). */
const ACCOUNT_SELF_SERVICE = ['POST /api/tire-man/credential', 'PUT /api/tire-man/me/signature'];

const concrete = (url: string) => url.replace(/:[A-Za-z_]+/g, '1').replace(/\*$/, 'x');

const call = (method: string, url: string, token?: string) =>
  t.app.inject({
    method: method as 'GET',
    url: concrete(url),
    headers: token ? { access_token: token } : {},
    ...(method === 'GET' || method === 'DELETE' ? {} : { payload: {} }),
  });

describe('authorization matrix', () => {
  it('covers every API route', () => {
    expect(t.app.apiRoutes.length).toBeGreaterThan(5);
    for (const r of t.app.apiRoutes)
      expect(r.public || (r.roles?.length ?? 0) > 0, `${r.method} ${r.url}`).toBe(true);
  });

  it('lets a tire man reach only the field API, and only admins administer accounts', () => {
    const key = (r: { method: string; url: string }) => `${r.method} ${r.url}`;
    const protectedRoutes = t.app.apiRoutes.filter((r) => !r.public);
    // what the field app calls (spec section 7); widening an office route to tire men fails here
    expect(
      protectedRoutes
        .filter((r) => roleAllows(r.roles!, 'tire-man'))
        .map(key)
        .sort(),
    ).toEqual(TIRE_MAN_ROUTES);
    // account administration: listing, registering, editing, forcing out and deleting accounts
    const accountAdmin = protectedRoutes.filter(
      (r) => /^\/api\/tire-man(\/|$)/.test(r.url) && !ACCOUNT_SELF_SERVICE.includes(key(r)),
    );
    expect(accountAdmin.length).toBeGreaterThanOrEqual(5);
    for (const r of accountAdmin) expect(roleAllows(r.roles!, 'staff'), key(r)).toBe(false);
  });

  it('lets the workshop role reach only its account and Tanda Tangan Workshop', () => {
    const key = (r: { method: string; url: string }) => `${r.method} ${r.url}`;
    expect(
      t.app.apiRoutes
        .filter((r) => !r.public && roleAllows(r.roles!, 'workshop'))
        .map(key)
        .sort(),
    ).toEqual(WORKSHOP_ROUTES);
  });

  it('lets the customer role reach only its account and the portal', () => {
    const key = (r: { method: string; url: string }) => `${r.method} ${r.url}`;
    expect(
      t.app.apiRoutes
        .filter((r) => !r.public && roleAllows(r.roles!, 'customer'))
        .map(key)
        .sort(),
    ).toEqual(CUSTOMER_ROUTES);
  });

  it('refuses every protected route without a token, or with a logged-out one', {
    timeout: 120_000,
  }, async () => {
    const stale = await tokenFor('admin');
    await t.database.db
      .update(sessions)
      .set({ revoked_at: new Date() })
      .where(eq(sessions.token_hash, sha256(stale)));
    for (const r of t.app.apiRoutes.filter((x) => !x.public)) {
      expect((await call(r.method, r.url)).statusCode, `${r.method} ${r.url} without token`).toBe(401);
      expect((await call(r.method, r.url, stale)).statusCode, `${r.method} ${r.url} logged out`).toBe(401);
    }
  });

  it('gives each role exactly the routes it is allowed', { timeout: 180_000 }, async () => {
    const tokens = {} as Record<Role, string>;
    for (const role of ROLES) tokens[role] = await tokenFor(role);
    for (const r of t.app.apiRoutes.filter((x) => !x.public)) {
      for (const role of ROLES) {
        let res = await call(r.method, r.url, tokens[role]);
        // an earlier route (logout, force logout, password change) may have ended this session
        if (res.statusCode === 401) {
          tokens[role] = await tokenFor(role);
          res = await call(r.method, r.url, tokens[role]);
        }
        const label = `${role} ${r.method} ${r.url} -> ${res.statusCode} ${res.body.slice(0, 120)}`;
        if (roleAllows(r.roles!, role)) expect([401, 403], label).not.toContain(res.statusCode);
        else expect(res.statusCode, label).toBe(403);
      }
    }
  });
});

/** Within the field role, each tire man reads only what is his (issue 20). */
describe('what is his', () => {
  it("keeps a tire man out of another tire man's history, returned items and requests", async () => {
    const db = t.database.db;
    const [other] = await db.select({ id: users.id }).from(users).where(eq(users.email, FX.tireman2.email));
    const mine = await tokenFor('tire-man');
    const theirs = await tokenOfUser(other!.id);
    // its own unit and location: the walk above called every DELETE route, fixtures may be gone
    const [check] = rowsOf<{ id: number }>(
      await db.execute(sql`
        with r as (insert into regions (name) values ('Region Matriks') returning id),
        l as (insert into locations (name, region_id) select 'Pool Matriks', id from r returning id),
        c as (insert into customers (name) values ('PT Matriks') returning id),
        p as (insert into projects (name, customer_id) select 'Proyek Matriks', id from c returning id),
        u as (insert into units (plate_number, unit_type, project_id)
              select 'B 7777 MTX', 'TRONTON', id from p returning id, plate_number)
        insert into tire_checks (unit_id, plate_number, tireman_id, location_id, odometer, returned_at, return_reason)
        select u.id, u.plate_number, ${userIds['tire-man']}, l.id, 1000, now(), 'Foto buram' from u, l
        returning id`),
    );
    const request = await t.app.inject({
      method: 'POST',
      url: '/api/tire/request',
      headers: { access_token: mine },
      payload: { serial_number: 'MATRIX-1' },
    });
    expect(request.statusCode, request.body).toBe(201);
    const requestId = request.json().data.id as number;
    const get = (url: string, token: string) =>
      t.app.inject({ method: 'GET', url, headers: { access_token: token } });

    // his own: there
    expect((await get(`/api/field/returned/tire-check/${check!.id}`, mine)).statusCode).toBe(200);
    expect((await get(`/api/tire-request/detail/${requestId}`, mine)).statusCode).toBe(200);
    expect((await get('/api/field/history', mine)).json().data).toContainEqual(
      expect.objectContaining({ kind: 'tire-check', id: check!.id }),
    );
    // the other tire man's: not found, not listed
    expect((await get(`/api/field/returned/tire-check/${check!.id}`, theirs)).statusCode).toBe(404);
    expect((await get(`/api/tire-request/detail/${requestId}`, theirs)).statusCode).toBe(404);
    expect((await get('/api/field/history', theirs)).json()).toMatchObject({ data: [], total: 0 });
    expect((await get('/api/tire/request/findAll', theirs)).json()).toMatchObject({ data: [], total: 0 });
    expect((await get('/api/field/bootstrap', theirs)).json().returned).toEqual([]);
  });
});
