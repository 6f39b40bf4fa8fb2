import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, logoutToken, test, tokenOf } from '../fixtures';
import { makeCheck, officeChecks, openApp, serviceWorkerControls, signInField } from './field-helpers';

// Issue 35, item 6: when ITMS Lapangan's code cannot start, the shell says so instead of 'Memuat
// ITMS Lapangan ...' for ever, and 'Muat ulang' brings the app back without touching the entries
// that wait on the phone.

const shots = path.resolve(import.meta.dirname, '../../../screenshots/lapangan');
const recovery = (page: Page) => page.getByRole('alert').filter({ hasText: 'ITMS Lapangan gagal dimuat.' });

test("a phone whose stored copy of the app is broken: the recovery screen, and 'Muat ulang' brings the app back with its unsent check", async ({
  request,
}) => {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'itms-lapangan-'));
  let { context, page } = await openApp(profile);
  let token: string | null = null;
  try {
    await signInField(page);
    await serviceWorkerControls(page);
    token = await tokenOf(page);
    await context.setOffline(true);
    const odometer = 800_000 + (Date.now() % 90_000);
    const plate = await makeCheck(page, odometer);
    await expect(page.getByText('1 belum terkirim')).toBeVisible();

    // the state a phone was left in before issue 35: the service worker keeps a web page under
    // the name of the app's script
    const kept = await page.evaluate(async () => {
      const entry = document.querySelector<HTMLScriptElement>('script[type="module"]')!.src;
      let replaced = 0;
      for (const name of await caches.keys()) {
        const cache = await caches.open(name);
        for (const request of await cache.keys()) {
          if (request.url !== entry) continue;
          const html = '<!doctype html><html><body><div id="root"></div></body></html>';
          await cache.put(
            request,
            new Response(html, { headers: { 'content-type': 'text/html; charset=utf-8' } }),
          );
          replaced++;
        }
      }
      return replaced;
    });
    expect(kept).toBe(1);

    // the app is closed and opened again, still without a signal
    await context.close();
    ({ context, page } = await openApp(profile));
    await context.setOffline(true);
    await page.goto('/lapangan/');
    await expect(recovery(page)).toBeVisible();
    await expect(recovery(page)).toContainText('Data yang belum terkirim tetap aman di HP ini.');
    await expect(recovery(page)).toContainText(
      'Tidak ada sinyal: sambungkan internet, lalu tekan Muat ulang.',
    );
    await expect(page.getByText('Memuat ITMS Lapangan ...')).toBeHidden();
    await page.screenshot({ path: path.join(shots, 'recovery-offline.png') });
    // without a signal, the copy on the phone is all there is: tried again, the same screen
    await recovery(page).getByRole('button', { name: 'Muat ulang' }).click();
    await expect(recovery(page)).toBeVisible();

    // with a signal: the app comes again from the server, and the check waiting on the phone goes out
    await context.setOffline(false);
    await expect(recovery(page).getByText('Tidak ada sinyal', { exact: false })).toBeHidden();
    await page.screenshot({ path: path.join(shots, 'recovery.png') });
    await recovery(page).getByRole('button', { name: 'Muat ulang' }).click();
    await expect(page.getByRole('heading', { name: 'Budi Santoso', level: 1 })).toBeVisible();
    await expect(page.getByText('0 belum terkirim')).toBeVisible({ timeout: 30_000 });
    expect(await officeChecks(request, plate, odometer)).toHaveLength(1);
    // a whole copy of the app is on the phone again
    await serviceWorkerControls(page);
    await context.close();
    ({ context, page } = await openApp(profile));
    await context.setOffline(true);
    await page.goto('/lapangan/');
    await expect(page.getByRole('heading', { name: 'Budi Santoso', level: 1 })).toBeVisible();
  } finally {
    await logoutToken(request, token);
    await context.close();
    fs.rmSync(profile, { recursive: true, force: true });
  }
});

test('a start that never comes: the recovery screen after a few seconds, not a spinner for ever', async ({
  page,
}) => {
  // the app's script loads but never starts the app
  await page.route(/\/lapangan\/assets\/index-[\w-]+\.js$/, (route) =>
    route.fulfill({ status: 200, contentType: 'text/javascript', body: 'export {};' }),
  );
  await page.goto('/lapangan/login');
  await expect(page.getByText('Memuat ITMS Lapangan ...')).toBeVisible();
  await expect(recovery(page)).toBeVisible({ timeout: 15_000 });
});

test.describe('without the service worker (every file from the network)', () => {
  test.use({ serviceWorkers: 'block' });

  test('a form whose code does not load: the recovery screen, not a blank page or an English error', async ({
    page,
  }) => {
    await signInField(page);
    await page.route(/\/lapangan\/assets\/check-form-page-[\w-]+\.js$/, (route) =>
      route.abort('internetdisconnected'),
    );
    await page.locator('.lp-unit-link').first().click();
    await page.getByRole('link', { name: 'Pengecekan' }).click();
    await expect(recovery(page)).toBeVisible();
    await expect(page.getByText('Unexpected Application Error')).toHaveCount(0);
  });
});
