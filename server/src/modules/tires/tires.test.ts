import { API } from '@itms/contracts/api';
import { RTD_RANGE_KEYS, RTD_RANGES, TIRE_SEARCH_FIELDS } from '@itms/contracts/tire-list';
import { asc, eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, FX, type TestApp } from '../../../test/helpers';
import { rowsOf } from '../../db/client';
import { foldPendingDeltas } from '../../db/read-models/read-models';
import { activeUnitTires, auditLog, tireEvents, tires, units } from '../../db/schema';

let t: TestApp;
let staff: string;
let tireman: string;

type TireRow = typeof tires.$inferSelect;

/** Known tires on top of the fixture: lowest grooves on and around every range edge, mixed statuses and parts. */
const EXTRA: Partial<TireRow>[] = [
  {
    serial_number: 'X-001',
    ir_brand: 'MICHELIN',
    groove_lowest: 0,
    status: 'UNINSTALLED',
    tube_status: 'NEW',
  },
  { serial_number: 'X-002', ir_brand: 'MICHELIN', groove_lowest: 3, status: 'SCRAP', pattern: 'XZY3' },
  { serial_number: 'X-003', ir_brand: 'GT RADIAL', groove_lowest: 3.5, status: 'SPARE', velg_holes: 10 },
  { serial_number: 'X-004', ir_brand: 'GT RADIAL', groove_lowest: 3.99, status: 'SCRAP', flap_brand: 'IRC' },
  { serial_number: 'X-005', ir_brand: 'DUNLOP', groove_lowest: 4, status: 'UNINSTALLED', velg_holes: 8 },
  { serial_number: 'X-006', ir_brand: 'DUNLOP', groove_lowest: 6.9, status: 'SPARE', tube_status: 'EKS' },
  { serial_number: 'X-007', ir_brand: 'michelin-r', groove_lowest: 7, status: 'UNINSTALLED', pressure: 95 },
  { serial_number: 'X-008', ir_brand: 'MICHELIN', groove_lowest: 9.5, status: 'SCRAP', pressure: 95 },
  {
    serial_number: 'X-009',
    ir_brand: 'BRIDGESTONE',
    groove_lowest: 10,
    status: 'UNINSTALLED',
    size: '10.00-20',
  },
  { serial_number: 'X-010', ir_brand: 'BRIDGESTONE', groove_lowest: 12.9, status: 'SPARE', size: '10.00-20' },
  {
    serial_number: 'X-011',
    ir_brand: 'BRIDGESTONE',
    groove_lowest: 13,
    status: 'UNINSTALLED',
    is_original: 'RET',
  },
  {
    serial_number: 'X-012',
    ir_brand: 'GT RADIAL',
    groove_lowest: null,
    status: 'UNINSTALLED',
    is_original: 'RET',
  },
  {
    serial_number: 'x_13%',
    ir_brand: 'GT RADIAL',
    groove_lowest: 2,
    status: 'SCRAP',
    casing_status: 'BAN SCRAP GANJAL',
  },
];

beforeAll(async () => {
  t = await createTestApp();
  await t.database.db.insert(tires).values(EXTRA.map((e) => ({ serial_number: e.serial_number!, ...e })));
  staff = await t.login(FX.staff.email);
  tireman = await t.login(FX.tireman.email);
});
afterAll(() => t.close());

const get = (url: string, token = staff) =>
  t.app.inject({ method: 'GET', url, headers: { access_token: token } });
const send = (method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object, token = staff) =>
  t.app.inject({ method, url, payload, headers: { access_token: token } });

const allTires = () => t.database.db.select().from(tires).orderBy(asc(tires.id));
const idsOf = (rows: { id: number }[]) => rows.map((r) => r.id).sort((a, b) => a - b);

/** Every matching tire, through as many pages as it takes. */
async function listAll(
  query: string,
): Promise<{ ids: number[]; total: number; summary: Record<string, unknown> }> {
  const first = await get(`/api/tire?pageSize=100&${query}`);
  expect(first.statusCode, first.body).toBe(200);
  const body = first.json();
  expect(body.data.length).toBe(Math.min(body.total, 100));
  return { ids: idsOf(body.data), total: body.total, summary: body.summary };
}

function recountSummary(rows: TireRow[]) {
  const inRange = (r: TireRow, k: keyof typeof RTD_RANGES) =>
    r.groove_lowest != null && r.groove_lowest >= RTD_RANGES[k].min && r.groove_lowest < RTD_RANGES[k].below;
  return {
    total: rows.length,
    installed: rows.filter((r) => r.status === 'INSTALLED').length,
    uninstalled: rows.filter((r) => r.status === 'UNINSTALLED').length,
    scrap: rows.filter((r) => r.status === 'SCRAP').length,
    spare: rows.filter((r) => r.status === 'SPARE').length,
    rtd: Object.fromEntries(RTD_RANGE_KEYS.map((k) => [k, rows.filter((r) => inRange(r, k)).length])),
  };
}

describe('List Data Ban summary rollup', () => {
  it('stays equal to a count of the tires through inserts, changes, deletes and a fold', async () => {
    const db = t.database.db;
    const pending = async () =>
      Number(
        rowsOf<{ n: number }>(
          await db.execute(sql`select count(*)::int as n from tire_status_groove_delta`),
        )[0]!.n,
      );
    const matchesCount = async () =>
      expect((await listAll('')).summary).toEqual(recountSummary(await allTires()));
    await matchesCount();
    const [made] = await db
      .insert(tires)
      .values({ serial_number: 'ROLL-001', groove_lowest: 5.5, status: 'SPARE' })
      .returning({ id: tires.id });
    const id = made!.id;
    await db.update(tires).set({ groove_lowest: 6.9 }).where(eq(tires.id, id));
    const before = await pending();
    // 6.9 -> 6.2 keeps the tire in the same whole millimetre: nothing to record
    await db.update(tires).set({ groove_lowest: 6.2 }).where(eq(tires.id, id));
    expect(await pending()).toBe(before);
    await matchesCount();
    await db.update(tires).set({ status: 'SCRAP', groove_lowest: null }).where(eq(tires.id, id));
    await matchesCount();
    expect((await listAll('status=SCRAP')).summary).toEqual(
      recountSummary((await allTires()).filter((r) => r.status === 'SCRAP')),
    );

    expect(await pending()).toBeGreaterThan(0);
    await foldPendingDeltas(db);
    expect(await pending()).toBe(0);
    await matchesCount();
    await db.delete(tires).where(eq(tires.id, id));
    await matchesCount();
  });
});

describe('List Data Ban filters', () => {
  it('each RTD chip returns exactly the tires whose lowest groove is in the range, with matching counts', async () => {
    const rows = await allTires();
    for (const k of RTD_RANGE_KEYS) {
      const r = RTD_RANGES[k];
      const expected = rows.filter(
        (x) => x.groove_lowest != null && x.groove_lowest >= r.min && x.groove_lowest < r.below,
      );
      const got = await listAll(`rtd=${k}`);
      expect(got.ids, k).toEqual(idsOf(expected));
      expect(got.total).toBe(expected.length);
      expect(got.summary).toEqual(recountSummary(expected));
    }
    // the edges as the chips define them
    const serials = async (k: string) => {
      const res = await get(`/api/tire?pageSize=100&rtd=${k}&sort=serial_number`);
      return res.json().data.map((d: { serial_number: string }) => d.serial_number);
    };
    expect(await serials('0-3')).toEqual(['X-001', 'X-002', 'X-003', 'X-004', 'x_13%']);
    expect(await serials('4-6')).toEqual(['X-005', 'X-006']);
    expect(await serials('10-12')).toEqual(expect.arrayContaining(['X-009', 'X-010', FX.installedSerial(1)]));
    expect(await serials('10-12')).not.toContain('X-011');
  });

  it('each status chip returns exactly the tires with that status', async () => {
    const rows = await allTires();
    for (const s of ['INSTALLED', 'UNINSTALLED', 'SCRAP', 'SPARE']) {
      const expected = rows.filter((x) => x.status === s);
      const got = await listAll(`status=${s.toLowerCase()}`);
      expect(got.ids, s).toEqual(idsOf(expected));
      expect(got.summary).toEqual(recountSummary(expected));
    }
    // fixture: 16 mounted, 10 stock; plus the known extra rows
    expect((await listAll('status=INSTALLED')).total).toBe(16);
  });

  it('chips combine with each other and with the detail search', async () => {
    const rows = await allTires();
    const expected = rows.filter(
      (x) => x.status === 'SCRAP' && x.groove_lowest != null && x.groove_lowest >= 0 && x.groove_lowest < 4,
    );
    const got = await listAll('status=SCRAP&rtd=0-3');
    expect(got.ids).toEqual(idsOf(expected));
    expect(got.total).toBe(3);

    const michelinScrap = rows.filter(
      (x) => x.status === 'SCRAP' && x.ir_brand.toLowerCase().includes('michelin'),
    );
    const got2 = await listAll('status=SCRAP&searchBy=ir_brand&q=michelin');
    expect(got2.ids).toEqual(idsOf(michelinScrap));
    expect(got2.summary).toMatchObject({ total: 2, scrap: 2, installed: 0 });
  });

  it('every search-by column finds exactly its matches (text: contains, numbers: equality)', async () => {
    const rows = await allTires();
    const probes: Record<string, string> = {
      serial_number: 'x-00',
      ir_brand: 'MICHELIN',
      ori_brand: 'bridge',
      pattern: 'xzy',
      size: '10.00',
      is_original: 'ret',
      casing_status: 'scrap',
      groove_1: '12',
      groove_2: '12',
      groove_3: '11',
      groove_4: '12',
      groove_lowest: '3.5',
      pressure: '95',
      tube_brand: 'x',
      tube_size: 'x',
      tube_status: 'ek',
      flap_brand: 'irc',
      flap_size: 'x',
      flap_status: 'x',
      velg_brand: 'x',
      velg_size: 'x',
      velg_holes: '10',
      velg_status: 'x',
    };
    expect(Object.keys(probes).sort()).toEqual([...TIRE_SEARCH_FIELDS].sort());
    for (const field of TIRE_SEARCH_FIELDS) {
      const q = probes[field]!;
      const expected = rows.filter((r) => {
        const v = r[field as keyof TireRow];
        if (typeof v === 'number' || v === null) return v === Number(q);
        return String(v).toLowerCase().includes(q.toLowerCase());
      });
      const got = await listAll(`searchBy=${field}&q=${encodeURIComponent(q)}`);
      expect(got.ids, field).toEqual(idsOf(expected));
    }
    // the pattern characters of the text are literal
    const literal = await listAll(`searchBy=serial_number&q=${encodeURIComponent('_13%')}`);
    expect(literal.total).toBe(1);
    // without searchBy, q looks in serial, brands, pattern and size
    expect((await listAll('q=x-01')).total).toBe(3);
  });

  it("refuses an empty search with 'pencarian tidak boleh kosong', and bad values with field errors", async () => {
    const empty = await get('/api/tire?searchBy=serial_number&q=');
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ message: 'pencarian tidak boleh kosong', fields: [{ field: 'q' }] });
    expect((await get('/api/tire?searchBy=serial_number')).json().message).toBe(
      'pencarian tidak boleh kosong',
    );
    const notNumber = await get('/api/tire?searchBy=groove_1&q=abc');
    expect(notNumber.statusCode).toBe(400);
    expect(notNumber.json().message).toBe('Nilai pencarian harus berupa angka');
    const unknown = await get('/api/tire?searchBy=password_hash&q=a');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().fields[0].field).toBe('searchBy');
    expect((await get('/api/tire?rtd=3-5')).statusCode).toBe(400);
    expect((await get('/api/tire?sort=password')).statusCode).toBe(400);
  });

  it('pages on the server (10 by default) in a stable order and says where a tire is mounted', async () => {
    const total = (await allTires()).length;
    const first = await get('/api/tire');
    expect(first.json()).toMatchObject({ page: 1, pageSize: 10, total });
    expect(first.json().data).toHaveLength(10);
    const bySerial = await get('/api/tire?sort=serial_number&pageSize=5&page=2');
    const serials = bySerial.json().data.map((d: { serial_number: string }) => d.serial_number);
    expect(serials).toEqual([
      FX.stockSerial(6),
      FX.stockSerial(7),
      FX.stockSerial(8),
      FX.stockSerial(9),
      FX.stockSerial(10),
    ]);
    const mounted = await get(`/api/tire?searchBy=serial_number&q=${FX.installedSerial(3)}`);
    expect(mounted.json().data[0]).toMatchObject({
      position: '3',
      status: 'INSTALLED',
      Unit: { plate_number: FX.tronton },
    });
    const desc = await get('/api/tire?sort=-groove_lowest&pageSize=1&status=SPARE');
    expect(desc.json().data[0].serial_number).toBe('X-010');
  });

  it('exports the filtered list as a real XLSX workbook', async () => {
    const res = await get('/api/tire/export?rtd=0-3&sort=serial_number');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toContain('.xlsx');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.getWorksheet('List Data Ban')!;
    expect(ws.getCell('A1').value).toBe('List Data Ban · Semua periode · RTD: 0-3');
    expect(ws.getRow(2).getCell(3).value).toBe('S/N');
    const serials: string[] = [];
    ws.eachRow((row, n) => {
      if (n > 2) serials.push(String(row.getCell(3).value));
    });
    expect(serials).toEqual(['X-001', 'X-002', 'X-003', 'X-004', 'x_13%']);
  });

  it('is for the office only', async () => {
    expect((await get('/api/tire', tireman)).statusCode).toBe(403);
    expect((await get('/api/tire/export', tireman)).statusCode).toBe(403);
    expect((await send('POST', '/api/tire', { serial_number: 'TM-1' }, tireman)).statusCode).toBe(403);
    expect((await get('/api/active-unit', tireman)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/tire' })).statusCode).toBe(401);
  });
});

describe('tire create, detail, delete, status', () => {
  it('creates a tire in stock with a received ledger entry, upper-cased, and refuses a duplicate serial', async () => {
    const res = await send('POST', '/api/tire', {
      serial_number: 'NEW-777',
      ir_brand: 'bridgestone',
      size: '11.00-20',
      groove_1: '14',
      groove_2: 13,
      groove_3: '',
      pressure: '100',
      tube_status: 'new (ir)',
      status: 'INSTALLED',
    });
    expect(res.statusCode, res.body).toBe(201);
    const tire = res.json().data;
    expect(tire).toMatchObject({
      serial_number: 'NEW-777',
      ir_brand: 'BRIDGESTONE',
      status: 'UNINSTALLED',
      groove_lowest: 13,
      groove_3: null,
      tube_status: 'NEW (IR)',
      condition: '-',
    });
    const events = await t.database.db.select().from(tireEvents).where(eq(tireEvents.tire_id, tire.id));
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ kind: 'received', to_status: 'UNINSTALLED' });

    const dup = await send('POST', '/api/tire', { serial_number: 'new-777' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({
      code: 'TIRE_SERIAL_TAKEN',
      message: 'Nomor seri ban sudah terdaftar',
    });
    const bad = await send('POST', '/api/tire', { serial_number: 'B-1', groove_1: 30, tube_status: 'RUSAK' });
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json()
        .fields.map((f: { field: string }) => f.field)
        .sort(),
    ).toEqual(['groove_1', 'tube_status']);
    expect((await send('POST', '/api/tire', { ir_brand: 'X' })).statusCode).toBe(400);
  });

  it('answers every field of one tire with where it is mounted', async () => {
    const [row] = await t.database.db
      .select()
      .from(tires)
      .where(eq(tires.serial_number, FX.installedSerial(2)));
    const res = await get(`/api/tire/${row!.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: row!.id,
      serial_number: FX.installedSerial(2),
      velg_status: '',
      tireDetail: { size: '11.00-20', pattern: 'R150' },
      Unit: { plate_number: FX.tronton, position: '2', km_installed: 40000 },
    });
    expect((await get('/api/tire/999999')).statusCode).toBe(404);
    expect((await get('/api/tire/abc')).statusCode).toBe(400);
  });

  it('refuses to delete a mounted tire and deletes a stock one', async () => {
    const [mounted] = await t.database.db
      .select()
      .from(tires)
      .where(eq(tires.serial_number, FX.installedSerial(4)));
    const refused = await send('DELETE', `/api/tire/${mounted!.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'TIRE_STILL_MOUNTED',
      message: 'Ban masih terpasang pada unit',
    });
    const [stock] = await t.database.db.select().from(tires).where(eq(tires.serial_number, 'X-012'));
    const ok = await send('DELETE', `/api/tire/${stock!.id}`);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().message).toBe('Berhasil menghapus ban');
    expect((await get(`/api/tire/${stock!.id}`)).statusCode).toBe(404);
    const logged = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'tire.delete'));
    expect(logged.map((l) => l.entity_id)).toContain(String(stock!.id));
  });

  it('changes status through the ledger; a mounted tire cannot be scrapped', async () => {
    const [mounted] = await t.database.db
      .select()
      .from(tires)
      .where(eq(tires.serial_number, FX.installedSerial(12)));
    const refused = await send('PATCH', `/api/tire/status/${mounted!.id}`, { status: 'SCRAP' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('TIRE_STILL_MOUNTED');
    expect((await get(`/api/tire/${mounted!.id}`)).json().status).toBe('INSTALLED');

    // UNINSTALLED on a mounted tire takes it off the unit
    const off = await send('PATCH', `/api/tire/status/${mounted!.id}`, { status: 'UNINSTALLED' });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().data).toMatchObject({ status: 'UNINSTALLED', position: '' });
    const [slot] = await t.database.db
      .select()
      .from(activeUnitTires)
      .where(eq(activeUnitTires.tire_id, mounted!.id));
    expect(slot!.status).toBe('UNINSTALLED');

    const scrap = await send('PATCH', `/api/tire/status/${mounted!.id}`, {
      status: 'scrap',
      reason: 'Sobek samping',
      condition: '99,99,23,99,99',
    });
    expect(scrap.statusCode, scrap.body).toBe(200);
    expect(scrap.json().data).toMatchObject({ status: 'SCRAP', condition: '99,99,23,99,99' });
    const events = await t.database.db
      .select()
      .from(tireEvents)
      .where(eq(tireEvents.tire_id, mounted!.id))
      .orderBy(asc(tireEvents.id));
    expect(events.map((e) => [e.kind, e.to_status, e.note])).toEqual([
      ['removed', 'UNINSTALLED', ''],
      ['scrapped', 'SCRAP', 'Sobek samping'],
    ]);

    const [stock] = await t.database.db
      .select()
      .from(tires)
      .where(eq(tires.serial_number, FX.stockSerial(9)));
    const spare = await send('PATCH', `/api/tire/status/${stock!.id}`, { status: 'SPARE' });
    expect(spare.json().data.status).toBe('SPARE');
    // the same status again changes nothing and writes no second ledger entry
    expect((await send('PATCH', `/api/tire/status/${stock!.id}`, { status: 'SPARE' })).statusCode).toBe(200);
    const stockEvents = await t.database.db
      .select()
      .from(tireEvents)
      .where(eq(tireEvents.tire_id, stock!.id));
    expect(stockEvents.map((e) => [e.kind, e.from_status, e.to_status])).toEqual([
      ['status', 'UNINSTALLED', 'SPARE'],
    ]);
    const install = await send('PATCH', `/api/tire/status/${stock!.id}`, { status: 'INSTALLED' });
    expect(install.statusCode).toBe(400);
    expect((await send('PATCH', `/api/tire/status/${stock!.id}`, { status: 'RUSAK' })).statusCode).toBe(400);
  });
});

describe('Ban Terpasang Aktif', () => {
  it('lists mounted tires with unit and project, filtered by unit, project and text', async () => {
    const [tronton] = await t.database.db.select().from(units).where(eq(units.plate_number, FX.tronton));
    const all = await get('/api/active-unit?pageSize=100');
    expect(all.statusCode).toBe(200);
    const mountedNow = await t.database.db
      .select()
      .from(activeUnitTires)
      .where(eq(activeUnitTires.status, 'INSTALLED'));
    expect(all.json().total).toBe(mountedNow.length);
    const first = (await get('/api/active-unit')).json();
    expect(first.pageSize).toBe(10);
    expect(first.data[0]).toMatchObject({
      km_installed: 40000,
      status: 'INSTALLED',
      Unit: {
        plate_number: expect.any(String),
        unit_type: expect.any(String),
        Project: { name: FX.project },
      },
    });
    const byUnit = await get(`/api/active-unit?pageSize=100&unit_id=${tronton!.id}`);
    expect(
      byUnit.json().data.every((r: { Unit: { plate_number: string } }) => r.Unit.plate_number === FX.tronton),
    ).toBe(true);
    expect(
      byUnit
        .json()
        .data.map((r: { position: string }) => r.position)
        .slice(0, 3),
    ).toEqual(['1', '2', '3']);
    const bySerial = await get(`/api/active-unit?q=${FX.installedSerial(13)}`);
    expect(bySerial.json().data).toHaveLength(1);
    expect(bySerial.json().data[0]).toMatchObject({ position: '3', Unit: { plate_number: FX.engkel } });
    const byPlate = await get(`/api/active-unit?pageSize=100&q=${encodeURIComponent(FX.engkel)}`);
    expect(byPlate.json().total).toBe(mountedNow.filter((m) => m.unit_id !== tronton!.id).length);
    const one = await get(`/api/active-unit/${bySerial.json().data[0].id}`);
    expect(one.json().serial_number).toBe(FX.installedSerial(13));
  });

  it('pages in plate then position order with the same rows as the whole list', async () => {
    const all = (await get('/api/active-unit?pageSize=100')).json();
    const plates = all.data.map((r: { Unit: { plate_number: string } }) => r.Unit.plate_number);
    expect(plates).toEqual([...plates].sort());
    const tronton = all.data.filter(
      (r: { Unit: { plate_number: string } }) => r.Unit.plate_number === FX.tronton,
    );
    const positions = tronton.map((r: { position: string }) => r.position);
    expect(positions.slice(0, 2)).toEqual(['1', '2']);
    expect(positions.indexOf('10')).toBeGreaterThan(positions.indexOf('9'));
    for (const pageSize of [1, 3, 7]) {
      const ids: number[] = [];
      for (let page = 1; (page - 1) * pageSize < all.total; page++) {
        const body = (await get(`/api/active-unit?pageSize=${pageSize}&page=${page}`)).json();
        expect(body.total).toBe(all.total);
        ids.push(...body.data.map((r: { id: number }) => r.id));
      }
      expect(ids).toEqual(all.data.map((r: { id: number }) => r.id));
    }
    // past the end: no rows, the count still told
    const past = (await get(`/api/active-unit?pageSize=10&page=${Math.ceil(all.total / 10) + 1}`)).json();
    expect(past).toMatchObject({ data: [], total: all.total });
  });

  it('mounts and takes off through the ledger; a tire mounted elsewhere is refused', async () => {
    const [slot] = await t.database.db
      .select()
      .from(activeUnitTires)
      .innerJoin(units, eq(units.id, activeUnitTires.unit_id))
      .where(eq(units.plate_number, FX.tronton))
      .orderBy(asc(activeUnitTires.id))
      .limit(1);
    const [stock] = await t.database.db
      .select()
      .from(tires)
      .where(eq(tires.serial_number, FX.stockSerial(1)));
    const [other] = await t.database.db
      .select()
      .from(tires)
      .where(eq(tires.serial_number, FX.installedSerial(14)));
    const oldTireId = slot!.active_unit_tires.tire_id!;

    const elsewhere = await send('PUT', `/api/active-unit/${slot!.active_unit_tires.id}`, {
      tire_id: other!.id,
      unit_id: slot!.units.id,
      status: 'INSTALLED',
    });
    expect(elsewhere.statusCode).toBe(409);

    const mount = await send('PUT', `/api/active-unit/${slot!.active_unit_tires.id}`, {
      tire_itms_id: stock!.id,
      position: slot!.active_unit_tires.position,
      status: 'INSTALLED',
      odometer: 61000,
    });
    expect(mount.statusCode, mount.body).toBe(200);
    expect(mount.json().data).toMatchObject({ tire_id: stock!.id, km_installed: 61000, status: 'INSTALLED' });
    const old = (await get(`/api/tire/${oldTireId}`)).json();
    expect(old).toMatchObject({ status: 'UNINSTALLED', Unit: null });
    const kinds = await t.database.db
      .select({ tire: tireEvents.tire_id, kind: tireEvents.kind, odometer: tireEvents.odometer })
      .from(tireEvents)
      .where(eq(tireEvents.unit_id, slot!.units.id))
      .orderBy(asc(tireEvents.id));
    expect(kinds.slice(-2)).toEqual([
      { tire: oldTireId, kind: 'removed', odometer: 61000 },
      { tire: stock!.id, kind: 'installed', odometer: 61000 },
    ]);

    const takeOff = await send('PUT', `/api/active-unit/${slot!.active_unit_tires.id}`, {
      status: 'UNINSTALLED',
    });
    expect(takeOff.json().data.status).toBe('UNINSTALLED');
    expect((await get(`/api/tire/${stock!.id}`)).json().status).toBe('UNINSTALLED');
    const missing = await send('PUT', `/api/active-unit/${slot!.active_unit_tires.id}`, {
      status: 'INSTALLED',
    });
    expect(missing.statusCode).toBe(400);

    // the audit lines keep which tire the position held before and after each move
    const lines = await t.database.db
      .select({ action: auditLog.action, detail: auditLog.detail })
      .from(auditLog)
      .where(eq(auditLog.entity, 'active_unit_tire'))
      .orderBy(asc(auditLog.id));
    expect(lines.slice(-2)).toMatchObject([
      {
        action: 'active-tire.mount',
        detail: { before: { tire_id: oldTireId }, after: { tire_id: stock!.id } },
      },
      { action: 'active-tire.unmount', detail: { before: { tire_id: stock!.id }, after: { tire_id: null } } },
    ]);
  });
});

describe('replies match the endpoint table', () => {
  it('every list and detail GET of tires answers what its reply schema declares', async () => {
    const [mounted] = await t.database.db
      .select()
      .from(tires)
      .where(eq(tires.serial_number, FX.installedSerial(1)));
    const [slot] = await t.database.db.select().from(activeUnitTires).limit(1);
    const cases = [
      [API.listTires, '/api/tire?pageSize=20'],
      [API.listTireSerials, '/api/tire-sn?q=X&pageSize=5'],
      [API.getTire, `/api/tire/${mounted!.id}`],
      [API.listActiveTires, '/api/active-unit?status=ALL&pageSize=20'],
      [API.getActiveTire, `/api/active-unit/${slot!.id}`],
    ] as const;
    for (const [op, url] of cases) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(() => op.reply.parse(res.json()), url).not.toThrow();
    }
  });
});
