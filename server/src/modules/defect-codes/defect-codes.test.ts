import { DEFECT_CODE_MESSAGES } from '@itms/contracts/defect-codes';
import { desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, FX, type TestApp } from '../../../test/helpers';
import { rowsOf } from '../../db/client';
import { auditLog } from '../../db/schema';

type Json = Record<string, unknown>;
let t: TestApp;
const tok = { admin: '', staff: '', tireman: '' };
const ids = { tronton: 0, location: 0, project: 0, tire: 0 };

beforeAll(async () => {
  t = await createTestApp();
  for (const k of Object.keys(tok) as (keyof typeof tok)[]) tok[k] = await t.login(FX[k].email);
  const [u] = rowsOf<typeof ids>(
    await t.database.db.execute(sql`
      select (select id from units where plate_number = ${FX.tronton}) as tronton,
             (select id from locations where name = ${FX.location}) as location,
             (select id from projects where name = ${FX.project}) as project,
             (select id from tires where status <> 'INSTALLED' order by id limit 1) as tire`),
  );
  Object.assign(ids, u);
});
afterAll(() => t?.close());

const call = (method: 'GET' | 'PUT' | 'POST' | 'PATCH', url: string, payload?: object, token = tok.admin) =>
  t.app.inject({ method, url: `/api${url}`, payload, headers: { access_token: token } });

const catalogue = async (token = tok.admin) =>
  (await call('GET', '/defect-code', undefined, token)).json() as Json[];

/** A check of the tronton's first two positions by the admin (who may cite no photo). */
const check = (conditions: [string, string]) =>
  call('POST', '/tire-check', {
    unit_id: ids.tronton,
    location_id: ids.location,
    project_id: ids.project,
    odometer: 70000,
    plate_number_url: '-',
    odometer_url: '-',
    tireman_sign: '-',
    records: conditions.map((condition, i) => ({
      position: String(i + 1),
      serial_number: FX.installedSerial(i + 1),
      groove_1: 9,
      groove_2: 9,
      groove_3: 9,
      groove_4: 9,
      pressure: 100,
      condition,
    })),
  });

describe('the defect catalogue (issue 37, item 1)', () => {
  it("starts from the seed's codes 1-40, named where the seed names them, read by the office", async () => {
    // a tire man reads it in his snapshot, not here
    expect((await call('GET', '/defect-code', undefined, tok.tireman)).statusCode).toBe(403);
    const rows = await catalogue(tok.staff);
    expect(rows.map((r) => r.code)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    const named = rows.filter((r) => r.name).map((r) => `${r.code} ${r.name}`);
    expect(named).toEqual([
      '1 Crown Cut',
      '8 Tread Leaving Casing',
      '16 Shoulder Cut',
      '23 Sidewall Cut',
      '29 Vehicle Damage',
      '36 Running Flat',
      '40 Filling Failure',
    ]);
    expect(rows.filter((r) => r.unsafe).map((r) => r.code)).toEqual([23, 36]);
  });

  it('refuses codes outside the catalogue with the zone named; nothing of the check is saved', async () => {
    const before = rowsOf<{ n: number }>(
      await t.database.db.execute(sql`select count(*)::int as n from tire_checks`),
    )[0]!.n;
    const res = await check(['99,99,45,99,99', '1,99,99,99,77']);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().fields).toEqual([
      { field: 'records.0.condition', message: 'Dinding (sidewall): kode 45 tidak ada di katalog kerusakan' },
      { field: 'records.1.condition', message: 'Bagian dalam: kode 77 tidak ada di katalog kerusakan' },
    ]);
    const after = rowsOf<{ n: number }>(
      await t.database.db.execute(sql`select count(*)::int as n from tire_checks`),
    )[0]!.n;
    expect(after).toBe(before);
    // a tire's condition set by hand is held to the same catalogue
    const status = await call('PATCH', `/tire/status/${ids.tire}`, {
      status: 'SPARE',
      condition: '50,99,99,99,99',
    });
    expect(status.statusCode, status.body).toBe(400);
    expect(status.json().fields).toEqual([
      { field: 'condition', message: DEFECT_CODE_MESSAGES.unknown('Tapak (crown)', 50) },
    ]);
  });

  it('an admin adds a code and names another (audited); the check then passes and the usage counts it', async () => {
    expect(
      (await call('POST', '/defect-code', { code: 45, name: 'Bead Damage' }, tok.staff)).statusCode,
    ).toBe(403);
    const added = await call('POST', '/defect-code', { code: 45, name: 'Sidewall Bulge', unsafe: true });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json()).toMatchObject({
      message: 'Kode kerusakan berhasil Ditambahkan',
      data: { code: 45, usage: 0 },
    });
    const again = await call('POST', '/defect-code', { code: 45, name: 'Lain' });
    expect(again.statusCode).toBe(409);
    expect(again.json().fields).toEqual([{ field: 'code', message: 'Kode ini sudah ada di katalog' }]);

    const named = await call('PUT', '/defect-code/77', { name: 'Liner Damage' });
    expect(named.statusCode).toBe(404);
    const renamed = await call('PUT', '/defect-code/2', { name: 'Crown Puncture' });
    expect(renamed.json().data).toMatchObject({ code: 2, name: 'Crown Puncture', unsafe: false });
    const [line] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entity, 'defect_code'))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(line).toMatchObject({ action: 'update', entity_id: '2' });
    expect(line!.detail).toEqual({
      before: { name: null, unsafe: false },
      after: { name: 'Crown Puncture' },
    });

    const res = await check(['99,99,45,99,99', '2,99,99,99,2']);
    expect(res.statusCode, res.body).toBe(201);
    const rows = await catalogue();
    expect(rows.find((r) => r.code === 45)).toMatchObject({ name: 'Sidewall Bulge', unsafe: true, usage: 1 });
    // one record with code 2 in two zones counts once
    expect(rows.find((r) => r.code === 2)).toMatchObject({ usage: 1 });
    // an empty name turns it back into 'Kode 2'
    const cleared = await call('PUT', '/defect-code/2', { name: '' });
    expect(cleared.json().data).toMatchObject({ name: null });
  });
});
