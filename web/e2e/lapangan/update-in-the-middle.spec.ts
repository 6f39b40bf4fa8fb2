import { type ChildProcess, execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { TTireCheckDetail } from '@itms/contracts/tire-checks';
import { type APIRequestContext, chromium, type Page, request as playwrightRequest } from '@playwright/test';
import { ACCOUNTS, expect, loginAs, test, tokenOf } from '../fixtures';
import { ROOT, startOwnServer, stopOwnServer } from '../own-server';
import {
  apiToken,
  fillReplacement,
  makeCheck,
  officeChecks,
  openApp,
  serviceWorkerControls,
  signInField,
  usedStockTire,
} from './field-helpers';

// Issue 35, item 6: an update never strands a phone. The README's update runs `npm run build` while
// the old process still serves, then restarts it. Here: build A (a copy of web/dist) served by a
// real server process on its own port and data directory; the phone installs the app and queues a
// check offline; build B (a second real build of the field app, another version so every hash
// differs) is written into the same directory while A's process runs; the phone opens the app and
// takes the update; the server restarts on B. The app opens, the check is still on the phone and
// reaches the office once. So does a replacement queued beside it, confirmed through its warning
// (issue 42, item 3: a used tire put on reading higher than its last reading). The check is made
// with 'PIC tidak di tempat' and a reason (issue 36, item 2): the reason survives the update on the
// phone and the office sees it where the PIC's signature would be. A breakdown call's 'Terima'
// tapped offline before the update (issue 38) reaches the office once, timed at the tap.

// its own server (a restart is part of the test), beside the run's: the run's port + 30
const port = Number(process.env.ITMS_E2E_PORT ?? 3210) + 30;
const origin = `http://127.0.0.1:${port}`;
const shots = path.resolve(import.meta.dirname, '../../../screenshots/lapangan');

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'itms-update-'));
const dist = path.join(work, 'dist');
const dataDir = path.join(work, 'data');
let server: ChildProcess | null = null;

/** The production server on this test's port, data and web dist. */
const startServer = () => startOwnServer(port, dataDir, { WEB_DIST: dist });
const stopServer = stopOwnServer;

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

/**
 * How the service worker's next version ends its install: 'installed' (whole, waiting for 'Muat
 * ulang') or 'redundant' (refused). Asks the browser to look for one.
 */
function nextVersion(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const registration = (await navigator.serviceWorker.getRegistration())!;
    const settled = (worker: ServiceWorker) =>
      new Promise<string>((resolve) => {
        const done = () => {
          if (worker.state === 'installed' || worker.state === 'redundant') resolve(worker.state);
        };
        worker.addEventListener('statechange', done);
        done();
      });
    if (registration.installing) return settled(registration.installing);
    if (registration.waiting) return 'installed';
    const found = new Promise<ServiceWorker>((resolve) =>
      registration.addEventListener('updatefound', () => resolve(registration.installing!), { once: true }),
    );
    await registration.update();
    return settled(await found);
  });
}

/** Profil's 'Versi aplikasi': the build the phone runs. */
const appVersion = (page: Page) =>
  page
    .locator('dl > div')
    .filter({ has: page.getByText('Versi aplikasi', { exact: true }) })
    .locator('dd');

/**
 * The office reads the check: its detail reply carries the reason, and Rekam Pengecekan's detail
 * shows 'PIC tidak di tempat: <reason>' where the PIC's signature would be.
 */
async function officeSeesPicAbsent(id: number, reason: string) {
  const browser = await chromium.launch(test.info().project.use.launchOptions);
  const office = await browser.newPage({ baseURL: origin, viewport: { width: 1280, height: 900 } });
  try {
    await loginAs(office, ACCOUNTS.edp);
    const headers = { access_token: (await tokenOf(office))! };
    const detail = (await (
      await office.request.get(`/api/tire-check/detail/${id}`, { headers })
    ).json()) as TTireCheckDetail;
    expect(detail).toMatchObject({ pic_sign: '-', pic_name: 'Pak Harun', pic_absent_reason: reason });
    // the day around the work (the list's days are Jakarta's)
    const day = (shift: number) =>
      new Date(Date.parse(detail.performed_at) + shift * 86_400_000).toISOString().slice(0, 10);
    await office.goto(`/tirecheck-record?start=${day(-1)}&end=${day(1)}`);
    await office.getByRole('row', { name: new RegExp(`^Pengecekan ${id} `) }).click();
    const dialog = office.getByRole('dialog', { name: `Detail Pengecekan #${id}` });
    const pic = dialog.getByRole('group', { name: 'TTD PIC' });
    await expect(pic.getByRole('img', { name: 'TTD PIC: PIC tidak di tempat' })).toBeVisible();
    await expect(pic).toContainText(`PIC tidak di tempat: ${reason}`);
    await pic.scrollIntoViewIfNeeded();
    await office.screenshot({ path: path.join(shots, 'check-pic-absent-office-detail.png') });
    await office.request.post('/api/tire-man-logout', { headers });
  } finally {
    await browser.close();
  }
}

/** A breakdown call logged and assigned to the demo tire man on this test's server; its id. */
async function callForBudi(api: APIRequestContext): Promise<number> {
  const admin = await apiToken(api, ACCOUNTS.admin);
  const headers = { access_token: admin };
  try {
    const tiremen = (await (await api.get('/api/tire-man-field', { headers })).json()) as {
      id: number;
      name: string;
    }[];
    const budi = tiremen.find((t) => t.name === 'Budi Santoso')!;
    const units = (await (await api.get('/api/unit?sort=id&pageSize=1', { headers })).json()) as {
      data: { id: number }[];
    };
    const made = await api.post('/api/storing', {
      headers,
      data: {
        unit_id: units.data[0]!.id,
        cause: 'bocor',
        location_text: 'Pool Cakung',
        caller_name: 'Pak Darto',
        caller_phone: '081234567890',
      },
    });
    expect(made.ok(), await made.text()).toBe(true);
    const id = ((await made.json()) as { data: { id: number } }).data.id;
    const assigned = await api.post(`/api/storing/${id}/assign`, { headers, data: { tireman_id: budi.id } });
    expect(assigned.ok(), await assigned.text()).toBe(true);
    return id;
  } finally {
    await api.post('/api/tire-man-logout', { headers });
  }
}

test.afterAll(async () => {
  await stopServer(server);
  fs.rmSync(work, { recursive: true, force: true });
});

test('an update built while the old process runs: the app opens on the new build and sends its unsent check and replacement once', async () => {
  test.setTimeout(8 * 60_000);
  fs.cpSync(path.join(ROOT, 'web/dist'), dist, { recursive: true });
  server = await startServer();
  const profile = path.join(work, 'phone');
  let { context, page } = await openApp(profile, origin);
  const api = await playwrightRequest.newContext({ baseURL: origin });
  try {
    const callId = await callForBudi(api);
    await signInField(page);
    await serviceWorkerControls(page);
    await page.getByRole('link', { name: 'Profil' }).click();
    const versionA = (await appVersion(page).textContent())!;

    // a replacement: a used tire picked from the server's search while there is a signal, put on
    // reading 18 mm; its last reading was 4-6 mm, and the form says so at the position
    const used = await usedStockTire(api);
    const replacement = await fillReplacement(page, {
      unitIndex: 1,
      installed: used.serial_number,
      rtd: '18',
    });
    const rtdHigher = /RTD lebih tinggi dari sebelumnya \([\d,]+ mm\), ban vulkanisir\?/;
    const position = page.getByRole('group', { name: replacement.legend });
    await expect(position.getByText(rtdHigher)).toBeVisible();
    // the signal goes; 'Kirim' asks once, then the replacement waits on the phone
    await context.setOffline(true);
    await page.getByRole('button', { name: 'Kirim' }).dblclick();
    const recheck = page.getByRole('alertdialog', { name: 'Periksa lagi' });
    await expect(recheck.getByText(rtdHigher)).toBeVisible();
    await expect(page.getByText(`Pergantian ${replacement.plate} tersimpan di HP`)).toBeHidden();
    await page.screenshot({ path: path.join(shots, 'replacement-warning-412.png'), fullPage: true });
    await recheck.getByRole('button', { name: 'Data sudah benar, kirim' }).click();
    await expect(page.getByText(`Pergantian ${replacement.plate} tersimpan di HP`)).toBeVisible();

    // 'Terima' on his breakdown call, tapped with no signal (issue 38): a tap waits like any entry
    const accepting = Date.now();
    await page.locator(`#panggilan-${callId}`).getByRole('button', { name: 'Terima' }).click();
    await expect(page.locator(`#panggilan-${callId}`)).toContainText('Diterima');
    const accepted = Date.now();

    // a check made with no signal, the PIC not on site, then the app is closed
    const odometer = 700_000 + (Date.now() % 90_000);
    const picAbsentReason = 'PIC sedang rapat di kantor pusat, tidak bisa tanda tangan';
    const plate = await makeCheck(page, odometer, undefined, undefined, async () => {
      const signatures = page.getByRole('region', { name: 'Tanda tangan' });
      await page.getByLabel('Nama PIC').fill('Pak Harun');
      await signatures.getByRole('checkbox', { name: 'PIC tidak di tempat' }).check();
      // the choice replaces the PIC's pad with the reason, which is required
      await expect(signatures.getByRole('group', { name: 'Tanda tangan PIC', exact: true })).toBeHidden();
      await page.getByRole('button', { name: 'Kirim' }).click();
      const reason = page.getByLabel('Alasan PIC tidak di tempat');
      await expect(
        page.locator('.lp-field').filter({ has: reason }).getByText('Alasan PIC tidak di tempat wajib diisi'),
      ).toBeVisible();
      await reason.fill(picAbsentReason);
      await expect(signatures.getByText(`${picAbsentReason.length}/200 karakter`)).toBeVisible();
      await signatures.scrollIntoViewIfNeeded();
      await page.screenshot({ path: path.join(shots, 'check-pic-absent-form.png') });
    });
    await expect(page.getByText('3 belum terkirim')).toBeVisible();
    await context.close();

    // the update is built while A's process still serves
    const built = Date.now();
    await buildB();
    test.info().annotations.push({ type: 'build-B-ms', description: String(Date.now() - built) });

    // the phone opens the app with a signal, but the API out of its reach (the entry stays on the
    // phone through the update)
    ({ context, page } = await openApp(profile, origin));
    await context.route('**/api/**', (route) => route.abort('internetdisconnected'));
    // first, B's script comes back as a web page (a captive portal, or a server of before issue
    // 35 that answered a file it did not have with the SPA's page): the new version does not
    // install, the phone keeps A whole
    const entryB = /\/lapangan\/assets\/index-[\w-]+\.js/.exec(
      fs.readFileSync(path.join(dist, 'lapangan/index.html'), 'utf8'),
    )![0];
    const asPage = `${origin}${entryB}`;
    await context.route(asPage, (route) =>
      route.fulfill({
        status: 200,
        contentType: 'text/html; charset=utf-8',
        body: '<!doctype html><p>Login</p>',
      }),
    );
    await page.goto('/lapangan/profil');
    expect(await nextVersion(page)).toBe('redundant');
    await expect(appVersion(page)).toHaveText(versionA);
    const prompt = page.getByRole('alertdialog', { name: 'Versi baru tersedia' });
    await expect(prompt).toBeHidden();

    // then the real file: the new version installs and is offered
    await context.unroute(asPage);
    expect(await nextVersion(page)).toBe('installed');
    await page.reload();
    await expect(prompt).toBeVisible({ timeout: 30_000 });
    await prompt.getByRole('button', { name: 'Muat ulang' }).click();
    // B runs (not 'Memuat ITMS Lapangan ...' for ever), with the check still on the phone
    await expect(appVersion(page)).toHaveText('versi B', { timeout: 30_000 });
    expect(versionA).not.toBe('versi B');
    await page.screenshot({ path: path.join(shots, 'update-profil-versi-b.png') });
    await page.getByRole('link', { name: 'Beranda' }).click();
    await expect(page.getByText('3 belum terkirim')).toBeVisible();

    // the server restarts on build B; the API is reachable again and the signal comes back
    await stopServer(server);
    server = await startServer();
    await context.unroute('**/api/**');
    await context.setOffline(true);
    await context.setOffline(false);
    await expect(page.getByText('0 belum terkirim')).toBeVisible({ timeout: 60_000 });

    // the app opened again on B, from its own service worker
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Budi Santoso', level: 1 })).toBeVisible();
    const arrivedChecks = await officeChecks(api, plate, odometer);
    expect(arrivedChecks).toHaveLength(1);
    await officeSeesPicAbsent(arrivedChecks[0]!.id, picAbsentReason);
    // the replacement arrived once, and the EDP sees the warning the tire man confirmed
    const edp = await apiToken(api, ACCOUNTS.edp);
    try {
      const headers = { access_token: edp };
      const list = await api.get(
        `/api/tire-replace/pending?status=edp&pageSize=100&q=${encodeURIComponent(replacement.plate)}`,
        { headers },
      );
      expect(list.ok()).toBe(true);
      const ids = ((await list.json()) as { data: { id: number }[] }).data.map((r) => r.id);
      const arrived = [];
      for (const id of ids) {
        const d = (await (await api.get(`/api/tire-replace/${id}`, { headers })).json()) as {
          spk: string;
          field_warnings: { kind: string; message: string }[];
        };
        if (d.spk === replacement.spk) arrived.push(d);
      }
      expect(arrived).toHaveLength(1);
      expect(arrived[0]!.field_warnings.map((w) => w.kind)).toContain('rtd-higher');
      // the tap arrived once, at the time it was tapped before the update
      const call = (await (await api.get(`/api/storing/${callId}`, { headers })).json()) as {
        status: string;
        accepted_at: string;
        events: { action: string }[];
      };
      expect(call.status).toBe('accepted');
      expect(call.events.filter((e) => e.action === 'accept')).toHaveLength(1);
      const at = Date.parse(call.accepted_at);
      expect(at >= accepting - 1 && at <= accepted + 1, `${call.accepted_at} not in the tap`).toBe(true);
    } finally {
      await api.post('/api/tire-man-logout', { headers: { access_token: edp } });
    }
  } finally {
    await context.close();
    await api.dispose();
  }
});
