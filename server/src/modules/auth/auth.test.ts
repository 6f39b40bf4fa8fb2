import { API } from '@itms/contracts/api';
import { sql } from 'drizzle-orm';
import { io as connectSocket } from 'socket.io-client';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, FX, type TestApp } from '../../../test/helpers';
import { ConfigError, loadConfig } from '../../config';
import { rowsOf } from '../../db/client';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const login = (email: string, password: string, extra: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/tire-man/login', payload: { email, password }, headers: extra });

describe('sessions', () => {
  it('logs in with JSON, answers the user behind the token, refuses a second login, and logs out', async () => {
    const res = await login(FX.staff.email, FX.password);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.access_token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(body.payload.session).toMatch(/^[0-9a-f-]{36}$/);
    expect(body.payload.user).toMatchObject({ email: FX.staff.email, role: 'staff', name: FX.staff.name });
    expect(JSON.stringify(body)).not.toContain('password');

    const me = await t.app.inject({
      method: 'GET',
      url: '/api/tire-man-login',
      headers: { access_token: body.access_token },
    });
    expect(me.json()).toMatchObject({ name: FX.staff.name });
    const cred = await t.app.inject({
      method: 'POST',
      url: '/api/tire-man/credential',
      headers: { authorization: `Bearer ${body.access_token}` },
    });
    expect(cred.json().name).toBe(FX.staff.name);

    const second = await login(FX.staff.email, FX.password);
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({ detail: 'userIsAlreadyLogin', code: 'ALREADY_LOGGED_IN' });

    const out = await t.app.inject({
      method: 'POST',
      url: '/api/tire-man-logout',
      headers: { access_token: body.access_token },
    });
    expect(out.statusCode).toBe(200);
    const after = await t.app.inject({
      method: 'GET',
      url: '/api/tire-man-login',
      headers: { access_token: body.access_token },
    });
    expect(after.statusCode).toBe(401);
    expect(after.json().code).toBe('UNAUTHORIZED');

    // logged out: the account can sign in again
    expect((await login(FX.staff.email, FX.password)).statusCode).toBe(200);
  });

  it('accepts form-urlencoded bodies as field clients send them', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/tire-man/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `email=${encodeURIComponent(FX.tireman.email)}&password=${FX.password}`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().payload.user.role).toBe('tire-man');
  });

  it('refuses a wrong password with 401 and an Indonesian message, and bad input with field errors', async () => {
    const wrong = await login(FX.admin.email, 'salah-salah');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().message).toBe('Email atau password salah');
    const bad = await login('bukan-email', '');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('VALIDATION');
    expect(
      bad
        .json()
        .fields.map((f: { field: string }) => f.field)
        .sort(),
    ).toEqual(['email', 'password']);
  });

  it('refuses requests without a token or with an unknown one', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/tire-man-login' })).statusCode).toBe(401);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/tire-man-login',
      headers: { access_token: 'nope' },
    });
    expect(res.statusCode).toBe(401);
  });

  it('rate-limits repeated failed logins of one account with 429', async () => {
    const limited = await createTestApp({ loginRateLimit: 3 });
    try {
      for (let i = 0; i < 3; i++) {
        const r = await limited.app.inject({
          method: 'POST',
          url: '/api/tire-man/login',
          payload: { email: FX.staff2.email, password: 'salah' },
        });
        expect(r.statusCode).toBe(401);
      }
      const blocked = await limited.app.inject({
        method: 'POST',
        url: '/api/tire-man/login',
        payload: { email: FX.staff2.email, password: FX.password },
      });
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json().message).toContain('Terlalu banyak percobaan');
    } finally {
      await limited.close();
    }
  });

  it('expires an office session left idle longer than SESSION_IDLE_MINUTES', async () => {
    const idle = await createTestApp({ sessionIdleMinutes: 1 });
    try {
      // an office account: tire men idle out after SESSION_IDLE_MINUTES_FIELD (below)
      const token = await idle.login(FX.admin.email);
      await idle.database.db.execute(
        (await import('drizzle-orm')).sql`update sessions set last_seen_at = now() - interval '2 minutes'`,
      );
      const res = await idle.app.inject({
        method: 'GET',
        url: '/api/tire-man-login',
        headers: { access_token: token },
      });
      expect(res.statusCode).toBe(401);
      // an expired session does not block a new login
      expect(await idle.login(FX.admin.email)).toBeTruthy();
    } finally {
      await idle.close();
    }
  });
});

describe('forgot password', () => {
  it('sends a reset link over WhatsApp for a known number and lets the user set a new password', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/tire-man/forgot-password',
      payload: { phone: '+6281100000003' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('mohon cek whatsapp anda');
    const sent = t.whatsappOutbox.at(-1)!;
    expect(sent.text).toContain('/reset-password?token=');
    const token = sent.text.split('token=')[1]!;
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/tire-man/reset-password',
      payload: { token, password: 'hujan-deras-siang-1' },
    });
    expect(reset.statusCode).toBe(200);
    expect((await login(FX.staff2.email, 'hujan-deras-siang-1')).statusCode).toBe(200);
    // a link works once
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/tire-man/reset-password',
      payload: { token, password: 'hujan-deras-siang-2' },
    });
    expect(again.statusCode).toBe(400);
  });

  // an unknown well-formed number gets the same 200 as a known one (password-reset.test.ts)
  it("answers malformed numbers with the spec's message", async () => {
    for (const phone of ['0812', '12345']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/tire-man/forgot-password',
        payload: { phone },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain('Tolong tulis nomor WA dengan benar');
    }
  });
});

describe('sessions on phones', () => {
  const phoneLogin = (email: string, device_id?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/tire-man/login',
      payload: { email, password: FX.password, ...(device_id === undefined ? {} : { device_id }) },
    });
  const me = (token: string) =>
    t.app.inject({ method: 'GET', url: '/api/tire-man-login', headers: { access_token: token } });
  const idleFor = (session: string, interval: string) =>
    t.database.db.execute(
      sql`update sessions set last_seen_at = now() - ${interval}::interval where id = ${session}`,
    );

  // each case starts with nobody signed in (the cases above leave sessions open)
  beforeEach(async () => {
    await t.database.db.execute(sql`update sessions set revoked_at = now() where revoked_at is null`);
  });

  it('a login from the same phone replaces its old session; the old page is told and its token ends', async () => {
    const first = await phoneLogin(FX.tireman.email, 'hp-tono-7f3a');
    expect(first.statusCode, first.body).toBe(200);
    const old = first.json();
    const [row] = rowsOf<{ device_id: string | null }>(
      await t.database.db.execute(sql`select device_id from sessions where id = ${old.payload.session}`),
    );
    expect(row!.device_id).toBe('hp-tono-7f3a');

    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (t.app.server.address() as { port: number }).port;
    const socket = connectSocket(`http://127.0.0.1:${port}`, {
      auth: { token: old.access_token },
      transports: ['websocket'],
    });
    let fresh: { access_token: string; payload: { session: string } };
    try {
      await new Promise<void>((resolve, reject) => {
        socket.on('connect', () => resolve());
        socket.on('connect_error', reject);
      });
      const cleared = new Promise((resolve) => socket.on('session-clear', resolve));

      // the browser died and the app signs in again from the same phone: no 409
      const again = await phoneLogin(FX.tireman.email, 'hp-tono-7f3a');
      expect(again.statusCode, again.body).toBe(200);
      fresh = again.json();
      expect(fresh.access_token).not.toBe(old.access_token);
      await expect(cleared).resolves.toEqual({ reason: 'revoked' });
    } finally {
      socket.close();
    }
    expect((await me(old.access_token)).statusCode).toBe(401);
    expect((await me(fresh.access_token)).json()).toMatchObject({ email: FX.tireman.email });
    // still one active session, the new one
    const active = rowsOf<{ id: string }>(
      await t.database.db.execute(
        sql`select s.id from sessions s join users u on u.id = s.user_id
            where u.email = ${FX.tireman.email} and s.revoked_at is null`,
      ),
    );
    expect(active.map((a) => a.id)).toEqual([fresh.payload.session]);

    // another phone, or a login without a device id, is still refused
    for (const other of [
      await phoneLogin(FX.tireman.email, 'hp-lain-0001'),
      await phoneLogin(FX.tireman.email),
    ]) {
      expect(other.statusCode).toBe(409);
      expect(other.json()).toMatchObject({
        code: 'ALREADY_LOGGED_IN',
        detail: 'userIsAlreadyLogin',
        message: 'Akun sedang digunakan atau Login di perangkat lain',
      });
    }
    expect((await me(fresh.access_token)).statusCode).toBe(200);
  });

  it('a device id does not take over a session opened without one', async () => {
    const web = await phoneLogin(FX.tireman.email);
    expect(web.statusCode).toBe(200);
    expect((await phoneLogin(FX.tireman.email, 'hp-tono-7f3a')).statusCode).toBe(409);
    expect((await me(web.json().access_token)).statusCode).toBe(200);
  });

  it('refuses a device id with spaces or over 200 characters, naming the field', async () => {
    for (const device_id of ['hp tono', 'x'.repeat(201)]) {
      const res = await phoneLogin(FX.tireman.email, device_id);
      expect(res.statusCode).toBe(400);
      expect(res.json().fields.map((f: { field: string }) => f.field)).toEqual(['device_id']);
    }
    expect((await phoneLogin(FX.tireman.email, 'x'.repeat(200))).statusCode).toBe(200);
  });

  it('keeps a tire man signed in for days while an office session idles out after hours', async () => {
    const field = (await phoneLogin(FX.tireman2.email, 'hp-tari-01')).json();
    const office = (await phoneLogin(FX.admin.email)).json();
    await idleFor(field.payload.session, '3 days');
    await idleFor(office.payload.session, '9 hours');
    expect((await me(field.access_token)).statusCode).toBe(200);
    expect((await me(office.access_token)).statusCode).toBe(401);
    // the field limit still applies: 8 days idle (default 7) ends the phone's session too
    await idleFor(field.payload.session, '8 days');
    expect((await me(field.access_token)).statusCode).toBe(401);
  });
});

// staff: the cases above changed staff2's password
describe("'Keluarkan sesi lain': a login that ends the other session", () => {
  const takeover = (password: string, extra: Record<string, unknown> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/tire-man/login',
      payload: { email: FX.staff.email, password, takeover: true, ...extra },
    });
  const me = (token: string) =>
    t.app.inject({ method: 'GET', url: '/api/tire-man-login', headers: { access_token: token } });
  const takeoverLines = async () =>
    rowsOf<{ user_id: number; entity_id: string; detail: unknown }>(
      await t.database.db.execute(
        sql`select user_id, entity_id, detail from audit_log where action = 'session-takeover' order by id`,
      ),
    );

  beforeEach(async () => {
    await t.database.db.execute(sql`update sessions set revoked_at = now() where revoked_at is null`);
  });

  it('needs the right password; then ends the other session, tells its socket, and signs in here', async () => {
    const first = await login(FX.staff.email, FX.password);
    expect(first.statusCode).toBe(200);
    const old = first.json();
    await t.app.listen({ port: 0, host: '127.0.0.1' }).catch(() => undefined);
    const port = (t.app.server.address() as { port: number }).port;
    const socket = connectSocket(`http://127.0.0.1:${port}`, {
      auth: { token: old.access_token },
      transports: ['websocket'],
    });
    const heard: unknown[] = [];
    socket.on('session-clear', (p) => heard.push(p));
    let fresh: { access_token: string; payload: { session: string } };
    try {
      await new Promise<void>((resolve, reject) => {
        socket.on('connect', () => resolve());
        socket.on('connect_error', reject);
      });
      // without takeover: the usual 409 that the login form turns into the offer
      expect((await login(FX.staff.email, FX.password)).json().detail).toBe('userIsAlreadyLogin');

      // a wrong password ends nothing
      const wrong = await takeover('salah-salah');
      expect(wrong.statusCode).toBe(401);
      expect(wrong.json().message).toBe('Email atau password salah');
      expect((await me(old.access_token)).statusCode).toBe(200);
      expect(await takeoverLines()).toEqual([]);

      const cleared = new Promise((resolve) => socket.once('session-clear', resolve));
      const ok = await takeover(FX.password);
      expect(ok.statusCode, ok.body).toBe(200);
      fresh = ok.json();
      await expect(cleared).resolves.toEqual({ reason: 'revoked' });
      expect(heard).toEqual([{ reason: 'revoked' }]);
    } finally {
      socket.close();
    }
    // the other browser's token is dead; this one works
    expect((await me(old.access_token)).statusCode).toBe(401);
    expect((await me(fresh.access_token)).json()).toMatchObject({ email: FX.staff.email });
    const active = rowsOf<{ id: string }>(
      await t.database.db.execute(
        sql`select s.id from sessions s join users u on u.id = s.user_id
            where u.email = ${FX.staff.email} and s.revoked_at is null`,
      ),
    );
    expect(active.map((a) => a.id)).toEqual([fresh.payload.session]);
    // audited with the ended session's id, never a token
    const lines = await takeoverLines();
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      entity_id: old.payload.session,
      detail: { replaced: old.payload.session, by: fresh.payload.session },
    });
    expect(JSON.stringify(lines)).not.toContain(old.access_token);
    expect(JSON.stringify(lines)).not.toContain(fresh.access_token);
  });

  it('signs in as usual when nobody holds the account, and takes form-encoded "true"', async () => {
    const before = (await takeoverLines()).length;
    const plain = await takeover(FX.password);
    expect(plain.statusCode).toBe(200);
    // nothing was ended, so nothing to audit as a takeover
    expect(await takeoverLines()).toHaveLength(before);

    const form = await t.app.inject({
      method: 'POST',
      url: '/api/tire-man/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `email=${encodeURIComponent(FX.staff.email)}&password=${FX.password}&takeover=true`,
    });
    expect(form.statusCode, form.body).toBe(200);
    expect((await me(plain.json().access_token)).statusCode).toBe(401);
    expect(await takeoverLines()).toHaveLength(before + 1);

    const bad = await takeover(FX.password, { takeover: 'mungkin' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields.map((f: { field: string }) => f.field)).toEqual(['takeover']);
  });
});

describe('SESSION_IDLE_MINUTES_FIELD', () => {
  it('defaults to 7 days, separate from the office idle time, and lists a bad value among the others', () => {
    expect(loadConfig({})).toMatchObject({ sessionIdleMinutes: 480, sessionIdleMinutesField: 10080 });
    expect(loadConfig({ SESSION_IDLE_MINUTES_FIELD: '1440' }).sessionIdleMinutesField).toBe(1440);
    let err: unknown;
    try {
      loadConfig({ SESSION_IDLE_MINUTES_FIELD: 'seminggu', PORT: 'abc' });
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(ConfigError);
    const fields = (err as ConfigError).problems.map((p) => p.split(':')[0]);
    expect(fields).toEqual(expect.arrayContaining(['SESSION_IDLE_MINUTES_FIELD', 'PORT']));
    expect(() => loadConfig({ SESSION_IDLE_MINUTES_FIELD: '0' })).toThrow(ConfigError);
  });
});

describe('replies by the endpoint table', () => {
  it('login and the session reads answer their schemas, with no password or token hash', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/tire-man/login',
      payload: { email: FX.tireman2.email, password: FX.password, takeover: true },
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = API.loginUser.reply.parse(res.json());
    expect(Object.keys(body)).toEqual(['access_token', 'payload']);
    expect(res.body).not.toMatch(/password|hash/i);
    const headers = { authorization: `Bearer ${body.access_token}` };
    const me = await t.app.inject({ method: 'GET', url: '/api/tire-man-login', headers });
    expect(API.getLoginUser.reply.parse(me.json())).toEqual(body.payload.user);
    const cred = await t.app.inject({ method: 'POST', url: '/api/tire-man/credential', headers });
    expect(API.getCredential.reply.parse(cred.json())).toEqual(body.payload.user);
    expect(me.body + cred.body).not.toMatch(/password|hash/i);
    await t.app.inject({ method: 'POST', url: '/api/tire-man-logout', headers });
  });
});
