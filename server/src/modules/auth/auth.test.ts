import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, FX, type TestApp } from '../../../test/helpers';

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

  it('expires a session left idle longer than SESSION_IDLE_MINUTES', async () => {
    const idle = await createTestApp({ sessionIdleMinutes: 1 });
    try {
      const token = await idle.login(FX.tireman2.email);
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
      expect(await idle.login(FX.tireman2.email)).toBeTruthy();
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
      payload: { token, password: 'passwordbaru1' },
    });
    expect(reset.statusCode).toBe(200);
    expect((await login(FX.staff2.email, 'passwordbaru1')).statusCode).toBe(200);
    // a link works once
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/tire-man/reset-password',
      payload: { token, password: 'passwordbaru2' },
    });
    expect(again.statusCode).toBe(400);
  });

  it("answers unknown or malformed numbers with the spec's message", async () => {
    for (const phone of ['089999999999', '12345']) {
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
