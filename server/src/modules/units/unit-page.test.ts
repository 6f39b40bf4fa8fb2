import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, FX, type TestApp } from '../../../test/helpers';
import { uploadPhoto, uploadPhotos } from '../../../test/uploads';
import { rowsOf } from '../../db/client';

let t: TestApp;
const tok = { admin: '', staff: '', tireman: '' };
const ids = { tronton: 0, engkel: 0, location: 0, project: 0 };
let photos: Record<'plate' | 'odo' | 'tmsign' | 'drsign', string>;
let edpSign = '';

beforeAll(async () => {
  t = await createTestApp();
  for (const k of Object.keys(tok) as (keyof typeof tok)[]) tok[k] = await t.login(FX[k].email);
  const [u] = rowsOf<typeof ids>(
    await t.database.db.execute(sql`
      select (select id from units where plate_number = ${FX.tronton}) as tronton,
             (select id from units where plate_number = ${FX.engkel}) as engkel,
             (select id from locations where name = ${FX.location}) as location,
             (select id from projects where name = ${FX.project}) as project`),
  );
  Object.assign(ids, u);
  photos = await uploadPhotos(t, tok.tireman, ['plate', 'odo', 'tmsign', 'drsign'] as const);
  edpSign = await uploadPhoto(t, tok.staff);
});
afterAll(() => t?.close());

const call = (token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url: `/api${url}`,
    headers: { access_token: token },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

/** A validated check of the tronton at `performedAt`, position p read as `read(p)`. */
async function validatedCheck(
  performedAt: string,
  read: (p: number) => { grooves: [number, number, number, number]; pressure: number },
): Promise<number> {
  const created = await call(tok.tireman, 'POST', '/tire-check', {
    unit_id: ids.tronton,
    location_id: ids.location,
    project_id: ids.project,
    odometer: 60000,
    plate_number_url: photos.plate,
    odometer_url: photos.odo,
    tireman_sign: photos.tmsign,
    driver_sign: photos.drsign,
    performed_at: performedAt,
    records: Array.from({ length: 10 }, (_, i) => {
      const r = read(i + 1);
      return {
        position: String(i + 1),
        serial_number: FX.installedSerial(i + 1),
        groove_1: r.grooves[0],
        groove_2: r.grooves[1],
        groove_3: r.grooves[2],
        groove_4: r.grooves[3],
        pressure: r.pressure,
        condition: '99,99,99,99,99',
      };
    }),
  });
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json().id as number;
  const records = (await call(tok.staff, 'GET', `/tire-check-record/${id}`)).json() as {
    id: number;
    position: string;
  }[];
  const res = await call(tok.staff, 'POST', `/tire-check/${id}/validate`, {
    edp_sign: edpSign,
    records: records.map((r) => {
      const v = read(Number(r.position));
      return {
        record_id: r.id,
        groove_1: v.grooves[0],
        groove_2: v.grooves[1],
        groove_3: v.grooves[2],
        groove_4: v.grooves[3],
        pressure: v.pressure,
        odometer: 60000,
      };
    }),
  });
  expect(res.statusCode, res.body).toBe(200);
  return id;
}

describe('unit page', () => {
  it('is for the office only, and answers 404 for a unit that does not exist', async () => {
    for (const url of [`/unit/${ids.tronton}/overview`, `/unit/${ids.tronton}/records?kind=check`]) {
      expect((await call(tok.tireman, 'GET', url)).statusCode).toBe(403);
      expect((await t.app.inject({ method: 'GET', url: `/api${url}` })).statusCode).toBe(401);
      expect((await call(tok.admin, 'GET', url)).statusCode).toBe(200);
    }
    const missing = await call(tok.staff, 'GET', '/unit/999999/overview');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('NOT_FOUND');
    expect((await call(tok.staff, 'GET', '/unit/999999/records?kind=mismatch')).statusCode).toBe(404);
    expect((await call(tok.staff, 'GET', `/unit/${ids.tronton}/records?kind=qc`)).statusCode).toBe(400);
  });

  it("shows each mounted tire's last reading against its size's reference, the trends and the month", async () => {
    const set = await call(tok.staff, 'PUT', '/tire-intelligence/size-pressures', {
      size: '11.00-20',
      reference_psi: 100,
    });
    expect(set.statusCode, set.body).toBe(200);
    const day = (n: number) => new Date(Date.now() - n * 3600_000).toISOString();
    const older = await validatedCheck(day(5), () => ({ grooves: [10, 10, 9, 10], pressure: 100 }));
    // the later check: position 1 worn to 4 mm and under-inflated; the others a bit lower
    const newer = await validatedCheck(day(1), (p) =>
      p === 1 ? { grooves: [6, 5, 4, 6], pressure: 80 } : { grooves: [9, 9, 8, 9], pressure: 104 },
    );

    const res = await call(tok.staff, 'GET', `/unit/${ids.tronton}/overview`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.unit).toMatchObject({
      id: ids.tronton,
      plate_number: FX.tronton,
      unit_type: 'TRONTON',
      Project: { name: FX.project },
      Customer: { name: FX.customer },
      Location: { name: FX.location },
    });
    expect(body.pull_point_mm).toBe(3);
    expect(body.tires).toHaveLength(10);
    expect(body.tires[0]).toMatchObject({
      position: '1',
      serial_number: FX.installedSerial(1),
      groove_lowest: 4,
      pressure: 80,
      reference_psi: 100,
    });
    expect(body.tires[0].measured_at).not.toBeNull();
    expect(body.tires[1]).toMatchObject({ position: '2', groove_lowest: 8, pressure: 104 });

    const trend1 = body.trends.find((x: { position: string }) => x.position === '1');
    expect(
      trend1.readings.map((r: { check_id: number; groove_lowest: number; pressure: number }) => [
        r.check_id,
        r.groove_lowest,
        r.pressure,
      ]),
    ).toEqual([
      [older, 9, 100],
      [newer, 4, 80],
    ]);
    expect(body.trends.map((x: { position: string }) => x.position)).toEqual(
      Array.from({ length: 10 }, (_, i) => String(i + 1)),
    );
    // the month's attendance counts the checks done in it (APP_TIMEZONE)
    const localMonth = (iso: string) =>
      new Intl.DateTimeFormat('en-CA', { timeZone: t.config.timezone }).format(new Date(iso)).slice(0, 7);
    const thisMonth = localMonth(new Date().toISOString());
    expect(body.attendance.month).toBe(thisMonth);
    expect(body.attendance.days).toMatch(/^[YN]{28,31}$/);
    expect(body.attendance.total).toBe([day(5), day(1)].filter((d) => localMonth(d) === thisMonth).length);

    const engkel = (await call(tok.staff, 'GET', `/unit/${ids.engkel}/overview`)).json();
    expect(engkel.trends).toEqual([]);
    expect(engkel.unit.Location).toBeNull();
    expect(engkel.attendance).toMatchObject({ total: 0 });
    expect(engkel.attendance.days).not.toContain('Y');
  });

  it("pages the unit's checks, replacements and BKB newest first", async () => {
    const checks = await call(tok.staff, 'GET', `/unit/${ids.tronton}/records?kind=check&pageSize=1`);
    expect(checks.statusCode, checks.body).toBe(200);
    const page = checks.json();
    expect(page).toMatchObject({ total: 2, page: 1, pageSize: 1 });
    expect(page.data[0]).toMatchObject({
      status: 'approved',
      tireman: FX.tireman.name,
      location: FX.location,
      odometer: 60000,
      category: null,
    });
    const second = (
      await call(tok.staff, 'GET', `/unit/${ids.tronton}/records?kind=check&pageSize=1&page=2`)
    ).json();
    expect(Date.parse(second.data[0].performed_at)).toBeLessThan(Date.parse(page.data[0].performed_at));
    const none = (await call(tok.staff, 'GET', `/unit/${ids.engkel}/records?kind=check`)).json();
    expect(none).toMatchObject({ data: [], total: 0 });
    for (const kind of ['replacement', 'mismatch']) {
      const res = await call(tok.staff, 'GET', `/unit/${ids.tronton}/records?kind=${kind}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ data: [], total: 0 });
    }
  });
});
