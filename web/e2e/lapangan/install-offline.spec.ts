import path from 'node:path';
import type { Page } from '@playwright/test';
import { ACCOUNTS, expect, test } from '../fixtures';
import { serviceWorkerControls, signInField } from './field-helpers';

// ITMS Lapangan on a phone (Pixel 7 project): installable, and Beranda opens with no signal.
const shots = path.resolve(import.meta.dirname, '../../../screenshots/lapangan');
const shot = (page: Page, name: string) => page.screenshot({ path: path.join(shots, `${name}.png`) });

test('the manifest and the service worker make it an installable app scoped to /lapangan/', async ({
  page,
}) => {
  await page.goto('/lapangan/login');
  await expect(page.getByRole('button', { name: 'Masuk' })).toBeVisible();
  await shot(page, 'login');

  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  const manifest = await (await page.request.get(new URL(href!, page.url()).href)).json();
  expect(manifest).toMatchObject({
    name: 'ITMS Lapangan',
    short_name: 'ITMS',
    start_url: '/lapangan/',
    scope: '/lapangan/',
    display: 'standalone',
    orientation: 'portrait',
  });
  const icons = manifest.icons as { sizes: string; purpose?: string; src: string }[];
  expect(icons.map((i) => `${i.sizes} ${i.purpose ?? 'any'}`).sort()).toEqual([
    '192x192 any',
    '512x512 any',
    '512x512 maskable',
  ]);
  for (const icon of icons) {
    const res = await page.request.get(new URL(icon.src, new URL(href!, page.url())).href);
    expect(res.headers()['content-type']).toBe('image/png');
  }

  // wait for the service worker (it installs on the first visit), then ask Chromium
  await page.reload();
  await serviceWorkerControls(page);
  const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
  expect(new URL(scope).pathname).toBe('/lapangan/');
  const cdp = await page.context().newCDPSession(page);
  const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
    installabilityErrors: { errorId: string }[];
  };
  // a Playwright context is an incognito profile, which Chromium never offers to install from
  expect(installabilityErrors.map((e) => e.errorId).filter((id) => id !== 'in-incognito')).toEqual([]);

  // the API is never answered from the service worker's caches
  const cached = await page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      for (const req of await (await caches.open(name)).keys()) urls.push(new URL(req.url).pathname);
    }
    return urls;
  });
  expect(cached.some((u) => u.startsWith('/api/'))).toBe(false);
  expect(cached).toContain('/lapangan/index.html');
});

test('signed in once, Beranda opens offline after a reload and the plate search works', async ({
  page,
  context,
}) => {
  await signInField(page);
  await expect(page.getByText('Online', { exact: true })).toBeVisible();
  await expect(page.getByText('0 belum terkirim')).toBeVisible();
  const plates = page.locator('.lp-plate');
  await expect(plates.first()).toBeVisible();
  const count = await plates.count();
  expect(count).toBeGreaterThan(1);
  // the units not checked this month come first
  const tags = await page.locator('.lp-unit .lp-tag').allTextContents();
  const firstDone = tags.findIndex((t) => t.startsWith('Dicek'));
  if (firstDone >= 0) expect(tags.slice(firstDone).every((t) => t.startsWith('Dicek'))).toBe(true);
  await shot(page, 'beranda-online');

  await serviceWorkerControls(page);
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Budi Santoso', level: 1 })).toBeVisible();
  await expect(page.getByText('Offline', { exact: true })).toBeVisible();
  await expect(
    page.getByText('Anda offline: data disimpan di HP dan dikirim otomatis saat ada sinyal'),
  ).toBeVisible();
  await expect(plates).toHaveCount(count);

  // search by a piece of one plate, typed in lower case with spaces
  const plate = (await plates.nth(count - 1).textContent())!;
  const digits = plate.split(' ')[1]!;
  await page.getByLabel('Cari nomor polisi').fill(` ${digits.toLowerCase()} `);
  await expect(plates.filter({ hasText: plate })).toBeVisible();
  for (const shown of await plates.allTextContents()) expect(shown.replace(/\s/g, '')).toContain(digits);
  await shot(page, 'beranda-offline');

  // the unit's diagram from the stored snapshot: every wheel coloured by its tread band
  await page.getByRole('link', { name: new RegExp(plate) }).click();
  await expect(page.getByRole('heading', { name: plate, level: 1 })).toBeVisible();
  const diagram = page.locator('[data-diagram]');
  await expect(diagram).toBeVisible();
  const cards = page.locator('.lp-tire');
  expect(await cards.count()).toBeGreaterThanOrEqual(4);
  await expect(page.locator('[data-position="1"] .lp-serial')).not.toBeEmpty();
  const bands = await cards.evaluateAll((els) => els.map((e) => e.className.replace('lp-tire ', '')));
  expect(bands.every((b) => /^lp-tire-(good|warning|pull|none)$/.test(b))).toBe(true);
  await shot(page, 'unit-offline');
  await page.getByRole('link', { name: '‹ Beranda' }).click();

  await page.getByLabel('Cari nomor polisi').fill('ZZ 0000 ZZ');
  await expect(page.getByText('Tidak ada unit proyek Anda dengan nomor polisi itu')).toBeVisible();

  // back online: the chip says so and the banner goes
  await context.setOffline(false);
  await expect(page.getByText('Online', { exact: true })).toBeVisible();
  await expect(page.getByText('Anda offline', { exact: false })).toHaveCount(0);
});

test('the login refuses a wrong password in Indonesian and says when there is no signal', async ({
  page,
  context,
}) => {
  await page.goto('/lapangan/login');
  await page.getByLabel('Email').fill(ACCOUNTS.tireman);
  await page.getByLabel('Password').fill('salah-sekali');
  await page.getByRole('button', { name: 'Masuk' }).click();
  await expect(page.getByRole('alert')).toHaveText('Email atau password salah');

  await serviceWorkerControls(page);
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByText('Butuh sinyal untuk login. Coba lagi saat ada sinyal.')).toBeVisible();
  await shot(page, 'login-offline');
});
