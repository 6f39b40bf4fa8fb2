// Issue 36, 'Counting rules written once': a check returned to the tire man is not work done until
// he sends it again; the leaderboard, Produktifitas, the summary, unit attendance, Rekam
// Pengecekan and the dashboard's 'today' all say so at once, and all count it again on resubmit.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, FX, type TestApp } from '../../../test/helpers';
import { uploadPhotos } from '../../../test/uploads';
import { rowsOf } from '../../db/client';

let t: TestApp;
const tok = { staff: '', tireman: '' };
let unit = 0;
let location = 0;
let tiremanId = 0;
let photos: Record<'plate' | 'odo' | 'tm', string>;

beforeAll(async () => {
  t = await createTestApp();
  tok.staff = await t.login(FX.staff.email);
  tok.tireman = await t.login(FX.tireman.email);
  [{ unit, location, tiremanId }] = rowsOf<{ unit: number; location: number; tiremanId: number }>(
    await t.database.db.execute(sql`
      select (select id from units where plate_number = ${FX.engkel}) as unit,
             (select id from locations where name = ${FX.location}) as location,
             (select id from users where email = ${FX.tireman.email}) as "tiremanId"`),
  ) as [{ unit: number; location: number; tiremanId: number }];
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

const today = () => new Date().toLocaleDateString('sv-SE', { timeZone: 'Asia/Jakarta' });

/** What each number of the office says about the tire man's work today. */
async function numbers() {
  const day = today();
  const range = { firstDate: day, lastDate: day };
  const board = (
    await call(tok.staff, 'GET', `/tire-check/leader-board?dateStart=${day}&dateEnd=${day}`)
  ).json();
  const prod = (await call(tok.staff, 'POST', '/tire-check/querry/search', range)).json();
  const summary = (
    await call(tok.staff, 'POST', '/tire-check/summary', { dateStart: day, dateEnd: day })
  ).json();
  const absent = (await call(tok.staff, 'POST', '/tire-check/absent', { month: day.slice(0, 7) })).json();
  const records = (
    await call(tok.staff, 'POST', '/tire-check/querry/record/search', { dateStart: day, dateEnd: day })
  ).json();
  const counters = (await call(tok.staff, 'GET', '/dashboard/counters')).json();
  return {
    leaderboard: board.find((e: { id: number }) => e.id === tiremanId)?.highScore ?? 0,
    productivity: prod.total as number,
    summary: (summary.data as { total: number }[]).reduce((n, r) => n + r.total, 0),
    attendance: absent.summary.totalChecks as number,
    records: records.total as number,
    today: counters.today as number,
  };
}

describe('a returned check is not work done until it is sent again', () => {
  it('every count drops by one on Return and comes back on resubmit', async () => {
    const before = await numbers();
    const record = (rtd: number) => ({
      position: '1',
      serial_number: 'WD-1',
      groove_1: rtd,
      groove_2: rtd,
      groove_3: rtd,
      groove_4: rtd,
      pressure: 100,
    });
    const sent = await call(tok.tireman, 'POST', '/tire-check', {
      unit_id: unit,
      location_id: location,
      odometer: 70_000,
      plate_number_url: photos.plate,
      odometer_url: photos.odo,
      tireman_sign: photos.tm,
      performed_at: new Date(Date.now() - 60_000).toISOString(),
      records: [record(9)],
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const id = sent.json().id as number;
    const plusOne = Object.fromEntries(Object.entries(before).map(([k, v]) => [k, v + 1]));
    expect(await numbers()).toEqual(plusOne);

    const back = await call(tok.staff, 'PUT', `/tire-check/${id}`, { reason: 'Ukur ulang RTD' });
    expect(back.statusCode, back.body).toBe(200);
    expect(await numbers()).toEqual(before);

    const again = await call(tok.tireman, 'PUT', `/tire-check/${id}/resubmit`, { records: [record(8.5)] });
    expect(again.statusCode, again.body).toBe(200);
    expect(await numbers()).toEqual(plusOne);
  });
});
