import { API } from '@itms/contracts/api';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, FX, type TestApp } from '../../../test/helpers';
import { uploadPhoto } from '../../../test/uploads';
import { rowsOf } from '../../db/client';

let t: TestApp;
const tok = { staff: '', staff2: '', tireman: '' };

beforeAll(async () => {
  t = await createTestApp();
  for (const k of Object.keys(tok) as (keyof typeof tok)[]) tok[k] = await t.login(FX[k].email);
});
afterAll(() => t.close());

type Method = 'GET' | 'PUT' | 'POST';
const call = (token: string, method: Method, url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url: `/api${url}`,
    headers: { access_token: token },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

async function auditOf(action: string) {
  return rowsOf<{ user_id: number; entity_id: string; detail: unknown }>(
    await t.database.db.execute(
      sql`select user_id, entity_id, detail from audit_log where action = ${action} order by id`,
    ),
  );
}

describe('Profil saya: GET and PUT /api/me', () => {
  it('answers the own account without any password hash, for an office user and a tire man', async () => {
    const res = await call(tok.staff, 'GET', '/me');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      email: FX.staff.email,
      name: FX.staff.name,
      role: 'staff',
      phone: '081100000002',
      photo: '-',
      signature: '-',
    });
    expect(res.body).not.toMatch(/password|scrypt/);
    const tm = await call(tok.tireman, 'GET', '/me');
    expect(tm.statusCode).toBe(200);
    expect(tm.json().email).toBe(FX.tireman.email);
  });

  it('saves name, phone, an own photo and an own signature; the session user shows them', async () => {
    const photo = await uploadPhoto(t, tok.staff);
    const signature = await uploadPhoto(t, tok.staff);
    const res = await call(tok.staff, 'PUT', '/me', {
      name: '  Edi Saputra ',
      phone: '+62 812-3456-7890',
      photo,
      signature,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Profil berhasil disimpan',
      data: { name: 'Edi Saputra', phone: '081234567890', photo, signature },
    });
    // what the layout and the validation screens read
    const cred = (await call(tok.staff, 'POST', '/tire-man/credential')).json();
    expect(cred).toMatchObject({ name: 'Edi Saputra', phone: '081234567890', photo, signature });
    const [line] = (await auditOf('update-profile')).slice(-1);
    expect(line!.detail).toMatchObject({
      changed: ['name', 'phone', 'photo', 'signature'],
      after: { name: 'Edi Saputra', signature },
    });

    // saving again with the stored paths (the form sends them back) is fine; a missing field keeps it
    const again = await call(tok.staff, 'PUT', '/me', { name: 'Edi Saputra', phone: '081234567890' });
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toMatchObject({ photo, signature });
    // the photo removed ('' means none)
    const removed = await call(tok.staff, 'PUT', '/me', { name: 'Edi', phone: '081234567890', photo: '' });
    expect(removed.json().data).toMatchObject({ name: 'Edi', photo: '-', signature });
  });

  it("refuses someone else's upload or an unknown path, naming the field, and changes nothing", async () => {
    const before = (await call(tok.staff2, 'GET', '/me')).json();
    const foreign = await uploadPhoto(t, tok.tireman);
    const res = await call(tok.staff2, 'PUT', '/me', {
      name: 'Diganti',
      phone: before.phone,
      photo: foreign,
      signature: '2026/01/tidak-ada.png',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual([
      { field: 'photo', message: 'Foto tidak ditemukan, unggah ulang' },
      { field: 'signature', message: 'Tanda tangan tidak ditemukan, unggah ulang' },
    ]);
    expect((await call(tok.staff2, 'GET', '/me')).json()).toEqual(before);
  });

  it("refuses another account's phone number and bad input with Indonesian field messages", async () => {
    const taken = await call(tok.staff2, 'PUT', '/me', { name: 'Eka', phone: '081100000004' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({
      code: 'USER_CONTACT_TAKEN',
      message: 'Nomor HP sudah terdaftar, gunakan nomor lain',
      fields: [{ field: 'phone', message: 'Nomor HP sudah terdaftar, gunakan nomor lain' }],
    });
    const bad = await call(tok.staff2, 'PUT', '/me', { name: ' ', phone: '12' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual(
      expect.arrayContaining([
        { field: 'name', message: 'Nama wajib diisi' },
        { field: 'phone', message: 'Nomor HP tidak valid (contoh 08xxxxxxxxx)' },
      ]),
    );
  });
});

describe('PUT /api/me/password', () => {
  it('refuses a wrong current password, a short one and the same one; then changes it, keeping this session', async () => {
    const wrong = await call(tok.staff2, 'PUT', '/me/password', {
      current_password: 'bukan-ini',
      new_password: 'rahasia-baru-1',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      message: 'Password lama salah',
      fields: [{ field: 'current_password', message: 'Password lama salah' }],
    });
    const short = await call(tok.staff2, 'PUT', '/me/password', {
      current_password: FX.password,
      new_password: 'pendek',
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().fields).toEqual([
      { field: 'new_password', message: 'Password baru minimal 10 karakter' },
    ]);
    const same = await call(tok.staff2, 'PUT', '/me/password', {
      current_password: FX.password,
      new_password: FX.password,
    });
    expect(same.statusCode).toBe(400);
    expect(same.json().fields).toEqual([
      { field: 'new_password', message: 'Password baru harus berbeda dari password lama' },
    ]);
    // nothing changed so far: the old password still signs in (after this session ends)
    expect(await auditOf('change-password')).toEqual([]);

    const ok = await call(tok.staff2, 'PUT', '/me/password', {
      current_password: FX.password,
      new_password: 'rahasia-baru-1',
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({ message: 'Password berhasil diubah', data: { ended: 0 } });
    // this device stays signed in
    expect((await call(tok.staff2, 'GET', '/me')).statusCode).toBe(200);
    const [line] = await auditOf('change-password');
    expect(JSON.stringify(line)).not.toMatch(/rahasia|itms|scrypt/i);

    await call(tok.staff2, 'POST', '/tire-man-logout');
    const login = (password: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/tire-man/login',
        payload: { email: FX.staff2.email, password },
      });
    expect((await login(FX.password)).statusCode).toBe(401);
    const fresh = await login('rahasia-baru-1');
    expect(fresh.statusCode).toBe(200);
    tok.staff2 = fresh.json().access_token;
  });

  it("ends the user's other session rows, but not this one", async () => {
    // a stray second active row (the one-session index forbids it; dropped for this case only)
    const [me] = rowsOf<{ id: number }>(
      await t.database.db.execute(sql`select id from users where email = ${FX.tireman.email}`),
    );
    await t.database.db.execute(sql`drop index sessions_one_active_uq`);
    try {
      await t.database.db.execute(
        sql`insert into sessions (id, user_id, token_hash) values ('stray-session', ${me!.id}, 'stray-hash')`,
      );
      const ok = await call(tok.tireman, 'PUT', '/me/password', {
        current_password: FX.password,
        new_password: 'ban-tubeless-9',
      });
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json().data).toEqual({ ended: 1 });
      const active = rowsOf<{ id: string }>(
        await t.database.db.execute(
          sql`select id from sessions where user_id = ${me!.id} and revoked_at is null`,
        ),
      );
      expect(active).toHaveLength(1);
      expect(active[0]!.id).not.toBe('stray-session');
      expect((await call(tok.tireman, 'GET', '/me')).statusCode).toBe(200);
    } finally {
      await t.database.db.execute(
        sql`create unique index sessions_one_active_uq on sessions (user_id) where revoked_at is null`,
      );
    }
  });
});

// Issue 35, item 5: the current password is checked no more often than a login's (LOGIN_RATE_LIMIT,
// 10 in the tests), per account and per address, even when the attempts are sent at once
describe('PUT /api/me/password: attempts at the current password', () => {
  const LIMITED = {
    statusCode: 429,
    code: 'RATE_LIMITED',
    message: 'Terlalu banyak percobaan password lama yang salah. Coba lagi dalam 15 menit.',
  };
  const change = (token: string, current: string, address: string, next = 'kabut-pagi-sungai-31') =>
    t.app.inject({
      method: 'PUT',
      url: '/api/me/password',
      headers: { access_token: token },
      payload: { current_password: current, new_password: next },
      remoteAddress: address,
    });

  it('30 wrong current passwords at once: at most 10 are checked, the rest and then the right one get 429', async () => {
    const token = await t.login(FX.admin.email);
    const changesBefore = (await auditOf('change-password')).length;
    const replies = await Promise.all(
      Array.from({ length: 30 }, (_, i) => change(token, `salah-tebak-${i}`, '198.51.100.30')),
    );
    const checked = replies.filter((r) => r.statusCode === 400);
    const limited = replies.filter((r) => r.statusCode === 429);
    expect(checked.length + limited.length).toBe(30);
    expect(checked.length).toBeLessThanOrEqual(10);
    expect(checked[0]!.json().message).toBe('Password lama salah');
    expect(limited.length).toBeGreaterThanOrEqual(20);
    for (const r of limited) expect(r.json()).toEqual(LIMITED);
    // the account is locked for this check from any address, the right password included
    const right = await change(token, FX.password, '198.51.100.31');
    expect(right.statusCode).toBe(429);
    expect(right.json()).toEqual(LIMITED);
    // nothing changed: the old password still signs in
    expect(await auditOf('change-password')).toHaveLength(changesBefore);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/tire-man/login',
      payload: { email: FX.admin.email, password: FX.password },
      remoteAddress: '198.51.100.33',
    });
    expect(login.statusCode).toBe(409); // the password is right; the account is in use (this session)
  });

  it('the address that made them is limited for another account too; elsewhere that account changes its password', async () => {
    const token = await t.login(FX.tireman2.email);
    const fromThere = await change(token, FX.password, '198.51.100.30');
    expect(fromThere.statusCode).toBe(429);
    expect(fromThere.json()).toEqual(LIMITED);
    const elsewhere = await change(token, FX.password, '198.51.100.32');
    expect(elsewhere.statusCode, elsewhere.body).toBe(200);
  });
});

describe('replies by the endpoint table', () => {
  it('GET /api/me answers its schema, with no password', async () => {
    const me = await call(tok.tireman, 'GET', '/me');
    expect(me.statusCode, me.body).toBe(200);
    expect(API.getProfile.reply.parse(me.json()).email).toBe(FX.tireman.email);
    expect(me.body).not.toMatch(/password|hash/i);
  });
});
