import { type ChildProcess, execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { type Page, request as playwrightRequest } from '@playwright/test';
import { expect, test } from '../fixtures';
import { makeCheck, officeChecks, openApp, serviceWorkerControls, signInField } from './field-helpers';

// Issue 35, item 6: an update never strands a phone. The README's update runs `npm run build` while
// the old process still serves, then restarts it. Here: build A (a copy of web/dist) served by a
// real server process on its own port and data directory; the phone installs the app and queues a
// check offline; build B (a second real build of the field app, another version so every hash
// differs) is written into the same directory while A's process runs; the phone opens the app and
// takes the update; the server restarts on B. The app opens, the check is still on the phone and
// reaches the office once.

const ROOT = path.resolve(import.meta.dirname, '../../..');
// its own server (a restart is part of the test), beside the run's: the run's port + 30
const port = Number(process.env.ITMS_E2E_PORT ?? 3210) + 30;
const origin = `http://127.0.0.1:${port}`;
const shots = path.resolve(import.meta.dirname, '../../../screenshots/lapangan');

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'itms-update-'));
const dist = path.join(work, 'dist');
const dataDir = path.join(work, 'data');
let server: ChildProcess | null = null;

/** The production server (server/dist/server.mjs) on this test's port, data and web dist. */
async function startServer(): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['server/dist/server.mjs'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_DIST: dist,
      LOG_LEVEL: 'warn',
      DEMO_SEED: 'true',
      STRICT_REPLIES: 'true',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (c: Buffer) => (out += c));
  child.stderr!.on('data', (c: Buffer) => (out += c));
  await new Promise<void>((resolve, reject) => {
    const onExit = (code: number | null) => reject(new Error(`server exited ${code}:\n${out}`));
    child.once('exit', onExit);
    const poll = async () => {
      const up = await fetch(`${origin}/api/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (up) {
        child.off('exit', onExit);
        resolve();
      } else setTimeout(poll, 250);
    };
    void poll();
  });
  return child;
}

async function stopServer(child: ChildProcess | null) {
  if (!child || child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

/**
 * The README's `npm run build` while the old process runs (web/scripts/build.mjs): here only the
 * field app, into this test's dist, named 'versi B' (every hash of its entry differs from A's).
 */
async function buildB() {
  await promisify(execFile)('npm', ['run', 'build', '-w', 'web', '--', '--out', dist, '--app', 'lapangan'], {
    cwd: ROOT,
    env: { ...process.env, ITMS_APP_VERSION: 'versi B' },
  });
}

/** Profil's 'Versi aplikasi': the build the phone runs. */
const appVersion = (page: Page) =>
  page
    .locator('dl > div')
    .filter({ has: page.getByText('Versi aplikasi', { exact: true }) })
    .locator('dd');

test.afterAll(async () => {
  await stopServer(server);
  fs.rmSync(work, { recursive: true, force: true });
});

test('an update built while the old process runs: the app opens on the new build and sends its unsent check once', async () => {
  test.setTimeout(8 * 60_000);
  fs.cpSync(path.join(ROOT, 'web/dist'), dist, { recursive: true });
  server = await startServer();
  const profile = path.join(work, 'phone');
  let { context, page } = await openApp(profile, origin);
  const api = await playwrightRequest.newContext({ baseURL: origin });
  try {
    await signInField(page);
    await serviceWorkerControls(page);
    await page.getByRole('link', { name: 'Profil' }).click();
    const versionA = (await appVersion(page).textContent())!;

    // a check made with no signal, then the app is closed
    await context.setOffline(true);
    const odometer = 700_000 + (Date.now() % 90_000);
    const plate = await makeCheck(page, odometer);
    await expect(page.getByText('1 belum terkirim')).toBeVisible();
    await context.close();

    // the update is built while A's process still serves
    const built = Date.now();
    await buildB();
    test.info().annotations.push({ type: 'build-B-ms', description: String(Date.now() - built) });

    // the phone opens the app with a signal, but the API out of its reach (the entry stays on the
    // phone through the update); the new version is offered and taken
    ({ context, page } = await openApp(profile, origin));
    await context.route('**/api/**', (route) => route.abort('internetdisconnected'));
    await page.goto('/lapangan/');
    const prompt = page.getByRole('alertdialog', { name: 'Versi baru tersedia' });
    await expect(prompt).toBeVisible({ timeout: 60_000 });
    await prompt.getByRole('button', { name: 'Muat ulang' }).click();
    await expect(page.getByRole('heading', { name: 'Budi Santoso', level: 1 })).toBeVisible({
      timeout: 30_000,
    });
    await expect(page.getByText('1 belum terkirim')).toBeVisible();
    await page.getByRole('link', { name: 'Profil' }).click();
    await expect(appVersion(page)).toHaveText('versi B');
    expect(versionA).not.toBe('versi B');
    await page.screenshot({ path: path.join(shots, 'update-profil-versi-b.png') });

    // the server restarts on build B; the API is reachable again and the signal comes back
    await stopServer(server);
    server = await startServer();
    await context.unroute('**/api/**');
    await context.setOffline(true);
    await context.setOffline(false);
    await page.getByRole('link', { name: 'Beranda' }).click();
    await expect(page.getByText('0 belum terkirim')).toBeVisible({ timeout: 60_000 });

    // the app opened again on B, from its own service worker
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Budi Santoso', level: 1 })).toBeVisible();
    expect(await officeChecks(api, plate, odometer)).toHaveLength(1);
  } finally {
    await context.close();
    await api.dispose();
  }
});
