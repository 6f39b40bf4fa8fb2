import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, FX, type TestApp } from '../../../test/helpers';
import { sopEntries } from '../../db/schema';

let t: TestApp;
let admin: string;
let staff: string;
let tireman: string;
let ids: number[];

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login(FX.admin.email);
  staff = await t.login(FX.staff.email);
  tireman = await t.login(FX.tireman.email);
  // the five procedures of the spec, inserted out of order
  const titles = [
    'Profile Company',
    'Vulkanisir Procedure',
    'Tire Check Procedure',
    'Tire Retreading Process',
    'Repairing Tire Procedure',
  ];
  const rows = await t.database.db
    .insert(sopEntries)
    .values(titles.map((title, i) => ({ title, sort_order: (i + 3) % 5, video_url: '', description: '' })))
    .returning({ id: sopEntries.id, sort_order: sopEntries.sort_order });
  ids = rows.sort((a, b) => a.sort_order - b.sort_order).map((r) => r.id);
});
afterAll(() => t.close());

type Method = 'GET' | 'PUT';
const call = (method: Method, url: string, payload?: object, token = admin) =>
  t.app.inject({ method, url, payload, headers: { access_token: token } });

describe('SOP', () => {
  it('lists the procedures in their order for every signed-in user', async () => {
    for (const token of [admin, staff, tireman]) {
      const res = await call('GET', '/api/sop', undefined, token);
      expect(res.statusCode).toBe(200);
      expect(res.json().map((e: { id: number }) => e.id)).toEqual(ids);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/sop' })).statusCode).toBe(401);
  });

  it('lets an admin edit a procedure; staff and tire men may not', async () => {
    const body = {
      title: 'Tire Check Procedure',
      video_url: 'https://www.youtube.com/embed/abc123',
      description: 'Langkah pengecekan ban.',
    };
    const res = await call('PUT', `/api/sop/${ids[2]}`, body);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: 'SOP berhasil di update', data: { id: ids[2], ...body } });
    const listed = (await call('GET', '/api/sop')).json();
    expect(listed[2]).toMatchObject(body);
    expect((await call('PUT', `/api/sop/${ids[2]}`, body, staff)).statusCode).toBe(403);
    expect((await call('PUT', `/api/sop/${ids[2]}`, body, tireman)).statusCode).toBe(403);
  });

  it('refuses a video address that is not http(s) and a missing title', async () => {
    const res = await call('PUT', `/api/sop/${ids[0]}`, { title: '', video_url: 'javascript:alert(1)' });
    expect(res.statusCode).toBe(400);
    expect(
      res
        .json()
        .fields.map((f: { field: string }) => f.field)
        .sort(),
    ).toEqual(['title', 'video_url']);
    expect((await call('PUT', '/api/sop/99999', { title: 'x' })).statusCode).toBe(404);
  });
});
