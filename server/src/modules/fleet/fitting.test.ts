import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, FX, type TestApp } from '../../../test/helpers';
import { multipartFile } from '../../../test/multipart';
import { rowsOf } from '../../db/client';

/** Fitting tires from the office (issue #22 item 6): slots, mount, unmount, move, the ledger. */
let t: TestApp;
let staff: string;
let tireman: string;
let projectId: number;

beforeAll(async () => {
  t = await createTestApp();
  staff = await t.login(FX.staff.email);
  tireman = await t.login(FX.tireman.email);
  projectId = rowsOf<{ id: number }>(await t.database.db.execute(sql`select id from projects limit 1`))[0]!
    .id;
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, payload?: object, token = staff) =>
  t.app.inject({ method, url, payload, headers: { access_token: token } });

async function idOf(table: 'tires' | 'units', column: string, value: string): Promise<number> {
  const rows = rowsOf<{ id: number }>(
    await t.database.db.execute(sql`select id from ${sql.raw(table)} where ${sql.raw(column)} = ${value}`),
  );
  return rows[0]!.id;
}
const tireId = (serial: string) => idOf('tires', 'serial_number', serial);

async function newUnit(plate: string, unit_type: string): Promise<number> {
  const res = await call('POST', '/api/unit', {
    plate_number: plate,
    unit_type,
    project_id: projectId,
    tonnage: 8,
    handled_date: '05/03/25',
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id;
}

type Wheel = { position: string; slot_id: number | null; tire: { id: number; serial_number: string } | null };
const wheels = async (unitId: number): Promise<Wheel[]> => {
  const res = await call('GET', `/api/unit/${unitId}/wheels`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().wheels;
};
const mountedAt = async (unitId: number) =>
  Object.fromEntries(
    (await wheels(unitId)).filter((w) => w.tire).map((w) => [w.position, w.tire!.serial_number]),
  );

/** What Ban Terpasang Aktif lists for the unit. */
async function activeList(plate: string) {
  const res = await call('GET', `/api/active-unit?q=${encodeURIComponent(plate)}&pageSize=50`);
  expect(res.statusCode).toBe(200);
  return Object.fromEntries(
    (res.json().data as { position: string; serial_number: string; Unit: { plate_number: string } }[])
      .filter((r) => r.Unit.plate_number === plate)
      .map((r) => [r.position, r.serial_number]),
  );
}

/** The tire's stock card, oldest first: what kind of move, where, and the stock after it. */
async function stockCard(id: number) {
  const res = await call('GET', `/api/tire/${id}/stock-card?pageSize=50`);
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json();
  const rows = (
    body.data as {
      id: number;
      kind: string;
      position: string | null;
      to_status: string | null;
      stock: number;
      note: string;
    }[]
  ).sort((a, b) => a.id - b.id);
  return { status: body.tire.status as string, rows };
}

describe('wheel slots of a unit', () => {
  it("gives a new unit the empty slots of its type's diagram", async () => {
    const id = await newUnit('B 7001 AA', 'ENGKEL');
    const w = await wheels(id);
    expect(w.map((x) => x.position)).toEqual(['1', '2', '3', '4', '5', '6', 'ST', 'ST2']);
    expect(w.every((x) => x.slot_id != null && x.tire == null)).toBe(true);
    const [row] = rowsOf<{ n: number; empty: number }>(
      await t.database.db.execute(sql`select count(*)::int n,
        count(*) filter (where status = 'UNINSTALLED' and tire_id is null)::int empty
        from active_unit_tires where unit_id = ${id}`),
    );
    expect(row).toEqual({ n: 8, empty: 8 });
  });

  it('adjusts the empty slots when the type changes, and refuses to drop a mounted position', async () => {
    const id = await newUnit('B 7002 AB', 'ENGKEL');
    const edit = (unit_type: string) =>
      call('PUT', `/api/unit/${id}`, {
        plate_number: 'B 7002 AB',
        unit_type,
        project_id: projectId,
        tonnage: 8,
        handled_date: '05/03/25',
      });
    expect((await edit('TRONTON')).statusCode).toBe(200);
    expect((await wheels(id)).map((x) => x.position)).toEqual([
      '1',
      '2',
      '3',
      '4',
      '5',
      '6',
      '7',
      '8',
      '9',
      '10',
      'ST',
      'ST2',
    ]);
    const s = await tireId(FX.stockSerial(9));
    expect((await call('POST', `/api/unit/${id}/mount`, { position: '9', tire_id: s })).statusCode).toBe(200);
    const refused = await edit('ENGKEL');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('UNIT_TYPE_DROPS_TIRE');
    expect(refused.json().message).toContain('posisi 9 masih terpasang ban');
    expect((await wheels(id)).length).toBe(12);
    await call('POST', `/api/unit/${id}/unmount`, { position: '9', to: 'UNINSTALLED', reason: 'Salah tipe' });
    expect((await edit('ENGKEL')).statusCode).toBe(200);
    expect((await wheels(id)).map((x) => x.position)).toEqual(['1', '2', '3', '4', '5', '6', 'ST', 'ST2']);
  });

  it('gives imported units their slots, and Ban Terpasang Aktif still counts the slots right', async () => {
    const counted = async (status: string) =>
      (await call('GET', `/api/active-unit?status=${status}&pageSize=1`)).json().total as number;
    const actual = async (status: string) =>
      rowsOf<{ n: number }>(
        await t.database.db.execute(
          sql`select count(*)::int n from active_unit_tires where ${status === 'ALL' ? sql`true` : sql`status = ${status}`}`,
        ),
      )[0]!.n;
    const csv = [
      'plate_number;unit_type;project;tonnage;handled_date;plan_project',
      `B 7101 IMP;TRONTON;${FX.project};10;01/02/25;`,
      `B 7102 IMP;CDD;${FX.project};8;01/02/25;`,
    ].join('\r\n');
    const { payload, headers } = multipartFile('file', 'units.csv', Buffer.from(csv), 'text/csv');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/import/units/commit',
      payload,
      headers: { ...headers, access_token: staff },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect((await wheels(await idOf('units', 'plate_number', 'B 7101 IMP'))).length).toBe(12);
    const cdd = await wheels(await idOf('units', 'plate_number', 'B 7102 IMP'));
    expect(cdd.map((w) => w.position)).toEqual(['1', '2', '3', '4', '5', '6', 'ST', 'ST2']);
    expect(cdd.every((w) => w.slot_id != null && w.tire == null)).toBe(true);
    for (const status of ['UNINSTALLED', 'INSTALLED', 'ALL'])
      expect(await counted(status)).toBe(await actual(status));
    // the row count trigger is back on after the import: a new unit's slots are counted as usual
    await newUnit('B 7103 IMP', 'ENGKEL');
    expect(await counted('UNINSTALLED')).toBe(await actual('UNINSTALLED'));
  });
});

describe('fitting tires from the office', () => {
  it('mounts stock tires, shows them on Ban Terpasang Aktif, and writes the ledger and stock card', async () => {
    const plate = 'B 7003 AC';
    const id = await newUnit(plate, 'ENGKEL');
    const s1 = await tireId(FX.stockSerial(1));
    const res = await call('POST', `/api/unit/${id}/mount`, { position: '1', tire_id: s1 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Ban berhasil dipasang');
    expect(res.json().data.wheels[0]).toMatchObject({ position: '1', tire: { serial_number: 'S-0001' } });
    await call('POST', `/api/unit/${id}/mount`, { position: '2', tire_id: await tireId(FX.stockSerial(2)) });
    expect(await mountedAt(id)).toEqual({ 1: 'S-0001', 2: 'S-0002' });
    expect(await activeList(plate)).toEqual({ 1: 'S-0001', 2: 'S-0002' });
    const card = await stockCard(s1);
    expect(card.status).toBe('INSTALLED');
    expect(card.rows.at(-1)).toMatchObject({ kind: 'installed', position: '1', stock: 0 });
    const [audit] = rowsOf<{ n: number }>(
      await t.database.db.execute(
        sql`select count(*)::int n from audit_log where action = 'unit.mount' and entity_id = ${String(id)}`,
      ),
    );
    expect(audit!.n).toBe(2);
  });

  it('refuses a tire mounted elsewhere, a taken position, a position off the diagram, a scrapped tire', async () => {
    const id = await newUnit('B 7004 AD', 'ENGKEL');
    const mountedOnTronton = await tireId(FX.installedSerial(3));
    const elsewhere = await call('POST', `/api/unit/${id}/mount`, {
      position: '1',
      tire_id: mountedOnTronton,
    });
    expect(elsewhere.statusCode).toBe(409);
    expect(elsewhere.json()).toMatchObject({
      code: 'TIRE_MOUNTED_ELSEWHERE',
      message: `Ban sudah terpasang di unit ${FX.tronton} posisi 3`,
    });

    const s3 = await tireId(FX.stockSerial(3));
    const s4 = await tireId(FX.stockSerial(4));
    expect((await call('POST', `/api/unit/${id}/mount`, { position: '1', tire_id: s3 })).statusCode).toBe(
      200,
    );
    const taken = await call('POST', `/api/unit/${id}/mount`, { position: '1', tire_id: s4 });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({
      code: 'UNIT_POSITION_TAKEN',
      message: 'Posisi 1 sudah terisi ban S-0003. Lepas ban tersebut terlebih dahulu',
    });

    const off = await call('POST', `/api/unit/${id}/mount`, { position: '9', tire_id: s4 });
    expect(off.statusCode).toBe(400);
    expect(off.json().message).toBe('Posisi 9 tidak ada pada diagram unit ENGKEL');

    // nothing was half-done: S-0004 is still in stock with no ledger entry of a mount
    expect((await stockCard(s4)).status).toBe('UNINSTALLED');
    expect(await mountedAt(id)).toEqual({ 1: 'S-0003' });

    await t.database.db.execute(sql`update tires set status = 'SCRAP' where id = ${s4}`);
    const scrapped = await call('POST', `/api/unit/${id}/mount`, { position: '2', tire_id: s4 });
    expect(scrapped.statusCode).toBe(409);
    expect(scrapped.json().code).toBe('TIRE_NOT_IN_STOCK');
    expect(scrapped.json().message).toContain('berstatus SCRAP');
    await t.database.db.execute(sql`update tires set status = 'UNINSTALLED' where id = ${s4}`);

    const bad = await call('POST', `/api/unit/${id}/mount`, { position: 'X', tire_id: s4 });
    expect(bad.statusCode).toBe(400);
    expect(
      (await call('POST', `/api/unit/${id}/mount`, { position: '2', tire_id: s4 }, tireman)).statusCode,
    ).toBe(403);
  });

  it('unmounts to stock or to scrap with a reason, recorded in the ledger', async () => {
    const plate = 'B 7005 AE';
    const id = await newUnit(plate, 'ENGKEL');
    const s5 = await tireId(FX.stockSerial(5));
    const s6 = await tireId(FX.stockSerial(6));
    await call('POST', `/api/unit/${id}/mount`, { position: '3', tire_id: s5 });
    await call('POST', `/api/unit/${id}/mount`, { position: '4', tire_id: s6 });

    const noReason = await call('POST', `/api/unit/${id}/unmount`, {
      position: '3',
      to: 'UNINSTALLED',
      reason: ' ',
    });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().fields).toContainEqual({ field: 'reason', message: 'Alasan wajib diisi' });

    const toStock = await call('POST', `/api/unit/${id}/unmount`, {
      position: '3',
      to: 'UNINSTALLED',
      reason: 'Rotasi ke gudang',
    });
    expect(toStock.statusCode, toStock.body).toBe(200);
    expect(toStock.json().message).toBe('Ban berhasil dilepas ke stok');
    const card5 = await stockCard(s5);
    expect(card5.status).toBe('UNINSTALLED');
    expect(card5.rows.at(-1)).toMatchObject({
      kind: 'removed',
      position: '3',
      stock: 1,
      note: 'Rotasi ke gudang',
    });

    const toScrap = await call('POST', `/api/unit/${id}/unmount`, {
      position: '4',
      to: 'SCRAP',
      reason: 'Sobek di sidewall',
    });
    expect(toScrap.statusCode).toBe(200);
    const card6 = await stockCard(s6);
    expect(card6.status).toBe('SCRAP');
    expect(card6.rows.slice(-2)).toMatchObject([
      { kind: 'removed', stock: 1 },
      { kind: 'scrapped', to_status: 'SCRAP', stock: 0, note: 'Sobek di sidewall' },
    ]);
    expect(await activeList(plate)).toEqual({});
    const scrap = await call('GET', `/api/scrap?q=S-0006`);
    expect(scrap.statusCode).toBe(200);
    expect(JSON.stringify(scrap.json().data)).toContain('S-0006');

    const empty = await call('POST', `/api/unit/${id}/unmount`, {
      position: '3',
      to: 'UNINSTALLED',
      reason: 'x',
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('Posisi 3 kosong, tidak ada ban yang dilepas');
  });

  it('moves a tire to an empty position and swaps two tires', async () => {
    const plate = 'B 7006 AF';
    const id = await newUnit(plate, 'ENGKEL');
    const s7 = await tireId(FX.stockSerial(7));
    const s8 = await tireId(FX.stockSerial(8));
    await call('POST', `/api/unit/${id}/mount`, { position: '1', tire_id: s7 });
    await call('POST', `/api/unit/${id}/mount`, { position: '2', tire_id: s8 });

    const moved = await call('POST', `/api/unit/${id}/move`, { from: '1', to: 'ST' });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().message).toBe('Posisi ban berhasil dipindah');
    expect(await mountedAt(id)).toEqual({ 2: 'S-0008', ST: 'S-0007' });

    const swapped = await call('POST', `/api/unit/${id}/move`, { from: 'ST', to: '2' });
    expect(swapped.statusCode).toBe(200);
    expect(swapped.json().message).toBe('Posisi ban berhasil ditukar');
    expect(await mountedAt(id)).toEqual({ 2: 'S-0007', ST: 'S-0008' });
    expect(await activeList(plate)).toEqual({ 2: 'S-0007', ST: 'S-0008' });

    const card7 = await stockCard(s7);
    expect(card7.rows.map((r) => [r.kind, r.position])).toEqual([
      ['installed', '1'],
      ['removed', '1'],
      ['installed', 'ST'],
      ['removed', 'ST'],
      ['installed', '2'],
    ]);
    expect(card7.rows.at(-1)!.stock).toBe(0);

    expect((await call('POST', `/api/unit/${id}/move`, { from: '1', to: '3' })).json().message).toBe(
      'Posisi 1 kosong, tidak ada ban yang dilepas',
    );
    expect((await call('POST', `/api/unit/${id}/move`, { from: '2', to: '2' })).statusCode).toBe(400);
    expect((await call('POST', `/api/unit/${id}/move`, { from: '2', to: '11' })).json().message).toBe(
      'Posisi 11 tidak ada pada diagram unit ENGKEL',
    );
  });
});

describe('GET /api/tire-sn', () => {
  it('searches serials by prefix, paged, with the stock filter', async () => {
    const all = await call('GET', '/api/tire-sn?q=s-00&pageSize=3');
    expect(all.statusCode).toBe(200);
    expect(all.json()).toMatchObject({ total: 10, page: 1, pageSize: 3 });
    expect(all.json().data.map((r: { serial_number: string }) => r.serial_number)).toEqual([
      'S-0001',
      'S-0002',
      'S-0003',
    ]);
    const page4 = (await call('GET', '/api/tire-sn?q=S-00&pageSize=3&page=4')).json();
    expect(page4.data.map((r: { serial_number: string }) => r.serial_number)).toEqual(['S-0010']);
    expect(page4.data[0]).toEqual({
      id: expect.any(Number),
      serial_number: 'S-0010',
      ir_brand: 'BRIDGESTONE',
      size: '11.00-20',
      status: 'UNINSTALLED',
    });
    // T-tires are mounted: none of them is stock
    expect((await call('GET', '/api/tire-sn?q=T-&stock=true')).json().total).toBe(0);
    expect((await call('GET', '/api/tire-sn?q=T-')).json().total).toBe(16);
    expect((await call('GET', '/api/tire-sn?q=%25')).json().total).toBe(0);
    expect((await call('GET', '/api/tire-sn', undefined, tireman)).statusCode).toBe(403);
    expect((await call('GET', '/api/tire-sn?pageSize=1000')).statusCode).toBe(400);
  });
});
