import { desc, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config';
import { sessions, users } from '../src/db/schema';
import { createTestApp, FX, type TestApp } from './helpers';

/**
 * Which address the server believes (issue 24, finding 1): X-Forwarded-For is written by the
 * client unless a proxy we trust wrote it. The login rate limit and the stored session use req.ip.
 */
let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const login = (app: TestApp, email: string, password: string, xff?: string) =>
  app.app.inject({
    method: 'POST',
    url: '/api/tire-man/login',
    payload: { email, password },
    headers: xff ? { 'x-forwarded-for': xff } : {},
  });

/** The address stored on the user's newest session. */
async function sessionIp(app: TestApp, email: string): Promise<string | undefined> {
  const [row] = await app.database.db
    .select({ ip: sessions.ip })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.user_id))
    .where(eq(users.email, email))
    .orderBy(desc(sessions.created_at))
    .limit(1);
  return row?.ip;
}

/** Failed logins of unknown accounts (so only the per-address limit can answer 429), each with a new header. */
async function failuresWithNewHeaders(
  app: TestApp,
  n: number,
  xff: (i: number) => string,
): Promise<number[]> {
  const codes: number[] = [];
  for (let i = 0; i < n; i++) {
    codes.push((await login(app, `nobody-${i}@test.local`, `salah-${i}`, xff(i))).statusCode);
  }
  return codes;
}

describe('TRUST_PROXY', () => {
  it('is off by default: X-Forwarded-For changes neither the session address nor the rate limit', async () => {
    t = await createTestApp();
    expect((await login(t, FX.staff.email, FX.password, '198.51.100.7')).statusCode).toBe(200);
    expect(await sessionIp(t, FX.staff.email)).toBe('127.0.0.1');

    const limit = t.config.loginRateLimit;
    const codes = await failuresWithNewHeaders(t, limit + 1, (i) => `203.0.113.${i + 1}`);
    expect(codes.slice(0, limit)).toEqual(Array(limit).fill(401));
    // a new X-Forwarded-For does not buy another attempt
    expect(codes[limit]).toBe(429);
    expect((await login(t, FX.tireman.email, 'salah', '192.0.2.200')).statusCode).toBe(429);
  });

  it('with one proxy in front (TRUST_PROXY=1) takes the last hop of X-Forwarded-For', async () => {
    t = await createTestApp({ trustProxy: 1 });
    // the client wrote the first entry, our proxy appended the address it saw
    expect((await login(t, FX.staff.email, FX.password, '10.9.9.9, 198.51.100.7')).statusCode).toBe(200);
    expect(await sessionIp(t, FX.staff.email)).toBe('198.51.100.7');

    const limit = t.config.loginRateLimit;
    // each failure from another address (as the proxy saw it) is counted under that address
    const spread = await failuresWithNewHeaders(t, limit + 1, (i) => `203.0.113.${i + 1}`);
    expect(spread).toEqual(Array(limit + 1).fill(401));
    // one address that forges the entries before the proxy's is still one address
    const forged = await failuresWithNewHeaders(t, limit + 1, (i) => `192.0.2.${i + 1}, 198.51.100.99`);
    expect(forged.slice(0, limit)).toEqual(Array(limit).fill(401));
    expect(forged[limit]).toBe(429);
  });

  it('trusts only the listed proxy addresses', async () => {
    // the request comes from 127.0.0.1 (inject), not a listed proxy: its X-Forwarded-For is ignored
    t = await createTestApp({ trustProxy: ['10.0.0.0/8'] });
    expect((await login(t, FX.staff.email, FX.password, '198.51.100.8')).statusCode).toBe(200);
    expect(await sessionIp(t, FX.staff.email)).toBe('127.0.0.1');
    await t.close();

    // listed: its entry is believed; 10.1.2.3 is one of our proxies too, so the client is the
    // nearest address no proxy of ours owns
    t = await createTestApp({ trustProxy: ['10.0.0.0/8', '127.0.0.1'] });
    expect((await login(t, FX.staff.email, FX.password, '198.51.100.8, 10.1.2.3')).statusCode).toBe(200);
    expect(await sessionIp(t, FX.staff.email)).toBe('198.51.100.8');
  });

  it('parses false, a hop count or proxy addresses, and refuses `true`', () => {
    const parse = (v?: string) => loadConfig({ TRUST_PROXY: v }).trustProxy;
    expect(parse()).toBe(false);
    expect(parse('false')).toBe(false);
    expect(parse('2')).toBe(2);
    expect(parse('10.0.0.0/8, 192.168.1.10 ,fd00::/8')).toEqual(['10.0.0.0/8', '192.168.1.10', 'fd00::/8']);
    for (const bad of ['true', '10.0.0.0/33', 'proxy.local', '1.2.3']) {
      expect(() => parse(bad), bad).toThrow(ConfigError);
    }
  });
});
