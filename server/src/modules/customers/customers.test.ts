import { API } from '@itms/contracts/api';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, FX, type TestApp } from '../../../test/helpers';
import { rowsOf } from '../../db/client';

let t: TestApp;
let staff: string;
let tireman: string;

beforeAll(async () => {
  t = await createTestApp();
  staff = await t.login(FX.staff.email);
  tireman = await t.login(FX.tireman.email);
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, payload?: object, token = staff) =>
  t.app.inject({ method, url, payload, headers: { access_token: token } });

describe('customers', () => {
  it('adds, reads, renames and deletes a customer with the spec texts and the audit log', async () => {
    const created = await call('POST', '/api/customer', { name: '  PT Baru Jaya ' });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      message: 'Customer berhasil Ditambahkan',
      data: { name: 'PT Baru Jaya', projectCount: 0 },
    });
    const { id, createdAt } = created.json().data;
    expect(new Date(createdAt).getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect((await call('GET', `/api/customer/${id}`)).json().name).toBe('PT Baru Jaya');

    const renamed = await call('PUT', `/api/customer/${id}`, { name: 'PT Baru Sentosa' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({
      message: 'Customer berhasil di update',
      data: { name: 'PT Baru Sentosa' },
    });

    const del = await call('DELETE', `/api/customer/${id}`);
    expect(del.statusCode).toBe(200);
    expect(del.json().message).toBe('Customer berhasil dihapus');
    expect((await call('GET', `/api/customer/${id}`)).statusCode).toBe(404);
    const actions = rowsOf<{ action: string }>(
      await t.database.db.execute(
        sql`select action from audit_log where entity = 'customer' and entity_id = ${String(id)} order by id`,
      ),
    ).map((r) => r.action);
    expect(actions).toEqual(['create', 'update', 'delete']);
  });

  it('refuses to delete a customer that projects use, and refuses an empty name', async () => {
    const list = (await call('GET', `/api/customer?q=${encodeURIComponent('logistik')}`)).json();
    expect(list.total).toBe(1);
    expect(list.data[0]).toMatchObject({ name: FX.customer, projectCount: 1 });
    const refused = await call('DELETE', `/api/customer/${list.data[0].id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'CUSTOMER_IN_USE',
      message: 'Customer tidak dapat dihapus karena masih digunakan oleh project',
    });
    const empty = await call('POST', '/api/customer', { name: ' ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fields).toEqual([{ field: 'name', message: 'Nama customer wajib diisi' }]);
    expect((await call('DELETE', '/api/customer/99999')).statusCode).toBe(404);
  });

  it('pages, sorts and searches', async () => {
    for (const name of ['CV Alfa', 'CV Beta', 'CV Gamma']) await call('POST', '/api/customer', { name });
    const page = (await call('GET', '/api/customer?q=cv&sort=name&pageSize=2&page=2')).json();
    expect(page).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(page.data.map((c: { name: string }) => c.name)).toEqual(['CV Gamma']);
    const desc = (await call('GET', '/api/customer?q=cv&sort=-name')).json();
    expect(desc.data.map((c: { name: string }) => c.name)).toEqual(['CV Gamma', 'CV Beta', 'CV Alfa']);
    // LIKE wildcards typed by people are taken literally
    expect((await call('GET', '/api/customer?q=%25')).json().total).toBe(0);
    expect((await call('GET', '/api/customer?sort=nope')).statusCode).toBe(400);
  });

  it('is closed to tire men', async () => {
    for (const [method, url] of [
      ['GET', '/api/customer'],
      ['GET', '/api/customer/1'],
      ['POST', '/api/customer'],
      ['PUT', '/api/customer/1'],
      ['DELETE', '/api/customer/1'],
    ] as const) {
      expect((await call(method, url, { name: 'X' }, tireman)).statusCode, `${method} ${url}`).toBe(403);
    }
  });

  it('answers its list and detail as their reply schemas describe', async () => {
    const list = (await call('GET', '/api/customer?pageSize=100')).json();
    API.listCustomers.reply.parse(list);
    API.getCustomer.reply.parse((await call('GET', `/api/customer/${list.data[0].id}`)).json());
  });
});
