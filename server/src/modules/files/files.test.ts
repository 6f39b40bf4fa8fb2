import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, FX, type TestApp } from '../../../test/helpers';
import { TINY_PNG } from '../../../test/multipart';
import { uploadPhoto } from '../../../test/uploads';
import { buildApp } from '../../app';
import { rowsOf } from '../../db/client';
import { newUploadKey, s3Storage, storageOrigins } from '../../lib/storage';
import { createFileUrls } from './file-urls';

const DENIED = 'Tautan file tidak valid atau sudah kedaluwarsa';

let t: TestApp;
let tireman: string;
let staff: string;
let photo: string;
beforeAll(async () => {
  t = await createTestApp();
  [tireman, staff] = await Promise.all([t.login(FX.tireman.email), t.login(FX.staff.email)]);
  photo = await uploadPhoto(t, tireman);
});
afterAll(() => t.close());

const sign = (paths: string[], token?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/files/sign',
    headers: token ? { access_token: token } : {},
    payload: { paths },
  });
const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

async function signedUrl(path: string, token = tireman): Promise<string> {
  const res = await sign([path], token);
  expect(res.statusCode).toBe(200);
  return res.json().urls[path];
}

describe('private files: /files/ opens only through a signed, expiring link', () => {
  it('refuses to sign for someone not signed in (401)', async () => {
    const res = await sign([photo]);
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('UNAUTHORIZED');
  });

  it('signs for a tire man and for the office; external links pass, other paths are left out', async () => {
    const video = 'https://example.com/sop/cek-ban.mp4';
    for (const token of [tireman, staff]) {
      const before = Date.now();
      const res = await sign([photo, video, '-', '../../etc/passwd.png', 'uploads/a.png', photo], token);
      expect(res.statusCode).toBe(200);
      const { urls, expires_at } = res.json();
      expect(Object.keys(urls).sort()).toEqual([photo, video].sort());
      expect(urls[video]).toBe(video);
      expect(urls[photo]).toMatch(new RegExp(`^/files/${photo}\\?exp=\\d+&sig=[A-Za-z0-9_-]{43}$`));
      // at least FILE_URL_MINUTES (60) ahead, at most a quarter step more
      const left = Date.parse(expires_at) - before;
      expect(left).toBeGreaterThanOrEqual(60 * 60_000 - 1000);
      expect(left).toBeLessThanOrEqual(75 * 60_000);
      expect(Number(new URL(urls[photo], 'http://x').searchParams.get('exp')) * 1000).toBe(
        Date.parse(expires_at),
      );
    }
  });

  it('caps a signing call at 100 paths', async () => {
    const res = await sign(
      Array.from({ length: 101 }, () => photo),
      staff,
    );
    expect(res.statusCode).toBe(400);
  });

  it("refuses a photo URL without a signature, with a tampered one or another file's (403)", async () => {
    const url = new URL(await signedUrl(photo), 'http://x');
    const exp = url.searchParams.get('exp')!;
    const sig = url.searchParams.get('sig')!;
    const other = await uploadPhoto(t, tireman);
    const flipped = `${sig.slice(0, -1)}${sig.endsWith('A') ? 'B' : 'A'}`;
    for (const bad of [
      `/files/${photo}`,
      `/files/${photo}?exp=${exp}`,
      `/files/${photo}?sig=${sig}`,
      `/files/${photo}?exp=${exp}&sig=${flipped}`,
      `/files/${photo}?exp=${exp}&sig=${sig}x`,
      `/files/${photo}?exp=${Number(exp) + 3600}&sig=${sig}`,
      `/files/${other}?exp=${exp}&sig=${sig}`,
    ]) {
      const res = await get(bad);
      expect(res.statusCode, bad).toBe(403);
      expect(res.json(), bad).toEqual({ statusCode: 403, code: 'FORBIDDEN', message: DENIED });
    }
  });

  it('refuses an expired link (403)', async () => {
    const { urls } = await t.app.fileUrls.sign([photo], Date.now() - 3 * 3600_000);
    const res = await get(urls[photo]!);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(DENIED);
  });

  it('serves a freshly signed link (200, private cache until it expires) and byte ranges (206)', async () => {
    const url = await signedUrl(photo, staff);
    const res = await get(url);
    expect(res.statusCode).toBe(200);
    expect(Buffer.compare(res.rawPayload, TINY_PNG)).toBe(0);
    const cache = res.headers['cache-control'];
    expect(cache).toMatch(/^private, max-age=\d+$/);
    const maxAge = Number(/max-age=(\d+)/.exec(String(cache))![1]);
    const exp = Number(new URL(url, 'http://x').searchParams.get('exp'));
    expect(maxAge).toBeGreaterThan(3500);
    expect(maxAge).toBeLessThanOrEqual(exp - Math.floor(Date.now() / 1000) + 1);
    const part = await get(url, { range: 'bytes=0-9' });
    expect(part.statusCode).toBe(206);
    expect(part.rawPayload.length).toBe(10);
    expect(part.headers['cache-control']).toMatch(/^private, /);
  });

  it('a link signed by one server process opens on another sharing the database', async () => {
    const second = await buildApp({ config: t.config, database: t.database });
    try {
      const { urls } = await second.fileUrls.sign([photo]);
      expect(urls[photo]).toBe(await signedUrl(photo));
      expect((await get(urls[photo]!)).statusCode).toBe(200);
    } finally {
      await second.close();
    }
  });
});

describe('who may have a link: POST /api/files/sign signs only files the caller may see', () => {
  const NOT_FOUND = { statusCode: 404, code: 'NOT_FOUND', message: 'File tidak ditemukan' };
  let other: string; // the second tire man
  let admin: string;
  let theirs: string; // the second tire man's upload
  let officeSign: string; // an EDP signature upload
  let mineId = 0;
  let otherId = 0;
  /** A file put straight in the storage (as the demo seed and older records have them: no owner). */
  const legacy = async () => {
    const key = newUploadKey('png');
    await t.app.storage.put(key, TINY_PNG, 'image/png');
    return key;
  };
  beforeAll(async () => {
    [other, admin] = await Promise.all([t.login(FX.tireman2.email), t.login(FX.admin.email)]);
    [theirs, officeSign] = await Promise.all([uploadPhoto(t, other), uploadPhoto(t, staff)]);
    const ids = rowsOf<{ id: number; email: string }>(
      await t.database.db.execute(
        sql`select id, email from users where email in (${FX.tireman.email}, ${FX.tireman2.email})`,
      ),
    );
    mineId = ids.find((u) => u.email === FX.tireman.email)!.id;
    otherId = ids.find((u) => u.email === FX.tireman2.email)!.id;
  });

  /** A check by `tiremanId` (straight in the database) citing the given files. */
  async function checkCiting(tiremanId: number, files: { plate: string; edp?: string; serial?: string }) {
    const [row] = rowsOf<{ id: number }>(
      await t.database.db.execute(sql`
        insert into tire_checks (tireman_id, unit_id, plate_number, location_id, project_id, odometer, plate_number_url, edp_sign)
        select ${tiremanId}, u.id, u.plate_number, l.id, p.id, 1000, ${files.plate}, ${files.edp ?? '-'}
          from units u, locations l, projects p
         where u.plate_number = ${FX.tronton} and l.name = ${FX.location} and p.name = ${FX.project}
        returning id`),
    );
    if (files.serial) {
      await t.database.db.execute(sql`
        insert into tire_check_records (tire_check_id, position, serial_number, serial_number_url)
        values (${row!.id}, '1', ${FX.installedSerial(1)}, ${files.serial})`);
    }
    return row!.id;
  }

  it("a tire man: his own uploads, photo, signature, SOP videos and his records' files; nobody else's (404)", async () => {
    const [photoOfMine, signatureOfMine, video, legacyPlate, legacySerial, othersLegacy] = await Promise.all([
      uploadPhoto(t, tireman),
      uploadPhoto(t, tireman),
      legacy(),
      legacy(),
      legacy(),
      legacy(),
    ]);
    await t.database.db.execute(
      sql`update users set photo = ${photoOfMine}, signature = ${signatureOfMine} where id = ${mineId}`,
    );
    await t.database.db.execute(
      sql`insert into sop_entries (title, video_path) values ('Cek tekanan', ${video})`,
    );
    // his check: a photo from before uploads had owners, a serial photo likewise, the EDP's signature
    await checkCiting(mineId, { plate: legacyPlate, serial: legacySerial, edp: officeSign });
    await checkCiting(otherId, { plate: othersLegacy });

    // what ITMS Lapangan asks for (Profil: his photo and signature; the SOP videos), and his records
    const mine = [photo, photoOfMine, signatureOfMine, video, legacyPlate, legacySerial, officeSign];
    const res = await sign(mine, tireman);
    expect(res.statusCode, res.body).toBe(200);
    expect(Object.keys(res.json().urls).sort()).toEqual([...mine].sort());
    expect((await get(res.json().urls[legacySerial])).statusCode).toBe(200);

    // another tire man's upload, a file of his record, a file nobody cites: the whole call is refused
    for (const foreign of [
      theirs,
      othersLegacy,
      await legacy(),
      '2026/01/0123456789abcdef0123456789abcdef.png',
    ]) {
      const refused = await sign([photo, foreign], tireman);
      expect(refused.statusCode, foreign).toBe(404);
      expect(refused.json(), foreign).toEqual({
        ...NOT_FOUND,
        fields: [{ field: 'paths.1', message: 'File tidak ditemukan' }],
      });
    }
    // the other tire man is refused this one's files the same way
    expect((await sign([photo], other)).statusCode).toBe(404);
    expect((await sign([legacyPlate], other)).statusCode).toBe(404);
    expect((await sign([theirs, othersLegacy], other)).statusCode).toBe(200);
  });

  it("the office (admin, staff): every tire man's files, its own and the records' files", async () => {
    const old = await legacy();
    await checkCiting(otherId, { plate: old });
    for (const token of [staff, admin]) {
      const res = await sign([photo, theirs, officeSign, old], token);
      expect(res.statusCode, res.body).toBe(200);
      expect(Object.keys(res.json().urls)).toHaveLength(4);
    }
  });
});

describe('private files on S3: presigned GetObject URLs', () => {
  const s3 = {
    bucket: 'itms-uploads',
    region: 'ap-southeast-3',
    endpoint: 'http://127.0.0.1:9000',
    accessKeyId: 'AKIDEXAMPLE',
    secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY',
  };
  let s3App: TestApp;
  beforeAll(async () => {
    s3App = await createTestApp({ storage: { driver: 's3', localDir: '', s3 } });
  });
  afterAll(() => s3App.close());

  it('answers a presigned URL for the configured bucket and endpoint, expiring with the reply', async () => {
    const key = '2026/11/0123456789abcdef0123456789abcdef.png';
    // the office: it may see every stored file (a tire man only his own: see above)
    const token = await s3App.login(FX.staff.email);
    const res = await s3App.app.inject({
      method: 'POST',
      url: '/api/files/sign',
      headers: { access_token: token },
      payload: { paths: [key] },
    });
    expect(res.statusCode).toBe(200);
    const { urls, expires_at } = res.json();
    const url = new URL(urls[key]);
    expect(`${url.origin}${url.pathname}`).toBe(`${s3.endpoint}/${s3.bucket}/${key}`);
    const q = url.searchParams;
    expect(q.get('X-Amz-Algorithm')).toBe('AWS4-HMAC-SHA256');
    expect(q.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
    expect(q.get('X-Amz-Credential')).toMatch(
      new RegExp(`^${s3.accessKeyId}/\\d{8}/${s3.region}/s3/aws4_request$`),
    );
    expect(q.get('response-cache-control')).toBe(`private, max-age=${q.get('X-Amz-Expires')}`);
    // signed at X-Amz-Date, valid X-Amz-Expires seconds: exactly until expires_at
    const d = q.get('X-Amz-Date')!;
    const signedAt = Date.parse(
      `${d.slice(0, 4)}-${d.slice(4, 6)}-${d.slice(6, 8)}T${d.slice(9, 11)}:${d.slice(11, 13)}:${d.slice(13, 15)}Z`,
    );
    expect(signedAt + Number(q.get('X-Amz-Expires')) * 1000).toBe(Date.parse(expires_at));
    expect(signedAt).toBeLessThanOrEqual(Date.now());
    // the browser may load it: the CSP names the storage's origin for images and media
    const csp = String(
      (await s3App.app.inject({ method: 'GET', url: '/api/health' })).headers['content-security-policy'],
    );
    expect(csp).toMatch(new RegExp(`img-src [^;]*${s3.endpoint.replace(/[.]/g, '\\.')}`));
    expect(csp).toMatch(new RegExp(`media-src [^;]*${s3.endpoint.replace(/[.]/g, '\\.')}`));
  });

  it("names AWS's hosts of the bucket when no endpoint is set", () => {
    expect(storageOrigins({ driver: 's3', localDir: '', s3: { ...s3, endpoint: undefined } })).toEqual([
      'https://itms-uploads.s3.ap-southeast-3.amazonaws.com',
      'https://s3.ap-southeast-3.amazonaws.com',
    ]);
    expect(storageOrigins({ driver: 'local', localDir: '/tmp', s3 })).toEqual([]);
  });

  it('a presigned URL without an endpoint points at the bucket on AWS', async () => {
    const urls = createFileUrls({
      secret: Buffer.alloc(32),
      storage: s3Storage({ ...s3, endpoint: undefined }),
      minutes: 60,
    });
    const key = '2026/11/0123456789abcdef0123456789abcdef.webm';
    const { urls: signed } = await urls.sign([key]);
    const url = new URL(signed[key]!);
    expect(storageOrigins({ driver: 's3', localDir: '', s3: { ...s3, endpoint: undefined } })).toContain(
      url.origin,
    );
    expect(url.searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
  });
});
