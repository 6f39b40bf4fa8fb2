import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { type Config, testConfig } from '../src/config';
import type { Database } from '../src/db/client';
import { users } from '../src/db/schema';
import { createTestApp, FX, openTestDatabase, type TestApp } from './helpers';
import { multipartFile, TINY_PNG } from './multipart';
import { signedFileUrl } from './uploads';

/**
 * Sessions and accounts, headers and CORS: what a browser and an attacker see of the API.
 * The app is built with a built-SPA folder of its own so that `/` is served as in production.
 */
let t: TestApp;
let webDist: string;
beforeAll(async () => {
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'itms-web-'));
  fs.writeFileSync(
    path.join(webDist, 'index.html'),
    '<!doctype html><html><head><script type="module" src="/assets/app.js"></script></head><body><div id="root"></div></body></html>',
  );
  // a hashed asset as the web build leaves it, with its brotli and gzip copies beside it (marked
  // here, to tell them from a copy compressed per request)
  fs.mkdirSync(path.join(webDist, 'assets'));
  fs.writeFileSync(path.join(webDist, 'assets', 'app.js'), APP_JS);
  fs.writeFileSync(path.join(webDist, 'assets', 'app.js.br'), zlib.brotliCompressSync(`${APP_JS}//br`));
  fs.writeFileSync(path.join(webDist, 'assets', 'app.js.gz'), zlib.gzipSync(`${APP_JS}//gz`));
  fs.writeFileSync(
    path.join(webDist, 'route-preload.json'),
    JSON.stringify({ '/login': ['/assets/app.js'] }),
  );
  t = await createTestApp({ webDist });
});
const APP_JS = `console.log(${JSON.stringify('ITMS '.repeat(2000))});`;
afterAll(async () => {
  await t.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

function cspOf(headers: Record<string, unknown>): Map<string, string[]> {
  const csp = String(headers['content-security-policy'] ?? '');
  return new Map(
    csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((p) => p[0])
      .map(([name, ...values]) => [name!, values]),
  );
}

describe('security headers', () => {
  it('serves the SPA and the API with a CSP that allows no inline or foreign script', async () => {
    for (const url of ['/', '/validasi', '/api/health']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      const csp = cspOf(res.headers);
      // WebAssembly compiled from our scripts (the field app's barcode reader), never eval'd JavaScript
      expect(csp.get('script-src'), url).toEqual(["'self'", "'wasm-unsafe-eval'"]);
      expect(csp.get('default-src'), url).toEqual(["'self'"]);
      expect(csp.get('style-src'), url).toEqual(["'self'", "'unsafe-inline'"]);
      expect(csp.get('img-src'), url).toEqual(["'self'", 'data:', 'blob:']);
      // API and socket.io on our own host only (the ws origin of PUBLIC_URL for Safari before 16)
      expect(csp.get('connect-src'), url).toEqual(["'self'", 'ws://localhost:3000']);
      // embedded SOP videos from the known players only, not from any https address
      expect(csp.get('frame-src'), url).toEqual([
        "'self'",
        'https://www.youtube.com',
        'https://player.vimeo.com',
        'https://drive.google.com',
      ]);
      expect(csp.get('object-src'), url).toEqual(["'none'"]);
      expect(csp.get('frame-ancestors'), url).toEqual(["'self'"]);
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['x-frame-options'], url).toBe('SAMEORIGIN');
      expect(res.headers['referrer-policy'], url).toBe('no-referrer');
      expect(res.headers['strict-transport-security'], url).toMatch(/max-age=\d+/);
      expect(res.headers['x-powered-by'], url).toBeUndefined();
    }
    expect((await get('/')).body).toContain('<div id="root">');
  });

  it('names the WebSocket origin of an https PUBLIC_URL and the EMBED_ORIGINS players', async () => {
    const other = await createTestApp({
      publicUrl: 'https://itms.example.co.id',
      embedOrigins: ['https://video.example.co.id'],
    });
    try {
      const csp = cspOf((await other.app.inject({ method: 'GET', url: '/api/health' })).headers);
      expect(csp.get('connect-src')).toEqual(["'self'", 'wss://itms.example.co.id']);
      expect(csp.get('frame-src')).toEqual([
        "'self'",
        'https://www.youtube.com',
        'https://player.vimeo.com',
        'https://drive.google.com',
        'https://video.example.co.id',
      ]);
    } finally {
      await other.close();
    }
  });

  it('serves the build assets precompressed as the browser accepts them, cached for good', async () => {
    const br = await get('/assets/app.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(`${APP_JS}//br`);
    const gz = await get('/assets/app.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(`${APP_JS}//gz`);
    const plain = await get('/assets/app.js', { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(APP_JS);
  });

  it("links a first page's chunks as modulepreload in the index.html of its path only", async () => {
    const link = '<link rel="modulepreload" crossorigin href="/assets/app.js"></head>';
    for (const url of ['/login', '/login?redirect=%2Fvalidasi']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.body, url).toContain(link);
    }
    for (const url of ['/', '/validasi']) expect((await get(url)).body, url).not.toContain('modulepreload');
  });

  it('serves uploads with their real content type and nosniff', async () => {
    const token = await t.login(FX.tireman.email);
    const body = multipartFile('image', 'foto.png', TINY_PNG, 'image/png');
    const up = await t.app.inject({
      method: 'POST',
      url: '/api/upload',
      payload: body.payload,
      headers: { ...body.headers, access_token: token },
    });
    expect(up.statusCode).toBe(201);
    const file = await get(await signedFileUrl(t, token, up.json().awsImage));
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    // a path outside the storage is never served
    expect((await get('/files/..%2F..%2Fetc%2Fpasswd')).statusCode).toBe(404);
  });
});

describe('CORS', () => {
  it('is closed when no origin is configured', async () => {
    const pre = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/tire-man/login',
      headers: {
        origin: 'https://evil.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    });
    expect(pre.headers['access-control-allow-origin']).toBeUndefined();
    const res = await get('/api/health', { origin: 'https://evil.example' });
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('opens only to the configured origins', async () => {
    const open = await createTestApp({ corsOrigins: ['https://ops.example'] });
    try {
      const allowed = await open.app.inject({
        method: 'OPTIONS',
        url: '/api/tire-man/login',
        headers: { origin: 'https://ops.example', 'access-control-request-method': 'POST' },
      });
      expect(allowed.statusCode).toBe(204);
      expect(allowed.headers['access-control-allow-origin']).toBe('https://ops.example');
      const other = await open.app.inject({
        method: 'GET',
        url: '/api/health',
        headers: { origin: 'https://evil.example' },
      });
      expect(other.headers['access-control-allow-origin']).toBeUndefined();
    } finally {
      await open.close();
    }
  });
});

describe('sessions and accounts', () => {
  it('a role change by an admin ends the account’s session; a name change does not', async () => {
    const admin = await t.login(FX.admin.email);
    const staff2 = await t.login(FX.staff2.email);
    const [u] = await t.database.db.select().from(users).where(eq(users.email, FX.staff2.email));
    const edit = (body: Record<string, string>) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/tire-man/${u!.id}`,
        headers: { access_token: admin },
        payload: { name: u!.name, email: u!.email, phone: u!.phone, role: u!.role, ...body },
      });
    const me = () => get('/api/tire-man-login', { access_token: staff2 });

    expect((await edit({ name: 'Eka Ganti Nama' })).statusCode).toBe(200);
    expect((await me()).statusCode).toBe(200);
    expect((await edit({ name: 'Eka Ganti Nama', role: 'tire-man' })).statusCode).toBe(200);
    const after = await me();
    expect(after.statusCode).toBe(401);
    expect(after.json().code).toBe('UNAUTHORIZED');
    // signs in again and now has the new rights only
    const again = await t.login(FX.staff2.email);
    expect((await get('/api/tire-check/noEdpSign', { access_token: again })).statusCode).toBe(403);
  });

  it('says clearly that the account is locked after repeated failures', async () => {
    let last = 0;
    let message = '';
    for (let i = 0; i < 15 && last !== 429; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/tire-man/login',
        payload: { email: FX.tireman2.email, password: `salah-${i}` },
      });
      last = res.statusCode;
      message = res.json().message;
    }
    expect(last).toBe(429);
    expect(message).toMatch(/Terlalu banyak percobaan login gagal\. Coba lagi dalam \d+ menit/);
  });

  it('never writes a token or a password to the log', async () => {
    const lines: string[] = [];
    const base = testConfig();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'itms-log-'));
    const config: Config = {
      ...base,
      dataDir,
      storage: { ...base.storage, localDir: path.join(dataDir, 'uploads') },
      logLevel: 'trace',
    };
    const database: Database = await openTestDatabase();
    let app: FastifyInstance | undefined;
    try {
      app = await buildApp({
        config,
        database,
        whatsapp: { send: async () => {} },
        logStream: { write: (line: string) => void lines.push(line) },
      });
      await app.ready();
      const login = await app.inject({
        method: 'POST',
        url: '/api/tire-man/login',
        payload: { email: FX.staff.email, password: FX.password },
      });
      expect(login.statusCode).toBe(200);
      const token = login.json().access_token as string;
      for (const headers of [{ access_token: token }, { authorization: `Bearer ${token}` }]) {
        expect((await app.inject({ method: 'GET', url: '/api/tire-man-login', headers })).statusCode).toBe(
          200,
        );
      }
      // a failing call is logged too (with its error), still without the token
      await app.inject({ method: 'GET', url: '/api/tire/999999', headers: { access_token: token } });
      const log = lines.join('');
      expect(lines.length).toBeGreaterThan(3);
      expect(log).toContain('/api/tire-man-login');
      expect(log).not.toContain(token);
      expect(log).not.toContain(FX.password);
    } finally {
      await app?.close();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
