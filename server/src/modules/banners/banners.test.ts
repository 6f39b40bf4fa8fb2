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

describe('banners', () => {
  it('adds, reads, updates and deletes a banner with the spec texts and the audit log', async () => {
    const created = await call('POST', '/api/banners', {
      name: 'Promo Ban',
      image: '2026/01/aaaaaaaaaaaaaaaa.png',
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      message: 'Banner berhasil Ditambahkan',
      data: { name: 'Promo Ban', image: '2026/01/aaaaaaaaaaaaaaaa.png' },
    });
    const id = created.json().data.id;
    expect((await call('GET', `/api/banners/${id}`)).json().name).toBe('Promo Ban');
    const updated = await call('PUT', `/api/banners/${id}`, {
      name: 'Promo Baru',
      image: '2026/02/bbbbbbbbbbbbbbbb.webp',
    });
    expect(updated.json()).toMatchObject({
      message: 'Banner berhasil di update',
      data: { name: 'Promo Baru', image: '2026/02/bbbbbbbbbbbbbbbb.webp' },
    });
    const del = await call('DELETE', `/api/banners/${id}`);
    expect(del.json().message).toBe('Banner berhasil dihapus');
    expect((await call('GET', `/api/banners/${id}`)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/banners/${id}`)).statusCode).toBe(404);
    const actions = rowsOf<{ action: string }>(
      await t.database.db.execute(
        sql`select action from audit_log where entity = 'banner' and entity_id = ${String(id)} order by id`,
      ),
    ).map((r) => r.action);
    expect(actions).toEqual(['create', 'update', 'delete']);
  });

  it('refuses a banner without name or image', async () => {
    const res = await call('POST', '/api/banners', {});
    expect(res.statusCode).toBe(400);
    expect(
      res
        .json()
        .fields.map((f: { field: string }) => f.field)
        .sort(),
    ).toEqual(['image', 'name']);
  });

  it('pages, sorts and searches', async () => {
    for (const name of ['Banner A', 'Banner B', 'Banner C', 'Lain']) {
      await call('POST', '/api/banners', { name, image: '2026/01/cccccccccccccccc.png' });
    }
    const res = (await call('GET', '/api/banners?q=banner&sort=name&pageSize=2&page=2')).json();
    expect(res).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(res.data.map((b: { name: string }) => b.name)).toEqual(['Banner C']);
    const newest = (await call('GET', '/api/banners')).json();
    expect(newest.data[0].name).toBe('Lain');
  });

  it('is closed to tire men', async () => {
    for (const [method, url] of [
      ['GET', '/api/banners'],
      ['POST', '/api/banners'],
      ['PUT', '/api/banners/1'],
      ['DELETE', '/api/banners/1'],
    ] as const) {
      expect((await call(method, url, { name: 'x', image: 'y' }, tireman)).statusCode).toBe(403);
    }
  });

  it('answers its list and detail as their reply schemas describe', async () => {
    const id = (
      await call('POST', '/api/banners', { name: 'Skema', image: '2026/01/eeeeeeeeeeeeeeee.png' })
    ).json().data.id;
    API.listBanners.reply.parse((await call('GET', '/api/banners')).json());
    API.getBanner.reply.parse((await call('GET', `/api/banners/${id}`)).json());
  });
});
