import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TTireCheckDetail } from '@itms/contracts/tire-checks';
import { chromium, devices, request as playwrightRequest } from '@playwright/test';
import S3rver from 's3rver';
import { ACCOUNTS, expect, test } from '../fixtures';
import { startOwnServer, stopOwnServer } from '../own-server';
import { apiToken, makeCheck, officeChecks, serviceWorkerControls, signInField } from './field-helpers';

// Issue 41, item 5: the phone's upload path once with STORAGE_DRIVER=s3, against a real
// S3-compatible server (s3rver, in this test's process). A server of this test's own stores the demo
// seed's files and the phone's photos in the bucket; the check reaches the office, whose links to
// its photos are presigned URLs of the bucket that serve the photos the phone took.

const port = Number(process.env.ITMS_E2E_PORT ?? 3210) + 31;
const origin = `http://127.0.0.1:${port}`;
const BUCKET = 'itms-e2e';

let work: string;
let s3rver: S3rver;
let s3Origin: string;
let server: ChildProcess | null = null;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'itms-s3-e2e-'));
  s3rver = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory: path.join(work, 's3'),
    configureBuckets: [{ name: BUCKET, configs: [] }],
  });
  s3Origin = `http://127.0.0.1:${(await s3rver.run()).port}`;
  server = await startOwnServer(port, path.join(work, 'data'), {
    STORAGE_DRIVER: 's3',
    S3_BUCKET: BUCKET,
    S3_ENDPOINT: s3Origin,
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
  });
});

test.afterAll(async () => {
  await stopOwnServer(server);
  await s3rver?.close();
  fs.rmSync(work, { recursive: true, force: true });
});

test('photos taken on the phone are stored in the S3 bucket and the office opens them from it', async () => {
  test.slow();
  const use = test.info().project.use;
  const { defaultBrowserType: _, ...pixel7 } = devices['Pixel 7'];
  const browser = await chromium.launch({
    executablePath: use.launchOptions?.executablePath,
    args: use.launchOptions?.args,
  });
  const api = await playwrightRequest.newContext({ baseURL: origin });
  try {
    const context = await browser.newContext({ ...pixel7, baseURL: origin });
    const page = await context.newPage();
    await signInField(page);
    await serviceWorkerControls(page);
    const odometer = 600_000 + (Date.now() % 90_000);
    const plate = await makeCheck(page, odometer);
    let found: { id: number }[] = [];
    await expect(async () => {
      found = await officeChecks(api, plate, odometer);
      expect(found).toHaveLength(1);
    }).toPass({ timeout: 60_000 });

    const edp = await apiToken(api, ACCOUNTS.edp);
    const headers = { access_token: edp };
    const detail = (await (
      await api.get(`/api/tire-check/detail/${found[0]!.id}`, { headers })
    ).json()) as TTireCheckDetail;
    const photos = [detail.odometer_url, detail.plate_number_url];
    const signed = (await (
      await api.post('/api/files/sign', { headers, data: { paths: photos } })
    ).json()) as {
      urls: Record<string, string>;
    };
    for (const key of photos) {
      const url = signed.urls[key]!;
      expect(url.startsWith(`${s3Origin}/${BUCKET}/${key}?`), url).toBe(true);
      // the bucket serves it under the key the check cites, to the office's browser, as an image
      const office = await browser.newPage();
      try {
        const res = await office.goto(url);
        expect(res?.status()).toBe(200);
        expect(res?.headers()['content-type']).toMatch(/^image\//);
        const width = await office.evaluate(async (src) => {
          const img = new Image();
          img.src = src;
          await img.decode();
          return img.naturalWidth;
        }, url);
        expect(width).toBeGreaterThan(0);
      } finally {
        await office.close();
      }
    }
    await api.post('/api/tire-man-logout', { headers });
  } finally {
    await api.dispose();
    await browser.close();
  }
});
