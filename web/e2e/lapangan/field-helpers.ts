import type { Page } from '@playwright/test';
import { ACCOUNTS, expect, PASSWORD } from '../fixtures';

/** Signs the demo tire man in through the field app's login and waits for Beranda. */
export async function signInField(page: Page) {
  await page.goto('/lapangan/login');
  await page.getByLabel('Email').fill(ACCOUNTS.tireman);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Masuk' }).click();
  await expect(page).toHaveURL(/\/lapangan\/$/);
  await expect(page.getByRole('heading', { name: 'Budi Santoso', level: 1 })).toBeVisible();
}

/**
 * Waits until the service worker controls the page (from then on the app comes from its cache):
 * once it is active, a page it did not claim in time is reloaded under it.
 */
export async function serviceWorkerControls(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  if (!(await page.evaluate(() => navigator.serviceWorker.controller !== null))) await page.reload();
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.state ?? null), { timeout: 20_000 })
    .toBe('activated');
}
