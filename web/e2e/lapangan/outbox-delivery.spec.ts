import path from 'node:path';
import type { TFieldBootstrap } from '@itms/contracts/field';
import { ACCOUNTS, expect, logoutToken, test, tokenOf } from '../fixtures';
import {
  apiToken,
  cameraPhoto,
  makeCheck,
  officeChecks,
  openCheckForm,
  sendCheckForm,
  serviceWorkerControls,
  signInField,
} from './field-helpers';

// Issue 21: each entry reaches the office exactly once, whatever the network does on the way.

const shots = path.resolve(import.meta.dirname, '../../../screenshots/lapangan');

/** A distinct odometer per test run, to find this run's entry among the demo data's. */
const odometerOf = (n: number) => 900_000 + (Date.now() % 90_000) + n;

test('a reply lost after the server stored the check: the retry replays it, one check', async ({
  page,
  request,
}) => {
  await signInField(page);
  await serviceWorkerControls(page);
  let lost = 0;
  const keys: string[] = [];
  await page.route('**/api/tire-check', async (route) => {
    if (route.request().method() !== 'POST') return route.fallback();
    keys.push(route.request().headers()['idempotency-key']!);
    if (lost > 0) return route.fallback();
    lost++;
    // the server stores the check and answers; the phone never hears it
    await route.fetch();
    await route.abort('connectionreset');
  });
  const odometer = odometerOf(1);
  const plate = await makeCheck(page, odometer);
  await expect(page.getByText('0 belum terkirim')).toBeVisible({ timeout: 20_000 });
  expect(lost).toBe(1);
  // the retry carried the key the entry was saved with
  expect(keys).toHaveLength(2);
  expect(keys[1]).toBe(keys[0]);
  expect(await officeChecks(request, plate, odometer)).toHaveLength(1);
});

test('503 twice, then the real server: sent once, after the backoff', async ({ page, request }) => {
  await signInField(page);
  let refused = 0;
  await page.route('**/api/tire-check', async (route) => {
    if (route.request().method() !== 'POST' || refused >= 2) return route.fallback();
    refused++;
    await route.fulfill({
      status: 503,
      contentType: 'application/json',
      body: JSON.stringify({ statusCode: 503, code: 'UNAVAILABLE', message: 'Server sibuk' }),
    });
  });
  const odometer = odometerOf(2);
  const plate = await makeCheck(page, odometer);
  await expect(page.locator('.lp-queue-item')).toContainText('Tersimpan di HP');
  await expect(page.getByText('0 belum terkirim')).toBeVisible({ timeout: 30_000 });
  expect(refused).toBe(2);
  expect(await officeChecks(request, plate, odometer)).toHaveLength(1);
});

test('an 8 MB camera photo is stored under 1 MB and accepted by the server', async ({ page, request }) => {
  // making a 12 MP photo and compressing it twice takes most of a minute on a busy 2-core machine
  test.slow();
  await signInField(page);
  // a 12 MP photo with grain all over (it hardly compresses): over 8 MB as the camera's PNG
  const big = await page.evaluate(async () => {
    const c = new OffscreenCanvas(4000, 3000);
    const ctx = c.getContext('2d')!;
    const img = ctx.createImageData(4000, 3000);
    for (let i = 0; i < img.data.length; i++) {
      img.data[i] = i % 4 === 3 ? 255 : ((i >> 6) % 200) + Math.floor(Math.random() * 56);
    }
    ctx.putImageData(img, 0, 0);
    const blob = await c.convertToBlob({ type: 'image/png' });
    const bytes = new Uint8Array(await blob.arrayBuffer());
    let s = '';
    for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    return btoa(s);
  });
  const photo = Buffer.from(big, 'base64');
  expect(photo.length).toBeGreaterThan(8 * 1024 * 1024);
  const odometer = odometerOf(3);
  const plate = await makeCheck(page, odometer, photo);
  await expect(page.getByText('0 belum terkirim')).toBeVisible({ timeout: 30_000 });
  const [check] = await officeChecks(request, plate, odometer);
  expect(check).toBeDefined();
  const edp = await apiToken(request, ACCOUNTS.edp);
  try {
    const detail = await request.get(`/api/tire-check/detail/${check!.id}`, {
      headers: { access_token: edp },
    });
    const { odometer_url } = (await detail.json()) as { odometer_url: string };
    const signed = await request.post('/api/files/sign', {
      headers: { access_token: edp },
      data: { paths: [odometer_url] },
    });
    const { urls } = (await signed.json()) as { urls: Record<string, string> };
    const stored = await request.get(urls[odometer_url]!);
    expect(stored.status()).toBe(200);
    expect((await stored.body()).length).toBeLessThan(1024 * 1024);
  } finally {
    await request.post('/api/tire-man-logout', { headers: { access_token: edp } });
  }
});

test('401 mid-queue: the queue waits, and goes out after the same tire man signs in again', async ({
  page,
  context,
  request,
}) => {
  await signInField(page);
  await serviceWorkerControls(page);
  await context.setOffline(true);
  const odometer = odometerOf(4);
  const plate = await makeCheck(page, odometer);

  // meanwhile an admin ends his session
  const admin = await apiToken(request, ACCOUNTS.admin);
  try {
    const users = await request.get('/api/tire-man?pageSize=100&q=Budi', {
      headers: { access_token: admin },
    });
    const me = ((await users.json()) as { data: { id: number; email: string }[] }).data.find(
      (u) => u.email === ACCOUNTS.tireman,
    )!;
    const ended = await request.post(`/api/tire-man/${me.id}/force-logout`, {
      headers: { access_token: admin },
    });
    expect(ended.ok()).toBe(true);
  } finally {
    await request.post('/api/tire-man-logout', { headers: { access_token: admin } });
  }

  await context.setOffline(false);
  // the send gets 401: sign in again; the entry stays on the phone, not sent under nobody
  await expect(page).toHaveURL(/\/lapangan\/login$/, { timeout: 20_000 });
  await expect(page.getByText('Sesi berakhir. Login untuk mengirim 1 data.')).toBeVisible();
  expect(await officeChecks(request, plate, odometer)).toHaveLength(0);

  await signInField(page);
  await expect(page.getByText('0 belum terkirim')).toBeVisible({ timeout: 20_000 });
  expect(await officeChecks(request, plate, odometer)).toHaveLength(1);
  expect(await tokenOf(page)).not.toBeNull();
});

test("after a 401, another tire man signing in on the phone never sends the first one's entry", async ({
  page,
  context,
  request,
}) => {
  // a second tire man, registered by the admin for this run
  const other = { email: `tm-${Date.now()}@itms.local`, name: 'Agus Lapangan', password: 'kapal-layar-9x' };
  const admin = await apiToken(request, ACCOUNTS.admin);
  let budiId = 0;
  try {
    const made = await request.post('/api/tire-man/register', {
      headers: { access_token: admin },
      data: {
        ...other,
        phone: '081234567890',
        nik: '3201000000000001',
        role: 'tire-man',
      },
    });
    expect(made.ok(), await made.text()).toBe(true);
    const users = await request.get('/api/tire-man?pageSize=100&q=Budi', {
      headers: { access_token: admin },
    });
    budiId = ((await users.json()) as { data: { id: number; email: string }[] }).data.find(
      (u) => u.email === ACCOUNTS.tireman,
    )!.id;
  } finally {
    await logoutToken(request, admin);
  }

  // Budi's check waits on the phone; the office ends his session
  await signInField(page);
  await serviceWorkerControls(page);
  await context.setOffline(true);
  const odometer = odometerOf(6);
  const plate = await makeCheck(page, odometer);
  const ender = await apiToken(request, ACCOUNTS.admin);
  try {
    const ended = await request.post(`/api/tire-man/${budiId}/force-logout`, {
      headers: { access_token: ender },
    });
    expect(ended.ok()).toBe(true);
  } finally {
    await logoutToken(request, ender);
  }
  await context.setOffline(false);
  await expect(page).toHaveURL(/\/lapangan\/login$/, { timeout: 20_000 });

  // Agus signs in on the same phone: his Beranda, his empty queue, and Budi's entry stays unsent
  await page.getByLabel('Email').fill(other.email);
  await page.getByLabel('Password').fill(other.password);
  await page.getByRole('button', { name: 'Masuk' }).click();
  await expect(page.getByRole('heading', { name: other.name, level: 1 })).toBeVisible();
  await expect(page.getByText('0 belum terkirim')).toBeVisible();
  // no units of his own yet: Budi's snapshot left the phone with him
  await expect(page.getByText('Belum ada unit di proyek Anda')).toBeVisible();
  await page.getByRole('link', { name: 'Profil' }).click();
  await expect(page).toHaveURL(/\/lapangan\/profil$/);
  await expect(page.getByRole('button', { name: 'Kirim sekarang (0)' })).toBeDisabled();
  // the app's own sending had its chances (start, online, Profil): nothing reached the office
  await page.waitForTimeout(3_000);
  expect(await officeChecks(request, plate, odometer)).toHaveLength(0);
  await page.getByRole('button', { name: 'Keluar' }).click();
  await expect(page).toHaveURL(/\/lapangan\/login$/);

  // Budi again: his entry goes out, under his name
  await signInField(page);
  await expect(page.getByText('0 belum terkirim')).toBeVisible({ timeout: 20_000 });
  const [sent] = await officeChecks(request, plate, odometer);
  expect(sent).toBeDefined();
  const edp = await apiToken(request, ACCOUNTS.edp);
  try {
    const detail = await request.get(`/api/tire-check/detail/${sent!.id}`, {
      headers: { access_token: edp },
    });
    expect(((await detail.json()) as { tireman_tire_check: { name: string } }).tireman_tire_check.name).toBe(
      'Budi Santoso',
    );
  } finally {
    await logoutToken(request, edp);
  }
});

test('an entry the server refuses is set aside as Perlu tindakan with its message, not retried, and discarded only when confirmed', async ({
  page,
}) => {
  // the phone's clock runs two hours ahead: the server refuses the check's time
  await page.clock.install({ time: new Date(Date.now() + 2 * 60 * 60 * 1000) });
  await signInField(page);
  let posts = 0;
  page.on('request', (req) => {
    if (req.method() === 'POST' && new URL(req.url()).pathname === '/api/tire-check') posts++;
  });
  await makeCheck(page, odometerOf(5));
  const item = page.locator('.lp-queue-item');
  await expect(item).toContainText('Perlu tindakan', { timeout: 20_000 });
  await expect(item).toContainText('Waktu perangkat tidak valid');
  await page.screenshot({ path: path.join(shots, 'beranda-perlu-tindakan.png') });
  // 'Kirim sekarang' does not send it again
  await page.getByRole('button', { name: 'Kirim sekarang' }).click();
  await page.waitForTimeout(1500);
  expect(posts).toBe(1);
  await expect(page.getByText('1 belum terkirim')).toBeVisible();

  await item.getByRole('button', { name: 'Buang' }).click();
  await item.getByRole('button', { name: 'Batal' }).click();
  await expect(item).toHaveCount(1);
  await item.getByRole('button', { name: 'Buang' }).click();
  await item.getByRole('button', { name: 'Ya, buang' }).click();
  await expect(item).toHaveCount(0);
  await expect(page.getByText('0 belum terkirim')).toBeVisible();
});

test("a unit the office deletes while the phone is offline: its check needs action with the server's word, never retried", async ({
  page,
  context,
  request,
}) => {
  await signInField(page);
  await serviceWorkerControls(page);
  // the office adds a unit to his project; the phone learns of it on its next start
  const mine = (await (
    await request.get('/api/field/bootstrap', { headers: { access_token: (await tokenOf(page))! } })
  ).json()) as TFieldBootstrap;
  const like = mine.units[0]!;
  const admin = await apiToken(request, ACCOUNTS.admin);
  const plate = `B ${9000 + (Date.now() % 999)} DEL`;
  try {
    const created = await request.post('/api/unit', {
      headers: { access_token: admin },
      data: {
        plate_number: plate,
        unit_type: like.unit_type,
        project_id: like.project.id,
        tonnage: 10,
        handled_date: '2026-01-05',
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const unitId = ((await created.json()) as { data: { id: number } }).data.id;
    const refreshed = page.waitForResponse((r) => r.url().includes('/api/field/bootstrap') && r.ok());
    await page.reload();
    await refreshed;
    await expect(page.locator(`a.lp-unit-link[href$="/unit/${unitId}"]`)).toBeVisible();

    // offline, he checks it (a tire he finds there, typed in)
    await context.setOffline(true);
    await page.locator(`a.lp-unit-link[href$="/unit/${unitId}"]`).click();
    await page.getByRole('link', { name: 'Pengecekan' }).click();
    await page.getByLabel('Lokasi').selectOption({ index: 1 });
    await page.getByLabel('Odometer (Km)').fill(String(odometerOf(7)));
    for (const label of ['Foto odometer', 'Foto plat nomor']) {
      const buffer = await cameraPhoto(page, label);
      await page.getByLabel(label).setInputFiles({ name: 'foto.png', mimeType: 'image/png', buffer });
    }
    await expect(page.getByText(/Foto siap/)).toHaveCount(2, { timeout: 15_000 });
    const first = page.getByRole('group', { name: /^Posisi / }).first();
    await first.getByLabel('Nomor seri').fill('E2EDEL01');
    for (const n of [1, 2, 3, 4]) await first.getByLabel(`RTD ${n}`).fill('9');
    await first.getByLabel('PSI').fill('95');
    await sendCheckForm(page, `Pengecekan ${plate} tersimpan di HP`);

    // meanwhile the office deletes the unit; the signal comes back
    const deleted = await request.delete(`/api/unit/${unitId}`, { headers: { access_token: admin } });
    expect(deleted.ok(), await deleted.text()).toBe(true);
    let posts = 0;
    page.on('request', (req) => {
      if (req.method() === 'POST' && new URL(req.url()).pathname === '/api/tire-check') posts++;
    });
    await context.setOffline(false);
    const item = page.locator('.lp-queue-item', { hasText: `Pengecekan ${plate}` });
    await expect(item).toContainText('Perlu tindakan', { timeout: 30_000 });
    // in words, not as the field's key
    await expect(item.locator('.lp-error')).toHaveText('Unit tidak ditemukan');
    await page.screenshot({ path: path.join(shots, 'beranda-unit-deleted.png') });
    // not sent again, by the timer or by 'Kirim sekarang'
    await page.getByRole('button', { name: 'Kirim sekarang' }).click();
    await page.waitForTimeout(1500);
    expect(posts).toBe(1);
    await expect(item).toContainText('Perlu tindakan');
  } finally {
    await logoutToken(request, admin);
  }
});

test('a half-filled check is kept as a draft through an app reload, and sent from it', async ({
  page,
  context,
  request,
}) => {
  await signInField(page);
  await serviceWorkerControls(page);
  await context.setOffline(true);
  const plate = await openCheckForm(page);
  const odometer = odometerOf(6);
  await page.getByLabel('Odometer (Km)').fill(String(odometer));
  const first = page.getByRole('group', { name: /^Posisi / }).first();
  await first.getByLabel('RTD 1').fill('6.5');
  await page.waitForTimeout(800);

  // the app is closed mid-form (a reload, offline): everything typed is still there
  await page.reload();
  await expect(page.getByLabel('Odometer (Km)')).toHaveValue(String(odometer));
  await expect(first.getByLabel('RTD 1')).toHaveValue('6.5');
  await page.getByRole('link', { name: `‹ ${plate}` }).click();
  await expect(page.getByRole('link', { name: 'Lanjutkan pengecekan (draf)' })).toBeVisible();
  await context.setOffline(false);
  // finished later: one entry, and no draft left
  await makeCheck(page, odometer);
  await expect(page.getByText('0 belum terkirim')).toBeVisible({ timeout: 20_000 });
  expect(await officeChecks(request, plate, odometer)).toHaveLength(1);
  await page.locator('.lp-unit-link').filter({ hasText: plate }).click();
  await expect(page.getByRole('link', { name: 'Pengecekan', exact: true })).toBeVisible();
});
