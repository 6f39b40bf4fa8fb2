import fs from 'node:fs';
import path from 'node:path';
import { API } from '@itms/contracts/api';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, FX, type TestApp } from '../../../test/helpers';
import { multipartFile, TINY_PNG } from '../../../test/multipart';
import { signedFileUrl } from '../../../test/uploads';
import { rowsOf } from '../../db/client';
import { sopEntries } from '../../db/schema';
import { SEED_ASSETS_DIR } from '../../db/seed/demo';

let t: TestApp;
let admin: string;
let staff: string;
let tireman: string;
let ids: number[];

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login(FX.admin.email);
  staff = await t.login(FX.staff.email);
  tireman = await t.login(FX.tireman.email);
  // the five procedures of the spec, inserted out of order
  const titles = [
    'Profile Company',
    'Vulkanisir Procedure',
    'Tire Check Procedure',
    'Tire Retreading Process',
    'Repairing Tire Procedure',
  ];
  const rows = await t.database.db
    .insert(sopEntries)
    .values(titles.map((title, i) => ({ title, sort_order: (i + 3) % 5, video_url: '', description: '' })))
    .returning({ id: sopEntries.id, sort_order: sopEntries.sort_order });
  ids = rows.sort((a, b) => a.sort_order - b.sort_order).map((r) => r.id);
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, payload?: object, token = admin) =>
  t.app.inject({ method, url, payload, headers: { access_token: token } });

describe('SOP', () => {
  it('lists the procedures in their order for every signed-in user', async () => {
    for (const token of [admin, staff, tireman]) {
      const res = await call('GET', '/api/sop', undefined, token);
      expect(res.statusCode).toBe(200);
      expect(res.json().map((e: { id: number }) => e.id)).toEqual(ids);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/sop' })).statusCode).toBe(401);
  });

  it('lets an admin edit a procedure; staff and tire men may not', async () => {
    const body = {
      title: 'Tire Check Procedure',
      video_url: 'https://www.youtube.com/embed/abc123',
      description: 'Langkah pengecekan ban.',
    };
    const res = await call('PUT', `/api/sop/${ids[2]}`, body);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: 'SOP berhasil di update', data: { id: ids[2], ...body } });
    const listed = (await call('GET', '/api/sop')).json();
    expect(listed[2]).toMatchObject(body);
    expect((await call('PUT', `/api/sop/${ids[2]}`, body, staff)).statusCode).toBe(403);
    expect((await call('PUT', `/api/sop/${ids[2]}`, body, tireman)).statusCode).toBe(403);
  });

  it('refuses a video address that is not http(s) and a missing title', async () => {
    const res = await call('PUT', `/api/sop/${ids[0]}`, { title: '', video_url: 'javascript:alert(1)' });
    expect(res.statusCode).toBe(400);
    expect(
      res
        .json()
        .fields.map((f: { field: string }) => f.field)
        .sort(),
    ).toEqual(['title', 'video_url']);
    expect((await call('PUT', '/api/sop/99999', { title: 'x' })).statusCode).toBe(404);
  });
});

describe('SOP videos', () => {
  const demoVideo = fs.readFileSync(path.join(SEED_ASSETS_DIR, 'sop-tire-check.webm'));
  const upload = (id: number, name: string, body: Buffer, type: string, token = admin, field = 'video') => {
    const { payload, headers } = multipartFile(field, name, body, type);
    return t.app.inject({
      method: 'POST',
      url: `/api/sop/${id}/video`,
      headers: { ...headers, access_token: token },
      payload,
    });
  };

  it('refuses a file that is not a video, whatever its name says, and keeps the entry as it was', async () => {
    const png = await upload(ids[1]!, 'video.webm', TINY_PNG, 'video/webm');
    expect(png.statusCode).toBe(400);
    expect(png.json().message).toBe('File harus berupa video MP4 atau WebM');
    const text = await upload(ids[1]!, 'a.mp4', Buffer.from('bukan video sama sekali'), 'video/mp4');
    expect(text.statusCode).toBe(400);
    expect((await upload(ids[1]!, 'x.webm', demoVideo, 'video/webm', admin, 'image')).statusCode).toBe(400);
    expect((await upload(ids[1]!, 'x.webm', demoVideo, 'video/webm', staff)).statusCode).toBe(403);
    expect((await upload(99999, 'x.webm', demoVideo, 'video/webm')).statusCode).toBe(404);
    const listed = (await call('GET', '/api/sop')).json();
    expect(listed[1].video_path).toBeNull();
  });

  it('refuses a video over UPLOAD_VIDEO_MAX_BYTES', async () => {
    const small = await createTestApp({ uploadVideoMaxBytes: 4096 });
    try {
      const token = await small.login(FX.admin.email);
      const [row] = await small.database.db
        .insert(sopEntries)
        .values({ title: 'Kecil', sort_order: 1 })
        .returning({ id: sopEntries.id });
      const { payload, headers } = multipartFile('video', 'a.webm', demoVideo, 'video/webm');
      const res = await small.app.inject({
        method: 'POST',
        url: `/api/sop/${row!.id}/video`,
        headers: { ...headers, access_token: token },
        payload,
      });
      expect(res.statusCode).toBe(413);
      expect(res.json().message).toBe('Ukuran video melebihi 4 KB');
    } finally {
      await small.close();
    }
  });

  it('stores a WebM video, lists it, and serves it whole and by byte range (206)', async () => {
    const res = await upload(ids[2]!, 'prosedur.webm', demoVideo, 'video/webm');
    expect(res.statusCode, res.body).toBe(200);
    const videoPath = res.json().data.video_path as string;
    expect(res.json()).toMatchObject({ message: 'Video SOP berhasil diunggah', data: { id: ids[2] } });
    expect(videoPath).toMatch(/^\d{4}\/\d{2}\/[a-f0-9]+\.webm$/);
    expect((await call('GET', '/api/sop', undefined, tireman)).json()[2].video_path).toBe(videoPath);

    const fileUrl = await signedFileUrl(t, tireman, videoPath);
    const whole = await t.app.inject({ method: 'GET', url: fileUrl });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('video/webm');
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.rawPayload.equals(demoVideo)).toBe(true);

    const part = await t.app.inject({
      method: 'GET',
      url: fileUrl,
      headers: { range: 'bytes=100-1123' },
    });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 100-1123/${demoVideo.length}`);
    expect(Number(part.headers['content-length'])).toBe(1024);
    expect(part.rawPayload.equals(demoVideo.subarray(100, 1124))).toBe(true);

    const tail = await t.app.inject({
      method: 'GET',
      url: fileUrl,
      headers: { range: 'bytes=-10' },
    });
    expect(tail.statusCode).toBe(206);
    expect(tail.rawPayload.equals(demoVideo.subarray(demoVideo.length - 10))).toBe(true);
    const open = await t.app.inject({
      method: 'GET',
      url: fileUrl,
      headers: { range: `bytes=${demoVideo.length - 5}-` },
    });
    expect(open.headers['content-range']).toBe(
      `bytes ${demoVideo.length - 5}-${demoVideo.length - 1}/${demoVideo.length}`,
    );

    const beyond = await t.app.inject({
      method: 'GET',
      url: fileUrl,
      headers: { range: `bytes=${demoVideo.length}-` },
    });
    expect(beyond.statusCode).toBe(416);
    expect(beyond.headers['content-range']).toBe(`bytes */${demoVideo.length}`);

    const removed = await call('DELETE', `/api/sop/${ids[2]}/video`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().data.video_path).toBeNull();
  });
});

describe('replies by the endpoint table', () => {
  it('the SOP list answers its schema', async () => {
    const list = await call('GET', '/api/sop', undefined, tireman);
    expect(list.statusCode, list.body).toBe(200);
    expect(API.listSop.reply.parse(list.json())).toHaveLength(5);
  });
});

describe('an admin adds and removes procedures (issue 36, item 7)', () => {
  it('adds one at the end and removes it, both audited; staff and tire men may not', async () => {
    const body = { title: 'Prosedur Storing', video_url: '', description: 'Ban pecah di jalan.' };
    for (const token of [staff, tireman]) {
      expect((await call('POST', '/api/sop', body, token)).statusCode).toBe(403);
    }
    const made = await call('POST', '/api/sop', body);
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json()).toMatchObject({ message: 'SOP berhasil Ditambahkan', data: body });
    const id = made.json().data.id as number;
    const listed = (await call('GET', '/api/sop')).json() as { id: number; title: string }[];
    expect(listed.at(-1)).toMatchObject({ id, title: 'Prosedur Storing' });
    expect((await call('POST', '/api/sop', { title: ' ' })).statusCode).toBe(400);

    for (const token of [staff, tireman]) {
      expect((await call('DELETE', `/api/sop/${id}`, undefined, token)).statusCode).toBe(403);
    }
    const gone = await call('DELETE', `/api/sop/${id}`);
    expect(gone.statusCode).toBe(200);
    expect(gone.json()).toEqual({ message: 'Berhasil menghapus SOP', data: { id } });
    const after = (await call('GET', '/api/sop')).json() as { id: number }[];
    expect(after.map((e) => e.id)).not.toContain(id);
    expect((await call('DELETE', `/api/sop/${id}`)).statusCode).toBe(404);

    const audits = await t.database.db.execute(
      sql`select action from audit_log where entity = 'sop' and entity_id = ${String(id)} order by id`,
    );
    expect(rowsOf<{ action: string }>(audits).map((a) => a.action)).toEqual(['create', 'delete']);
  });
});
