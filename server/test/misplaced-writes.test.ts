import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/client';
import { createTestApp, FX, type TestApp } from './helpers';
import { uploadPhoto, uploadPhotos } from './uploads';

/**
 * Issue 35, item 3: writes that landed where they must not. Each is refused with the one error
 * shape and changes nothing.
 */
let t: TestApp;
const tok = { admin: '', staff: '', tireman: '' };
const ids = { tronton: 0, engkel: 0, location: 0 };
const tireIds = new Map<string, number>();
let photos: Record<'plate' | 'odo' | 'sign', string>;
let edpSign = '';

async function q<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return rowsOf<T>(await t.database.db.execute(query));
}

beforeAll(async () => {
  t = await createTestApp();
  for (const k of Object.keys(tok) as (keyof typeof tok)[]) tok[k] = await t.login(FX[k].email);
  const [u] = await q<typeof ids>(sql`
    select (select id from units where plate_number = ${FX.tronton}) as tronton,
           (select id from units where plate_number = ${FX.engkel}) as engkel,
           (select id from locations where name = ${FX.location}) as location`);
  Object.assign(ids, u);
  for (const r of await q<{ id: number; serial_number: string }>(sql`select id, serial_number from tires`)) {
    tireIds.set(r.serial_number, r.id);
  }
  photos = await uploadPhotos(t, tok.tireman, ['plate', 'odo', 'sign']);
  edpSign = await uploadPhoto(t, tok.staff);
});
afterAll(() => t?.close());

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH';
const call = (token: string, method: Method, url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url: `/api${url}`,
    headers: { access_token: token },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

/** Every table's row count and a checksum of its rows, to prove a refusal changed nothing. */
async function tablesNow(): Promise<string> {
  const tables = await q<{ name: string }>(
    sql`select tablename as name from pg_tables where schemaname = 'public' and tablename not in ('sessions', 'login_failures') order by 1`,
  );
  const parts = tables.map(
    (x) =>
      `select '${x.name}' as t, count(*)::text || ':' || coalesce(sum(hashtext(r::text)), 0)::text as c from "${x.name}" r`,
  );
  const rows = await q<{ t: string; c: string }>(sql.raw(parts.join(' union all ')));
  return rows.map((r) => `${r.t}=${r.c}`).join('\n');
}

/** Expects the one error shape with `status`, a field named `field`, and no table changed. */
async function refused(
  attempt: () => ReturnType<typeof call>,
  status: number,
  field: string,
): Promise<Record<string, unknown>> {
  const before = await tablesNow();
  const res = await attempt();
  expect(res.statusCode, res.body).toBe(status);
  const body = res.json();
  expect(body).toMatchObject({ statusCode: status, code: expect.any(String), message: expect.any(String) });
  expect(body.fields?.map((f: { field: string }) => f.field)).toContain(field);
  await t.app.tireWear.drain();
  expect(await tablesNow()).toBe(before);
  return body;
}

const measured = { groove_1: 10, groove_2: 10, groove_3: 9, groove_4: 10, pressure: 105 };

/** A tire man's check of the tronton (positions 1-10, tires T-0001..T-0010), pending. */
async function trontonCheck(): Promise<{ id: number; records: { id: number; position: string }[] }> {
  const res = await call(tok.tireman, 'POST', '/tire-check', {
    unit_id: ids.tronton,
    location_id: ids.location,
    odometer: 61000,
    plate_number_url: photos.plate,
    odometer_url: photos.odo,
    tireman_sign: photos.sign,
    records: Array.from({ length: 10 }, (_, i) => ({
      position: String(i + 1),
      serial_number: FX.installedSerial(i + 1),
      ...measured,
    })),
  });
  expect(res.statusCode, res.body).toBe(201);
  const id = res.json().id as number;
  const records = await q<{ id: number; position: string }>(
    sql`select id, position from tire_check_records where tire_check_id = ${id} order by id`,
  );
  return { id, records };
}

describe('a validation touches only the tires of its own unit', () => {
  // T-0011 is mounted on the engkel, another unit
  const foreign = () => tireIds.get(FX.installedSerial(11))!;
  const hostile = { groove_1: 1, groove_2: 1, groove_3: 1, groove_4: 1, pressure: 5, odometer: 1 };

  it('refuses a check validation line that names only a tire of another unit', async () => {
    const check = await trontonCheck();
    const body = await refused(
      () =>
        call(tok.staff, 'POST', `/tire-check/${check.id}/validate`, {
          edp_sign: edpSign,
          records: [{ tire_id: foreign(), ...hostile }],
        }),
      400,
      'records.0.tire_id',
    );
    expect(body.fields).toContainEqual({
      field: 'records.0.tire_id',
      message: 'Ban ini tidak terpasang pada unit pengecekan ini',
    });
  });

  it("refuses a line that names a record of the check with another unit's tire", async () => {
    const check = await trontonCheck();
    await refused(
      () =>
        call(tok.staff, 'POST', `/tire-check/${check.id}/validate`, {
          edp_sign: edpSign,
          records: [{ record_id: check.records[0]!.id, tire_id: foreign(), ...hostile }],
        }),
      400,
      'records.0.tire_id',
    );
  });

  it('still validates a line naming a tire mounted on the unit by its id', async () => {
    const check = await trontonCheck();
    const own = tireIds.get(FX.installedSerial(3))!;
    const res = await call(tok.staff, 'POST', `/tire-check/${check.id}/validate`, {
      edp_sign: edpSign,
      records: [{ tire_id: own, ...measured, odometer: 61000 }],
    });
    expect(res.statusCode, res.body).toBe(200);
    const [tire] = await q<{ pressure: number }>(sql`select pressure from tires where id = ${own}`);
    expect(tire!.pressure).toBe(105);
  });

  it("refuses a per-tire measurement that cites a check of another unit's tire", async () => {
    const check = await trontonCheck();
    await refused(
      () => call(tok.staff, 'PUT', `/tire/${foreign()}`, { ...hostile, tire_check_id: check.id }),
      400,
      'tire_check_id',
    );
    await refused(
      () => call(tok.staff, 'PUT', `/tire/${foreign()}`, { ...hostile, tire_check_id: 999999 }),
      400,
      'tire_check_id',
    );
  });

  it('never takes a workshop signature through a check validation (the item stays in the workshop queue)', async () => {
    const check = await trontonCheck();
    const res = await call(tok.staff, 'POST', `/tire-check/${check.id}/validate`, {
      edp_sign: edpSign,
      workshop_sign: edpSign,
      records: check.records.map((r) => ({ record_id: r.id, ...measured, odometer: 61000 })),
    });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await q<{ workshop_sign: string }>(
      sql`select workshop_sign from tire_checks where id = ${check.id}`,
    );
    expect(row!.workshop_sign).toBe('-');
  });
});

describe('no boolean or array becomes a number', () => {
  const qcBody = (unit_id: unknown) => ({
    unit_id,
    location_id: ids.location,
    name_qc: 'Qori QC',
    checks: Array.from({ length: 14 }, () => Array.from({ length: 14 }, () => true)),
  });

  it('refuses a QC check whose unit_id is true or [1]', async () => {
    for (const unit of [true, [1], [ids.tronton]]) {
      await refused(() => call(tok.tireman, 'POST', '/qccheck', qcBody(unit)), 400, 'unit_id');
    }
    const ok = await call(tok.tireman, 'POST', '/qccheck', qcBody(String(ids.tronton)));
    expect(ok.statusCode, ok.body).toBe(201);
  });

  it("refuses a size's reference pressure of true or [100]", async () => {
    for (const psi of [true, [100]]) {
      await refused(
        () =>
          call(tok.staff, 'PUT', '/tire-intelligence/size-pressures', {
            size: '11.00-20',
            reference_psi: psi,
          }),
        400,
        'reference_psi',
      );
    }
  });
});
