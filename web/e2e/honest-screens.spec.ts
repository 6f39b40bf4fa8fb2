import path from 'node:path';
import type { BrowserContext, Page } from '@playwright/test';
import { ACCOUNTS, expect, loginAs, test } from './fixtures';

// Honest screens (issue 25): a failed list says so with 'Coba lagi', offline says so; screenshots
// of both and of Absensi at desktop and phone size for people to look at.
const dir = path.resolve(import.meta.dirname, '../../../main/screenshots/honest');
const shot = (page: Page, name: string) => page.screenshot({ path: path.join(dir, `${name}.png`) });

/** The units list request, not the /unit screen itself. */
const isUnitList = (url: URL) => url.pathname === '/api/unit';

async function failedListThenOffline(page: Page, context: BrowserContext, size: string) {
  await loginAs(page, ACCOUNTS.edp);
  // the server stays behind: the route only turns its list answers into 500s until 'Coba lagi'
  // (the client retries a 5xx once by itself, so one failed answer alone would not show)
  await page.route(isUnitList, (route) =>
    route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: JSON.stringify({ statusCode: 500, code: 'INTERNAL', message: 'Terjadi kesalahan pada server' }),
    }),
  );
  await page.goto('/unit');
  const failure = page.getByRole('alert').filter({ hasText: 'Tidak dapat memuat data' });
  await expect(failure).toBeVisible({ timeout: 15_000 });
  await expect(failure).toContainText('Terjadi kesalahan pada server');
  await expect(page.getByText('Tidak ada data')).toHaveCount(0);
  await expect(page.getByRole('dialog', { name: 'Oops...' })).toHaveCount(0);
  await shot(page, `${size}-list-failed`);

  await page.unroute(isUnitList);
  const answer = page.waitForResponse((r) => isUnitList(new URL(r.url())) && r.status() === 200);
  await failure.getByRole('button', { name: 'Coba lagi' }).click();
  const { data } = (await (await answer).json()) as { data: { plate_number: string }[] };
  expect(data.length).toBeGreaterThan(0);
  await expect(page.getByRole('cell', { name: data[0]!.plate_number, exact: true })).toBeVisible();
  await expect(failure).toHaveCount(0);

  await context.setOffline(true);
  const banner = page.getByRole('alert').filter({ hasText: 'Koneksi terputus' });
  await expect(banner).toBeVisible();
  await shot(page, `${size}-offline`);
  await context.setOffline(false);
  await expect(banner).toHaveCount(0);
  // nothing is left spinning once back
  await expect(page.locator('.ant-table .ant-spin-spinning')).toHaveCount(0);
  await expect(page.getByRole('cell', { name: data[0]!.plate_number, exact: true })).toBeVisible();

  await page.goto('/absensi-unit');
  await expect(page.getByRole('row').nth(2)).toBeVisible({ timeout: 15_000 });
  // to the month's last days, where the days still to come are
  await page.getByRole('row').nth(2).hover();
  await page.mouse.wheel(3000, 0);
  await shot(page, `${size}-absensi`);
}

test.describe('honest screens, desktop', () => {
  test.use({ viewport: { width: 1440, height: 900 } });
  test("a failed list says so with 'Coba lagi' that loads the rows; offline shows 'Koneksi terputus' until back", async ({
    page,
    context,
  }) => {
    await failedListThenOffline(page, context, 'desktop');
  });
});

test.describe('honest screens, phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
  test("the same on a phone: the failure, 'Coba lagi' and the offline banner", async ({ page, context }) => {
    await failedListThenOffline(page, context, 'phone');
  });
});
