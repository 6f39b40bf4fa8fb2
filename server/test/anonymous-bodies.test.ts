// Issue 35, item 5: a request without a session reads 4 KB of body at most, whatever its path: the
// public routes did, but an unknown route (API or not) still read 2 MB, and socket.io's polling
// transport 1 MB, from anyone. Signed-in routes keep their limits (uploads, imports, JSON forms).
import http from 'node:http';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC_BODY_LIMIT } from '../src/plugins/input-guard';
import { createTestApp, FX, type TestApp } from './helpers';

let t: TestApp;
let port = 0;
let staff = '';
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as { port: number }).port;
  staff = await t.login(FX.staff.email);
});
afterAll(() => t.close());

const TOO_LARGE = { statusCode: 413, code: 'PAYLOAD_TOO_LARGE', message: 'Ukuran file terlalu besar' };
const big = JSON.stringify({ filler: 'x'.repeat(100_000) });

/**
 * Sends the headers of a POST announcing `length` bytes and no byte of body: a server that means to
 * read the body waits for it; one that refuses it answers at once. The status, or 'waited'.
 */
function announce(
  path: string,
  length: number,
  headers: Record<string, string> = {},
): Promise<number | 'waited'> {
  return new Promise((resolve, reject) => {
    const req = http.request({
      host: '127.0.0.1',
      port,
      path,
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': String(length), ...headers },
    });
    const timer = setTimeout(() => {
      req.destroy();
      resolve('waited');
    }, 1500);
    req.on('response', (res) => {
      clearTimeout(timer);
      res.resume();
      req.destroy();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', (err) => (timer.hasRef() ? reject(err) : undefined));
    req.flushHeaders();
  });
}

describe('bodies of requests without a session', () => {
  it('the limit is a few KB', () => {
    expect(PUBLIC_BODY_LIMIT).toBe(4 * 1024);
  });

  it('an unknown route, under /api or not, refuses 100 KB with 413 in the one error shape', async () => {
    for (const url of ['/api/no-such-route', '/no-such-page', '/files/../x']) {
      const res = await t.app.inject({
        method: 'POST',
        url,
        payload: big,
        headers: { 'content-type': 'application/json' },
      });
      expect(res.statusCode, url).toBe(413);
      expect(res.json(), url).toEqual(TOO_LARGE);
    }
  });

  it('a chunked body (no Content-Length) is cut at the limit too', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/no-such-route',
      payload: Readable.from([Buffer.alloc(3000, 'a'), Buffer.alloc(3000, 'b'), Buffer.alloc(3000, 'c')]),
      headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked' },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual(TOO_LARGE);
  });

  it('is refused before the body is read: 1 MB announced to an unknown route answers at once', async () => {
    expect(await announce('/api/no-such-route', 1_000_000)).toBe(413);
    expect(await announce('/no-such-page', 1_000_000)).toBe(413);
    // a protected route without a session: 401 at once, nothing read
    expect(await announce('/api/tire', 1_000_000)).toBe(401);
  });

  it('small bodies still reach unknown routes (404) and the public routes', async () => {
    const unknown = await t.app.inject({ method: 'POST', url: '/api/no-such-route', payload: { a: 1 } });
    expect(unknown.statusCode).toBe(404);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/tire-man/login',
      payload: { email: FX.staff2.email, password: 'bukan-password-nya' },
    });
    expect(login.statusCode).toBe(401);
  });

  it('a signed-in route reads past the limit: 1 MB announced with a session is waited for', async () => {
    expect(await announce('/api/tire', 1_000_000, { access_token: staff })).toBe('waited');
  });

  it("socket.io's polling transport takes 4 KB per request, not 1 MB, before any sign-in", async () => {
    const base = `http://127.0.0.1:${port}/socket.io/?EIO=4&transport=polling`;
    const open = await fetch(base);
    expect(open.status).toBe(200);
    const { sid } = JSON.parse((await open.text()).slice(1)) as { sid: string };
    const res = await fetch(`${base}&sid=${sid}`, {
      method: 'POST',
      body: `4${'x'.repeat(100_000)}`,
      headers: { 'content-type': 'text/plain;charset=UTF-8' },
    });
    expect(res.status).toBe(413);
  });
});
