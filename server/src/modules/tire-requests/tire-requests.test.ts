import { API } from '@itms/contracts/api';
import { and, eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, FX, type TestApp } from '../../../test/helpers';
import { uploadPhoto } from '../../../test/uploads';
import { rowsOf } from '../../db/client';
import { auditLog, tireEvents, tireRequests, tires } from '../../db/schema';

let t: TestApp;
let staff: string;
let admin: string;
let tireman: string;

beforeAll(async () => {
  t = await createTestApp();
  staff = await t.login(FX.staff.email);
  admin = await t.login(FX.admin.email);
  tireman = await t.login(FX.tireman.email);
});
afterAll(() => t.close());

const get = (url: string, token = staff) =>
  t.app.inject({ method: 'GET', url, headers: { access_token: token } });
const send = (method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object, token = staff) =>
  t.app.inject({ method, url, payload, headers: { access_token: token } });

const form = (fields: Record<string, string>) => ({
  serial_number: 'REQ-0001',
  ir_brand: 'gajah tunggal',
  ori_brand: 'bridgestone',
  pattern: 'GT 888',
  size: '11.00-20',
  is_original: '',
  groove_1: '15',
  groove_2: '15',
  groove_3: '14',
  groove_4: '15',
  groove_lowest: '',
  pressure: '110',
  casing_status: 'new original',
  tube_brand: 'irc',
  tube_size: '11.00-20',
  tube_status: 'new',
  flap_brand: '',
  flap_size: '',
  flap_status: '',
  velg_brand: 'tops',
  velg_size: '20',
  velg_holes: '10',
  velg_status: 'new',
  information: 'Baris 1\nBaris 2',
  ...fields,
});

const countTires = async (serial: string) =>
  (
    await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(tires)
      .where(sql`lower(${tires.serial_number}) = lower(${serial})`)
  )[0]!.n;

describe('PERMINTAAN BAN BARU', () => {
  it('stores a request as the add form sends it (form-urlencoded, empty values), pending with condition -', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/tire/request',
      headers: { access_token: staff, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(form({})).toString(),
    });
    expect(res.statusCode, res.body).toBe(201);
    const data = res.json().data;
    expect(data).toMatchObject({
      serial_number: 'REQ-0001',
      ir_brand: 'GAJAH TUNGGAL',
      casing_status: 'NEW ORIGINAL',
      is_original: 'ORI',
      groove_3: 14,
      groove_lowest: null,
      velg_holes: 10,
      status: 'pending',
      condition: '-',
      serial_number_img: '-',
      tire_id: null,
      information: 'Baris 1\nBaris 2',
    });
    const detail = await get(`/api/tire-request/detail/${data.id}`);
    expect(detail.json()).toMatchObject({ id: data.id, pressure: 110, tube_status: 'NEW' });
    // nothing enters the tire database before approval
    expect(await countTires('REQ-0001')).toBe(0);

    const bad = await send('POST', '/api/tire/request', { serial_number: '', groove_1: 40 });
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json()
        .fields.map((f: { field: string }) => f.field)
        .sort(),
    ).toEqual(['groove_1', 'serial_number']);
    const known = await send('POST', '/api/tire/request', { serial_number: FX.stockSerial(1) });
    expect(known.statusCode).toBe(409);
    expect(known.json()).toMatchObject({
      code: 'TIRE_SERIAL_TAKEN',
      message: 'Nomor seri ban sudah terdaftar',
    });
  });

  it("takes a serial photo the requester uploaded, not someone else's", async () => {
    const theirs = await uploadPhoto(t, staff);
    for (const foreign of [theirs, '2026/01/nobodyuploaded0.png']) {
      const res = await send(
        'POST',
        '/api/tire/request',
        form({ serial_number: 'REQ-FOTO', serial_number_img: foreign }),
        tireman,
      );
      expect(res.statusCode, foreign).toBe(400);
      expect(res.json().fields).toEqual([
        { field: 'serial_number_img', message: 'Foto tidak ditemukan, unggah ulang' },
      ]);
    }
    const mine = await uploadPhoto(t, tireman);
    const ok = await send(
      'POST',
      '/api/tire/request',
      form({ serial_number: 'REQ-FOTO', serial_number_img: mine }),
      tireman,
    );
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().data.serial_number_img).toBe(mine);
    // the lists below count the requests this file makes
    await t.database.db.delete(tireRequests).where(eq(tireRequests.id, ok.json().data.id));
  });

  it('lists requests pending first, 10 per page, with Tgl and Jam in the app time zone', async () => {
    // one old approved request and a batch of pending ones
    const [old] = await t.database.db
      .insert(tireRequests)
      .values({
        serial_number: 'OLD-1',
        ir_brand: 'X',
        status: 'approved',
        performed_at: new Date('2025-03-04T20:30:00Z'),
        created_at: new Date('2025-03-04T20:30:00Z'),
      })
      .returning();
    for (let i = 0; i < 11; i++) {
      await send('POST', '/api/tire/request', { serial_number: `BATCH-${i}` });
    }
    const page1 = await get('/api/tire/request/findAll');
    expect(page1.statusCode).toBe(200);
    const body = page1.json();
    expect(body).toMatchObject({ page: 1, pageSize: 10, total: 13 });
    expect(body.data).toHaveLength(10);
    expect(body.data.every((r: { status: string }) => r.status === 'pending')).toBe(true);
    const last = await get('/api/tire/request/findAll?pageSize=5&page=3');
    const lastRow = last.json().data.at(-1);
    // 2025-03-04 20:30 UTC is 5 March 03:30 in Jakarta
    expect(lastRow).toMatchObject({ id: old!.id, status: 'approved', date: '2025-03-05', time: '03:30' });
    const search = await get('/api/tire/request/findAll?q=batch-1');
    expect(search.json().total).toBe(2);
    const approvedOnly = await get('/api/tire/request/findAll?status=approved');
    expect(approvedOnly.json().data.map((r: { id: number }) => r.id)).toEqual([old!.id]);
    const xlsx = await get('/api/tire/request/export?status=approved');
    expect(xlsx.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const ws = wb.getWorksheet('Permintaan Ban Baru')!;
    expect(ws.getCell('A1').value).toBe('Permintaan Ban Baru · Semua periode · Status: approved');
    expect(ws.rowCount).toBe(3);
    const cells = [1, 2, 3, 6, 7].map((c) => ws.getRow(3).getCell(c).value);
    // Tgl is a real date cell carrying Jakarta's wall clock (exceljs reads it back as that UTC time)
    expect(cells).toEqual([old!.id, 'OLD-1', 'X', new Date('2025-03-05T03:30:00Z'), 'approved']);
    expect(ws.getRow(3).getCell(6).numFmt).toBe('dd/mm/yyyy hh:mm');
  });

  it('updates the fields but never status or condition, and deletes', async () => {
    const created = (await send('POST', '/api/tire/request', { serial_number: 'UPD-1' })).json().data;
    const upd = await send('PUT', `/api/tire-request/${created.id}`, {
      ir_brand: 'michelin',
      groove_1: 9,
      status: 'approved',
      condition: '1,1,1,1,1',
    });
    expect(upd.statusCode, upd.body).toBe(200);
    expect(upd.json().data).toMatchObject({
      ir_brand: 'MICHELIN',
      groove_1: 9,
      status: 'pending',
      condition: '-',
    });
    const del = await send('DELETE', `/api/tire-request/${created.id}`);
    expect(del.json().message).toBe('Permintaan ban berhasil dihapus');
    expect((await get(`/api/tire-request/detail/${created.id}`)).statusCode).toBe(404);
  });

  it('approves into the tire database in one step: tire UNINSTALLED with a received entry, request approved', async () => {
    const created = (await send('POST', '/api/tire/request', form({ serial_number: 'APP-1' }))).json().data;
    const res = await send('POST', `/api/tire-request/${created.id}/approve`);
    expect(res.statusCode, res.body).toBe(200);
    const { request, tire } = res.json().data;
    expect(res.json().message).toBe('Ban berhasil ditambahkan ke database');
    expect(request).toMatchObject({ id: created.id, status: 'approved', tire_id: tire.id });
    expect(tire).toMatchObject({
      serial_number: 'APP-1',
      status: 'UNINSTALLED',
      ir_brand: 'GAJAH TUNGGAL',
      groove_lowest: 14,
      velg_holes: 10,
      information: 'Baris 1\nBaris 2',
    });
    const events = await t.database.db.select().from(tireEvents).where(eq(tireEvents.tire_id, tire.id));
    expect(events).toEqual([
      expect.objectContaining({ kind: 'received', source_type: 'tire-request', source_id: created.id }),
    ]);
    // it is now in List Data Ban
    const list = await get('/api/tire?searchBy=serial_number&q=APP-1');
    expect(list.json().data.map((r: { id: number }) => r.id)).toEqual([tire.id]);
    // a second approval is refused
    const again = await send('POST', `/api/tire-request/${created.id}/approve`);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'TIRE_REQUEST_ALREADY_APPROVED',
      message: 'Permintaan ban sudah disetujui',
    });
    // approved requests are no longer editable
    const edit = await send('PUT', `/api/tire-request/${created.id}`, { ir_brand: 'X' });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().code).toBe('TIRE_REQUEST_ALREADY_APPROVED');
  });

  it('refuses a serial that entered the database meanwhile and changes nothing', async () => {
    const created = (await send('POST', '/api/tire/request', { serial_number: 'DUP-9' })).json().data;
    expect((await send('POST', '/api/tire', { serial_number: 'dup-9' })).statusCode).toBe(201);
    const auditBefore = await t.database.db.select().from(auditLog);
    const res = await send('POST', `/api/tire-request/${created.id}/approve`);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'TIRE_SERIAL_TAKEN',
      message: 'Nomor seri ban sudah terdaftar',
    });
    const [req] = await t.database.db.select().from(tireRequests).where(eq(tireRequests.id, created.id));
    expect(req).toMatchObject({ status: 'pending', tire_id: null });
    expect(await countTires('DUP-9')).toBe(1);
    expect((await t.database.db.select().from(auditLog)).length).toBe(auditBefore.length);
  });

  it('approves exactly once when two people submit at the same time', async () => {
    const created = (await send('POST', '/api/tire/request', { serial_number: 'RACE-1' })).json().data;
    const [a, b] = await Promise.all([
      send('POST', `/api/tire-request/${created.id}/approve`, undefined, staff),
      send('POST', `/api/tire-request/${created.id}/approve`, undefined, admin),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    expect(await countTires('RACE-1')).toBe(1);
    const received = await t.database.db
      .select()
      .from(tireEvents)
      .where(and(eq(tireEvents.kind, 'received'), eq(tireEvents.source_id, created.id)));
    expect(received).toHaveLength(1);
  });

  it("supports the spec's two calls: POST /tire, then PATCH status approved links that tire", async () => {
    const created = (await send('POST', '/api/tire/request', { serial_number: 'TWO-1' })).json().data;
    const tire = (await send('POST', '/api/tire', { serial_number: 'TWO-1' })).json().data;
    const res = await send('PATCH', `/api/tire-request/status/${created.id}`, { status: 'approved' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.request).toMatchObject({ status: 'approved', tire_id: tire.id });
    expect(await countTires('TWO-1')).toBe(1);
    // without a tire, the PATCH creates it
    const other = (await send('POST', '/api/tire/request', { serial_number: 'TWO-2' })).json().data;
    const res2 = await send('PATCH', `/api/tire-request/status/${other.id}`, { status: 'approved' });
    expect(res2.json().data.tire).toMatchObject({ serial_number: 'TWO-2', status: 'UNINSTALLED' });
    expect(
      (await send('PATCH', `/api/tire-request/status/${other.id}`, { status: 'pending' })).statusCode,
    ).toBe(400);
  });

  // issue 20: tire men ask for new tires from the field and read only their own requests
  it('lets a tire man request a tire and read only his own requests; approval stays with the office', async () => {
    const tireman2 = await t.login(FX.tireman2.email);
    const created = await send('POST', '/api/tire/request', { serial_number: 'TM-1' }, tireman);
    expect(created.statusCode, created.body).toBe(201);
    const mine = created.json().data as { id: number; requested_by: number };
    const [me] = rowsOf<{ id: number }>(
      await t.database.db.execute(sql`select id from users where email = ${FX.tireman.email}`),
    );
    expect(mine.requested_by).toBe(me!.id);

    const own = (await get('/api/tire/request/findAll?pageSize=50', tireman)).json();
    expect(own.data.map((r: { serial_number: string }) => r.serial_number)).toEqual(['TM-1']);
    expect(own.total).toBe(1);
    expect((await get(`/api/tire-request/detail/${mine.id}`, tireman)).json().serial_number).toBe('TM-1');

    // another tire man neither lists nor opens it
    const other = (await get('/api/tire/request/findAll', tireman2)).json();
    expect(other).toMatchObject({ data: [], total: 0 });
    const hidden = await get(`/api/tire-request/detail/${mine.id}`, tireman2);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().message).toBe('Permintaan ban tidak ditemukan');

    // the office sees every request, the tire man's included
    const all = (await get('/api/tire/request/findAll?pageSize=50&q=TM-1', staff)).json();
    expect(all.data.map((r: { id: number }) => r.id)).toContain(mine.id);
    expect((await get(`/api/tire-request/detail/${mine.id}`, staff)).statusCode).toBe(200);

    expect((await get('/api/tire/request/export', tireman)).statusCode).toBe(403);
    expect((await send('POST', `/api/tire-request/${mine.id}/approve`, undefined, tireman)).statusCode).toBe(
      403,
    );
    expect(
      (await send('PUT', `/api/tire-request/${mine.id}`, { size: '10.00-20' }, tireman)).statusCode,
    ).toBe(403);
    expect((await send('DELETE', `/api/tire-request/${mine.id}`, undefined, tireman)).statusCode).toBe(403);
  });
});

describe('replies match the endpoint table', () => {
  it('the request list and detail answer what their reply schemas declare', async () => {
    const created = (await send('POST', '/api/tire/request', { serial_number: 'SCHEMA-1' })).json().data;
    const list = await get('/api/tire/request/findAll?pageSize=20');
    expect(list.statusCode).toBe(200);
    expect(() => API.listTireRequests.reply.parse(list.json())).not.toThrow();
    const detail = await get(`/api/tire-request/detail/${created.id}`);
    expect(detail.statusCode).toBe(200);
    expect(() => API.getTireRequest.reply.parse(detail.json())).not.toThrow();
  });
});
