import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers';

// Issue 35, item 6: an update writes the next build into web/dist while the old process still
// serves. Build A is on disk when the app starts; build B's files arrive after. A file of either
// build is served as it is; a missing file under an asset path is a 404, never the SPA's page (a
// service worker that precached that page under a script's name left the phone app unable to start).

let t: TestApp;
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'itms-web-update-'));
const webDist = path.join(work, 'dist');
const write = (file: string, text: string | Buffer) => {
  fs.mkdirSync(path.dirname(path.join(webDist, file)), { recursive: true });
  fs.writeFileSync(path.join(webDist, file), text);
};
const OFFICE_HTML = '<!doctype html><html><head></head><body><div id="root">kantor A</div></body></html>';
const FIELD_HTML = '<!doctype html><html><head></head><body><div id="root">lapangan A</div></body></html>';
const B_JS = `console.log(${JSON.stringify('build B '.repeat(400))});`;

beforeAll(async () => {
  // build A
  write('index.html', OFFICE_HTML);
  write('assets/index-AAAAAAAA.js', 'console.log("A")');
  write('route-preload.json', JSON.stringify({ '/login': ['/assets/login-page-AAAAAAAA.js'] }));
  write('lapangan/index.html', FIELD_HTML);
  write('lapangan/assets/index-AAAAAAAA.js', 'console.log("lapangan A")');
  write('lapangan/sw.js', 'self.version = "A"');
  t = await createTestApp({ webDist });
  await t.app.ready();
  // build B, written by `npm run build` while A's process runs
  write('assets/index-BBBBBBBB.js', B_JS);
  write('assets/index-BBBBBBBB.js.br', zlib.brotliCompressSync(B_JS));
  write('assets/index-BBBBBBBB.css', 'body{color:red}');
  write('lapangan/assets/index-BBBBBBBB.js', B_JS);
  write('lapangan/assets/zxing_reader-BBBBBBBB.wasm', Buffer.from([0, 0x61, 0x73, 0x6d, 1, 0, 0, 0]));
  write('lapangan/sw.js', 'self.version = "B"');
});
afterAll(async () => {
  await t.close();
  fs.rmSync(work, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });
// what Chromium sends for a navigation and for a module script or a service worker's precache fetch
const NAVIGATION = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };
const SCRIPT = { accept: '*/*' };

describe('web files written after the server started (an update in progress)', () => {
  it("serves build B's files from the process started on build A, as they are", async () => {
    const js = await get('/lapangan/assets/index-BBBBBBBB.js', SCRIPT);
    expect(js.statusCode).toBe(200);
    expect(js.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(js.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(js.body).toBe(B_JS);
    // its brotli copy, as the build wrote it
    const br = await get('/assets/index-BBBBBBBB.js', { ...SCRIPT, 'accept-encoding': 'br, gzip' });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(B_JS);
    const css = await get('/assets/index-BBBBBBBB.css', { accept: 'text/css,*/*;q=0.1' });
    expect([css.statusCode, css.headers['content-type']]).toEqual([200, 'text/css; charset=utf-8']);
    const wasm = await get('/lapangan/assets/zxing_reader-BBBBBBBB.wasm', SCRIPT);
    expect([wasm.statusCode, wasm.headers['content-type']]).toEqual([200, 'application/wasm']);
    // the service worker as it is on disk now, revalidated on every check
    const sw = await get('/lapangan/sw.js', SCRIPT);
    expect([sw.statusCode, sw.body, sw.headers['cache-control']]).toEqual([
      200,
      'self.version = "B"',
      'no-cache',
    ]);
    // build A's files are still there
    expect((await get('/lapangan/assets/index-AAAAAAAA.js', SCRIPT)).body).toBe('console.log("lapangan A")');
  });

  it('answers a missing build file with 404, never with the HTML of the SPA', async () => {
    for (const url of [
      '/assets/index-CCCCCCCC.js',
      '/assets/index-CCCCCCCC.css',
      '/lapangan/assets/index-CCCCCCCC.js',
      '/lapangan/assets/zxing_reader-CCCCCCCC.wasm',
      '/lapangan/assets/no-extension',
      '/lapangan/workbox-1a2b3c4d.js',
      '/lapangan/registerSW.js',
      '/lapangan/manifest.webmanifest',
      '/lapangan/icon-1024.png',
      '/favicon.ico',
      '/logo.svg',
      '/route-preload-2.json',
      '/sw.js',
    ]) {
      for (const headers of [SCRIPT, NAVIGATION, {}]) {
        const res = await get(url, headers);
        expect(res.statusCode, `${url} ${headers.accept}`).toBe(404);
        expect(res.headers['content-type'], url).not.toMatch(/html/);
        // nothing keeps the 404: the file may be there a moment later
        expect(res.headers['cache-control'], url).toBe('no-store');
      }
    }
  });

  it("answers navigations with the page of the process's own build", async () => {
    for (const [url, html] of [
      ['/', OFFICE_HTML],
      ['/validasi', OFFICE_HTML],
      ['/lapangan/', FIELD_HTML],
      ['/lapangan/unit/12/cek', FIELD_HTML],
    ] as const) {
      for (const headers of [NAVIGATION, {}]) {
        const res = await get(url, headers);
        expect(res.statusCode, url).toBe(200);
        expect(res.headers['content-type'], url).toBe('text/html; charset=utf-8');
        expect(res.headers['cache-control'], url).toBe('no-cache');
        expect(res.body, url).toBe(html);
      }
    }
    expect((await get('/lapangan', NAVIGATION)).headers.location).toBe('/lapangan/');
    // an unknown API path stays a JSON 404
    const api = await get('/api/no-such-thing', NAVIGATION);
    expect([api.statusCode, api.json().code]).toEqual([404, 'NOT_FOUND']);
  });

  it('serves no dotfile of the build folder (its build record) and nothing outside it', async () => {
    write('.builds.json', '{}');
    expect((await get('/.builds.json', SCRIPT)).statusCode).toBe(404);
    fs.writeFileSync(path.join(work, 'outside-web-dist.js'), 'secret');
    for (const url of [
      '/..%2Foutside-web-dist.js',
      '/assets/..%2F..%2Foutside-web-dist.js',
      '/assets/%2e%2e/%2e%2e/outside-web-dist.js',
      '/assets/index-AAAAAAAA.js%00.html',
      '/assets/%E0%A4%A.js',
    ]) {
      const res = await get(url, SCRIPT);
      expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, url).toBeLessThan(500);
      expect(res.body, url).not.toContain('secret');
    }
  });
});
