// Issue 21, 'Bad input': the warnings a check carries to EDP are the server's own reading of the
// records (the unit's last check, the tires mounted, the size's reference pressure), kept with
// the check and recomputed when a returned check comes back re-measured.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, FX, type TestApp } from '../../../test/helpers';
import { uploadPhotos } from '../../../test/uploads';
import { rowsOf } from '../../db/client';

let t: TestApp;
const tok = { staff: '', tireman: '' };
let engkel = 0;
let location = 0;
let photos: Record<'plate' | 'odo' | 'tm', string>;
/** The engkel's mounted tires, by position: serial and lowest groove now. */
const mounted = new Map<string, { serial: string; lowest: number }>();

beforeAll(async () => {
  t = await createTestApp();
  tok.staff = await t.login(FX.staff.email);
  tok.tireman = await t.login(FX.tireman.email);
  const db = t.database.db;
  [{ engkel, location }] = rowsOf<{ engkel: number; location: number }>(
    await db.execute(sql`
      select (select id from units where plate_number = ${FX.engkel}) as engkel,
             (select id from locations where name = ${FX.location}) as location`),
  ) as [{ engkel: number; location: number }];
  const tires = rowsOf<{ position: string; serial_number: string; lowest: number; size: string }>(
    await db.execute(sql`
      select a.position, t.serial_number, least(t.groove_1, t.groove_2, t.groove_3, t.groove_4) as lowest, t.size
        from active_unit_tires a join tires t on t.id = a.tire_id
       where a.unit_id = ${engkel} and a.status = 'INSTALLED' order by a.position`),
  );
  for (const r of tires) mounted.set(r.position, { serial: r.serial_number, lowest: r.lowest });
  // every size of the fleet has a reference of 100 PSI here
  await db.execute(sql`
    insert into tire_size_pressures (size, reference_psi)
    select distinct size, 100 from tires on conflict (size) do update set reference_psi = 100`);
  photos = await uploadPhotos(t, tok.tireman, ['plate', 'odo', 'tm'] as const);
});
afterAll(() => t?.close());

const call = (token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({
    method,
    url: `/api${url}`,
    headers: { access_token: token },
    ...(payload ? { payload } : {}),
  });

/** A record of position p measured at `rtd` on every groove (the mounted tire unless `serial`). */
const record = (p: string, rtd: number[], over: object = {}) => ({
  position: p,
  serial_number: mounted.get(p)!.serial,
  serial_number_url: '-',
  groove_1: rtd[0],
  groove_2: rtd[1],
  groove_3: rtd[2],
  groove_4: rtd[3],
  pressure: 100,
  ...over,
});
/** Below what each tire had: tread that wore down, as it should. */
const worn = (p: string) => Array(4).fill(Math.max(0, mounted.get(p)!.lowest - 1));

async function check(odometer: number, records: object[], performedAt: Date) {
  const res = await call(tok.tireman, 'POST', '/tire-check', {
    unit_id: engkel,
    location_id: location,
    odometer,
    plate_number_url: photos.plate,
    odometer_url: photos.odo,
    tireman_sign: photos.tm,
    performed_at: performedAt.toISOString(),
    records,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as number;
}

const warningsOf = async (id: number) => {
  const res = await call(tok.staff, 'GET', `/tire-check/detail/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().field_warnings as { kind: string; position?: string; message: string }[]).map(
    (w) => `${w.kind}@${w.position ?? '-'}`,
  );
};

describe('field warnings of a check', () => {
  const hoursAgo = (h: number) => new Date(Date.now() - h * 3600_000);

  it('are none for a check whose values are plausible', async () => {
    const id = await check(
      50_000,
      ['1', '2', '3'].map((p) => record(p, worn(p))),
      hoursAgo(5),
    );
    expect(await warningsOf(id)).toEqual([]);
  });

  it('name the odometer, a risen tread, uneven grooves, the pressure and another serial, for EDP', async () => {
    const risen = mounted.get('1')!.lowest + 2;
    const id = await check(
      49_000, // lower than the check before it
      [
        record('1', [risen, risen, risen, risen]),
        record('2', [10, 10, 10, 6]),
        record('3', worn('3'), { pressure: 80 }),
        record('4', worn('4'), { serial_number: FX.stockSerial(3) }),
      ],
      hoursAgo(4),
    );
    expect(await warningsOf(id)).toEqual([
      'odometer-lower@-',
      'rtd-higher@1',
      'rtd-spread@2',
      'psi-off@3',
      'serial-differs@4',
    ]);
    const detail = (await call(tok.staff, 'GET', `/tire-check/detail/${id}`)).json();
    expect(detail.field_warnings[0].message).toBe(
      'Odometer lebih rendah dari pengecekan terakhir (50.000 Km)',
    );

    // returned, re-measured and resubmitted: the warnings are those of the new records
    expect((await call(tok.staff, 'PUT', `/tire-check/${id}`, { reason: 'Ukur ulang' })).statusCode).toBe(
      200,
    );
    const again = await call(tok.tireman, 'PUT', `/tire-check/${id}/resubmit`, {
      records: ['1', '2', '3', '4'].map((p) => record(p, worn(p))),
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(await warningsOf(id)).toEqual(['odometer-lower@-']);
  });

  it('compare the odometer with the check done before, not with one sent earlier but done later', async () => {
    // a check done yesterday but sent only now: the later check (50,000) is not "before" it
    const id = await check(30_000, [record('1', worn('1'))], hoursAgo(30));
    expect(await warningsOf(id)).toEqual([]);
  });
});

describe('the previous reading of each tire (issue 42, item 7)', () => {
  const hoursAgo = (h: number) => new Date(Date.now() - h * 3600_000);
  const recordsOf = async (id: number) => {
    const res = await call(tok.staff, 'GET', `/tire-check-record/${id}`);
    expect(res.statusCode).toBe(200);
    return res.json() as {
      position: string;
      previous_reading: { check_id: number; performed_at: string; groove_1: number; pressure: number } | null;
    }[];
  };

  it('is the tire at the validated check done before, not a pending one nor one done later', async () => {
    const { edp } = await uploadPhotos(t, tok.staff, ['edp'] as const);
    const done = hoursAgo(12);
    const validated = await check(51_000, [record('2', [7, 7, 7, 7], { pressure: 97 })], done);
    const v = await call(tok.staff, 'POST', `/tire-check/${validated}/validate`, {
      edp_sign: edp,
      records: [],
    });
    expect(v.statusCode, v.body).toBe(200);
    // sent and still waiting: not a reading the EDP has accepted
    await check(51_500, [record('2', [6, 6, 6, 6])], hoursAgo(10));

    const now = await check(52_000, [record('2', [6.5, 6.5, 6.5, 6.5])], hoursAgo(8));
    const [pos2] = await recordsOf(now);
    expect(pos2!.previous_reading).toMatchObject({
      check_id: validated,
      performed_at: done.toISOString(),
      groove_1: 7,
      pressure: 97,
    });
    // the detail carries the same reading for the validation dialog
    const detail = (await call(tok.staff, 'GET', `/tire-check/detail/${now}`)).json();
    expect(detail.records[0].previous_reading.check_id).toBe(validated);

    // done before the validated one (sent late): that check is not its "previous"
    const late = await check(50_500, [record('2', worn('2'))], hoursAgo(14));
    const [early] = await recordsOf(late);
    expect(early!.previous_reading?.check_id).not.toBe(validated);
  });
});
