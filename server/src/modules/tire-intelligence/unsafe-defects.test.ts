// Ban Kritis and the alerts count a tire whose latest validated check recorded, in some zone, a
// defect the catalogue marks unsafe (issue 37, item 7): named by zone and catalogue name, read from
// the check records and defect_codes.unsafe (marking a code unsafe takes effect at once).

import { sql } from 'drizzle-orm';
import { io as connectSocket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, FX, type TestApp } from '../../../test/helpers';
import { sendCheck } from '../../../test/uploads';
import { rowsOf } from '../../db/client';

let t: TestApp;
const tok = { admin: '', staff: '', tireman: '' };
const ids = { tronton: 0, location: 0, project: 0 };
const tireIds = new Map<string, number>();
const serial = FX.installedSerial;

type Method = 'GET' | 'POST' | 'PUT';
const call = (token: string, method: Method, url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url: `/api${url}`,
    headers: { access_token: token },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const get = async (url: string) => {
  const res = await call(tok.staff, 'GET', url);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

beforeAll(async () => {
  t = await createTestApp();
  for (const k of Object.keys(tok) as (keyof typeof tok)[]) tok[k] = await t.login(FX[k].email);
  const [u] = rowsOf<typeof ids>(
    await t.database.db.execute(sql`
      select (select id from units where plate_number = ${FX.tronton}) as tronton,
             (select id from locations where name = ${FX.location}) as location,
             (select id from projects where name = ${FX.project}) as project`),
  );
  Object.assign(ids, u);
  for (const r of rowsOf<{ id: number; serial_number: string }>(
    await t.database.db.execute(sql`select id, serial_number from tires`),
  )) {
    tireIds.set(r.serial_number, r.id);
  }
});
afterAll(() => t?.close());

/**
 * A tire man's check of the tronton's ten tires at `odometer`, each normal but where `conditions`
 * says otherwise (by position); validated by the EDP when `validate`.
 */
async function check(odometer: number, conditions: Record<number, string>, validate = true) {
  const records = Array.from({ length: 10 }, (_, i) => ({
    position: String(i + 1),
    serial_number: serial(i + 1),
    groove_1: 11,
    groove_2: 11,
    groove_3: 11,
    groove_4: 11,
    pressure: 105,
    condition: conditions[i + 1] ?? '99,99,99,99,99',
  }));
  await sendCheck(
    t,
    tok,
    { unit_id: ids.tronton, location_id: ids.location, project_id: ids.project, odometer, records },
    { validate, tireIdOf: (_r, i) => tireIds.get(serial(i + 1)) },
  );
}

const unsafeRows = async () =>
  (await get('/tire-intelligence/alerts?kind=unsafe-defect&pageSize=50')) as {
    data: { serial_number: string; kinds: string[]; unsafe_defects: string[] }[];
    total: number;
    summary: { counts: Record<string, number> };
  };

describe('unsafe defects in Ban Kritis and the alerts', () => {
  it('lists the tire whose validated check has a sidewall cut (23), with the defect named; a crown cut (1) is not unsafe', async () => {
    await check(61_000, { 1: '99,99,23,99,99', 2: '1,99,99,99,99' });
    const list = await unsafeRows();
    expect(list.data).toEqual([
      expect.objectContaining({
        serial_number: serial(1),
        kinds: expect.arrayContaining(['unsafe-defect']),
        unsafe_defects: ['Dinding: 23 Sidewall Cut'],
      }),
    ]);
    expect(list.total).toBe(1);
    expect(list.summary.counts['unsafe-defect']).toBe(1);
    // the tire leads the whole Ban Kritis list
    const all = await get('/tire-intelligence/alerts?pageSize=50');
    expect(all.data[0]).toMatchObject({
      serial_number: serial(1),
      unsafe_defects: ['Dinding: 23 Sidewall Cut'],
    });
    expect(all.data.map((r: { serial_number: string }) => r.serial_number)).not.toContain(serial(2));
  });

  it('marking code 1 unsafe in the catalogue puts the crown cut tire in at once (and tells the office)', async () => {
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
      // counts are sent at most every 5 s: the one after the change has both tires
      const got = new Promise<{ counts: Record<string, number> }>((resolve) =>
        office.on('tire-alerts', (p: { counts: Record<string, number> }) => {
          if (p.counts['unsafe-defect'] === 2) resolve(p);
        }),
      );
      const res = await call(tok.admin, 'PUT', '/defect-code/1', { unsafe: true });
      expect(res.statusCode, res.body).toBe(200);
      const payload = await Promise.race([
        got,
        new Promise<never>((_, reject) =>
          setTimeout(() => reject(new Error('no tire-alerts in 12 s')), 12_000),
        ),
      ]);
      expect(payload.counts['unsafe-defect']).toBe(2);
    } finally {
      office.close();
    }
    const list = await unsafeRows();
    expect(list.data.map((r) => [r.serial_number, r.unsafe_defects])).toEqual([
      [serial(1), ['Dinding: 23 Sidewall Cut']],
      [serial(2), ['Tapak: 1 Crown Cut']],
    ]);
    expect(list.summary.counts['unsafe-defect']).toBe(2);
  });

  it('reads the latest validated check only: a check awaiting validation changes nothing, a normal validated one clears it', async () => {
    await check(62_000, { 3: '99,99,99,36,99' }, false);
    expect((await unsafeRows()).data.map((r) => r.serial_number)).toEqual([serial(1), serial(2)]);
    await check(63_000, { 2: '1,99,99,99,99' });
    const list = await unsafeRows();
    expect(list.data.map((r) => [r.serial_number, r.unsafe_defects])).toEqual([
      [serial(2), ['Tapak: 1 Crown Cut']],
    ]);
  });

  it('finds a code written with spaces around it (older data) by the codes index, and counts it', async () => {
    await t.database.db.execute(sql`
      update tire_last_condition set condition = '99,99, 23 ,99,99' where tire_id = ${tireIds.get(serial(3))!}`);
    const list = await unsafeRows();
    expect(list.data.map((r) => [r.serial_number, r.unsafe_defects])).toEqual([
      [serial(2), ['Tapak: 1 Crown Cut']],
      [serial(3), ['Dinding: 23 Sidewall Cut']],
    ]);
    expect(list.summary.counts['unsafe-defect']).toBe(2);
  });
});
