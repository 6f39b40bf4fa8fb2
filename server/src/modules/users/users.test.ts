import { API } from '@itms/contracts/api';
import { sql } from 'drizzle-orm';
import { io as connect } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, FX, type TestApp } from '../../../test/helpers';
import { uploadPhoto } from '../../../test/uploads';
import { rowsOf } from '../../db/client';

let t: TestApp;
let admin: string;
let staff: string;
let tireman: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login(FX.admin.email);
  staff = await t.login(FX.staff.email);
  tireman = await t.login(FX.tireman.email);
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (token: string, method: Method, url: string, payload?: object | string, headers = {}) =>
  t.app.inject({ method, url, payload, headers: { access_token: token, ...headers } });

async function userId(app: TestApp, email: string): Promise<number> {
  const rows = rowsOf<{ id: number }>(
    await app.database.db.execute(sql`select id from users where email = ${email}`),
  );
  return rows[0]!.id;
}

const register = (body: Record<string, unknown>) =>
  call(admin, 'POST', '/api/tire-man/register', {
    name: 'Budi Baru',
    email: 'budi@test.local',
    phone: '081299990001',
    password: 'kopi-tubruk-pagi-4',
    nik: '3201010101010001',
    role: 'tire-man',
    ...body,
  });

describe('Tire Man list', () => {
  it('pages, sorts and searches accounts, with the live Online flag and never a password', async () => {
    const res = await call(admin, 'GET', '/api/tire-man?sort=name');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ total: 7, page: 1, pageSize: 10 });
    const names = body.data.map((u: { name: string }) => u.name);
    expect(names).toEqual([...names].sort((a: string, b: string) => a.localeCompare(b)));
    expect(JSON.stringify(body)).not.toMatch(/password/i);
    const byEmail = Object.fromEntries(body.data.map((u: { email: string }) => [u.email, u]));
    expect(byEmail[FX.admin.email]).toMatchObject({ role: 'admin', isLogin: true, phone: '081100000001' });
    expect(byEmail[FX.tireman.email].isLogin).toBe(true);
    expect(byEmail[FX.tireman2.email].isLogin).toBe(false);
    expect(Object.keys(byEmail[FX.staff.email]).sort()).toEqual(
      [
        'createdAt',
        'department',
        'email',
        'id',
        'isLogin',
        'name',
        'nik',
        'phone',
        'photo',
        'role',
        'signature',
      ].sort(),
    );

    const last = (await call(admin, 'GET', '/api/tire-man?pageSize=5&page=2&sort=-id')).json();
    expect(last).toMatchObject({ total: 7, page: 2, pageSize: 5 });
    expect(last.data.map((u: { email: string }) => u.email)).toEqual([FX.staff.email, FX.admin.email]);

    const search = (await call(admin, 'GET', '/api/tire-man?q=tireman')).json();
    expect(search.data.map((u: { email: string }) => u.email).sort()).toEqual(
      [FX.tireman.email, FX.tireman2.email].sort(),
    );
    const staffOnly = (await call(admin, 'GET', '/api/tire-man?role=staff')).json();
    expect(staffOnly.total).toBe(2);
    const workshopOnly = (await call(admin, 'GET', '/api/tire-man?role=workshop')).json();
    expect(workshopOnly.data.map((u: { email: string }) => u.email)).toEqual([FX.workshop.email]);
    const customersOnly = (await call(admin, 'GET', '/api/tire-man?role=customer')).json();
    expect(customersOnly.data.map((u: { email: string }) => u.email)).toEqual([FX.customerUser.email]);

    const one = await call(admin, 'GET', `/api/tire-man/${await userId(t, FX.staff.email)}`);
    expect(one.json()).toMatchObject({ email: FX.staff.email, isLogin: true });
    expect((await call(admin, 'GET', '/api/tire-man/99999')).statusCode).toBe(404);
  });

  it('refuses a sort column outside the whitelist', async () => {
    const res = await call(admin, 'GET', '/api/tire-man?sort=password_hash');
    expect(res.statusCode).toBe(400);
    expect(res.json().fields[0].field).toBe('sort');
  });

  it('lets only admins manage accounts; office users get the tire men for selects', async () => {
    for (const [method, url] of [
      ['GET', '/api/tire-man'],
      ['GET', '/api/tire-man/1'],
      ['POST', '/api/tire-man/register'],
      ['PUT', '/api/tire-man/1'],
      ['POST', '/api/tire-man/1/force-logout'],
      ['DELETE', '/api/tire-man/1'],
    ] as const) {
      expect((await call(staff, method, url, {})).statusCode, `${method} ${url} as staff`).toBe(403);
      expect((await call(tireman, method, url, {})).statusCode, `${method} ${url} as tire man`).toBe(403);
    }
    const field = await call(staff, 'GET', '/api/tire-man-field');
    expect(field.statusCode).toBe(200);
    expect(field.json().map((u: { name: string }) => u.name)).toEqual(
      [FX.tireman2.name, FX.tireman.name].sort(),
    );
    expect(JSON.stringify(field.json())).not.toMatch(/password|email/);
    expect((await call(tireman, 'GET', '/api/tire-man-field')).statusCode).toBe(403);
  });
});

describe('registration', () => {
  it('registers through the wizard (role 3, form-urlencoded) with a 5-field reply and the spec text', async () => {
    const form = new URLSearchParams({
      name: 'Rudi Wizard',
      email: 'Rudi@Test.Local',
      phone: '+6281299990002',
      password: 'payung-hijau-sore-6',
      nik: '3201010101010002',
      role: '3',
    }).toString();
    const res = await call(admin, 'POST', '/api/tire-man/register', form, {
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.message).toBe('Sukses / User Ditambahkan');
    expect(Object.keys(body.data).sort()).toEqual(['email', 'id', 'name', 'phone', 'role']);
    expect(body.data).toMatchObject({ email: 'rudi@test.local', phone: '081299990002', role: 'tire-man' });
    // the new tire man can sign in with the default password
    expect(await t.login('rudi@test.local', 'payung-hijau-sore-6')).toBeTruthy();
    const [logged] = rowsOf<{ n: number }>(
      await t.database.db.execute(
        sql`select count(*)::int as n from audit_log where entity = 'user' and action = 'create' and entity_id = ${String(body.data.id)}`,
      ),
    );
    expect(logged!.n).toBe(1);
  });

  it('maps the wizard choices 1 and 2 to admin and staff', async () => {
    const a = await register({ email: 'a1@test.local', phone: '081299990011', role: 1 });
    expect(a.json().data.role).toBe('admin');
    const s = await register({ email: 's2@test.local', phone: '081299990012', role: '2' });
    expect(s.json().data.role).toBe('staff');
  });

  it('refuses a duplicate email or phone with 409 naming the field', async () => {
    const email = await register({ email: FX.staff.email.toUpperCase(), phone: '081299990021' });
    expect(email.statusCode).toBe(409);
    expect(email.json().message).toContain('Email sudah terdaftar');
    expect(email.json().code).toBe('USER_CONTACT_TAKEN');
    expect(email.json().fields).toEqual([{ field: 'email', message: expect.stringContaining('Email') }]);
    const phone = await register({ email: 'lain@test.local', phone: '+6281100000002' });
    expect(phone.statusCode).toBe(409);
    expect(phone.json().fields.map((f: { field: string }) => f.field)).toEqual(['phone']);
  });

  it('refuses bad input with 400 and the fields', async () => {
    const res = await register({
      name: '',
      email: 'bukan-email',
      phone: '12',
      nik: '12ab',
      role: 'boss',
      password: 'x',
    });
    expect(res.statusCode).toBe(400);
    const fields = res
      .json()
      .fields.map((f: { field: string }) => f.field)
      .sort();
    expect(fields).toEqual(['email', 'name', 'nik', 'password', 'phone', 'role']);
    expect(res.json().fields.find((f: { field: string }) => f.field === 'nik').message).toBe(
      'NIK hanya boleh berisi angka',
    );
  });
});

describe('photo and signature of an account', () => {
  it("takes images the admin uploaded or the account already has, not someone else's", async () => {
    const message = {
      photo: 'Foto tidak ditemukan, unggah ulang',
      signature: 'Tanda tangan tidak ditemukan, unggah ulang',
    };
    const theirs = await uploadPhoto(t, tireman);
    const refused = await register({
      email: 'foto@test.local',
      phone: '081299990041',
      photo: theirs,
      signature: theirs,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields).toEqual([
      { field: 'photo', message: message.photo },
      { field: 'signature', message: message.signature },
    ]);
    const [photo, signature] = [await uploadPhoto(t, admin), await uploadPhoto(t, admin)];
    const created = await register({ email: 'foto@test.local', phone: '081299990041', photo, signature });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.id as number;
    const edit = (body: Record<string, unknown>) =>
      call(admin, 'PUT', `/api/tire-man/${id}`, {
        name: 'Budi Baru',
        email: 'foto@test.local',
        phone: '081299990041',
        role: 'tire-man',
        ...body,
      });
    // kept as they are, or replaced by another upload of the admin's; never by another user's file
    expect((await edit({ photo, signature })).statusCode).toBe(200);
    const foreign = await edit({ photo, signature: theirs });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().fields).toEqual([{ field: 'signature', message: message.signature }]);
    const next = await uploadPhoto(t, admin);
    expect((await edit({ photo: next, signature })).statusCode).toBe(200);
    expect((await call(admin, 'GET', `/api/tire-man/${id}`)).json()).toMatchObject({
      photo: next,
      signature,
    });
  });
});

describe('edit, delete and the last admin', () => {
  it('edits a tire man; the password changes only when one is typed, and then his session ends', async () => {
    const tm2 = await t.login(FX.tireman2.email);
    const id = await userId(t, FX.tireman2.email);
    const edit = (body: Record<string, unknown>) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/tire-man/${id}`,
        headers: { access_token: admin },
        payload: {
          name: 'Tari Baru',
          email: FX.tireman2.email,
          phone: '081100000005',
          role: 'tire-man',
          nik: '123',
          department: 'Operasional',
          password: '',
          ...body,
        },
      });
    const res = await edit({});
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Data Tireman Berhasil Diedit');
    expect(res.json().data).toMatchObject({ name: 'Tari Baru', nik: '123', department: 'Operasional' });
    // no password typed: the session and the old password still work
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/tire-man-login',
      headers: { access_token: tm2 },
    });
    expect(me.statusCode).toBe(200);

    const withPassword = await edit({ password: 'lampu-kuning-malam-9' });
    expect(withPassword.statusCode).toBe(200);
    const after = await t.app.inject({
      method: 'GET',
      url: '/api/tire-man-login',
      headers: { access_token: tm2 },
    });
    expect(after.statusCode).toBe(401);
    expect(await t.login(FX.tireman2.email, 'lampu-kuning-malam-9')).toBeTruthy();

    const taken = await edit({ email: FX.staff.email });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().fields[0].field).toBe('email');
    const short = await edit({ password: 'abc' });
    expect(short.statusCode).toBe(400);
    expect(short.json().fields[0]).toMatchObject({
      field: 'password',
      message: 'Password minimal 10 karakter',
    });
  });

  // issue 20: an admin links a tire man to projects (Proyek); his units on the phone are theirs
  it('links a tire man to projects: the set is replaced, audited, returned by GET, and kept when left out', async () => {
    const id = await userId(t, FX.tireman.email);
    const [fx] = rowsOf<{ id: number; customer_id: number }>(
      await t.database.db.execute(sql`select id, customer_id from projects where name = ${FX.project}`),
    );
    const [extra] = rowsOf<{ id: number }>(
      await t.database.db.execute(
        sql`insert into projects (name, customer_id) values ('Proyek Tambahan', ${fx!.customer_id}) returning id`,
      ),
    );
    const edit = (body: Record<string, unknown>, contentType?: string) =>
      call(
        admin,
        'PUT',
        `/api/tire-man/${id}`,
        contentType
          ? new URLSearchParams({
              name: FX.tireman.name,
              email: FX.tireman.email,
              phone: '081100000004',
              role: 'tire-man',
              ...(body as Record<string, string>),
            }).toString()
          : {
              name: FX.tireman.name,
              email: FX.tireman.email,
              phone: '081100000004',
              role: 'tire-man',
              ...body,
            },
        contentType ? { 'content-type': contentType } : {},
      );
    const linked = await edit({ project_ids: [extra!.id, fx!.id, fx!.id] });
    expect(linked.statusCode, linked.body).toBe(200);
    expect(linked.json().data.project_ids).toEqual([fx!.id, extra!.id].sort((a, b) => a - b));
    expect((await call(admin, 'GET', `/api/tire-man/${id}`)).json().project_ids).toEqual(
      [fx!.id, extra!.id].sort((a, b) => a - b),
    );
    const [entry] = rowsOf<{ detail: { changed: string[]; before: object; after: object } }>(
      await t.database.db.execute(
        sql`select detail from audit_log where entity = 'user' and action = 'update' and entity_id = ${String(id)} order by id desc limit 1`,
      ),
    );
    expect(entry!.detail.changed).toContain('project_ids');
    expect(entry!.detail.before).toMatchObject({ project_ids: [] });
    expect(entry!.detail.after).toMatchObject({ project_ids: [fx!.id, extra!.id].sort((a, b) => a - b) });

    // left out: the links stay; a form-urlencoded "id" replaces the set
    expect((await edit({ department: 'Lapangan' })).json().data.project_ids).toHaveLength(2);
    const form = await edit({ project_ids: String(extra!.id) }, 'application/x-www-form-urlencoded');
    expect(form.statusCode, form.body).toBe(200);
    expect(form.json().data.project_ids).toEqual([extra!.id]);

    // an unknown project: 400 naming the field, nothing changed
    const unknown = await edit({ project_ids: [999999] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().fields[0]).toMatchObject({
      field: 'project_ids',
      message: 'Proyek tidak ditemukan',
    });
    expect((await call(admin, 'GET', `/api/tire-man/${id}`)).json().project_ids).toEqual([extra!.id]);

    // an empty list unlinks him
    expect((await edit({ project_ids: [] })).json().data.project_ids).toEqual([]);
  });

  it('never lets the last admin be demoted or deleted', async () => {
    const own = await userId(t, FX.admin.email);
    // there may be another admin from the wizard test: demote every other admin first
    const admins = rowsOf<{ id: number; email: string; phone: string }>(
      await t.database.db.execute(
        sql`select id, email, phone from users where role = 'admin' and id <> ${own}`,
      ),
    );
    for (const a of admins) {
      const res = await call(admin, 'PUT', `/api/tire-man/${a.id}`, {
        name: 'Turun',
        email: a.email,
        phone: a.phone,
        role: 'staff',
      });
      expect(res.statusCode).toBe(200);
    }
    const demote = await call(admin, 'PUT', `/api/tire-man/${own}`, {
      name: FX.admin.name,
      email: FX.admin.email,
      phone: '081100000001',
      role: 'staff',
    });
    expect(demote.statusCode).toBe(409);
    expect(demote.json().message).toBe('Tidak dapat mengubah atau menghapus admin terakhir');
    expect(demote.json().code).toBe('LAST_ADMIN');
    expect((await call(admin, 'DELETE', `/api/tire-man/${own}`)).statusCode).toBe(409);
    const still = await call(admin, 'GET', `/api/tire-man/${own}`);
    expect(still.json().role).toBe('admin');
  });

  it('deletes an account without history and refuses one with checks', async () => {
    const created = await register({ email: 'hapus@test.local', phone: '081299990031' });
    const id = created.json().data.id;
    const del = await call(admin, 'DELETE', `/api/tire-man/${id}`);
    expect(del.statusCode).toBe(200);
    expect(del.json().message).toBe('User berhasil dihapus');
    expect((await call(admin, 'GET', `/api/tire-man/${id}`)).statusCode).toBe(404);

    const tm = await userId(t, FX.tireman.email);
    await t.database.db.execute(sql`insert into tire_checks (unit_id, plate_number, tireman_id, location_id, odometer)
      select u.id, u.plate_number, ${tm}, (select min(id) from locations), 1000 from units u where u.plate_number = ${FX.tronton}`);
    const refused = await call(admin, 'DELETE', `/api/tire-man/${tm}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('User tidak dapat dihapus karena sudah memiliki riwayat pengecekan');
    expect(refused.json().code).toBe('USER_HAS_HISTORY');
  });

  it('lets any signed-in user store their own signature, one he uploaded himself', async () => {
    const drawn = await uploadPhoto(t, tireman);
    for (const foreign of [await uploadPhoto(t, admin), '2026/01/abcdef0123456789.png']) {
      const refused = await call(tireman, 'PUT', '/api/tire-man/me/signature', { signature: foreign });
      expect(refused.statusCode, foreign).toBe(400);
      expect(refused.json().fields).toEqual([
        { field: 'signature', message: 'Tanda tangan tidak ditemukan, unggah ulang' },
      ]);
    }
    const res = await call(tireman, 'PUT', '/api/tire-man/me/signature', { signature: drawn });
    expect(res.statusCode).toBe(200);
    const me = await call(tireman, 'GET', '/api/tire-man-login');
    expect(me.json().signature).toBe(drawn);
    expect((await call(tireman, 'PUT', '/api/tire-man/me/signature', { signature: '' })).statusCode).toBe(
      400,
    );
  });
});

describe('force logout', () => {
  it('revokes the session, sends session-clear to his open page, and the token then gets 401', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (t.app.server.address() as { port: number }).port;
    const id = await userId(t, FX.tireman.email);
    const socket = connect(`http://127.0.0.1:${port}`, {
      auth: { token: tireman },
      transports: ['websocket'],
    });
    await new Promise<void>((resolve, reject) => {
      socket.on('connect', () => resolve());
      socket.on('connect_error', reject);
    });
    const cleared = new Promise((resolve) => socket.on('session-clear', resolve));
    const listed = await t.app.inject({
      method: 'GET',
      url: `/api/tire-man/${id}`,
      headers: { access_token: admin },
    });
    expect(listed.json().isLogin).toBe(true);

    const out = await t.app.inject({
      method: 'POST',
      url: `/api/tire-man/${id}/force-logout`,
      headers: { access_token: admin },
    });
    expect(out.statusCode).toBe(200);
    expect(out.json().data).toEqual({ id, revoked: 1 });
    await expect(cleared).resolves.toEqual({ reason: 'revoked' });
    socket.close();

    const after = await t.app.inject({
      method: 'GET',
      url: '/api/tire-man-login',
      headers: { access_token: tireman },
    });
    expect(after.statusCode).toBe(401);
    const row = await t.app.inject({
      method: 'GET',
      url: `/api/tire-man/${id}`,
      headers: { access_token: admin },
    });
    expect(row.json().isLogin).toBe(false);
    // he can sign in again at once
    expect(await t.login(FX.tireman.email)).toBeTruthy();
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/tire-man/99999/force-logout',
          headers: { access_token: admin },
        })
      ).statusCode,
    ).toBe(404);
  });
});

describe('replies by the endpoint table', () => {
  it('the list, the select list and the detail answer their schemas, with no password', async () => {
    const list = await call(admin, 'GET', '/api/tire-man?pageSize=50');
    expect(list.statusCode, list.body).toBe(200);
    const page = API.listTireMen.reply.parse(list.json());
    expect(page.data.length).toBeGreaterThan(0);
    const options = await call(staff, 'GET', '/api/tire-man-field');
    expect(API.listTireManOptions.reply.parse(options.json()).length).toBeGreaterThan(0);
    const one = await call(admin, 'GET', `/api/tire-man/${page.data[0]!.id}`);
    expect(API.getTireMan.reply.parse(one.json()).project_ids).toBeInstanceOf(Array);
    expect(list.body + options.body + one.body).not.toMatch(/password|hash/i);
  });
});
