// Tire intelligence API (issue 11) over real HTTP injection and a real database: alerts, forecast
// refresh on validation with its socket event, performance, reference pressures, prices.

import { API } from '@itms/contracts/api';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { io as connectSocket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, FX, type TestApp } from '../../../test/helpers';
import { sendCheck } from '../../../test/uploads';
import { rowsOf } from '../../db/client';
import { refreshTireWear } from '../../db/read-models/tire-wear/wear';

let t: TestApp;
const tok = { admin: '', staff: '', tireman: '' };
const ids = { tronton: 0, location: 0, project: 0, tireman: 0 };
const tireIds = new Map<string, number>();
const serial = FX.installedSerial;

async function q<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return rowsOf<T>(await t.database.db.execute(query));
}
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const call = (token: string, method: Method, url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url: `/api${url}`,
    headers: { access_token: token },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const get = async (url: string, token = tok.staff) => {
  const res = await call(token, 'GET', url);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

/** The validated lowest grooves of T-0001..T-0010 (all were 12 mm at the earlier check). */
const LOWEST = [10, 2.5, 4, 10, 14, 11, 11, 11, 11, 11];
const PRESSURE = [105, 105, 105, 90, 105, 105, 105, 105, 105, 105];

beforeAll(async () => {
  t = await createTestApp();
  for (const k of Object.keys(tok) as (keyof typeof tok)[]) tok[k] = await t.login(FX[k].email);
  const [u] = await q<typeof ids>(sql`
    select (select id from units where plate_number = ${FX.tronton}) as tronton,
           (select id from locations where name = ${FX.location}) as location,
           (select id from projects where name = ${FX.project}) as project,
           (select id from users where email = ${FX.tireman.email}) as tireman`);
  Object.assign(ids, u);
  for (const r of await q<{ id: number; serial_number: string }>(sql`select id, serial_number from tires`)) {
    tireIds.set(r.serial_number, r.id);
  }
  // history of the tronton's tires: mounted 60 days ago at 50,000 km, checked (12 mm) 30 days ago at 55,000 km
  const db = t.database.db;
  await db.execute(sql`
    insert into tire_events (tire_id, kind, unit_id, position, odometer, created_at)
    select a.tire_id, 'installed', a.unit_id, a.position, 50000, now() - interval '60 days'
      from active_unit_tires a where a.unit_id = ${ids.tronton}`);
  const [c] = rowsOf<{ id: number }>(
    await db.execute(sql`
      insert into tire_checks (unit_id, plate_number, tireman_id, location_id, odometer, status, edp_sign, created_at, performed_at)
      values (${ids.tronton}, ${FX.tronton}, ${ids.tireman}, ${ids.location}, 55000, 'approved', 'x/sign.png',
              now() - interval '30 days', now() - interval '30 days') returning id`),
  );
  await db.execute(sql`
    insert into tire_check_records (tire_check_id, tire_id, position, serial_number, groove_1, groove_2, groove_3, groove_4, pressure)
    select ${c!.id}, a.tire_id, a.position, t.serial_number, 12, 12, 12, 12, 110
      from active_unit_tires a join tires t on t.id = a.tire_id where a.unit_id = ${ids.tronton}`);
  // two brands on the tronton: T-0006..T-0010 are GAJAH TUNGGAL
  await db.execute(sql`update tires set ir_brand = 'GAJAH TUNGGAL', pattern = 'GT 88'
    where serial_number in (${sql.join(
      [6, 7, 8, 9, 10].map((n) => sql`${serial(n)}`),
      sql`, `,
    )})`);
  await db.transaction(async (tx) => refreshTireWear(tx, 'all'));
});
afterAll(() => t?.close());

/** A tire man's check of the tronton at 61,000 km, validated by EDP with LOWEST and PRESSURE. */
async function checkAndValidate(): Promise<number> {
  const records = Array.from({ length: 10 }, (_, i) => ({
    position: String(i + 1),
    serial_number: serial(i + 1),
    groove_1: LOWEST[i]! + 1,
    groove_2: LOWEST[i]!,
    groove_3: LOWEST[i]! + 0.5,
    groove_4: LOWEST[i]! + 1,
    pressure: PRESSURE[i]!,
  }));
  return sendCheck(
    t,
    tok,
    { unit_id: ids.tronton, location_id: ids.location, project_id: ids.project, odometer: 61000, records },
    { tireIdOf: (_r, i) => tireIds.get(serial(i + 1)) },
  );
}

describe('forecast refresh on validation', () => {
  it('updates the forecast in the validation and sends tire-alerts to the office', async () => {
    const t1 = tireIds.get(serial(1))!;
    const before = await get(`/tire-intelligence/tires/${t1}`);
    expect(before.forecast).toMatchObject({ state: 'not-enough-data', readings: 1, pull_date: null });

    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as { port: number };
    const office = connectSocket(`http://127.0.0.1:${port}`, {
      path: '/socket.io',
      auth: { token: tok.staff },
      transports: ['websocket'],
    });
    try {
      await new Promise<void>((resolve, reject) => {
        office.on('connect', () => resolve());
        office.on('connect_error', reject);
      });
      const got = new Promise<{ counts: Record<string, number>; total: number }>((resolve) =>
        office.once('tire-alerts', resolve),
      );
      await checkAndValidate();
      const payload = await Promise.race([
        got,
        new Promise<never>((_, reject) => setTimeout(() => reject(new Error('no tire-alerts in 5 s')), 5000)),
      ]);
      expect(payload.counts['below-pull']).toBe(1);
      expect(payload.counts['due-soon']).toBe(1);
      expect(payload.counts['rtd-rise']).toBe(1);
    } finally {
      office.close();
    }

    const after = await get(`/tire-intelligence/tires/${t1}`);
    // 12 mm at 5,000 km, 10 mm at 11,000 km: 1/3 mm per 1,000 km
    expect(after.forecast.state).toBe('ok');
    expect(after.forecast.readings).toBe(2);
    expect(after.forecast.wear_rate).toBeCloseTo(0.333, 3);
    // the line reaches 3 mm 21,000 km after the last reading
    expect(after.forecast.pull_km).toBe(32_000);
    expect(after.forecast.pull_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(after.km_total).toBe(11_000);
    expect(after.mm_worn).toBe(2);
    expect(after.history).toEqual([
      expect.objectContaining({ km: 5000, groove: 12 }),
      expect.objectContaining({ km: 11_000, groove: 10 }),
    ]);
  });

  it('answers 404 in Indonesian for an unknown tire', async () => {
    const res = await call(tok.staff, 'GET', '/tire-intelligence/tires/999999');
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Ban tidak ditemukan');
  });
});

describe('alerts', () => {
  it('counts and lists installed tires by kind, most urgent first', async () => {
    const summary = await get('/tire-intelligence/alerts/summary');
    // no size has a reference pressure yet: every installed tire is without one
    const sizes = (await get('/tire-intelligence/size-pressures')) as { tires: number }[];
    const installed = sizes.reduce((n, s) => n + s.tires, 0);
    expect(summary).toEqual({
      pull_point_mm: 3,
      counts: {
        'unsafe-defect': 0,
        'below-pull': 1,
        'due-soon': 1,
        pressure: 0,
        'rtd-rise': 1,
        'rtd-zero': 0,
      },
      total: 3,
      no_reference: { sizes: sizes.length, tires: installed, of_sizes: sizes.length },
    });
    const all = await get('/tire-intelligence/alerts');
    expect(all.total).toBe(3);
    expect(all.data.map((r: { serial_number: string }) => r.serial_number)).toEqual([
      serial(2),
      serial(3),
      serial(5),
    ]);
    expect(all.data[0]).toMatchObject({
      kinds: ['below-pull'],
      groove_lowest: 2.5,
      plate_number: FX.tronton,
      position: '2',
      unit_id: ids.tronton,
    });
    expect(all.data[1].kinds).toEqual(['due-soon']);
    expect(all.data[1].pull_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    // two readings: no band yet
    expect(all.data[1].pull_date_early).toBeNull();
    expect(all.data[2]).toMatchObject({ kinds: ['rtd-rise'], pull_date: null, wear_rate: null });
    expect(all.summary.total).toBe(3);

    const below = await get('/tire-intelligence/alerts?kind=below-pull');
    expect(below.data.map((r: { serial_number: string }) => r.serial_number)).toEqual([serial(2)]);
    const bySerial = await get(`/tire-intelligence/alerts?q=${serial(3).toLowerCase()}`);
    expect(bySerial.data.map((r: { serial_number: string }) => r.serial_number)).toEqual([serial(3)]);
    const byPlate = await get(
      `/tire-intelligence/alerts?q=${encodeURIComponent('b 9001')}&pageSize=2&page=2`,
    );
    expect(byPlate.total).toBe(3);
    expect(byPlate.data.map((r: { serial_number: string }) => r.serial_number)).toEqual([serial(5)]);
    const bad = await call(tok.staff, 'GET', '/tire-intelligence/alerts?kind=flat');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('Jenis peringatan tidak dikenal');
  });

  it('raises a pressure alert once the size has a reference, and drops it when removed', async () => {
    const sizes = await get('/tire-intelligence/size-pressures');
    expect(sizes).toContainEqual({ size: '11.00-20', tires: 16, reference_psi: null });

    const put = await call(tok.staff, 'PUT', '/tire-intelligence/size-pressures', {
      size: '11.00-20',
      reference_psi: '110',
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().data).toEqual({ size: '11.00-20', tires: 16, reference_psi: 110 });
    // that size is no longer counted among those without a reference
    const withRef = (await get('/tire-intelligence/alerts/summary')).no_reference;
    expect(withRef.sizes).toBe(withRef.of_sizes - 1);
    // 90 PSI is 18 % under 110; 105 PSI (4.5 %) is fine
    const pressure = await get('/tire-intelligence/alerts?kind=pressure');
    expect(pressure.data).toHaveLength(1);
    expect(pressure.data[0]).toMatchObject({ serial_number: serial(4), pressure: 90, reference_psi: 110 });
    expect((await get('/tire-intelligence/alerts/summary')).counts.pressure).toBe(1);
    const [line] = await q<{ detail: { before: unknown; after: unknown } }>(sql`
      select detail from audit_log where action = 'size-pressure.update' order by id desc limit 1`);
    expect(line!.detail).toEqual({ before: { reference_psi: null }, after: { reference_psi: 110 } });

    const bad = await call(tok.staff, 'PUT', '/tire-intelligence/size-pressures', {
      size: '11.00-20',
      reference_psi: 500,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('Tekanan referensi harus 1 sampai 200 PSI');
    const field = await call(tok.tireman, 'PUT', '/tire-intelligence/size-pressures', {
      size: '11.00-20',
      reference_psi: 100,
    });
    expect(field.statusCode).toBe(403);

    const off = await call(tok.staff, 'PUT', '/tire-intelligence/size-pressures', {
      size: '11.00-20',
      reference_psi: '',
    });
    expect(off.statusCode).toBe(200);
    expect((await get('/tire-intelligence/alerts/summary')).counts.pressure).toBe(0);
    expect(await get('/tire-intelligence/size-pressures')).toContainEqual({
      size: '11.00-20',
      tires: 16,
      reference_psi: null,
    });
  });
});

describe('0 mm readings', () => {
  it("are kept apart as 'rtd-zero' (a reading to check), not counted below the pull point", async () => {
    const before = await get('/tire-intelligence/alerts/summary');
    const id = tireIds.get(serial(7))!;
    const [old] = await q<{ groove_lowest: number }>(sql`select groove_lowest from tires where id = ${id}`);
    await t.database.db.execute(sql`update tires set groove_lowest = 0 where id = ${id}`);
    try {
      const after = await get('/tire-intelligence/alerts/summary');
      expect(after.counts).toEqual({ ...before.counts, 'rtd-zero': 1 });
      expect(after.total).toBe(before.total + 1);
      const zero = await get('/tire-intelligence/alerts?kind=rtd-zero');
      expect(zero.data).toHaveLength(1);
      expect(zero.data[0]).toMatchObject({ serial_number: serial(7), groove_lowest: 0, kinds: ['rtd-zero'] });
      const below = await get('/tire-intelligence/alerts?kind=below-pull');
      expect(below.data.map((r: { serial_number: string }) => r.serial_number)).not.toContain(serial(7));
    } finally {
      await t.database.db.execute(
        sql`update tires set groove_lowest = ${old!.groove_lowest} where id = ${id}`,
      );
    }
  });
});

describe('performance', () => {
  it('groups km, tread and cost by brand, pattern and size, and exports it', async () => {
    const t1 = tireIds.get(serial(1))!;
    const upd = await call(tok.staff, 'PUT', `/tire/update/${t1}`, { purchase_price: '2200000' });
    expect(upd.statusCode, upd.body).toBe(200);
    const life = await get(`/tire-intelligence/tires/${t1}`);
    expect(life).toMatchObject({
      purchase_price: 2_200_000,
      retread_cost: null,
      cost_per_km: 200,
      cost_per_mm: 1_100_000,
    });

    const byBrand = await get('/tire-intelligence/performance?groupBy=brand');
    expect(byBrand.groupBy).toBe('brand');
    expect(byBrand.rows).toEqual([
      {
        key: 'BRIDGESTONE',
        tires: 5,
        km_total: 55_000,
        mm_worn: 21.5,
        km_per_mm: 2558,
        wear_rate: 0.833,
        priced_tires: 1,
        cost_per_km: 200,
      },
      {
        key: 'GAJAH TUNGGAL',
        tires: 5,
        km_total: 55_000,
        mm_worn: 5,
        km_per_mm: 11_000,
        wear_rate: 0.167,
        priced_tires: 0,
        cost_per_km: null,
      },
    ]);
    const byPattern = await get('/tire-intelligence/performance?groupBy=pattern');
    expect(byPattern.rows.map((r: { key: string; tires: number }) => [r.key, r.tires])).toEqual([
      ['GT 88', 5],
      ['R150', 5],
    ]);
    const bySize = await get('/tire-intelligence/performance?groupBy=size&size=11.00-20');
    expect(bySize.rows).toHaveLength(1);
    expect(bySize.rows[0]).toMatchObject({ key: '11.00-20', tires: 10, km_total: 110_000 });
    expect((await get('/tire-intelligence/performance?size=7.50-16')).rows).toEqual([]);

    const xlsx = await call(tok.staff, 'GET', '/tire-intelligence/performance/export?groupBy=brand');
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    expect(ws.getCell('A1').value).toBe('Analitik Ban per Brand · Semua periode');
    expect(ws.getRow(2).values).toEqual([
      undefined,
      'Brand',
      'Jumlah Ban',
      'Total KM',
      'Keausan (mm)',
      'KM per mm',
      'Laju Aus (mm/1.000 km)',
      'Ban Berharga',
      'Biaya per KM (Rp)',
    ]);
    expect(ws.getRow(3).getCell(1).value).toBe('BRIDGESTONE');
    expect(ws.getRow(3).getCell(8).value).toBe(200);
  });
});

describe('prices', () => {
  it('round-trip through tire create, update (a retread cost records a retread) and list', async () => {
    const created = await call(tok.staff, 'POST', '/tire', {
      serial_number: 'PRICE-0001',
      size: '11.00-20',
      purchase_price: '3500000',
      retread_cost: '',
    });
    expect(created.statusCode, created.body).toBe(201);
    const tire = created.json().data;
    expect(tire).toMatchObject({ purchase_price: 3_500_000, retread_cost: null });
    const bad = await call(tok.staff, 'POST', '/tire', { serial_number: 'PRICE-0002', purchase_price: '-5' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('Harga tidak boleh negatif');

    const upd = await call(tok.staff, 'PUT', `/tire/update/${tire.id}`, { retread_cost: 1_200_000 });
    expect(upd.statusCode, upd.body).toBe(200);
    expect(upd.json().data).toMatchObject({ purchase_price: 3_500_000, retread_cost: 1_200_000 });
    const detail = await get(`/tire/${tire.id}`);
    expect(detail).toMatchObject({ purchase_price: 3_500_000, retread_cost: 1_200_000 });
    const list = await get('/tire?searchBy=serial_number&q=PRICE-0001');
    expect(list.data[0]).toMatchObject({ purchase_price: 3_500_000, retread_cost: 1_200_000 });
    const events = await q<{ kind: string }>(
      sql`select kind from tire_events where tire_id = ${tire.id} order by id`,
    );
    expect(events.map((e) => e.kind)).toEqual(['received', 'updated', 'retreaded']);
    expect((await get(`/tire-intelligence/tires/${tire.id}`)).retreads).toBe(1);
    // leaving the price out changes nothing; blank clears it
    await call(tok.staff, 'PUT', `/tire/update/${tire.id}`, { information: 'gudang' });
    expect((await get(`/tire/${tire.id}`)).purchase_price).toBe(3_500_000);
    await call(tok.staff, 'PUT', `/tire/update/${tire.id}`, { purchase_price: '' });
    expect((await get(`/tire/${tire.id}`)).purchase_price).toBeNull();
  });

  it('go from a new-tire request to the tire on approval', async () => {
    const made = await call(tok.staff, 'POST', '/tire/request', {
      serial_number: 'REQ-PRICE-1',
      size: '11.00-20',
      purchase_price: 4_100_000,
    });
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json().data.id as number;
    const upd = await call(tok.staff, 'PUT', `/tire-request/${id}`, { retread_cost: '250000' });
    expect(upd.statusCode, upd.body).toBe(200);
    expect(upd.json().data).toMatchObject({ purchase_price: 4_100_000, retread_cost: 250_000 });
    const ok = await call(tok.staff, 'POST', `/tire-request/${id}/approve`);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data.tire).toMatchObject({ purchase_price: 4_100_000, retread_cost: 250_000 });
  });
});

describe('reply schemas', () => {
  it('answers list and detail replies that parse against their declared schemas', async () => {
    const id = tireIds.get(serial(1))!;
    for (const [op, url] of [
      [API.getTireLife, `/tire-intelligence/tires/${id}`],
      [API.getTireAlertSummary, '/tire-intelligence/alerts/summary'],
      [API.listTireAlerts, '/tire-intelligence/alerts?pageSize=100'],
      [API.getTirePerformance, '/tire-intelligence/performance?groupBy=size'],
      [API.listSizePressures, '/tire-intelligence/size-pressures'],
    ] as const) {
      const body = await get(url);
      expect(() => op.reply.parse(body), url).not.toThrow();
    }
  });
});
