import { API } from '@itms/contracts/api';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, FX, type TestApp } from '../../../test/helpers';
import { rowsOf } from '../../db/client';

let t: TestApp;
let staff: string;
let tireman: string;
let customerId: number;

beforeAll(async () => {
  t = await createTestApp();
  staff = await t.login(FX.staff.email);
  tireman = await t.login(FX.tireman.email);
  customerId = rowsOf<{ id: number }>(await t.database.db.execute(sql`select id from customers limit 1`))[0]!
    .id;
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, payload?: object, token = staff) =>
  t.app.inject({ method, url, payload, headers: { access_token: token } });

describe('projects', () => {
  it('adds, reads, updates and deletes a project with the corrected texts', async () => {
    const created = await call('POST', '/api/project', {
      name: 'Angkutan Batu Bara',
      customer_id: customerId,
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      message: 'Project berhasil Ditambahkan',
      data: {
        name: 'Angkutan Batu Bara',
        customer_id: customerId,
        Customer: { name: FX.customer },
        unitCount: 0,
      },
    });
    const id = created.json().data.id;
    expect((await call('GET', `/api/project/${id}`)).json().Customer.name).toBe(FX.customer);

    const other = (await call('POST', '/api/customer', { name: 'PT Lain' })).json().data;
    const updated = await call('PUT', `/api/project/${id}`, {
      name: 'Angkutan Nikel',
      customer_id: other.id,
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({
      message: 'Project berhasil di update',
      data: { name: 'Angkutan Nikel', Customer: { id: other.id, name: 'PT Lain' } },
    });

    const del = await call('DELETE', `/api/project/${id}`);
    expect(del.statusCode).toBe(200);
    expect(del.json().message).toBe('Berhasil menghapus project');
    expect((await call('GET', `/api/project/${id}`)).statusCode).toBe(404);
    const [audited] = rowsOf<{ n: number }>(
      await t.database.db.execute(
        sql`select count(*)::int as n from audit_log where entity = 'project' and entity_id = ${String(id)}`,
      ),
    );
    expect(audited!.n).toBe(3);
  });

  it('refuses to delete a project that units use, an unknown customer and a missing name', async () => {
    const list = (await call('GET', '/api/project?q=semen')).json();
    expect(list.data[0]).toMatchObject({ name: FX.project, unitCount: 2 });
    const refused = await call('DELETE', `/api/project/${list.data[0].id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'PROJECT_IN_USE',
      message: 'Project tidak dapat dihapus karena masih digunakan oleh unit',
    });

    const unknown = await call('POST', '/api/project', { name: 'X', customer_id: 99999 });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().fields).toEqual([{ field: 'customer_id', message: 'Customer tidak ditemukan' }]);
    const bad = await call('POST', '/api/project', { customer_id: 'abc' });
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json()
        .fields.map((f: { field: string }) => f.field)
        .sort(),
    ).toEqual(['customer_id', 'name']);
  });

  it('pages, sorts, searches by customer name and filters by customer', async () => {
    const cust = (await call('POST', '/api/customer', { name: 'PT Cari Saya' })).json().data;
    for (const name of ['P-A', 'P-B', 'P-C'])
      await call('POST', '/api/project', { name, customer_id: cust.id });
    const byCustomer = (await call('GET', '/api/project?q=cari%20saya&sort=-name&pageSize=2')).json();
    expect(byCustomer).toMatchObject({ total: 3, pageSize: 2 });
    expect(byCustomer.data.map((p: { name: string }) => p.name)).toEqual(['P-C', 'P-B']);
    const filtered = (
      await call('GET', `/api/project?customer_id=${cust.id}&sort=name&page=2&pageSize=2`)
    ).json();
    expect(filtered.data.map((p: { name: string }) => p.name)).toEqual(['P-C']);
    const byCustomerSort = await call('GET', '/api/project?sort=customer');
    expect(byCustomerSort.statusCode).toBe(200);
  });

  it('is closed to tire men', async () => {
    for (const [method, url] of [
      ['GET', '/api/project'],
      ['GET', '/api/project/1'],
      ['POST', '/api/project'],
      ['PUT', '/api/project/1'],
      ['DELETE', '/api/project/1'],
    ] as const) {
      expect((await call(method, url, { name: 'X', customer_id: 1 }, tireman)).statusCode).toBe(403);
    }
  });

  it('answers its list and detail as their reply schemas describe', async () => {
    const list = (await call('GET', '/api/project?pageSize=100')).json();
    API.listProjects.reply.parse(list);
    API.getProject.reply.parse((await call('GET', `/api/project/${list.data[0].id}`)).json());
  });
});
