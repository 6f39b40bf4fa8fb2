import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, FX, type TestApp } from '../../../test/helpers';
import {
  BAD_FILTER_PNG,
  CORRUPT_PNG,
  HUGE_CANVAS_PNG,
  TINY_JPEG,
  TINY_WEBP,
  TINY_WEBP_LOSSLESS,
} from '../../../test/images';
import { multipartFile, TINY_PNG } from '../../../test/multipart';
import { signedFileUrl } from '../../../test/uploads';
import { rowsOf } from '../../db/client';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp({ uploadMaxBytes: 4096 });
  token = await t.login(FX.tireman.email);
});
afterAll(() => t.close());

const upload = (name: string, content: Buffer, type: string, field = 'image', auth = true) => {
  const body = multipartFile(field, name, content, type);
  return t.app.inject({
    method: 'POST',
    url: '/api/upload',
    payload: body.payload,
    headers: { ...body.headers, ...(auth ? { access_token: token } : {}) },
  });
};

describe('uploads', () => {
  it('stores a real PNG under a random name and serves it back byte-identical', async () => {
    const res = await upload('foto.png', TINY_PNG, 'image/png');
    expect(res.statusCode).toBe(201);
    const { awsImage } = res.json();
    expect(awsImage).toMatch(/^\d{4}\/\d{2}\/[0-9a-f]{32}\.png$/);
    const file = await t.app.inject({ method: 'GET', url: await signedFileUrl(t, token, awsImage) });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(Buffer.compare(file.rawPayload, TINY_PNG)).toBe(0);
  });

  it('judges by content: refuses SVG, HTML, a text file renamed .png and an empty file', async () => {
    const cases: [string, Buffer, string][] = [
      [
        'logo.svg',
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
        'image/svg+xml',
      ],
      ['page.png', Buffer.from('<!doctype html><html><body>hi</body></html>'), 'image/png'],
      ['catatan.png', Buffer.from('ini hanya teks biasa'), 'image/png'],
      ['kosong.png', Buffer.alloc(0), 'image/png'],
    ];
    for (const [name, content, type] of cases) {
      const res = await upload(name, content, type);
      expect(res.statusCode, name).toBe(400);
      expect(res.json().message, name).toMatch(/gambar|kosong/i);
    }
  });

  it('takes a JPEG and a WebP (lossy with alpha, lossless) that decode', async () => {
    for (const [name, content, type, ext] of [
      ['foto.jpg', TINY_JPEG, 'image/jpeg', 'jpg'],
      ['foto.webp', TINY_WEBP, 'image/webp', 'webp'],
      ['ttd.webp', TINY_WEBP_LOSSLESS, 'image/webp', 'webp'],
    ] as const) {
      const res = await upload(name, content, type);
      expect(res.statusCode, name).toBe(201);
      expect(res.json().awsImage, name).toMatch(new RegExp(`\\.${ext}$`));
    }
  });

  it('decodes every image to the last pixel: a damaged one is refused, and stores nothing', async () => {
    const truncatedJpeg = TINY_JPEG.subarray(0, TINY_JPEG.length - 40);
    const damagedWebp = Buffer.from(TINY_WEBP);
    damagedWebp.fill(0xff, 60, 100);
    const before = await t.database.db.execute(sql`select count(*)::int as n from uploads`);
    for (const [name, content, type] of [
      ['foto.png', CORRUPT_PNG, 'image/png'],
      ['ttd.png', BAD_FILTER_PNG, 'image/png'],
      ['foto.jpg', truncatedJpeg, 'image/jpeg'],
      ['foto.webp', damagedWebp, 'image/webp'],
    ] as const) {
      const res = await upload(name, content, type);
      expect(res.statusCode, name).toBe(400);
      expect(res.json(), name).toEqual({
        statusCode: 400,
        code: 'BAD_REQUEST',
        message: 'Gambar rusak atau tidak dapat dibaca',
      });
    }
    const after = await t.database.db.execute(sql`select count(*)::int as n from uploads`);
    expect(rowsOf(after)).toEqual(rowsOf(before));
  });

  it('refuses an image of more than 50 megapixels from its header, before decoding it', async () => {
    const res = await upload('peta.png', HUGE_CANVAS_PNG, 'image/png');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Gambar terlalu besar: maksimal 50 megapiksel');
  });

  it('refuses an over-size file with 413', async () => {
    const big = Buffer.concat([TINY_PNG, Buffer.alloc(8192, 1)]);
    const res = await upload('besar.png', big, 'image/png');
    expect(res.statusCode).toBe(413);
    expect(res.json().code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('needs a session and the image field', async () => {
    expect((await upload('foto.png', TINY_PNG, 'image/png', 'image', false)).statusCode).toBe(401);
    expect((await upload('foto.png', TINY_PNG, 'image/png', 'photo')).statusCode).toBe(400);
  });

  it('does not serve paths outside the upload folder', async () => {
    for (const url of ['/files/../../etc/passwd', '/files/2026/11/..%2F..%2Fsecret.png', '/files/nope.png']) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    }
  });
});
