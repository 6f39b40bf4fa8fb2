import { API } from '@itms/contracts/api';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, FX, type TestApp } from '../../../test/helpers';
import { rowsOf } from '../../db/client';

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
const call = (method: Method, url: string, payload?: object | string, token = staff, headers = {}) =>
  t.app.inject({ method, url, payload, headers: { access_token: token, ...headers } });

const unit = (over: Record<string, unknown> = {}) => ({
  plate_number: 'b 1234 xy',
  unit_type: 'tronton',
  project_id: projectId,
  tonnage: 12.5,
  handled_date: '05/03/25',
  ...over,
});

async function auditCount(action: string, id: number): Promise<number> {
  const [row] = rowsOf<{ n: number }>(
    await t.database.db.execute(
      sql`select count(*)::int as n from audit_log where entity = 'unit' and action = ${action} and entity_id = ${String(id)}`,
    ),
  );
  return row!.n;
}

describe('units', () => {
  it('lists units with their project, at /unit and /unit/, searchable by plate and filterable', async () => {
    for (const url of ['/api/unit', '/api/unit/']) {
      const res = await call('GET', url);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({ total: 2, page: 1, pageSize: 10 });
      expect(body.data[0]).toMatchObject({ Project: { id: projectId, name: FX.project } });
    }
    const byPlate = (await call('GET', '/api/unit?q=b9001')).json();
    expect(byPlate.data.map((u: { plate_number: string }) => u.plate_number)).toEqual([FX.tronton]);
    const byType = (await call('GET', '/api/unit?unit_type=engkel')).json();
    expect(byType.data.map((u: { plate_number: string }) => u.plate_number)).toEqual([FX.engkel]);
    const sorted = (await call('GET', '/api/unit?sort=-plate_number')).json();
    expect(sorted.data.map((u: { plate_number: string }) => u.plate_number)).toEqual([FX.engkel, FX.tronton]);
    expect((await call('GET', '/api/unit?sort=secret')).statusCode).toBe(400);
  });

  it('adds a unit: plate upper-cased, dd/mm/yy date, plan_project defaulting to "-", audit written', async () => {
    const res = await call('POST', '/api/unit', unit());
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.message).toBe('Unit berhasil Ditambahkan');
    expect(body.data).toMatchObject({
      plate_number: 'B 1234 XY',
      unit_type: 'TRONTON',
      tonnage: 12.5,
      handled_date: '2025-03-05',
      plan_project: '-',
      status: 'active',
      Project: { id: projectId, name: FX.project },
    });
    expect(await auditCount('create', body.data.id)).toBe(1);
    const one = await call('GET', `/api/unit/${body.data.id}`);
    expect(one.json().plate_number).toBe('B 1234 XY');
  });

  it('accepts the form-urlencoded body of the field clients, with dd/mm/yyyy and yyyy-mm-dd dates', async () => {
    const form = new URLSearchParams({
      plate_number: 'B 7777 FU',
      unit_type: 'CDD',
      project_id: String(projectId),
      tonnage: '8',
      handled_date: '31/12/2024',
      plan_project: 'Semen Timur',
      status: 'active',
    }).toString();
    const res = await call('POST', '/api/unit', form, staff, {
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({
      handled_date: '2024-12-31',
      plan_project: 'Semen Timur',
      tonnage: 8,
    });
    const iso = await call(
      'POST',
      '/api/unit',
      unit({ plate_number: 'B 7778 FU', handled_date: '2024-01-02' }),
    );
    expect(iso.json().data.handled_date).toBe('2024-01-02');
  });

  it('refuses a plate that exists (any case or spacing) with 409', async () => {
    const res = await call('POST', '/api/unit', unit({ plate_number: '  b   9001 tr ' }));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'PLATE_TAKEN', message: 'Nomor polisi sudah terdaftar' });
    expect(res.json().fields[0].field).toBe('plate_number');
  });

  it('refuses incomplete or bad input with 400 and the fields', async () => {
    const res = await call('POST', '/api/unit', {
      plate_number: '',
      unit_type: 'BUS',
      tonnage: -1,
      handled_date: '31/02/25',
    });
    expect(res.statusCode).toBe(400);
    const fields = Object.fromEntries(
      res.json().fields.map((f: { field: string; message: string }) => [f.field, f.message]),
    );
    expect(fields).toEqual({
      plate_number: 'Nomor polisi wajib diisi',
      unit_type: 'Tipe unit tidak dikenal',
      project_id: 'Project wajib dipilih',
      tonnage: 'Tonase tidak boleh negatif',
      handled_date: 'Tanggal handle harus dd/mm/yy, dd/mm/yyyy atau yyyy-mm-dd',
    });
    const noProject = await call('POST', '/api/unit', unit({ plate_number: 'B 1 X', project_id: 99999 }));
    expect(noProject.statusCode).toBe(400);
    expect(noProject.json().fields[0].field).toBe('project_id');
  });

  it('updates a unit and refuses taking another unit’s plate', async () => {
    const created = (await call('POST', '/api/unit', unit({ plate_number: 'B 2000 UP' }))).json().data;
    const res = await call(
      'PUT',
      `/api/unit/${created.id}`,
      unit({ plate_number: 'b 2001 up', tonnage: 30 }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Unit berhasil di update');
    expect(res.json().data).toMatchObject({ plate_number: 'B 2001 UP', tonnage: 30 });
    expect(await auditCount('update', created.id)).toBe(1);
    const clash = await call('PUT', `/api/unit/${created.id}`, unit({ plate_number: FX.engkel }));
    expect(clash.statusCode).toBe(409);
    expect(clash.json().code).toBe('PLATE_TAKEN');
    expect((await call('PUT', '/api/unit/99999', unit({ plate_number: 'B 3 X' }))).statusCode).toBe(404);
  });

  it('deletes a unit without history; refuses one with mounted tires or with checks', async () => {
    const created = (await call('POST', '/api/unit', unit({ plate_number: 'B 3000 DEL' }))).json().data;
    const del = await call('DELETE', `/api/unit/${created.id}`);
    expect(del.statusCode).toBe(200);
    expect(del.json().message).toBe('Berhasil menghapus Unit');
    expect((await call('GET', `/api/unit/${created.id}`)).statusCode).toBe(404);
    expect(await auditCount('delete', created.id)).toBe(1);

    const tronton = (await call('GET', '/api/unit?q=9001')).json().data[0];
    const mounted = await call('DELETE', `/api/unit/${tronton.id}`);
    expect(mounted.statusCode).toBe(409);
    expect(mounted.json()).toMatchObject({
      code: 'UNIT_HAS_TIRES',
      message: 'Unit tidak dapat dihapus karena masih ada ban terpasang',
    });

    const checked = (await call('POST', '/api/unit', unit({ plate_number: 'B 3001 CHK' }))).json().data;
    await t.database.db.execute(sql`insert into tire_checks (unit_id, plate_number, tireman_id, location_id, odometer)
      values (${checked.id}, ${checked.plate_number}, (select id from users where email = ${FX.tireman.email}),
              (select min(id) from locations), 500)`);
    const refused = await call('DELETE', `/api/unit/${checked.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'UNIT_HAS_HISTORY',
      message: 'Unit tidak dapat dihapus karena sudah memiliki riwayat pengecekan',
    });
    expect((await call('GET', `/api/unit/${checked.id}`)).statusCode).toBe(200);
  });

  it('pages the list', async () => {
    const all = (await call('GET', '/api/unit?pageSize=100&sort=id')).json();
    const page2 = (await call('GET', '/api/unit?pageSize=2&page=2&sort=id')).json();
    expect(page2).toMatchObject({ total: all.total, page: 2, pageSize: 2 });
    expect(page2.data.map((u: { id: number }) => u.id)).toEqual(
      all.data.slice(2, 4).map((u: { id: number }) => u.id),
    );
  });

  it('is closed to tire men', async () => {
    for (const [method, url] of [
      ['GET', '/api/unit'],
      ['GET', '/api/unit/1'],
      ['POST', '/api/unit'],
      ['PUT', '/api/unit/1'],
      ['DELETE', '/api/unit/1'],
    ] as const) {
      expect((await call(method, url, unit(), tireman)).statusCode, `${method} ${url}`).toBe(403);
    }
  });

  it('answers its lists, detail and wheels as their reply schemas describe', async () => {
    const tronton = (await call('GET', '/api/unit?q=9001')).json().data[0];
    for (const [op, url] of [
      [API.listUnits, '/api/unit?pageSize=100'],
      [API.listUnitsTrailingSlash, '/api/unit/'],
      [API.getUnit, `/api/unit/${tronton.id}`],
      [API.getUnitWheels, `/api/unit/${tronton.id}/wheels`],
    ] as const) {
      const res = await call('GET', url);
      expect(res.statusCode, res.body).toBe(200);
      expect(() => op.reply.parse(res.json()), url).not.toThrow();
    }
  });
});
