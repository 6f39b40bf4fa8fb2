// Issue 42, item 3: a replacement is warned by the check's rule. A used tire put on at 18 mm after
// its last reading of 6.5 mm reaches the EDP with 'RTD lebih tinggi dari sebelumnya'.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, FX, type TestApp } from '../../../test/helpers';
import { uploadPhotos } from '../../../test/uploads';
import { rowsOf } from '../../db/client';
import { tires, units } from '../../db/schema';

let t: TestApp;
let tm = '';
let edp = '';
let engkel = 0;
let location = 0;
let photos: Record<'plate' | 'odo' | 'sign', string>;

beforeAll(async () => {
  t = await createTestApp();
  [tm, edp] = await Promise.all([t.login(FX.tireman.email), t.login(FX.staff.email)]);
  const db = t.database.db;
  engkel = (await db.select().from(units).where(eq(units.plate_number, FX.engkel)))[0]!.id;
  location = rowsOf<{ id: number }>(
    await db.execute(sql`select id from locations where name = ${FX.location}`),
  )[0]!.id;
  photos = await uploadPhotos(t, tm, ['plate', 'odo', 'sign']);
});
afterAll(() => t?.close());

const api = (token: string, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({
    method,
    url: `/api${url}`,
    headers: { access_token: token },
    ...(payload ? { payload } : {}),
  });

/** A stock tire whose last reading on record is `lowest` mm (a used tire back in the warehouse). */
async function usedTire(n: number, lowest: number): Promise<number> {
  const [row] = await t.database.db
    .update(tires)
    .set({ groove_1: lowest + 0.5, groove_2: lowest, groove_3: lowest + 1, groove_4: lowest + 0.5 })
    .where(eq(tires.serial_number, FX.stockSerial(n)))
    .returning({ id: tires.id });
  return row!.id;
}

async function replaceWith(position: string, tireId: number, rtd: number): Promise<number> {
  const res = await api(tm, 'POST', '/tire-replacement', {
    unit_id: engkel,
    location_id: location,
    odometer: 61_000,
    spk: 'SPK-42',
    plate_number_url: photos.plate,
    odometer_url: photos.odo,
    tireman_sign: photos.sign,
    records: [
      {
        position,
        status: 'replace',
        tire_id: tireId,
        groove_1: rtd,
        groove_2: rtd,
        groove_3: rtd,
        groove_4: rtd,
        pressure: 100,
      },
    ],
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as number;
}

describe('replacement warnings (the check rule)', () => {
  it('warns the EDP of a tire put on with more tread than its last reading; none for a plausible one', async () => {
    const risen = await replaceWith('1', await usedTire(5, 6.5), 18);
    const detail = (await api(edp, 'GET', `/tire-replace/${risen}`)).json();
    expect(detail.field_warnings).toEqual([
      {
        kind: 'rtd-higher',
        position: '1',
        message: 'Posisi 1: RTD lebih tinggi dari sebelumnya (6,5 mm), ban vulkanisir?',
      },
    ]);

    const plausible = await replaceWith('2', await usedTire(6, 6.5), 6);
    expect((await api(edp, 'GET', `/tire-replace/${plausible}`)).json().field_warnings).toEqual([]);
  });
});
