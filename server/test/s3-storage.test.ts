import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newUploadKey, type Storage } from '../src/lib/storage';
import { createTestApp, FX, type TestApp } from './helpers';
import { signedFileUrl, uploadPhoto } from './uploads';

// The S3 driver against a real S3-compatible server (s3rver, in this process, on a free port): the
// SDK's uploads (streamed too), reads, byte ranges, HEADs and presigned links go to a server that
// stores and serves them. s3rver checks the access key, not V4 signatures: the presigned URL's
// signature fields are checked in files.test.ts. Issue 41, item 5.

const BUCKET = 'itms-uploads';
let dir: string;
let s3rver: S3rver;
let t: TestApp;
let storage: Storage;
let endpoint: string;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'itms-s3-'));
  s3rver = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory: dir,
    configureBuckets: [{ name: BUCKET, configs: [] }],
  });
  const { port } = await s3rver.run();
  endpoint = `http://127.0.0.1:${port}`;
  t = await createTestApp({
    storage: {
      driver: 's3',
      localDir: '',
      // s3rver's own key pair: it refuses any other signature
      s3: { bucket: BUCKET, region: 'us-east-1', endpoint, accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    },
  });
  storage = t.app.storage;
});
afterAll(async () => {
  await t?.close();
  await s3rver?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

async function bytesOf(stream: Readable | null): Promise<Buffer> {
  if (!stream) throw new Error('no file');
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

describe('uploads on a real S3-compatible server', () => {
  it('an upload through the API lands in the bucket, and its presigned link serves it', async () => {
    const tireman = await t.login(FX.tireman.email);
    const key = await uploadPhoto(t, tireman);
    const size = await storage.size(key);
    expect(size).toBeGreaterThan(0);
    const stored = await bytesOf(await storage.get(key));
    expect(stored).toHaveLength(size!);

    // the link the API signs is the bucket's own, and the server accepts its signature
    const url = await signedFileUrl(t, tireman, key);
    expect(url.startsWith(`${endpoint}/${BUCKET}/${key}?`)).toBe(true);
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer()).equals(stored)).toBe(true);
    expect(res.headers.get('cache-control')).toMatch(/^private, max-age=\d+$/);

    // a link signed with a key the server does not know is refused
    const forged = new URL(url);
    forged.searchParams.set(
      'X-Amz-Credential',
      forged.searchParams.get('X-Amz-Credential')!.replace(/^S3RVER\//, 'SOMEONE/'),
    );
    expect((await fetch(forged)).status).toBe(403);
  });

  it('a video is stored from disk and read in byte ranges, through the driver and its presigned link', async () => {
    const video = randomBytes(300_000);
    const spooled = path.join(dir, 'spooled.webm');
    fs.writeFileSync(spooled, video);
    const key = newUploadKey('webm');
    await storage.putFile(key, spooled, 'video/webm');
    expect(await storage.size(key)).toBe(video.length);

    const middle = await bytesOf(await storage.get(key, { start: 1000, end: 1999 }));
    expect(middle.equals(video.subarray(1000, 2000))).toBe(true);

    const staff = await t.login(FX.staff.email);
    const url = await signedFileUrl(t, staff, key);
    const res = await fetch(url, { headers: { range: 'bytes=250000-' } });
    expect(res.status).toBe(206);
    expect(res.headers.get('content-range')).toBe(`bytes 250000-${video.length - 1}/${video.length}`);
    expect(Buffer.from(await res.arrayBuffer()).equals(video.subarray(250_000))).toBe(true);
  });

  it('a file that is not in the bucket is none, not an error', async () => {
    const key = newUploadKey('png');
    expect(await storage.size(key)).toBeNull();
    expect(await storage.get(key)).toBeNull();
    expect(await storage.get(key, { start: 0, end: 9 })).toBeNull();
  });
});
