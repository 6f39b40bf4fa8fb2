import { MASTER_MESSAGES } from '@itms/contracts/master-data';
import type {
  TPortalFleet,
  TPortalPhotos,
  TPortalReport,
  TPortalTireCost,
  TPortalUnit,
} from '@itms/contracts/portal';
import { USER_MESSAGES } from '@itms/contracts/users';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, FX, type TestApp } from '../../../test/helpers';
import { rowsOf } from '../../db/client';
import {
  activeUnitTires,
  customers,
  locations,
  mismatches,
  projects,
  tireCheckRecords,
  tireChecks,
  units,
  users,
} from '../../db/schema';

// The customer portal (issue 40): a customer's account reads its own fleet, validated work only,
// and nothing of another customer whatever id or filter it sends; the office opens a named
// customer's portal; every other role is refused.

let t: TestApp;
const tok = { admin: '', staff: '', tireman: '', customerA: '', customerB: '' };
const ids = { customerA: 0, customerB: 0, tronton: 0, engkel: 0, unitB: 0, location: 0, tireman: 0 };
const PLATE_B = 'KT 7788 BJ';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const api = (token: string, method: Method, url: string, payload?: object) =>
  t.app.inject({
    method,
    url: `/api${url}`,
    headers: { access_token: token },
    ...(payload ? { payload } : {}),
  });
const read = async <T>(token: string, url: string): Promise<T> => {
  const res = await api(token, 'GET', url);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as T;
};

/** A check straight in the database this month (a minute ago), validated or still waiting. */
async function check(
  unitId: number,
  plate: string,
  validated: boolean,
  positions: string[],
): Promise<number> {
  const db = t.database.db;
  const [row] = await db
    .insert(tireChecks)
    .values({
      unit_id: unitId,
      plate_number: plate,
      tireman_id: ids.tireman,
      location_id: ids.location,
      odometer: 70000,
      performed_at: new Date(Date.now() - 60_000),
      ...(validated ? { status: 'approved', edp_sign: '2026/12/edp.png', validated_at: new Date() } : {}),
    })
    .returning({ id: tireChecks.id });
  await db.insert(tireCheckRecords).values(
    positions.map((position) => ({
      tire_check_id: row!.id,
      position,
      serial_number: `P-${row!.id}-${position}`,
      groove_1: 9,
      groove_2: 9,
      groove_3: 9,
      groove_4: 9,
      pressure: 100,
    })),
  );
  return row!.id;
}

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  [tok.admin, tok.staff, tok.tireman, tok.customerA] = await Promise.all([
    t.login(FX.admin.email),
    t.login(FX.staff.email),
    t.login(FX.tireman.email),
    t.login(FX.customerUser.email),
  ]);
  for (const u of await db.select().from(units)) {
    if (u.plate_number === FX.tronton) ids.tronton = u.id;
    if (u.plate_number === FX.engkel) ids.engkel = u.id;
  }
  ids.customerA = (await db.select().from(customers).where(eq(customers.name, FX.customer)))[0]!.id;
  ids.location = (await db.select().from(locations))[0]!.id;
  ids.tireman = (await db.select().from(users).where(eq(users.email, FX.tireman.email)))[0]!.id;
  // a second customer with its own project and unit
  const [b] = await db.insert(customers).values({ name: 'PT Tambang Jaya' }).returning();
  ids.customerB = b!.id;
  const [p] = await db.insert(projects).values({ name: 'Hauling Batubara', customer_id: b!.id }).returning();
  const [u] = await db
    .insert(units)
    .values({ plate_number: PLATE_B, unit_type: 'TRONTON', project_id: p!.id, tonnage: 30 })
    .returning();
  ids.unitB = u!.id;
});
afterAll(() => t.close());

describe('customer accounts', () => {
  it('an admin creates one tied to a customer; the customer is required and must exist', async () => {
    const body = {
      name: 'Budi Tambang',
      email: 'budi@tambang.test',
      phone: '081299990001',
      password: 'Kunci-Portal-2026x',
      nik: '1234',
      role: 5,
    };
    const missing = await api(tok.admin, 'POST', '/tire-man/register', body);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields).toEqual([
      { field: 'customer_id', message: USER_MESSAGES.customerRequired },
    ]);
    const unknown = await api(tok.admin, 'POST', '/tire-man/register', { ...body, customer_id: 999999 });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe(USER_MESSAGES.unknownCustomer);
    const made = await api(tok.admin, 'POST', '/tire-man/register', { ...body, customer_id: ids.customerB });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json().data.role).toBe('customer');
    const [row] = await t.database.db.select().from(users).where(eq(users.email, body.email));
    expect(row!.customer_id).toBe(ids.customerB);
    tok.customerB = await t.login(body.email, body.password);
    // staff may not make accounts; another role never keeps a customer
    expect(
      (await api(tok.staff, 'POST', '/tire-man/register', { ...body, email: 'x@y.test' })).statusCode,
    ).toBe(403);
    const staffWithCustomer = await api(tok.admin, 'POST', '/tire-man/register', {
      ...body,
      email: 'staf@tambang.test',
      phone: '081299990002',
      role: 'staff',
      customer_id: ids.customerB,
    });
    expect(staffWithCustomer.statusCode, staffWithCustomer.body).toBe(201);
    const [staff] = await t.database.db.select().from(users).where(eq(users.email, 'staf@tambang.test'));
    expect(staff!.customer_id).toBeNull();
  });

  it('the database refuses a customer account without its customer, and a customer with accounts is kept', async () => {
    await expect(
      t.database.db.execute(sql`update users set customer_id = null where email = ${FX.customerUser.email}`),
    ).rejects.toThrow();
    const [c] = await t.database.db.insert(customers).values({ name: 'PT Tanpa Proyek' }).returning();
    await t.database.db.insert(users).values({
      name: 'Akun C',
      email: 'c@tanpa.test',
      phone: '081299990003',
      role: 'customer',
      customer_id: c!.id,
      password_hash: '-',
    });
    const res = await api(tok.admin, 'DELETE', `/customer/${c!.id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(MASTER_MESSAGES.customer.hasAccounts);
  });
});

describe('an invitation by WhatsApp', () => {
  it("sends the account's phone a set-password link that signs it in; a failed send leaves no live link", async () => {
    const [account] = await t.database.db.select().from(users).where(eq(users.email, 'budi@tambang.test'));
    const invite = await api(tok.admin, 'POST', `/tire-man/${account!.id}/invite`);
    expect(invite.statusCode, invite.body).toBe(200);
    expect(invite.json()).toMatchObject({ message: USER_MESSAGES.inviteSent, data: { id: account!.id } });
    const sent = t.whatsappOutbox.at(-1)!;
    expect(sent.phone).toBe(account!.phone);
    expect(sent.text).toContain('akun portal pelanggan ITMS untuk PT Tambang Jaya');
    expect(sent.text).toContain('berlaku 7 hari');
    const days = (Date.parse(invite.json().data.expires_at) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    const token = sent.text.split('token=')[1]!;
    const set = await t.app.inject({
      method: 'POST',
      url: '/api/tire-man/reset-password',
      payload: { token, password: 'Batu-Bara-Hitam-2026' },
    });
    expect(set.statusCode, set.body).toBe(200);
    tok.customerB = await t.login('budi@tambang.test', 'Batu-Bara-Hitam-2026');
    expect((await api(tok.customerB, 'GET', '/portal/fleet')).statusCode).toBe(200);

    // the gateway down: 502 in Indonesian, and the link made for it no longer works
    t.whatsappDown.value = true;
    const before = t.whatsappOutbox.length;
    try {
      const failed = await api(tok.admin, 'POST', `/tire-man/${account!.id}/invite`);
      expect(failed.statusCode).toBe(502);
      expect(failed.json()).toMatchObject({ code: 'WHATSAPP_FAILED', message: USER_MESSAGES.inviteFailed });
    } finally {
      t.whatsappDown.value = false;
    }
    expect(t.whatsappOutbox.length).toBe(before);
    const [live] = rowsOf<{ n: number }>(
      await t.database.db.execute(
        sql`select count(*)::int as n from password_resets where user_id = ${account!.id} and used_at is null`,
      ),
    );
    expect(live!.n).toBe(0);
    // only an admin invites; an unknown account is 404
    expect((await api(tok.staff, 'POST', `/tire-man/${account!.id}/invite`)).statusCode).toBe(403);
    expect((await api(tok.customerA, 'POST', `/tire-man/${account!.id}/invite`)).statusCode).toBe(403);
    expect((await api(tok.admin, 'POST', '/tire-man/999999/invite')).statusCode).toBe(404);
  });
});

describe('the portal', () => {
  it('counts the fleet from validated work only, equal to a recount', async () => {
    const pending = await check(ids.tronton, FX.tronton, false, ['1', '2']);
    const done = await check(ids.tronton, FX.tronton, true, ['1', '2', '3']);
    await check(ids.engkel, FX.engkel, true, ['1']);
    await check(ids.unitB, PLATE_B, true, ['1']);
    const fleet = await read<TPortalFleet>(tok.customerA, '/portal/fleet');
    const [mounted] = rowsOf<{ n: number }>(
      await t.database.db.execute(sql`
        select count(*)::int as n from ${activeUnitTires} a
         where a.status = 'INSTALLED' and a.unit_id in (${ids.tronton}, ${ids.engkel})`),
    );
    expect(fleet).toMatchObject({
      customer: { id: ids.customerA, name: FX.customer },
      units: 2,
      tires_mounted: mounted!.n,
      units_checked: 2,
      checks: 2,
      open_calls: 0,
    });
    expect(fleet.month).toMatch(/^\d{4}-\d{2}$/);
    expect(fleet.tires_mounted).toBe(16);
    // the customer's own, whatever customer it names
    expect(await read<TPortalFleet>(tok.customerA, `/portal/fleet?customer_id=${ids.customerB}`)).toEqual(
      fleet,
    );
    const b = await read<TPortalFleet>(tok.customerB, '/portal/fleet');
    expect(b).toMatchObject({ customer: { id: ids.customerB }, units: 1, tires_mounted: 0, checks: 1 });

    // a unit's records: the validated check with its positions, never the one waiting
    const records = await read<{ data: { id: number; positions: string[] }[]; total: number }>(
      tok.customerA,
      `/portal/units/${ids.tronton}/records?kind=check`,
    );
    expect(records.data.map((r) => r.id)).toContain(done);
    expect(records.data.map((r) => r.id)).not.toContain(pending);
    expect(records.data.find((r) => r.id === done)!.positions).toEqual(['1', '2', '3']);
  });

  it('a critical tire counts once on the fleet and on its unit', async () => {
    // a tire at the pull point on the tronton
    const [tire] = rowsOf<{ id: number }>(
      await t.database.db.execute(sql`
        select a.tire_id as id from ${activeUnitTires} a where a.unit_id = ${ids.tronton} and a.position = '1'`),
    );
    await t.database.db.execute(sql`update tires set groove_lowest = 1 where id = ${tire!.id}`);
    const fleet = await read<TPortalFleet>(tok.customerA, '/portal/fleet');
    expect(fleet.critical_tires).toBe(1);
    const list = await read<{ data: { id: number; critical_tires: number; tires_mounted: number }[] }>(
      tok.customerA,
      '/portal/units',
    );
    expect(list.data.find((u) => u.id === ids.tronton)).toMatchObject({
      critical_tires: 1,
      tires_mounted: 10,
    });
    expect(list.data.find((u) => u.id === ids.engkel)).toMatchObject({ critical_tires: 0, tires_mounted: 6 });
  });

  it("lists only the customer's units, by plate, and finds none of another's", async () => {
    const list = await read<{ data: { plate_number: string; checks_month: number }[]; total: number }>(
      tok.customerA,
      '/portal/units',
    );
    expect(list.total).toBe(2);
    expect(list.data.map((u) => u.plate_number)).toEqual([FX.tronton, FX.engkel].sort());
    const found = await read<{ data: { plate_number: string }[] }>(tok.customerA, '/portal/units?q=b9001');
    expect(found.data.map((u) => u.plate_number)).toEqual([FX.tronton]);
    const other = await read<{ total: number }>(
      tok.customerA,
      `/portal/units?q=${encodeURIComponent(PLATE_B)}`,
    );
    expect(other.total).toBe(0);
    const named = await read<{ total: number }>(tok.customerA, `/portal/units?customer_id=${ids.customerB}`);
    expect(named.total).toBe(2);
  });

  it("reads its own unit and is told another customer's does not exist", async () => {
    const unit = await read<TPortalUnit>(tok.customerA, `/portal/units/${ids.tronton}`);
    expect(unit.unit).toMatchObject({ plate_number: FX.tronton, customer: FX.customer, project: FX.project });
    expect(unit.tires).toHaveLength(10);
    expect(unit.unit.last_check_at).not.toBeNull();
    for (const url of [`/portal/units/${ids.unitB}`, `/portal/units/${ids.unitB}/records?kind=check`]) {
      const res = await api(tok.customerA, 'GET', url);
      expect(res.statusCode, url).toBe(404);
    }
    expect((await api(tok.customerA, 'GET', '/portal/units/999999')).statusCode).toBe(404);
    expect((await api(tok.customerB, 'GET', `/portal/units/${ids.unitB}`)).statusCode).toBe(200);
    expect((await api(tok.customerB, 'GET', `/portal/units/${ids.tronton}`)).statusCode).toBe(404);
  });

  it('the office opens a named customer; a tire man and the office screens are refused', async () => {
    const none = await api(tok.staff, 'GET', '/portal/fleet');
    expect(none.statusCode).toBe(400);
    expect(none.json().code).toBe('PORTAL_CUSTOMER_REQUIRED');
    const b = await read<TPortalFleet>(tok.staff, `/portal/fleet?customer_id=${ids.customerB}`);
    expect(b.customer.id).toBe(ids.customerB);
    expect((await api(tok.staff, 'GET', '/portal/fleet?customer_id=999999')).statusCode).toBe(404);
    expect((await api(tok.staff, 'GET', `/portal/units/${ids.unitB}`)).statusCode).toBe(200);
    expect((await api(tok.tireman, 'GET', '/portal/fleet')).statusCode).toBe(403);
    for (const url of [
      `/unit/${ids.tronton}/overview`,
      '/unit',
      '/mismatch-validation',
      '/storing',
      '/search?q=B',
    ]) {
      expect((await api(tok.customerA, 'GET', url)).statusCode, url).toBe(403);
    }
    // BKB are listed once validated only
    const [bkb] = await t.database.db
      .insert(mismatches)
      .values({
        unit_id: ids.tronton,
        tireman_id: ids.tireman,
        location_id: ids.location,
        category: 'Lainnya',
        performed_at: new Date(),
      })
      .returning({ id: mismatches.id });
    const bkbs = await read<{ data: { id: number }[] }>(
      tok.customerA,
      `/portal/units/${ids.tronton}/records?kind=mismatch`,
    );
    expect(bkbs.data.map((r) => r.id)).not.toContain(bkb!.id);
  });
});

describe("a record's photos", () => {
  it('signs the photos of a validated record on its own unit, never a signature, another unit or pending work', async () => {
    const db = t.database.db;
    const photo = (name: string) => `2026/12/portal-${name}.jpg`;
    const id = await check(ids.tronton, FX.tronton, true, ['1', '2']);
    await db.execute(sql`
      update tire_checks set plate_number_url = ${photo('plate0001')}, odometer_url = '-', pic_sign = ${photo('picsign01')},
                             tireman_sign = ${photo('tmsign001')}
       where id = ${id}`);
    await db.execute(sql`
      update tire_check_records set serial_number_url = ${photo('serial001')} where tire_check_id = ${id} and position = '1'`);
    const url = `/portal/units/${ids.tronton}/photos?kind=check&record_id=${id}`;
    const got = await read<TPortalPhotos>(tok.customerA, url);
    expect(got.photos.map((p) => [p.label, p.position])).toEqual([
      ['Plat nomor', null],
      ['Nomor seri', '1'],
    ]);
    expect(got.photos[0]!.url).toMatch(/^\/files\/2026\/12\/portal-plate0001\.jpg\?exp=\d+&sig=/);
    // the signatures were never offered
    expect(JSON.stringify(got)).not.toContain('sign0');
    // another customer, another unit's id, a record not validated: as if it did not exist
    expect((await api(tok.customerB, 'GET', url)).statusCode).toBe(404);
    const other = await api(
      tok.customerA,
      'GET',
      `/portal/units/${ids.engkel}/photos?kind=check&record_id=${id}`,
    );
    expect(other.statusCode).toBe(404);
    const pending = await check(ids.tronton, FX.tronton, false, ['1']);
    const waiting = await api(
      tok.customerA,
      'GET',
      `/portal/units/${ids.tronton}/photos?kind=check&record_id=${pending}`,
    );
    expect(waiting.statusCode).toBe(404);
    const wrongKind = await api(
      tok.customerA,
      'GET',
      `/portal/units/${ids.tronton}/photos?kind=mismatch&record_id=${id}`,
    );
    expect(wrongKind.statusCode).toBe(404);
    // the office's Cetak of the same record, under the same scope
    const pdf = await api(
      tok.customerA,
      'GET',
      `/portal/units/${ids.tronton}/pdf?kind=check&record_id=${id}`,
    );
    expect(pdf.statusCode, pdf.body.slice(0, 200)).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    for (const [token, url] of [
      [tok.customerB, `/portal/units/${ids.tronton}/pdf?kind=check&record_id=${id}`],
      [tok.customerA, `/portal/units/${ids.engkel}/pdf?kind=check&record_id=${id}`],
      [tok.customerA, `/portal/units/${ids.tronton}/pdf?kind=check&record_id=${pending}`],
      [tok.customerA, `/portal/units/${ids.tronton}/pdf?kind=replacement&record_id=${id}`],
    ] as const) {
      expect((await api(token, 'GET', url)).statusCode, url).toBe(404);
    }
    // and the customer still cannot sign those paths itself (only its own uploads)
    const signed = await api(tok.customerA, 'POST', '/files/sign', { paths: [photo('plate0001')] });
    expect(signed.statusCode).toBe(404);
  });
});

describe('the monthly service report', () => {
  it('equals a recount per unit, as JSON, XLSX and PDF, for its own customer only', async () => {
    const db = t.database.db;
    const now = Date.now();
    // a validated replacement putting two tires on the engkel, one still waiting, and two calls on
    // the tronton: one done in 90 minutes, one still open
    const rows = rowsOf<{ id: number }>(
      await db.execute(sql`
        insert into tire_replacements (unit_id, tireman_id, location_id, odometer, status, edp_sign, validated_at, performed_at)
        values (${ids.engkel}, ${ids.tireman}, ${ids.location}, 71000, 'approved', 'x/edp.png', now(), now() - interval '2 minutes'),
               (${ids.engkel}, ${ids.tireman}, ${ids.location}, 71000, 'pending', '-', null, now() - interval '2 minutes')
        returning id`),
    );
    for (const r of rows) {
      await db.execute(sql`
        insert into tire_replace_records (tire_replacement_id, position, serial_number, status)
        values (${r.id}, '1', ${`R-${r.id}-1`}, 'replace'), (${r.id}, '2', ${`R-${r.id}-2`}, 'replace'),
               (${r.id}, '3', ${`R-${r.id}-3`}, 'check')`);
    }
    const called = new Date(now - 100 * 60_000);
    const step = (m: number) => new Date(called.getTime() + m * 60_000);
    await db.execute(sql`
      insert into breakdown_calls (unit_id, cause, location_text, caller_name, caller_phone, status, tireman_id,
                                   called_at, assigned_at, accepted_at, departed_at, arrived_at, done_at)
      values (${ids.tronton}, 'bocor', 'KM 12', 'Sopir', '081234567890', 'done', ${ids.tireman},
              ${called}, ${step(5)}, ${step(10)}, ${step(15)}, ${step(40)}, ${step(90)}),
             (${ids.tronton}, 'pecah', 'KM 40', 'Sopir', '081234567890', 'new', null,
              ${step(95)}, null, null, null, null, null)`);

    const report = await read<TPortalReport>(tok.customerA, '/portal/report');
    expect(report.customer).toEqual({ id: ids.customerA, name: FX.customer });
    // the recount: straight from the tables, validated work of this month in Jakarta
    const recount = rowsOf<Record<string, number>>(
      await db.execute(sql`
        with m as (select date_trunc('month', now() at time zone 'Asia/Jakarta') at time zone 'Asia/Jakarta' as s)
        select u.id,
          (select count(*) from tire_checks c, m where c.unit_id = u.id and c.status = 'approved' and c.performed_at >= m.s)::int as checks,
          (select count(*) from tire_replacements r, m where r.unit_id = u.id and r.status = 'approved' and r.performed_at >= m.s)::int as replacements,
          (select count(*) from tire_replace_records x join tire_replacements r on r.id = x.tire_replacement_id, m
            where r.unit_id = u.id and r.status = 'approved' and r.performed_at >= m.s and x.status = 'replace')::int as tires,
          (select count(*) from mismatches x, m where x.unit_id = u.id and x.status = 'approved' and x.performed_at >= m.s)::int as bkb,
          (select count(*) from breakdown_calls b, m where b.unit_id = u.id and b.called_at >= m.s)::int as calls
          from units u where u.id in (${ids.tronton}, ${ids.engkel}) order by u.plate_number`),
    );
    expect(
      report.rows.map((r) => [r.unit_id, r.checks, r.replacements, r.tires_replaced, r.mismatches, r.calls]),
    ).toEqual(recount.map((r) => [r.id, r.checks, r.replacements, r.tires, r.bkb, r.calls]));
    const tronton = report.rows.find((r) => r.unit_id === ids.tronton)!;
    expect(tronton).toMatchObject({ calls: 2, calls_done: 1, roll_median: 90 });
    expect(report.rows.find((r) => r.unit_id === ids.engkel)).toMatchObject({
      replacements: 1,
      tires_replaced: 2,
    });
    expect(report.total).toMatchObject({
      unit_id: null,
      plate_number: 'Total',
      checks: report.rows.reduce((n, r) => n + r.checks, 0),
      tires_replaced: 2,
      calls: 2,
      calls_done: 1,
      roll_median: 90,
    });
    // another customer's report has none of it
    const b = await read<TPortalReport>(tok.customerB, '/portal/report');
    expect(b.rows.map((r) => r.plate_number)).toEqual([PLATE_B]);
    expect(b.total.calls).toBe(0);
    // an earlier month: nothing done
    const earlier = await read<TPortalReport>(tok.customerA, '/portal/report?month=2020-01');
    expect(earlier.total).toMatchObject({ checks: 0, replacements: 0, calls: 0, roll_median: null });
    const bad = await api(tok.customerA, 'GET', '/portal/report?month=2026-13');
    expect(bad.statusCode).toBe(400);

    const xlsx = await api(tok.customerA, 'GET', '/portal/report/export');
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
    const ExcelJS = (await import('exceljs')).default;
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    const values = sheet.getSheetValues().filter(Boolean) as unknown[][];
    expect(String(values[0]![1])).toContain(FX.customer);
    const last = values[values.length - 1]!.slice(1);
    expect(last[0]).toBe('Total');
    expect(last.slice(2, 8)).toEqual([report.total.checks, 1, 2, report.total.mismatches, 2, 1]);
    const pdf = await api(tok.customerA, 'GET', '/portal/report/pdf');
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });
});

describe('tire life and cost', () => {
  /**
   * A tire of its own with a ledger (mounted on `units` in that order, scrapped when `scrap` says
   * why) and a wear line, in 2019 so that only these tires fall in the period asked.
   */
  async function tire(
    serial: string,
    o: {
      units: number[];
      brand: string;
      price: number | null;
      retread?: number;
      km: number;
      mm: number;
      mounted: string;
      ended?: string;
      scrap?: string;
    },
  ): Promise<number> {
    const db = t.database.db;
    const [row] = rowsOf<{ id: number }>(
      await db.execute(sql`
        insert into tires (serial_number, size, ir_brand, pattern, status, purchase_price, retread_cost)
        values (${serial}, '11.00R20', ${o.brand}, 'HS', ${o.scrap != null ? 'SCRAP' : 'INSTALLED'}, ${o.price},
                ${o.retread ?? null})
        returning id`),
    );
    const id = row!.id;
    for (const [i, unitId] of o.units.entries()) {
      await db.execute(sql`
        insert into tire_events (tire_id, kind, unit_id, position, created_at)
        values (${id}, 'installed', ${unitId}, '1', ${o.mounted}::timestamptz + ${i} * interval '1 day')`);
    }
    if (o.scrap != null) {
      await db.execute(sql`
        insert into tire_events (tire_id, kind, to_status, note, created_at)
        values (${id}, 'scrapped', 'SCRAP', ${o.scrap}, ${o.ended!}::timestamptz)`);
    }
    await db.execute(sql`
      insert into tire_wear (tire_id, km_total, mm_worn, first_mounted_at, ended_at)
      values (${id}, ${o.km}, ${o.mm}, ${o.mounted}::timestamptz, ${o.ended ?? null}::timestamptz)`);
    return id;
  }

  it('sums what its tires ran, wore and cost by unit and brand, and why they were scrapped, for its own tires only', async () => {
    await tire('COST-A1', {
      units: [ids.tronton],
      brand: 'BRIDGESTONE',
      price: 3_000_000,
      retread: 500_000,
      km: 50_000,
      mm: 10,
      mounted: '2019-02-01',
    });
    // moved from the tronton to the engkel: the engkel's; no price
    await tire('COST-A2', {
      units: [ids.tronton, ids.engkel],
      brand: 'GAJAH TUNGGAL',
      price: null,
      km: 20_000,
      mm: 4,
      mounted: '2019-03-01',
    });
    await tire('COST-A3', {
      units: [ids.tronton],
      brand: 'BRIDGESTONE',
      price: 2_000_000,
      km: 40_000,
      mm: 12,
      mounted: '2019-01-05',
      ended: '2019-06-10T03:00:00Z',
      scrap: 'Sidewall cut',
    });
    await tire('COST-A4', {
      units: [ids.engkel],
      brand: 'BRIDGESTONE',
      price: 1_000_000,
      km: 10_000,
      mm: 2,
      mounted: '2019-01-10',
      ended: '2019-07-01T03:00:00Z',
      scrap: '',
    });
    // out of the period: scrapped before it began
    await tire('COST-A5', {
      units: [ids.tronton],
      brand: 'BRIDGESTONE',
      price: 9_000_000,
      km: 90_000,
      mm: 15,
      mounted: '2017-01-01',
      ended: '2018-12-01T00:00:00Z',
      scrap: 'Aus',
    });
    // the other customer's, one of them mounted on the tronton first
    await tire('COST-B1', {
      units: [ids.unitB],
      brand: 'BRIDGESTONE',
      price: 1_500_000,
      km: 30_000,
      mm: 6,
      mounted: '2019-02-01',
    });
    await tire('COST-B2', {
      units: [ids.tronton, ids.unitB],
      brand: 'BRIDGESTONE',
      price: 1_500_000,
      km: 30_000,
      mm: 6,
      mounted: '2019-04-01',
      ended: '2019-05-01T00:00:00Z',
      scrap: 'Pecah',
    });

    const period = 'dateStart=2019-01-01&dateEnd=2019-12-31';
    const byUnit = await read<TPortalTireCost>(tok.customerA, `/portal/tire-cost?${period}`);
    expect(byUnit.groupBy).toBe('unit');
    expect(byUnit.rows).toEqual(
      [
        {
          key: FX.engkel,
          tires: 2,
          km_total: 30_000,
          mm_worn: 6,
          priced_tires: 1,
          cost: 1_000_000,
          cost_per_km: 100,
          cost_per_mm: 500_000,
        },
        {
          key: FX.tronton,
          tires: 2,
          km_total: 90_000,
          mm_worn: 22,
          priced_tires: 2,
          cost: 5_500_000,
          cost_per_km: 61.11,
          cost_per_mm: 250_000,
        },
      ].sort((a, b) => a.key.localeCompare(b.key)),
    );
    expect(byUnit.total).toEqual({
      key: null,
      tires: 4,
      km_total: 120_000,
      mm_worn: 28,
      priced_tires: 3,
      cost: 6_500_000,
      cost_per_km: 65,
      cost_per_mm: 270_833.33,
    });
    expect(byUnit.scrapped).toEqual([
      { reason: 'Sidewall cut', tires: 1, km_avg: 40_000 },
      { reason: 'Tanpa keterangan', tires: 1, km_avg: 10_000 },
    ]);
    const byBrand = await read<TPortalTireCost>(tok.customerA, `/portal/tire-cost?${period}&groupBy=brand`);
    expect(byBrand.rows.map((r) => [r.key, r.tires, r.cost])).toEqual([
      ['BRIDGESTONE', 3, 6_500_000],
      ['GAJAH TUNGGAL', 1, 0],
    ]);
    expect(byBrand.total).toEqual(byUnit.total);
    // the other customer: its two tires, whatever customer it names
    const b = await read<TPortalTireCost>(
      tok.customerB,
      `/portal/tire-cost?${period}&customer_id=${ids.customerA}`,
    );
    expect(b.rows.map((r) => [r.key, r.tires])).toEqual([[PLATE_B, 2]]);
    expect(b.scrapped).toEqual([{ reason: 'Pecah', tires: 1, km_avg: 30_000 }]);
    // a period without tires, and bad input in Indonesian
    const empty = await read<TPortalTireCost>(
      tok.customerA,
      '/portal/tire-cost?dateStart=2010-01-01&dateEnd=2010-12-31',
    );
    expect(empty).toMatchObject({ rows: [], scrapped: [], total: { tires: 0, cost: 0, cost_per_km: null } });
    const reversed = await api(
      tok.customerA,
      'GET',
      '/portal/tire-cost?dateStart=2019-12-31&dateEnd=2019-01-01',
    );
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().fields).toEqual([
      { field: 'dateEnd', message: 'Tanggal awal tidak boleh setelah tanggal akhir' },
    ]);
    const group = await api(tok.customerA, 'GET', `/portal/tire-cost?${period}&groupBy=warna`);
    expect(group.statusCode).toBe(400);
    expect(group.json().fields[0].message).toBe('Pengelompokan tidak dikenal');
    expect((await api(tok.staff, 'GET', `/portal/tire-cost?${period}`)).json().code).toBe(
      'PORTAL_CUSTOMER_REQUIRED',
    );
    expect((await api(tok.tireman, 'GET', `/portal/tire-cost?${period}`)).statusCode).toBe(403);
  });
});
