import { API } from '@itms/contracts/api';
import { eq, inArray, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestApp, expectReadModelsRecounted, FX, type TestApp } from '../../../test/helpers';
import { rowsOf } from '../../db/client';
import { foldPendingDeltas } from '../../db/read-models/read-models';
import { locations, tireChecks, tireEvents, tires, units, users } from '../../db/schema';
import { type MoveSource, mountTire, recordTireEvent, unmountPosition } from '../fleet/mounting';

let t: TestApp;
let staff: string;
let tireman: string;
let ids: { tronton: number; engkel: number; staff: number; tireman: number; location: number };

const get = (url: string, token = staff) =>
  t.app.inject({ method: 'GET', url, headers: { access_token: token } });
const send = (method: 'POST' | 'PATCH', url: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: { access_token: staff } });

const SIZE = '12.00-24';
const BRAND = 'KARTU BRAND';

async function newTire(serial: string, extra: object = {}): Promise<number> {
  const res = await send('POST', '/api/tire', {
    serial_number: serial,
    size: SIZE,
    ir_brand: BRAND,
    ...extra,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id;
}

const manual = (): MoveSource => ({ userId: ids.staff, sourceType: 'manual', sourceId: null });
const mount = (tireId: number, unitId: number, position: string, odometer: number, source = manual()) =>
  t.database.db.transaction((tx) => mountTire(tx, { unitId, position, tireId, odometer, source }));
const unmount = (unitId: number, position: string, odometer: number) =>
  t.database.db.transaction((tx) => unmountPosition(tx, { unitId, position, odometer, source: manual() }));

let sc1: number;
let sc2: number;
/** When the tire man did the check that mounted SC-1: two days before it reached the ledger. */
const checkDoneAt = new Date(Date.now() - 2 * 86_400_000);

beforeAll(async () => {
  t = await createTestApp();
  staff = await t.login(FX.staff.email);
  tireman = await t.login(FX.tireman.email);
  const db = t.database.db;
  const [tronton] = await db.select().from(units).where(eq(units.plate_number, FX.tronton));
  const [engkel] = await db.select().from(units).where(eq(units.plate_number, FX.engkel));
  const [s] = await db.select().from(users).where(eq(users.email, FX.staff.email));
  const [tm] = await db.select().from(users).where(eq(users.email, FX.tireman.email));
  const [loc] = await db.select().from(locations).where(eq(locations.name, FX.location));
  ids = { tronton: tronton!.id, engkel: engkel!.id, staff: s!.id, tireman: tm!.id, location: loc!.id };

  // SC-1: received, mounted during a field check at the pool, checked, taken off, made a spare
  sc1 = await newTire('SC-1');
  sc2 = await newTire('SC-2');
  const [check] = await db
    .insert(tireChecks)
    .values({
      unit_id: ids.tronton,
      plate_number: FX.tronton,
      tireman_id: ids.tireman,
      location_id: ids.location,
      odometer: 45000,
      performed_at: checkDoneAt,
    })
    .returning();
  await mount(sc1, ids.tronton, '11', 45000, {
    userId: ids.tireman,
    sourceType: 'tire-check',
    sourceId: check!.id,
  });
  await mount(sc2, ids.tronton, '12', 45000);
  await db.transaction((tx) =>
    recordTireEvent(tx, {
      tireId: sc1,
      kind: 'checked',
      source: manual(),
      unitId: ids.tronton,
      position: '11',
      odometer: 48000,
    }),
  );
  await unmount(ids.tronton, '11', 52000);
  expect((await send('PATCH', `/api/tire/status/${sc1}`, { status: 'SPARE' })).statusCode).toBe(200);
});
afterAll(() => t.close());

describe('KARTU STOK BAN', () => {
  it('lists every movement of a tire in order, with Ket, Cust, User & Lokasi and the running stock', async () => {
    const res = await get(`/api/tire/${sc1}/stock-card`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.tire).toMatchObject({
      id: sc1,
      serial_number: 'SC-1',
      size: SIZE,
      production_no: String(sc1),
    });
    expect(body.total).toBe(5);
    const rows = body.data as {
      kind: string;
      description: string;
      stock: number;
      customer: string;
      user_location: string;
      brand: string;
      serial_number: string;
    }[];
    expect(rows.map((r) => [r.kind, r.description, r.stock])).toEqual([
      ['received', 'Diterima', 1],
      ['installed', `Dipasang di ${FX.tronton} posisi 11 pada 45.000 km`, 0],
      ['checked', `Dicek di ${FX.tronton} posisi 11 pada 48.000 km`, 0],
      ['removed', `Dilepas dari ${FX.tronton} posisi 11 pada 52.000 km`, 1],
      ['status', 'Status: SPARE', 1],
    ]);
    expect(rows[0]).toMatchObject({
      customer: '-',
      user_location: FX.staff.name,
      brand: BRAND,
      serial_number: 'SC-1',
    });
    expect(rows[1]).toMatchObject({
      customer: FX.customer,
      user_location: `${FX.tireman.name} / ${FX.location}`,
    });
    // a field document's movement is dated when the tire man did it, not when it was written
    const dated = body.data as { performed_at: string; createdAt: string; date: string }[];
    expect(dated[1]!.performed_at).toBe(checkDoneAt.toISOString());
    expect(dated[1]!.date).toBe(checkDoneAt.toLocaleDateString('sv-SE', { timeZone: 'Asia/Jakarta' }));
    expect(Date.parse(dated[1]!.createdAt) - checkDoneAt.getTime()).toBeGreaterThan(86_400_000);
    // what the office did directly is dated when it was written
    expect(dated[0]!.performed_at).toBe(dated[0]!.createdAt);
    // ids ascend: the card is in ledger order
    const idsInOrder = body.data.map((r: { id: number }) => r.id);
    expect([...idsInOrder].sort((a, b) => a - b)).toEqual(idsInOrder);

    const page2 = await get(`/api/tire/${sc1}/stock-card?pageSize=2&page=2`);
    expect(page2.json().data.map((r: { kind: string; stock: number }) => [r.kind, r.stock])).toEqual([
      ['checked', 0],
      ['removed', 1],
    ]);
    expect((await get('/api/tire/999999/stock-card')).statusCode).toBe(404);
  });

  it('shows a fixture tire mounted before the ledger existed, then taken off', async () => {
    const [fx] = await t.database.db
      .select()
      .from(tires)
      .where(eq(tires.serial_number, FX.installedSerial(16)));
    await unmount(ids.engkel, '6', 70000);
    const rows = (await get(`/api/tire/${fx!.id}/stock-card`)).json().data;
    expect(rows).toEqual([
      expect.objectContaining({
        kind: 'removed',
        description: `Dilepas dari ${FX.engkel} posisi 6 pada 70.000 km`,
        stock: 1,
      }),
    ]);
  });

  it('the card of a size and brand counts its tires in stock through every movement', async () => {
    const res = await get(
      `/api/stock-card?size=${encodeURIComponent(SIZE.toLowerCase())}&brand=kartu%20brand`,
    );
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.filter).toEqual({ size: SIZE.toLowerCase(), brand: 'kartu brand' });
    const seq = body.data.map((r: { serial_number: string; kind: string; stock: number }) => [
      r.serial_number,
      r.kind,
      r.stock,
    ]);
    expect(seq).toEqual([
      ['SC-1', 'received', 1],
      ['SC-2', 'received', 2],
      ['SC-1', 'installed', 1],
      ['SC-2', 'installed', 0],
      ['SC-1', 'checked', 0],
      ['SC-1', 'removed', 1],
      ['SC-1', 'status', 1],
    ]);
    // the ledger's count agrees with the tire table
    expect(body.in_stock_now).toBe(1);
    expect(body.data.at(-1).stock).toBe(body.in_stock_now);
    // the running count is computed before paging
    const last = await get(`/api/stock-card?size=${SIZE}&brand=${BRAND}&pageSize=3&page=2`);
    expect(last.json().data.map((r: { stock: number }) => r.stock)).toEqual([0, 0, 1]);
    expect(last.json().total).toBe(7);

    const xlsx = await get(`/api/tire/${sc1}/stock-card/export`);
    expect(xlsx.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const ws = wb.getWorksheet('Kartu Stok Ban')!;
    expect(ws.getCell('A1').value).toBe('Kartu Stok Ban · Semua periode · S/N: SC-1');
    expect(ws.getRow(2).getCell(8).value).toBe('Ket');
    expect(ws.getRow(4).getCell(8).value).toBe(`Dipasang di ${FX.tronton} posisi 11 pada 45.000 km`);
    expect(ws.getRow(4).getCell(2).value).toBeInstanceOf(Date);
    expect(ws.rowCount).toBe(7);
  });
});

describe('Warehouse', () => {
  /** The group of the one SPARE tire of SIZE/BRAND at the fixture location. */
  const spareGroup = () => ({
    location_id: ids.location,
    location: FX.location,
    size: SIZE,
    brand: BRAND,
    total: 1,
    uninstalled: 0,
    spare: 1,
  });

  it('groups the tires in stock by location, size and brand, with totals and each last movement', async () => {
    const res = await get('/api/warehouse?pageSize=50');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    const inStock = await t.database.db
      .select()
      .from(tires)
      .where(inArray(tires.status, ['UNINSTALLED', 'SPARE']));
    expect(body.total).toBe(inStock.length);
    expect(body.totals).toEqual({
      total: inStock.length,
      uninstalled: inStock.filter((x) => x.status === 'UNINSTALLED').length,
      spare: inStock.filter((x) => x.status === 'SPARE').length,
    });
    expect(body.data.map((r: { id: number }) => r.id).sort()).toEqual(inStock.map((x) => x.id).sort());
    expect(body).not.toHaveProperty('groups');
    // past the last page: no rows, the same totals
    const past = (await get('/api/warehouse?page=999')).json();
    expect(past).toMatchObject({ data: [], total: inStock.length, totals: body.totals });

    const groupsRes = await get('/api/warehouse/groups?pageSize=100');
    expect(groupsRes.statusCode, groupsRes.body).toBe(200);
    const { data: groups, totals, total: groupCount } = groupsRes.json();
    expect(totals).toEqual(body.totals);
    expect(groupCount).toBe(groups.length);
    expect(groups.reduce((n: number, g: { total: number }) => n + g.total, 0)).toBe(inStock.length);
    expect(groups).toContainEqual(spareGroup());
    expect(groups).toContainEqual(
      expect.objectContaining({
        location_id: null,
        location: 'Tanpa lokasi',
        size: '11.00-20',
        brand: 'BRIDGESTONE',
      }),
    );
    const row = body.data.find((r: { id: number }) => r.id === sc1);
    expect(row).toMatchObject({
      status: 'SPARE',
      Location: { id: ids.location, name: FX.location },
      last_movement: { kind: 'status', description: 'Status: SPARE', user_name: FX.staff.name },
    });
    // a mounted tire is not in the warehouse
    expect(body.data.find((r: { id: number }) => r.id === sc2)).toBeUndefined();
    // fixture stock never moved: no last movement
    expect(
      body.data.find((r: { serial_number: string }) => r.serial_number === FX.stockSerial(2)).last_movement,
    ).toBeNull();
  });

  it('pages the groups, sorted by location or by total, with the locations holding stock', async () => {
    // three more groups (no location yet) of one, two and three tires
    for (const [i, size] of ['7.50-16', '8.25-16', '8.25-16', '9.00-20', '9.00-20', '9.00-20'].entries()) {
      await newTire(`WG-${i}`, { size, ir_brand: 'GRUP BRAND' });
    }
    const all = (await get('/api/warehouse/groups?pageSize=100')).json();
    expect(all.total).toBeGreaterThan(4);
    type Group = { location_id: number | null; size: string; brand: string; total: number };
    const key = (g: Group) => `${g.location_id}|${g.size}|${g.brand}`;
    // the default page size is 8; pages of 2 add up to the whole list in the same order
    expect((await get('/api/warehouse/groups')).json()).toMatchObject({ page: 1, pageSize: 8 });
    const paged: Group[] = [];
    for (let page = 1; (page - 1) * 2 < all.total; page++) {
      const p = (await get(`/api/warehouse/groups?pageSize=2&page=${page}`)).json();
      expect(p).toMatchObject({ total: all.total, totals: all.totals, page, pageSize: 2 });
      paged.push(...p.data);
    }
    expect(paged.map(key)).toEqual(all.data.map(key));
    // by total, largest first, and smallest first
    const byTotal = (await get('/api/warehouse/groups?pageSize=100&sort=-total')).json().data as Group[];
    expect(byTotal.map((g) => g.total)).toEqual(
      [...all.data.map((g: Group) => g.total)].sort((a, b) => b - a),
    );
    const ascending = (await get('/api/warehouse/groups?pageSize=100&sort=total')).json().data as Group[];
    expect(ascending.map((g) => g.total)).toEqual([...byTotal.map((g) => g.total)].reverse());
    expect((await get('/api/warehouse/groups?sort=size')).statusCode).toBe(400);
    // past the last page: no groups, the same counts
    expect((await get('/api/warehouse/groups?page=999')).json()).toMatchObject({
      data: [],
      total: all.total,
      totals: all.totals,
    });
    // the locations holding stock, whatever the chosen location
    expect(all.locations).toContainEqual({ id: ids.location, name: FX.location });
    const oneLocation = (await get(`/api/warehouse/groups?location_id=${ids.location}`)).json();
    expect(oneLocation.locations).toEqual(all.locations);
    expect(oneLocation.data.every((g: Group) => g.location_id === ids.location)).toBe(true);
  });

  it('lists the sizes and brands that have a stock card', async () => {
    const res = await get('/api/stock-card/keys');
    expect(res.statusCode, res.body).toBe(200);
    const keys = res.json();
    expect(keys.sizes).toContain(SIZE);
    expect(keys.brands).toContain(BRAND);
    expect(keys.sizes).toEqual([...keys.sizes].sort());
    expect((await get('/api/stock-card/keys', tireman)).statusCode).toBe(403);
  });

  it('filters by size, brand, status, serial and location', async () => {
    const bySize = (await get(`/api/warehouse?size=${SIZE}`)).json();
    expect(bySize.data.map((r: { id: number }) => r.id)).toEqual([sc1]);
    expect(bySize.totals).toEqual({ total: 1, uninstalled: 0, spare: 1 });
    expect((await get(`/api/warehouse/groups?size=${SIZE}`)).json()).toEqual({
      data: [spareGroup()],
      total: 1,
      page: 1,
      pageSize: 8,
      totals: bySize.totals,
      locations: [{ id: ids.location, name: FX.location }],
    });
    expect((await get('/api/warehouse?status=spare')).json().total).toBe(1);
    expect((await get(`/api/warehouse?location_id=${ids.location}`)).json().total).toBe(1);
    expect((await get('/api/warehouse?q=S-000')).json().total).toBe(
      (
        await t.database.db
          .select()
          .from(tires)
          .where(sql`${tires.serial_number} like 'S-000%' and ${tires.status} in ('UNINSTALLED', 'SPARE')`)
      ).length,
    );
    expect((await get('/api/warehouse?brand=bridgestone&pageSize=5')).json().data).toHaveLength(5);
  });
});

describe('Warehouse: stored location and last movement', () => {
  const norm = (r: unknown) => (r as { rows?: unknown[] }).rows ?? (r as unknown[]);
  const row = async (id: number) =>
    (await get(`/api/warehouse?pageSize=100`)).json().data.find((r: { id: number }) => r.id === id);

  it('follows every ledger write: a move at another pool, a manual entry, a deleted entry', async () => {
    const db = t.database.db;
    await expectReadModelsRecounted(t.database.db, ['tire-stock-state']);
    const [here] = await db.select().from(locations).where(eq(locations.id, ids.location));
    const [pool] = await db
      .insert(locations)
      .values({ name: 'Pool Gudang Baru', region_id: here!.region_id })
      .returning();
    const [check] = await db
      .insert(tireChecks)
      .values({
        unit_id: ids.tronton,
        plate_number: FX.tronton,
        tireman_id: ids.tireman,
        location_id: pool!.id,
        odometer: 60000,
      })
      .returning();
    // SC-2 is taken off during a check at the new pool: in stock there, last movement the removal
    await t.database.db.transaction((tx) =>
      unmountPosition(tx, {
        unitId: ids.tronton,
        position: '12',
        odometer: 60000,
        source: { userId: ids.tireman, sourceType: 'tire-check', sourceId: check!.id },
      }),
    );
    expect(await row(sc2)).toMatchObject({
      Location: { id: pool!.id, name: 'Pool Gudang Baru' },
      last_movement: { kind: 'removed', user_name: FX.tireman.name },
    });
    expect((await get(`/api/warehouse?location_id=${pool!.id}`)).json().totals.total).toBe(1);
    // an entry without a location keeps the pool, and is the new last movement
    const [note] = await db
      .insert(tireEvents)
      .values({ tire_id: sc2, kind: 'updated', user_id: ids.staff, note: 'Koreksi data' })
      .returning();
    expect(await row(sc2)).toMatchObject({
      Location: { id: pool!.id },
      last_movement: { id: note!.id, kind: 'updated', description: 'Data ban diperbarui (Koreksi data)' },
    });
    // entries deleted: the tire's state is rebuilt from what is left of its ledger
    await db
      .delete(tireEvents)
      .where(sql`${tireEvents.tire_id} = ${sc2} and ${tireEvents.id} >= ${note!.id}`);
    const [removal] = await db
      .select()
      .from(tireEvents)
      .where(sql`${tireEvents.tire_id} = ${sc2} and ${tireEvents.kind} = 'removed'`);
    await db.delete(tireEvents).where(eq(tireEvents.id, removal!.id));
    expect(await row(sc2)).toMatchObject({ Location: null, last_movement: { kind: 'installed' } });
    await expectReadModelsRecounted(t.database.db, ['tire-stock-state']);
  });

  it('keeps its stored stock rows and groups equal to the tires in stock through status, size, location and deletes', async () => {
    const db = t.database.db;
    // the groups, as the screen reads them (folding the pending deltas) and as stored after that
    const groupOrder = sql`order by location_name nulls last, location_id, size, ir_brand`;
    const recountGroups = () =>
      db.execute(sql`
        select ss.location_id, l.name as location_name, t.size, t.ir_brand,
          (count(*) filter (where t.status = 'UNINSTALLED'))::int as uninstalled,
          (count(*) filter (where t.status = 'SPARE'))::int as spare
          from tires t
          left join tire_stock_state ss on ss.tire_id = t.id
          left join locations l on l.id = ss.location_id
         where t.status in ('UNINSTALLED', 'SPARE')
         group by 1, 2, 3, 4 ${groupOrder}`);
    const same = async () => {
      await expectReadModelsRecounted(db, ['tire-stock-state', 'warehouse-stock']);
      const expected = norm(await recountGroups()) as {
        location_id: number | null;
        location_name: string | null;
        size: string;
        ir_brand: string;
        uninstalled: number;
        spare: number;
      }[];
      const screen = (await get('/api/warehouse/groups?pageSize=100')).json();
      expect(screen.total).toBe(expected.length);
      expect(screen.data).toEqual(
        expected.map((g) => ({
          location_id: g.location_id,
          location: g.location_name ?? 'Tanpa lokasi',
          size: g.size,
          brand: g.ir_brand,
          total: g.uninstalled + g.spare,
          uninstalled: g.uninstalled,
          spare: g.spare,
        })),
      );
      // the screen above added the pending deltas itself; the server's fold loop stores them
      await foldPendingDeltas(db);
      expect(
        norm(
          await db.execute(
            sql`select location_id, location_name, size, ir_brand, uninstalled, spare from warehouse_groups ${groupOrder}`,
          ),
        ),
      ).toEqual(expected);
      expect(norm(await db.execute(sql`select id from warehouse_group_deltas`))).toEqual([]);
      // the totals of the usual views (by status, by location) from the per-location summary
      const spares = expected.filter((g) => g.spare > 0);
      expect((await get('/api/warehouse/groups?status=SPARE&pageSize=100')).json()).toMatchObject({
        total: spares.length,
        totals: { total: spares.reduce((n, g) => n + g.spare, 0), uninstalled: 0 },
      });
      const located = [...new Set(expected.map((g) => g.location_id).filter((id) => id !== null))];
      expect(screen.locations.map((l: { id: number }) => l.id).sort()).toEqual(located.sort());
      const here = expected.filter((g) => g.location_id === ids.location);
      expect((await get(`/api/warehouse/groups?location_id=${ids.location}`)).json()).toMatchObject({
        total: here.length,
        totals: { uninstalled: here.reduce((n, g) => n + g.uninstalled, 0) },
      });
    };
    await same();

    // a new tire is in stock at once, without a location
    const fresh = await newTire('WS-NEW-1');
    expect(await row(fresh)).toMatchObject({ serial_number: 'WS-NEW-1', Location: null });
    // taken off at a pool: it is there; the pool renamed: the list shows the new name
    const [here] = await db.select().from(locations).where(eq(locations.id, ids.location));
    const [pool] = await db
      .insert(locations)
      .values({ name: 'Pool Lama', region_id: here!.region_id })
      .returning();
    const [check] = await db
      .insert(tireChecks)
      .values({
        unit_id: ids.engkel,
        plate_number: FX.engkel,
        tireman_id: ids.tireman,
        location_id: pool!.id,
        odometer: 70000,
      })
      .returning();
    await mount(fresh, ids.engkel, '6', 69000);
    expect(await row(fresh)).toBeUndefined();
    await t.database.db.transaction((tx) =>
      unmountPosition(tx, {
        unitId: ids.engkel,
        position: '6',
        odometer: 70000,
        source: { userId: ids.tireman, sourceType: 'tire-check', sourceId: check!.id },
      }),
    );
    expect(await row(fresh)).toMatchObject({ Location: { id: pool!.id, name: 'Pool Lama' } });
    await db.update(locations).set({ name: 'Pool Baru' }).where(eq(locations.id, pool!.id));
    expect(await row(fresh)).toMatchObject({ Location: { id: pool!.id, name: 'Pool Baru' } });
    const groups = (await get(`/api/warehouse/groups?location_id=${pool!.id}`)).json();
    expect(groups.data).toEqual([
      expect.objectContaining({ location: 'Pool Baru', size: SIZE, brand: BRAND, total: 1, uninstalled: 1 }),
    ]);
    await same();

    // a new size moves it to another group; SPARE counts as spare; mounted, it leaves the warehouse
    await db.update(tires).set({ size: '11.00-20', status: 'SPARE' }).where(eq(tires.id, fresh));
    expect(await row(fresh)).toMatchObject({ size: '11.00-20', status: 'SPARE' });
    expect((await get(`/api/warehouse?location_id=${pool!.id}&status=SPARE`)).json().totals).toEqual({
      total: 1,
      uninstalled: 0,
      spare: 1,
    });
    await same();
    await mount(fresh, ids.engkel, '6', 71000);
    expect(await row(fresh)).toBeUndefined();
    expect((await get(`/api/warehouse?location_id=${pool!.id}`)).json().totals.total).toBe(0);
    await same();

    // a deleted tire takes its row along
    const gone = await newTire('WS-NEW-2');
    expect(await row(gone)).toBeDefined();
    await db.delete(tires).where(eq(tires.id, gone));
    expect(await row(gone)).toBeUndefined();
    await same();
  });
});

describe('Scrap', () => {
  it('lists scrapped tires with reason, last unit, km run and days in service, and totals', async () => {
    const a = await newTire('SCR-A', { ir_brand: 'MICHELIN' });
    await mount(a, ids.engkel, '7', 10000);
    await unmount(ids.engkel, '7', 25000);
    await mount(a, ids.engkel, '8', 30000);
    await unmount(ids.engkel, '8', 42000);
    // first installed ten days before it is scrapped
    const [firstInstall] = await t.database.db
      .select()
      .from(tireEvents)
      .where(sql`${tireEvents.tire_id} = ${a} and ${tireEvents.kind} = 'installed'`)
      .orderBy(tireEvents.id)
      .limit(1);
    await t.database.db
      .update(tireEvents)
      .set({ created_at: sql`now() - interval '10 days 1 hour'` })
      .where(eq(tireEvents.id, firstInstall!.id));
    const scrapA = await send('PATCH', `/api/tire/status/${a}`, {
      status: 'SCRAP',
      reason: 'Sobek',
      condition: '99,16,23,16,99',
    });
    expect(scrapA.statusCode, scrapA.body).toBe(200);
    const b = await newTire('SCR-B', { ir_brand: 'MICHELIN' });
    await send('PATCH', `/api/tire/status/${b}`, { status: 'SCRAP', reason: 'Aus' });
    const c = await newTire('SCR-C', { ir_brand: 'DUNLOP' });
    await send('PATCH', `/api/tire/status/${c}`, { status: 'SCRAP' });

    const res = await get('/api/scrap');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.total).toBe(3);
    const byId = new Map(body.data.map((r: { id: number }) => [r.id, r]));
    expect(byId.get(a)).toMatchObject({
      serial_number: 'SCR-A',
      reason: 'Shoulder Cut, Sidewall Cut',
      scrap_note: 'Sobek',
      km_run: 27000,
      days_in_service: 10,
      last_unit: { id: ids.engkel, plate_number: FX.engkel },
      scrapped_date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    });
    expect(byId.get(b)).toMatchObject({ reason: 'Aus', km_run: 0, days_in_service: null, last_unit: null });
    expect(byId.get(c)).toMatchObject({ reason: 'Tidak diketahui' });
    expect(body.totals).toEqual({
      total: 3,
      byReason: expect.arrayContaining([
        { reason: 'Shoulder Cut, Sidewall Cut', total: 1 },
        { reason: 'Aus', total: 1 },
        { reason: 'Tidak diketahui', total: 1 },
      ]),
      byBrand: [
        { brand: 'MICHELIN', total: 2 },
        { brand: 'DUNLOP', total: 1 },
      ],
    });
    expect(body.totals.byReason).toHaveLength(3);

    const michelin = (await get('/api/scrap?brand=michelin')).json();
    expect(michelin.total).toBe(2);
    expect(michelin.totals.byBrand).toEqual([{ brand: 'MICHELIN', total: 2 }]);
    const today = byId.get(a) as { scrapped_date: string };
    expect(
      (await get(`/api/scrap?dateStart=${today.scrapped_date}&dateEnd=${today.scrapped_date}`)).json().total,
    ).toBe(3);
    expect((await get('/api/scrap?dateStart=2020-01-01&dateEnd=2020-01-31')).json().total).toBe(0);
    expect((await get('/api/scrap?dateStart=2020-01-01')).statusCode).toBe(400);
    // scrapped tires left the warehouse
    expect((await get('/api/warehouse?q=SCR-')).json().total).toBe(0);

    // another condition text and note with the same named codes: one reason, counted twice
    const e = await newTire('SCR-E', { ir_brand: 'DUNLOP' });
    const scrapE = await send('PATCH', `/api/tire/status/${e}`, {
      status: 'SCRAP',
      reason: 'Lain',
      condition: '16,99,23,99,16',
    });
    expect(scrapE.statusCode, scrapE.body).toBe(200);
    // and a second tire exactly like SCR-B
    const f = await newTire('SCR-F', { ir_brand: 'MICHELIN' });
    await send('PATCH', `/api/tire/status/${f}`, { status: 'SCRAP', reason: 'Aus' });
    const more = (await get('/api/scrap')).json();
    expect(more.totals).toEqual({
      total: 5,
      byReason: expect.arrayContaining([
        { reason: 'Shoulder Cut, Sidewall Cut', total: 2 },
        { reason: 'Aus', total: 2 },
        { reason: 'Tidak diketahui', total: 1 },
      ]),
      byBrand: [
        { brand: 'MICHELIN', total: 3 },
        { brand: 'DUNLOP', total: 2 },
      ],
    });
    expect(more.totals.byReason).toHaveLength(3);

    // the reason names the codes as the defect catalogue does now: renamed, or 'Kode N' unnamed
    await t.database.db.execute(sql`update defect_codes set name = 'Bahu sobek' where code = 16`);
    await t.database.db.execute(sql`update defect_codes set name = null where code = 23`);
    try {
      const renamed = (await get('/api/scrap')).json();
      expect(renamed.data.find((r: { id: number }) => r.id === a).reason).toBe('Bahu sobek, Kode 23');
      expect(renamed.totals.byReason).toContainEqual({ reason: 'Bahu sobek, Kode 23', total: 2 });
    } finally {
      await t.database.db.execute(sql`
        update defect_codes set name = case code when 16 then 'Shoulder Cut' else 'Sidewall Cut' end
         where code in (16, 23)`);
    }
  });

  it('keeps the last scrap entry of each tire through more entries, edits and deletes', async () => {
    const db = t.database.db;
    const same = () => expectReadModelsRecounted(db, ['tire-scrap-event', 'scrap-tires']);
    await same();
    const d = await newTire('SCR-D', { ir_brand: 'DUNLOP' });
    await send('PATCH', `/api/tire/status/${d}`, { status: 'SCRAP', reason: 'Pertama' });
    // a second scrap entry in one statement with another entry: the later one is the tire's
    await db.insert(tireEvents).values([
      { tire_id: d, kind: 'scrapped', user_id: ids.staff, note: 'Kedua' },
      { tire_id: d, kind: 'updated', user_id: ids.staff, note: 'Koreksi' },
    ]);
    await same();
    const row = async () =>
      (await get('/api/scrap?pageSize=100')).json().data.find((r: { id: number }) => r.id === d);
    expect((await row()).scrap_note).toBe('Kedua');
    // the later entry edited, then deleted: the first one is back
    await db.execute(
      sql`update tire_events set note = 'Kedua (dikoreksi)' where tire_id = ${d} and note = 'Kedua'`,
    );
    expect((await row()).scrap_note).toBe('Kedua (dikoreksi)');
    await db.execute(sql`delete from tire_events where tire_id = ${d} and note = 'Kedua (dikoreksi)'`);
    expect((await row()).scrap_note).toBe('Pertama');
    await same();
    // its condition and brand edited: the list follows; back in stock, it leaves the list
    await db.update(tires).set({ condition: '3', ir_brand: 'GT' }).where(eq(tires.id, d));
    expect(await row()).toMatchObject({ ir_brand: 'GT', condition: '3' });
    await same();
    await db.update(tires).set({ status: 'SPARE' }).where(eq(tires.id, d));
    expect(await row()).toBeUndefined();
    await same();
    // its scrap entries deleted from the ledger: scrapped, without a scrap time
    await db.update(tires).set({ status: 'SCRAP' }).where(eq(tires.id, d));
    await db.execute(sql`delete from tire_events where tire_id = ${d}`);
    expect(await row()).toMatchObject({ scrappedAt: null, scrap_note: '' });
    await same();
  });

  it('is for the office only', async () => {
    for (const url of [
      '/api/warehouse',
      '/api/warehouse/groups',
      '/api/scrap',
      '/api/stock-card',
      `/api/tire/${sc1}/stock-card`,
    ]) {
      expect((await get(url, tireman)).statusCode, url).toBe(403);
    }
  });
});

describe('KARTU STOK BAN by size and brand: stored running stock', () => {
  /** The card as computed from the whole ledger (the shape the stored changes replaced). */
  async function ledgerCard(size: string | null, brand: string | null): Promise<[number, number][]> {
    const rows = await t.database.db.execute(sql`
      with ev as (
        select e.id, e.tire_id, e.created_at,
          case
            when e.to_status is not null then (case when e.to_status in ('UNINSTALLED', 'SPARE') then 1 else 0 end)
            when e.kind in ('received', 'removed') then 1
            when e.kind in ('installed', 'scrapped') then 0
          end as st
        from tire_events e join tires t on t.id = e.tire_id
        where (${size}::text is null or upper(t.size) = upper(${size}::text))
          and (${brand}::text is null or upper(t.ir_brand) = upper(${brand}::text))
      ),
      g as (select ev.*, count(st) over (partition by tire_id order by id) as grp from ev),
      s as (select g.*, coalesce(max(st) over (partition by tire_id, grp), 0) as tire_stock from g),
      d as (select s.*, tire_stock - coalesce(lag(tire_stock) over (partition by tire_id order by id), 0) as delta from s)
      select id, sum(delta) over (order by created_at, id) as stock from d order by created_at, id`);
    return ((rows as { rows?: unknown[] }).rows ?? (rows as unknown as unknown[])).map((r) => {
      const x = r as { id: string | number; stock: string | number };
      return [Number(x.id), Number(x.stock)];
    });
  }

  async function expectPagesEqualLedger(size: string | null, brand: string | null) {
    const expected = await ledgerCard(size, brand);
    expect(expected.length).toBeGreaterThan(1);
    const filter = `${size ? `size=${encodeURIComponent(size)}&` : ''}${brand ? `brand=${encodeURIComponent(brand)}&` : ''}`;
    for (const pageSize of [1, 3, 4, 100]) {
      const got: [number, number][] = [];
      for (let page = 1; (page - 1) * pageSize < expected.length + pageSize; page++) {
        const body = (await get(`/api/stock-card?${filter}pageSize=${pageSize}&page=${page}`)).json();
        expect(body.total).toBe(expected.length);
        got.push(...body.data.map((r: { id: number; stock: number }) => [r.id, r.stock] as [number, number]));
      }
      expect(got, `${filter} pageSize ${pageSize}`).toEqual(expected);
    }
  }

  it('shows on every page, from either end, the running stock of the whole ledger', async () => {
    await expectPagesEqualLedger(SIZE, null);
    await expectPagesEqualLedger(SIZE, BRAND.toLowerCase());
    await expectPagesEqualLedger(null, 'michelin');
    await expectPagesEqualLedger(null, null);
  });

  it('follows a changed size or brand, deleted entries and entries written out of order', async () => {
    const db = t.database.db;
    // SC-1 becomes a MICHELIN: its whole history leaves the KARTU BRAND card
    await db.update(tires).set({ ir_brand: 'Michelin' }).where(eq(tires.id, sc1));
    await expectPagesEqualLedger(SIZE, BRAND);
    await expectPagesEqualLedger(null, 'MICHELIN');
    // an entry of SC-2 deleted and one back-dated: the tire's stored changes are rebuilt
    const [first] = await db
      .select()
      .from(tireEvents)
      .where(eq(tireEvents.tire_id, sc2))
      .orderBy(tireEvents.id);
    await db.delete(tireEvents).where(eq(tireEvents.id, first!.id));
    await db
      .update(tireEvents)
      .set({ created_at: sql`created_at - interval '3 days'` })
      .where(sql`${tireEvents.tire_id} = ${sc1} and ${tireEvents.kind} = 'installed'`);
    // a new tire received and mounted in one statement of several entries
    const c = await newTire('SC-3', { ir_brand: 'Michelin' });
    await db.insert(tireEvents).values([
      { tire_id: c, kind: 'installed', unit_id: ids.engkel, position: '1', to_status: 'INSTALLED' },
      { tire_id: c, kind: 'checked', unit_id: ids.engkel, position: '1' },
      { tire_id: c, kind: 'status', from_status: 'INSTALLED', to_status: 'SCRAP' },
    ]);
    // an entry written with an id before the tire's last one (out of id order): rebuilt, not appended
    const [checked] = await db
      .delete(tireEvents)
      .where(sql`${tireEvents.tire_id} = ${c} and ${tireEvents.kind} = 'checked'`)
      .returning();
    await db.insert(tireEvents).values({ ...checked!, kind: 'removed', to_status: 'UNINSTALLED' });
    await expectPagesEqualLedger(SIZE, null);
    await expectPagesEqualLedger(SIZE, 'michelin');
    await expectPagesEqualLedger(null, null);
    // the card's totals folded from their deltas: the same pages
    const pendingDeltas = async () =>
      Number(
        rowsOf<{ n: number }>(
          await db.execute(sql`select count(*)::int as n from tire_stock_move_deltas`),
        )[0]!.n,
      );
    expect(await pendingDeltas()).toBeGreaterThan(0);
    await foldPendingDeltas(db);
    expect(await pendingDeltas()).toBe(0);
    await expectPagesEqualLedger(SIZE, null);
    await expectPagesEqualLedger(null, 'michelin');
    await expectPagesEqualLedger(null, null);
    // tires of the size in stock now, as the warehouse counts them
    const inStock = (await get(`/api/stock-card?size=${encodeURIComponent(SIZE)}`)).json().in_stock_now;
    expect(inStock).toBe((await get(`/api/warehouse?size=${encodeURIComponent(SIZE)}`)).json().totals.total);
  });
});

describe('ledger writes under concurrency', () => {
  // two validations moving tires of two sizes in opposite order: nothing in the stock read models
  // may make them wait on each other (a stored total per size/brand once deadlocked them)
  it.runIf(inject('dbDriver') === 'postgres')(
    'two transactions writing two sizes in opposite order both commit',
    async () => {
      // four tires: the transactions share no tire, only the sizes
      const a1 = await newTire('LOCK-A-1', { size: '11.00-20', ir_brand: 'LOCK A' });
      const a2 = await newTire('LOCK-A-2', { size: '11.00-20', ir_brand: 'LOCK A' });
      const b1 = await newTire('LOCK-B-1', { size: '10.00-20', ir_brand: 'LOCK B' });
      const b2 = await newTire('LOCK-B-2', { size: '10.00-20', ir_brand: 'LOCK B' });
      const note = (tx: Parameters<Parameters<typeof t.database.db.transaction>[0]>[0], tireId: number) =>
        recordTireEvent(tx, { tireId, kind: 'updated', source: manual(), note: 'uji konkurensi' });
      let release!: () => void;
      const bothFirst = new Promise<void>((r) => {
        let n = 0;
        release = () => {
          n += 1;
          if (n === 2) r();
        };
      });
      const run = (first: number, second: number) =>
        t.database.db.transaction(async (tx) => {
          await note(tx, first);
          release();
          await bothFirst;
          await note(tx, second);
        });
      await expect(Promise.all([run(a1, b1), run(b2, a2)])).resolves.toBeDefined();
      const card = (await get(`/api/stock-card?size=${encodeURIComponent('11.00-20')}`)).json();
      expect(card.total).toBeGreaterThanOrEqual(4);
    },
  );
});

describe('replies match the endpoint table', () => {
  it('every list and detail GET of stock answers what its reply schema declares', async () => {
    const cases = [
      [API.listWarehouse, '/api/warehouse?pageSize=50'],
      [API.listWarehouseGroups, '/api/warehouse/groups'],
      [API.getStockCardKeys, '/api/stock-card/keys'],
      [API.getTireStockCard, `/api/tire/${sc1}/stock-card`],
      [API.getStockCard, `/api/stock-card?size=${encodeURIComponent('11.00-20')}`],
      [API.listScrap, '/api/scrap?pageSize=50'],
    ] as const;
    for (const [op, url] of cases) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(() => op.reply.parse(res.json()), url).not.toThrow();
    }
  });
});
