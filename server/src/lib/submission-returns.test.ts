// Issue 22 item 2: every Return of a check or replacement is kept (who, when, why) and closed by
// the resubmit; the 'Dikembalikan' lists, the detail's return history and the dashboard count.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, FX, type TestApp } from '../../test/helpers';
import { uploadPhotos } from '../../test/uploads';
import { rowsOf } from '../db/client';

let t: TestApp;
const tok = { staff: '', staff2: '', tireman: '' };
const ids = { tronton: 0, engkel: 0, location: 0, staff: 0, staff2: 0 };
let mine: Record<'plate' | 'odo' | 'sign' | 'driver', string>;

async function q<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return rowsOf<T>(await t.database.db.execute(query));
}

beforeAll(async () => {
  t = await createTestApp();
  for (const k of Object.keys(tok) as (keyof typeof tok)[]) tok[k] = await t.login(FX[k].email);
  const [u] = await q<typeof ids>(sql`
    select (select id from units where plate_number = ${FX.tronton}) as tronton,
           (select id from units where plate_number = ${FX.engkel}) as engkel,
           (select id from locations where name = ${FX.location}) as location,
           (select id from users where email = ${FX.staff.email}) as staff,
           (select id from users where email = ${FX.staff2.email}) as staff2`);
  Object.assign(ids, u);
  mine = await uploadPhotos(t, tok.tireman, ['plate', 'odo', 'sign', 'driver'] as const);
});
afterAll(() => t?.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (token: string, method: Method, url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url: `/api${url}`,
    headers: { access_token: token },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

async function ok(token: string, method: Method, url: string, payload?: unknown) {
  const res = await call(token, method, url, payload);
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
  return res.json();
}

async function submitCheck(): Promise<number> {
  const records = Array.from({ length: 6 }, (_, i) => ({
    position: String(i + 1),
    serial_number: FX.installedSerial(i + 11),
    serial_number_url: '-',
    groove_1: 10,
    groove_2: 10,
    groove_3: 9,
    groove_4: 10,
    pressure: 100,
  }));
  const body = {
    unit_id: ids.engkel,
    location_id: ids.location,
    odometer: 42000,
    plate_number_url: mine.plate,
    odometer_url: mine.odo,
    tireman_sign: mine.sign,
    driver_sign: mine.driver,
    records,
  };
  return (await ok(tok.tireman, 'POST', '/tire-check', body)).id;
}

let stockTire = 0;
async function submitReplacement(): Promise<number> {
  stockTire += 1;
  const body = {
    unit_id: ids.tronton,
    location_id: ids.location,
    odometer: 61000,
    spk: 'SPK-RET',
    plate_number_url: mine.plate,
    odometer_url: mine.odo,
    tireman_sign: mine.sign,
    records: [
      {
        position: '1',
        status: 'replace',
        serial_number: FX.stockSerial(stockTire),
        groove_1: 15,
        groove_2: 15,
        groove_3: 15,
        groove_4: 15,
        pressure: 105,
      },
    ],
  };
  return (await ok(tok.tireman, 'POST', '/tire-replacement', body)).id;
}

const KINDS = {
  'tire-check': {
    submit: submitCheck,
    giveBack: (id: number, reason: string, token = tok.staff) =>
      call(token, 'PUT', `/tire-check/${id}`, { reason }),
    resubmit: (id: number) => ok(tok.tireman, 'PUT', `/tire-check/${id}/resubmit`, {}),
    detail: (id: number) => ok(tok.staff, 'GET', `/tire-check/detail/${id}`),
    list: (query = '') => call(tok.staff, 'GET', `/tire-check/returns${query}`),
    remove: (id: number) => ok(tok.staff, 'DELETE', `/tire-check/${id}`),
  },
  'tire-replacement': {
    submit: submitReplacement,
    giveBack: (id: number, reason: string, token = tok.staff) =>
      call(token, 'PUT', `/tire-replacement/${id}`, { pic_sign: '-', itms_sign: '-', reason }),
    resubmit: (id: number) => ok(tok.tireman, 'PUT', `/tire-replacement/${id}/resubmit`, {}),
    detail: (id: number) => ok(tok.staff, 'GET', `/tire-replace/${id}`),
    list: (query = '') => call(tok.staff, 'GET', `/tire-replacement/returns${query}`),
    remove: (id: number) => ok(tok.staff, 'DELETE', `/tire-replacement/${id}`),
  },
} as const;

const returnsOf = (kind: string, id: number) =>
  q<{ reason: string; returned_by: number | null; returned_at: Date; resubmitted_at: Date | null }>(sql`
    select reason, returned_by, returned_at, resubmitted_at from submission_returns
     where kind = ${kind} and record_id = ${id} order by id`);

const returnedCount = async () => (await ok(tok.staff, 'GET', '/dashboard/counters')).returned as number;

for (const [kind, k] of Object.entries(KINDS)) {
  describe(`${kind}: the return history`, () => {
    it('a Return writes who returned it, when and why; a refused Return writes nothing', async () => {
      const id = await k.submit();
      const before = Date.now();
      const res = await k.giveBack(id, '  Foto odometer buram  ');
      expect(res.statusCode, res.body).toBe(200);
      const rows = await returnsOf(kind, id);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        reason: 'Foto odometer buram',
        returned_by: ids.staff,
        resubmitted_at: null,
      });
      expect(new Date(rows[0]!.returned_at).getTime()).toBeGreaterThanOrEqual(before - 1000);
      // returned twice, or without a reason: refused, no second row
      expect((await k.giveBack(id, 'lagi')).statusCode).toBe(409);
      expect((await k.giveBack(id, '   ')).statusCode).toBe(400);
      expect(await returnsOf(kind, id)).toHaveLength(1);
    });

    it('the resubmit closes the open Return; a second Return opens a new one; the detail shows them all', async () => {
      const id = await k.submit();
      expect((await k.giveBack(id, 'Nomor seri salah')).statusCode).toBe(200);
      await k.resubmit(id);
      let rows = await returnsOf(kind, id);
      expect(rows).toHaveLength(1);
      expect(rows[0]!.resubmitted_at).not.toBeNull();

      expect((await k.giveBack(id, 'Tanda tangan PIC kurang', tok.staff2)).statusCode).toBe(200);
      rows = await returnsOf(kind, id);
      expect(rows.map((r) => [r.reason, r.returned_by, r.resubmitted_at === null])).toEqual([
        ['Nomor seri salah', ids.staff, false],
        ['Tanda tangan PIC kurang', ids.staff2, true],
      ]);

      const detail = await k.detail(id);
      expect(detail.returns).toEqual([
        {
          id: expect.any(Number),
          returned_at: expect.any(String),
          reason: 'Nomor seri salah',
          returned_by: { id: ids.staff, name: FX.staff.name },
          resubmitted_at: expect.any(String),
        },
        {
          id: expect.any(Number),
          returned_at: expect.any(String),
          reason: 'Tanda tangan PIC kurang',
          returned_by: { id: ids.staff2, name: FX.staff2.name },
          resubmitted_at: null,
        },
      ]);
      expect(Date.parse(detail.returns[0].resubmitted_at)).toBeLessThanOrEqual(
        Date.parse(detail.returns[1].returned_at),
      );
      // a document never returned has an empty history
      expect((await k.detail(await k.submit())).returns).toEqual([]);
    });

    it('lists the returns newest first, paged, with the plate, tire man, returner, reason and whether it was resubmitted', async () => {
      const a = await k.submit();
      const b = await k.submit();
      expect((await k.giveBack(a, 'Alasan A')).statusCode).toBe(200);
      expect((await k.giveBack(b, 'Alasan B', tok.staff2)).statusCode).toBe(200);
      await k.resubmit(a);

      const first = await k.list('?pageSize=2');
      expect(first.statusCode, first.body).toBe(200);
      const page = first.json();
      expect(page).toMatchObject({ page: 1, pageSize: 2 });
      expect(page.total).toBeGreaterThanOrEqual(2);
      const plate = kind === 'tire-check' ? FX.engkel : FX.tronton;
      expect(page.data).toEqual([
        {
          id: expect.any(Number),
          record_id: b,
          plate_number: plate,
          tireman: { id: expect.any(Number), name: FX.tireman.name },
          returned_by: { id: ids.staff2, name: FX.staff2.name },
          returned_at: expect.any(String),
          reason: 'Alasan B',
          resubmitted_at: null,
          status: 'pending',
        },
        expect.objectContaining({
          record_id: a,
          reason: 'Alasan A',
          returned_by: { id: ids.staff, name: FX.staff.name },
          resubmitted_at: expect.any(String),
        }),
      ]);
      // the next page goes on where the first stopped, still newest first
      const second = (await k.list(`?pageSize=2&page=2`)).json();
      expect(second.total).toBe(page.total);
      const times = [...page.data, ...second.data].map((r: { returned_at: string }) =>
        Date.parse(r.returned_at),
      );
      expect(times).toEqual([...times].sort((x, y) => y - x));
      expect(second.data.map((r: { record_id: number }) => r.record_id)).not.toContain(b);
      // past the end: empty page, same total
      expect((await k.list('?pageSize=2&page=999')).json()).toMatchObject({ data: [], total: page.total });

      // a deleted document leaves the view
      await k.remove(b);
      const after = (await k.list('?pageSize=2')).json();
      expect(after.total).toBe(page.total - 1);
      expect(after.data[0].record_id).toBe(a);
    });

    it('refuses a bad page and the tire man', async () => {
      expect((await k.list('?pageSize=0')).statusCode).toBe(400);
      const path = kind === 'tire-check' ? '/tire-check/returns' : '/tire-replacement/returns';
      expect((await call(tok.tireman, 'GET', path)).statusCode).toBe(403);
    });
  });
}

describe("the dashboard's 'Dikembalikan' count", () => {
  it('counts the checks and replacements returned and not yet resubmitted', async () => {
    const start = await returnedCount();
    const check = await submitCheck();
    const rep = await submitReplacement();
    expect((await KINDS['tire-check'].giveBack(check, 'Foto buram')).statusCode).toBe(200);
    expect(await returnedCount()).toBe(start + 1);
    expect((await KINDS['tire-replacement'].giveBack(rep, 'Foto buram')).statusCode).toBe(200);
    expect(await returnedCount()).toBe(start + 2);
    await KINDS['tire-check'].resubmit(check);
    expect(await returnedCount()).toBe(start + 1);
    await KINDS['tire-replacement'].resubmit(rep);
    expect(await returnedCount()).toBe(start);
  });
});
