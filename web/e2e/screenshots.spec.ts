import path from 'node:path';
import type { Page } from '@playwright/test';
import { ACCOUNTS, expect, loginAs, test } from './fixtures';

// Screenshots for people to look at (gitignored): login, dashboard shell, drawer, 404.
const dir = path.resolve(import.meta.dirname, '../../screenshots');
const shot = (page: Page, name: string) => page.screenshot({ path: path.join(dir, `${name}.png`) });

test.describe('screenshots desktop', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('login, dashboard, 404', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
    await shot(page, 'desktop-login');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByText('Email wajib diisi')).toBeVisible();
    await shot(page, 'desktop-login-validation');

    await loginAs(page, ACCOUNTS.admin);
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 2 })).toBeVisible();
    await shot(page, 'desktop-dashboard');

    await page.goto('/tidak-ada');
    await expect(page.getByText('Halaman tidak ditemukan')).toBeVisible();
    await shot(page, 'desktop-404');
  });
});

test.describe('screenshots phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });

  test('login, dashboard, drawer, 404', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
    await shot(page, 'phone-login');

    await loginAs(page, ACCOUNTS.admin);
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 2 })).toBeVisible();
    await shot(page, 'phone-dashboard');

    await page.getByRole('button', { name: 'Buka menu' }).click();
    await expect(page.getByRole('navigation', { name: 'Menu utama' })).toBeVisible();
    await page.waitForTimeout(400); // drawer animation
    await shot(page, 'phone-drawer');
    await page.keyboard.press('Escape');

    await page.goto('/tidak-ada');
    await expect(page.getByText('Halaman tidak ditemukan')).toBeVisible();
    await shot(page, 'phone-404');
  });
});
