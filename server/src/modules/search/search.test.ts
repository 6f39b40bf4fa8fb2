import { API } from '@itms/contracts/api';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, FX, type TestApp } from '../../../test/helpers';
import { rowsOf } from '../../db/client';
import { tires, units } from '../../db/schema';

let t: TestApp;
let staff: string;

beforeAll(async () => {
  t = await createTestApp();
  staff = await t.login(FX.staff.email);
  const db = t.database.db;
  const [p] = rowsOf<{ id: number }>(await db.execute(sql`select id from projects limit 1`));
  await db.insert(units).values({ plate_number: 'AB 9001 X', unit_type: 'ENGKEL', project_id: p!.id });
  // serials holding LIKE's wildcards and escape character, and look-alikes they would match as patterns
  await db.insert(tires).values(
    ['ESC%001', 'ESC_002', 'ESCX003', 'ESC\\004', 'AT-0001'].map((serial_number) => ({
      serial_number,
      ir_brand: 'Bridgestone',
      size: '11.00R20',
    })),
  );
});
afterAll(() => t.close());

const search = (q: string, token: string | null = staff) =>
  t.app.inject({
    method: 'GET',
    url: `/api${API.globalSearch.path}?q=${encodeURIComponent(q)}`,
    headers: token ? { access_token: token } : {},
  });

type Reply = {
  units: { id: number; plate_number: string; unit_type: string; project: string }[];
  tires: { id: number; serial_number: string; brand: string; size: string; status: string }[];
  tireMen: { id: number; name: string; phone: string }[];
};
const found = async (q: string) => {
  const res = await search(q);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Reply;
};

describe('GET /api/search', () => {
  it('answers the office only: no session 401, a tire man 403, admin and staff 200', async () => {
    expect((await search('9001', null)).statusCode).toBe(401);
    expect((await search('9001', await t.login(FX.tireman.email))).statusCode).toBe(403);
    expect((await search('9001', await t.login(FX.admin.email))).statusCode).toBe(200);
    expect((await search('9001')).statusCode).toBe(200);
  });

  it('refuses fewer than 3 characters (spaces trimmed) with the field named', async () => {
    const res = await search('  ab ');
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toContain('minimal 3 karakter');
    expect((await t.app.inject({ url: '/api/search', headers: { access_token: staff } })).statusCode).toBe(
      400,
    );
  });

  it('finds units by any part of the plate, case and spaces ignored, those starting with it first', async () => {
    const r = await found('b9001');
    expect(r.units.map((u) => u.plate_number)).toEqual([FX.tronton, 'AB 9001 X']);
    expect(r.units[0]).toMatchObject({ unit_type: 'TRONTON', project: FX.project });
    expect((await found('9001 t')).units.map((u) => u.plate_number)).toEqual([FX.tronton]);
    expect((await found('002 en')).units.map((u) => u.plate_number)).toEqual([FX.engkel]);
  });

  it('finds tires by any part of the serial, those starting with it first, at most 5', async () => {
    const r = await found('t-0001');
    expect(r.tires.map((x) => x.serial_number)).toEqual(['T-0001', 'AT-0001']);
    expect(r.tires[0]).toMatchObject({ status: 'INSTALLED' });
    expect(r.tires[1]).toMatchObject({ brand: 'Bridgestone', size: '11.00R20', status: 'UNINSTALLED' });
    // 16 installed tires start with "T-00": the first five in serial order
    expect((await found('T-00')).tires.map((x) => x.serial_number)).toEqual([
      'T-0001',
      'T-0002',
      'T-0003',
      'T-0004',
      'T-0005',
    ]);
    // "-001" is inside S-0010, T-0010..T-0016 and AT-0001 but starts none: five of them, sorted
    const inside = (await found('-001')).tires.map((x) => x.serial_number);
    expect(inside).toHaveLength(5);
    expect(inside).toEqual([...inside].sort());
    for (const s of inside) expect(s).toContain('-001');
  });

  it('takes %, _ and \\ literally', async () => {
    expect((await found('C%0')).tires.map((x) => x.serial_number)).toEqual(['ESC%001']);
    expect((await found('C_0')).tires.map((x) => x.serial_number)).toEqual(['ESC_002']);
    expect((await found('C\\0')).tires.map((x) => x.serial_number)).toEqual(['ESC\\004']);
    // as patterns these would have matched every ESC serial (and every unit and tire man for %%%)
    expect(await found('%%%')).toEqual({ units: [], tires: [], tireMen: [] });
    expect(await found('___')).toEqual({ units: [], tires: [], tireMen: [] });
  });

  it('finds tire men (only tire men) by any part of the name', async () => {
    const r = await found('TONO');
    expect(r.tireMen).toEqual([expect.objectContaining({ name: FX.tireman.name, phone: '081100000004' })]);
    expect((await found('tireman')).tireMen.map((m) => m.name)).toEqual([FX.tireman2.name, FX.tireman.name]);
    // staff and admins are not tire men
    expect((await found('EDP')).tireMen).toEqual([]);
    expect(await found('zzzz')).toEqual({ units: [], tires: [], tireMen: [] });
  });
});
