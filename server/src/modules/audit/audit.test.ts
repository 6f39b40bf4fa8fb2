import { API } from '@itms/contracts/api';
import type { TAuditRow } from '@itms/contracts/audit';
import { auditSentences } from '@itms/contracts/rules/audit-text';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, FX, type TestApp } from '../../../test/helpers';
import { uploadPhoto } from '../../../test/uploads';
import { rowsOf } from '../../db/client';
import { users } from '../../db/schema';

let t: TestApp;
let admin: string;
let staff: string;
let staffId: number;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login(FX.admin.email);
  staff = await t.login(FX.staff.email);
  const [u] = await t.database.db.select().from(users).where(eq(users.email, FX.staff.email));
  staffId = u!.id;
});
afterAll(() => t.close());

const list = async (query: Record<string, string | number> = {}, token = admin) => {
  const qs = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString();
  return t.app.inject({ method: 'GET', url: `/api/audit?${qs}`, headers: { access_token: token } });
};
const rows = async (query: Record<string, string | number> = {}) => {
  const res = await list(query);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { data: TAuditRow[]; total: number; page: number; pageSize: number };
};

describe('audit log', () => {
  it('records who, when, what and the values before and after of each write', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/news',
      headers: { access_token: staff },
      payload: { title: 'Jadwal rotasi ban', news: 'Isi berita', author: 'EDP', imageUrl: '-' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.id as number;
    const updated = await t.app.inject({
      method: 'PUT',
      url: `/api/news/${id}`,
      headers: { access_token: staff },
      payload: { title: 'Jadwal rotasi ban (revisi)', news: 'Isi berita', author: 'EDP', imageUrl: '-' },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/news/${id}`,
      headers: { access_token: staff },
    });
    expect(removed.statusCode).toBe(200);

    const page = await rows({ entity: 'news', entityId: String(id) });
    expect(page.total).toBe(3);
    // the news is gone: no name to join, the id remains
    expect(page.data.map((l) => l.entityName)).toEqual([null, null, null]);
    const [del, upd, add] = page.data;
    for (const line of page.data) {
      expect(line.user).toMatchObject({ id: staffId, name: FX.staff.name, role: 'staff' });
      expect(Date.now() - new Date(line.createdAt).getTime()).toBeLessThan(5 * 60_000);
    }
    expect(add).toMatchObject({ action: 'create', before: null, after: { title: 'Jadwal rotasi ban' } });
    expect(upd).toMatchObject({
      action: 'update',
      before: { title: 'Jadwal rotasi ban' },
      after: { title: 'Jadwal rotasi ban (revisi)' },
    });
    expect(del).toMatchObject({
      action: 'delete',
      before: { title: 'Jadwal rotasi ban (revisi)' },
      after: null,
    });
  });

  it('names the entity by its human key, joined in SQL: a tire by its serial, in words per changed field', async () => {
    const serial = FX.installedSerial(1);
    const [tire] = rowsOf<{ id: number; groove_1: number; pressure: number; odometer: number }>(
      await t.database.db.execute(
        sql`select id, groove_1, pressure, odometer from tires where serial_number = ${serial}`,
      ),
    );
    const body = {
      groove_1: Number(tire!.groove_1) - 2,
      groove_2: 9,
      groove_3: 9,
      groove_4: 9,
      pressure: Number(tire!.pressure),
      odometer: Number(tire!.odometer) + 100,
    };
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/tire/${tire!.id}`,
      headers: { access_token: staff },
      payload: body,
    });
    expect(res.statusCode, res.body).toBe(200);
    const [line] = (await rows({ entity: 'tire', entityId: String(tire!.id), action: 'measure' })).data;
    expect(line).toMatchObject({ entityName: serial, entityId: String(tire!.id) });
    const sentences = auditSentences(line!.user!.name, line!);
    expect(sentences).toContain(
      `${FX.staff.name} mengubah RTD 1 ban ${serial} dari ${Number(tire!.groove_1).toLocaleString('id-ID')} menjadi ${body.groove_1.toLocaleString('id-ID')}`,
    );
    // the unchanged pressure is no sentence
    expect(sentences.some((s) => s.includes('tekanan'))).toBe(false);
  });

  it('records an account edit with the replaced values, never the password', async () => {
    const [u] = await t.database.db.select().from(users).where(eq(users.email, FX.tireman2.email));
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/tire-man/${u!.id}`,
      headers: { access_token: admin },
      payload: {
        name: 'Tari Baru',
        email: u!.email,
        phone: u!.phone,
        role: u!.role,
        password: 'sandi-kuat-gudang-7',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const [line] = (await rows({ entity: 'user', action: 'update', entityId: String(u!.id) })).data;
    expect(line).toMatchObject({ before: { name: FX.tireman2.name }, after: { name: 'Tari Baru' } });
    expect(line!.user?.email).toBe(FX.admin.email);
    expect(JSON.stringify(line)).not.toContain('sandi-kuat-gudang-7');
    expect(JSON.stringify(line)).not.toContain('password_hash');
  });

  it('records a signature change with the old and the new path', async () => {
    const drawn = await uploadPhoto(t, staff);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/tire-man/me/signature',
      headers: { access_token: staff },
      payload: { signature: drawn },
    });
    expect(res.statusCode, res.body).toBe(200);
    const [line] = (await rows({ entity: 'user', action: 'update-signature', userId: staffId })).data;
    expect(line).toMatchObject({
      before: { signature: '-' },
      after: { signature: drawn },
    });
  });

  it('filters by user, entity, action and date range in the app time zone, paged on the server', async () => {
    const db = t.database.db;
    // two lines at known instants: 2025-03-01 23:30 and 2025-03-02 00:30 in Jakarta (UTC+7)
    await db.execute(sql`insert into audit_log (user_id, action, entity, entity_id, created_at) values
      (${staffId}, 'update', 'unit', '77', '2025-03-01T16:30:00Z'),
      (${staffId}, 'update', 'unit', '78', '2025-03-01T17:30:00Z')`);
    const march1 = await rows({ dateStart: '2025-03-01', dateEnd: '2025-03-01' });
    expect(march1.data.map((r) => r.entityId)).toEqual(['77']);
    const march2 = await rows({ dateStart: '2025-03-02', dateEnd: '2025-03-02', entity: 'unit' });
    expect(march2.data.map((r) => r.entityId)).toEqual(['78']);

    const mine = await rows({ userId: staffId, pageSize: 2 });
    expect(mine.total).toBeGreaterThanOrEqual(5);
    expect(mine.data).toHaveLength(2);
    expect(mine.data.every((r) => r.user?.id === staffId)).toBe(true);
    const second = await rows({ userId: staffId, pageSize: 2, page: 2 });
    expect(second.data[0]!.id).toBeLessThan(mine.data[1]!.id);

    const logins = await rows({ action: 'login' });
    expect(logins.total).toBeGreaterThanOrEqual(2);
    expect(logins.data.every((r) => r.action === 'login' && r.entity === 'session')).toBe(true);

    const options = await t.app.inject({
      method: 'GET',
      url: '/api/audit/options',
      headers: { access_token: admin },
    });
    expect(options.json().entities).toEqual(expect.arrayContaining(['news', 'session', 'unit', 'user']));
    expect(options.json().users.map((u: { id: number }) => u.id)).toContain(staffId);
  });

  it('refuses malformed filters with the one error shape, and staff', async () => {
    const bad: Record<string, string>[] = [
      { dateStart: '2025-02-30' },
      { dateStart: '2025-03-02', dateEnd: '2025-03-01' },
      { userId: 'x' },
    ];
    for (const q of bad) {
      const res = await list(q);
      expect(res.statusCode, JSON.stringify(q)).toBe(400);
      expect(res.json()).toMatchObject({ statusCode: 400, code: 'VALIDATION' });
    }
    expect((await list({}, staff)).statusCode).toBe(403);
  });

  it('answers list and options replies that parse against their declared schemas', async () => {
    for (const [op, url] of [
      [API.listAuditLog, '/api/audit?pageSize=50'],
      [API.getAuditOptions, '/api/audit/options'],
    ] as const) {
      const res = await t.app.inject({ method: 'GET', url, headers: { access_token: admin } });
      expect(res.statusCode, res.body).toBe(200);
      expect(() => op.reply.parse(res.json()), url).not.toThrow();
    }
  });
});
