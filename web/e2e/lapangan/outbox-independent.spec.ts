import path from 'node:path';
import type { BrowserContext, Page, Route } from '@playwright/test';
import { expect, test } from '../fixtures';
import { fieldUnits, makeCheck, officeChecks, serviceWorkerControls, signInField } from './field-helpers';

// Issue 35, item 7: the field queue never blocks. One entry the server keeps failing, or whose
// request never answers, holds no other entry; each is sent exactly once in the end.

const shots = path.resolve(import.meta.dirname, '../../../screenshots/lapangan');

/** A distinct odometer per test run, to find this run's entries among the demo data's. */
const odometerOf = (n: number) => 800_000 + (Date.now() % 90_000) + n * 10;

/** How the office hears of the checks of one unit: each POST of it, with its Idempotency-Key. */
interface Watched {
  keys: string[];
  times: number[];
}

/**
 * Routes the check POSTs of unit `unitId` through `handle` (the others go to the server as they
 * are); records each one's Idempotency-Key and time.
 */
async function watchChecksOf(page: Page, unitId: number, handle: (route: Route) => Promise<void>) {
  const watched: Watched = { keys: [], times: [] };
  await page.route('**/api/tire-check', async (route) => {
    const req = route.request();
    if (req.method() !== 'POST' || (req.postDataJSON() as { unit_id: number }).unit_id !== unitId) {
      return route.fallback();
    }
    watched.keys.push(req.headers()['idempotency-key']!);
    watched.times.push(Date.now());
    await handle(route);
  });
  return watched;
}

/** Checks of Beranda's first three units, made offline in this order (odometers n, n+1, n+2). */
async function threeChecksOffline(page: Page, context: BrowserContext, n: number) {
  await context.setOffline(true);
  const units = await fieldUnits(page, 3);
  const odometer = odometerOf(n);
  for (const [i, u] of units.entries()) await makeCheck(page, odometer + i, undefined, u.plate);
  return { units, odometer };
}

test('the server answers 500 for one entry every time: the later entries of other units go, it shows its error, and goes once when the server takes it', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(180_000);
  await signInField(page);
  await serviceWorkerControls(page);
  const [first] = await fieldUnits(page, 1);
  let failing = true;
  const a = await watchChecksOf(page, first!.id, async (route) => {
    if (!failing) return route.fallback();
    await route.fulfill({
      status: 500,
      json: { statusCode: 500, code: 'INTERNAL', message: 'Server sedang gangguan' },
    });
  });
  const { units, odometer } = await threeChecksOffline(page, context, 1);
  expect(units[0]!.id).toBe(first!.id);
  // and a second check of the failing entry's unit: a unit's entries keep their order
  await makeCheck(page, odometer + 3, undefined, units[0]!.plate);
  await context.setOffline(false);

  // the two entries of other units arrive while the first keeps failing
  await expect(page.getByText('2 belum terkirim')).toBeVisible({ timeout: 30_000 });
  expect(await officeChecks(request, units[1]!.plate, odometer + 1)).toHaveLength(1);
  expect(await officeChecks(request, units[2]!.plate, odometer + 2)).toHaveLength(1);

  // after three failed tries it says why, and when it is tried again, instead of 'Tersimpan di HP'
  const ofUnit = page.locator('.lp-queue-item', { hasText: `Pengecekan ${units[0]!.plate}` });
  const item = ofUnit.first();
  await expect(item.locator('.lp-error')).toHaveText(
    /^Gagal dikirim: Server sedang gangguan, dicoba lagi \d{2}\.\d{2}$/,
    { timeout: 30_000 },
  );
  await expect(item.locator('.lp-tag')).toHaveText('Gagal dikirim');
  expect(a.keys.length).toBeGreaterThanOrEqual(3);
  // the later check of its unit waits for it, and says so
  await expect(ofUnit.last()).toContainText(/Menunggu Pengecekan \d{2}\.\d{2} terkirim dulu/);
  await expect(ofUnit.last().locator('.lp-tag')).toHaveText('Tersimpan di HP');
  await item.scrollIntoViewIfNeeded();
  await page.screenshot({ path: path.join(shots, 'beranda-gagal-dikirim.png') });

  // it backs off on its own: after the fourth failure the next try is at least 8 s away; the
  // server is back, and 'Kirim sekarang' sends it at once
  await expect.poll(() => a.keys.length, { timeout: 30_000 }).toBeGreaterThanOrEqual(4);
  failing = false;
  const tries = a.keys.length;
  await page.getByRole('button', { name: 'Kirim sekarang' }).click();
  await expect(page.getByText('0 belum terkirim')).toBeVisible({ timeout: 20_000 });
  expect(a.times[tries]! - a.times[tries - 1]!).toBeLessThan(8_000);
  expect(await officeChecks(request, units[0]!.plate, odometer)).toHaveLength(1);
  expect(await officeChecks(request, units[0]!.plate, odometer + 3)).toHaveLength(1);
  // every try of the first carried the one key it was saved with; the second went only after it
  const [firstKey] = a.keys;
  expect(a.keys.slice(0, tries + 1).every((k) => k === firstKey)).toBe(true);
  expect(a.keys.slice(tries + 1)).toHaveLength(1);
  expect(a.keys.at(-1)).not.toBe(firstKey);
});

test('a request that never answers does not hold the queue: after its timeout the later entries go, and Kirim sekarang cuts the stuck retry short', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(180_000);
  await signInField(page);
  await serviceWorkerControls(page);
  const [first] = await fieldUnits(page, 1);
  let stalling = true;
  const held: Route[] = [];
  const a = await watchChecksOf(page, first!.id, async (route) => {
    if (!stalling) return route.fallback();
    held.push(route);
  });
  const { units, odometer } = await threeChecksOffline(page, context, 2);
  await context.setOffline(false);

  try {
    // the first stalls; 30 s later it is given up and the two later entries go
    await expect(page.getByText('1 belum terkirim')).toBeVisible({ timeout: 60_000 });
    expect(await officeChecks(request, units[1]!.plate, odometer + 1)).toHaveLength(1);
    expect(await officeChecks(request, units[2]!.plate, odometer + 2)).toHaveLength(1);
    expect(await officeChecks(request, units[0]!.plate, odometer)).toHaveLength(0);

    // it is tried again under the same key, and stalls again
    await expect.poll(() => a.keys.length, { timeout: 20_000 }).toBe(2);
    expect(a.keys[1]).toBe(a.keys[0]);

    // the server answers again; 'Kirim sekarang' does not wait for the stuck try's 30 s
    stalling = false;
    const clicked = Date.now();
    await page.getByRole('button', { name: 'Kirim sekarang' }).click();
    await expect(page.getByText('0 belum terkirim')).toBeVisible({ timeout: 20_000 });
    expect(Date.now() - clicked).toBeLessThan(15_000);
    expect(await officeChecks(request, units[0]!.plate, odometer)).toHaveLength(1);
    expect(new Set(a.keys).size).toBe(1);
  } finally {
    // the page gave up on these long ago
    for (const route of held) await route.abort().catch(() => undefined);
  }
});

test('a reply lost in a request that never answers: the retry after the timeout replays it, one check', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await signInField(page);
  const [unit] = await fieldUnits(page, 1);
  const held: Route[] = [];
  const replayed: string[] = [];
  page.on('response', (res) => {
    if (res.request().method() === 'POST' && new URL(res.url()).pathname === '/api/tire-check') {
      replayed.push(res.headers()['idempotent-replayed'] ?? 'no');
    }
  });
  const a = await watchChecksOf(page, unit!.id, async (route) => {
    if (held.length > 0) return route.fallback();
    held.push(route);
    // the server stores the check and answers; the answer never reaches the phone
    await route.fetch();
  });
  const odometer = odometerOf(3);
  try {
    await makeCheck(page, odometer, undefined, unit!.plate);
    await expect(page.getByText('0 belum terkirim')).toBeVisible({ timeout: 60_000 });
    expect(a.keys).toHaveLength(2);
    expect(a.keys[1]).toBe(a.keys[0]);
    expect(replayed).toEqual(['true']);
    expect(await officeChecks(request, unit!.plate, odometer)).toHaveLength(1);
  } finally {
    for (const route of held) await route.abort().catch(() => undefined);
  }
});

test('an entry first sent longer ago than the server keeps its key is not resent by itself: the tire man is asked, with its age', async ({
  page,
  context,
  request,
}) => {
  await signInField(page);
  await serviceWorkerControls(page);
  const [unit] = await fieldUnits(page, 1);
  const posts: string[] = [];
  page.on('request', (req) => {
    if (req.method() === 'POST' && new URL(req.url()).pathname === '/api/tire-check') posts.push(req.url());
  });
  await context.setOffline(true);
  const odometer = odometerOf(4);
  await makeCheck(page, odometer, undefined, unit!.plate);
  // as if its first try went out 60 days ago and no answer ever came back
  await page.evaluate(
    async (firstTriedAt) => {
      const idb = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open('itms-lapangan');
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error);
      });
      const tx = idb.transaction('outbox', 'readwrite');
      const store = tx.objectStore('outbox');
      const all = await new Promise<Record<string, unknown>[]>((resolve) => {
        const read = store.getAll();
        read.onsuccess = () => resolve(read.result);
      });
      for (const item of all) store.put({ ...item, attempts: 40, nextAttemptAt: 0, firstTriedAt });
      await new Promise((resolve) => {
        tx.oncomplete = resolve;
      });
      idb.close();
    },
    Date.now() - 60 * 24 * 60 * 60 * 1000,
  );
  await page.reload();
  await context.setOffline(false);

  const item = page.locator('.lp-queue-item', { hasText: `Pengecekan ${unit!.plate}` });
  await expect(item).toContainText('Dikirim pertama 60 hari lalu, belum ada jawaban dari server.');
  await expect(item.locator('.lp-tag')).toHaveText('Perlu tindakan');
  await item.scrollIntoViewIfNeeded();
  await page.screenshot({ path: path.join(shots, 'beranda-kirim-ulang.png') });
  // neither the app's own rounds nor 'Kirim sekarang' send it
  await page.getByRole('button', { name: 'Kirim sekarang' }).click();
  await page.waitForTimeout(2_000);
  expect(posts).toHaveLength(0);

  // the tire man finds it missing at the office and sends it again: once
  await item.getByRole('button', { name: 'Kirim ulang' }).click();
  await expect(page.getByText('0 belum terkirim')).toBeVisible({ timeout: 20_000 });
  expect(posts).toHaveLength(1);
  expect(await officeChecks(request, unit!.plate, odometer)).toHaveLength(1);
});

test('two tabs of the app send each entry once between them (one sender)', async ({
  page,
  context,
  request,
}) => {
  await signInField(page);
  await serviceWorkerControls(page);
  const units = await fieldUnits(page, 2);
  const other = await context.newPage();
  await other.goto('/lapangan/');
  await expect(other.getByRole('heading', { name: 'Budi Santoso', level: 1 })).toBeVisible();
  const keys: string[] = [];
  context.on('request', (req) => {
    if (req.method() === 'POST' && new URL(req.url()).pathname === '/api/tire-check') {
      keys.push(req.headers()['idempotency-key']!);
    }
  });
  await context.setOffline(true);
  const odometer = odometerOf(5);
  for (const [i, u] of units.entries()) await makeCheck(page, odometer + i, undefined, u.plate);
  // the signal comes back to both tabs at once
  await context.setOffline(false);
  await expect(page.getByText('0 belum terkirim')).toBeVisible({ timeout: 30_000 });
  await expect(other.getByText('0 belum terkirim')).toBeVisible();
  await page.waitForTimeout(1_000);
  expect(keys).toHaveLength(2);
  expect(new Set(keys).size).toBe(2);
  for (const [i, u] of units.entries())
    expect(await officeChecks(request, u.plate, odometer + i)).toHaveLength(1);
});
