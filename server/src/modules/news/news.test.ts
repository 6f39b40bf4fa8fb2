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

describe('news (Berita)', () => {
  it('adds news without an image, adds one, edits and deletes it with the spec texts', async () => {
    const created = await call('POST', '/api/news', {
      title: 'Pengecekan Bulanan',
      news: 'Semua unit dicek minggu ini.',
      author: 'EDP',
      imageUrl: '',
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      message: 'Berita berhasil Ditambahkan',
      data: { title: 'Pengecekan Bulanan', author: 'EDP', imageUrl: null },
    });
    const id = created.json().data.id;
    const updated = await call('PUT', `/api/news/${id}`, {
      title: 'Pengecekan Bulanan (revisi)',
      news: 'Jadwal berubah.',
      author: 'EDP',
      imageUrl: '2026/03/dddddddddddddddd.jpg',
    });
    expect(updated.json()).toMatchObject({
      message: 'Berita berhasil di update',
      data: {
        title: 'Pengecekan Bulanan (revisi)',
        news: 'Jadwal berubah.',
        imageUrl: '2026/03/dddddddddddddddd.jpg',
      },
    });
    expect((await call('GET', `/api/news/${id}`)).json().title).toBe('Pengecekan Bulanan (revisi)');
    const del = await call('DELETE', `/api/news/${id}`);
    expect(del.json().message).toBe('Berhasil menghapus berita');
    expect((await call('GET', `/api/news/${id}`)).statusCode).toBe(404);
    const [audited] = rowsOf<{ n: number }>(
      await t.database.db.execute(
        sql`select count(*)::int as n from audit_log where entity = 'news' and entity_id = ${String(id)}`,
      ),
    );
    expect(audited!.n).toBe(3);
  });

  it('refuses news without title, body or author', async () => {
    const res = await call('POST', '/api/news', { title: '' });
    expect(res.statusCode).toBe(400);
    expect(
      res
        .json()
        .fields.map((f: { field: string }) => f.field)
        .sort(),
    ).toEqual(['author', 'news', 'title']);
  });

  it('pages, sorts and searches title, body and author', async () => {
    for (const [title, author] of [
      ['Alfa', 'Budi'],
      ['Beta', 'Citra'],
      ['Gamma', 'Budi'],
    ]) {
      await call('POST', '/api/news', { title, news: `Isi ${title}`, author });
    }
    const byAuthor = (await call('GET', '/api/news?q=budi&sort=-title')).json();
    expect(byAuthor.data.map((n: { title: string }) => n.title)).toEqual(['Gamma', 'Alfa']);
    const byBody = (await call('GET', '/api/news?q=isi%20beta')).json();
    expect(byBody.total).toBe(1);
    const page = (await call('GET', '/api/news?sort=title&pageSize=1&page=3')).json();
    expect(page).toMatchObject({ total: 3, page: 3, pageSize: 1 });
    expect(page.data[0].title).toBe('Gamma');
  });

  it('is closed to tire men', async () => {
    for (const [method, url] of [
      ['GET', '/api/news'],
      ['POST', '/api/news'],
      ['PUT', '/api/news/1'],
      ['DELETE', '/api/news/1'],
    ] as const) {
      expect((await call(method, url, { title: 'x', news: 'y', author: 'z' }, tireman)).statusCode).toBe(403);
    }
  });

  it('answers its list and detail as their reply schemas describe', async () => {
    const id = (await call('POST', '/api/news', { title: 'Skema', news: 'Isi', author: 'EDP' })).json().data
      .id;
    API.listNews.reply.parse((await call('GET', '/api/news')).json());
    API.getNews.reply.parse((await call('GET', `/api/news/${id}`)).json());
  });
});
