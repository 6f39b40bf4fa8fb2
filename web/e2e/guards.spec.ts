import { ACCOUNTS, APP_TITLE, expect, loginAs, test } from './fixtures';

test.describe('route guards', () => {
  test('signed out, /validasi goes to /login; after login it returns to /validasi', async ({ page }) => {
    await page.goto('/validasi');
    await expect(page).toHaveURL(/\/login$/);
    await page.getByLabel('Email').fill(ACCOUNTS.edp);
    await page.getByLabel('Password').fill('itms12345');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page).toHaveURL(/\/validasi$/);
    await expect(page.getByRole('heading', { name: 'Validasi Pengecekan', level: 2 })).toBeVisible();
  });

  test('a token without a session value is not signed in', async ({ page }) => {
    await page.goto('/login');
    await page.evaluate(() => localStorage.setItem('access_token', 'abc'));
    await page.goto('/tire');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('signed in, /login goes to /', async ({ page }) => {
    await loginAs(page, ACCOUNTS.edp);
    await page.goto('/login');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 2 })).toBeVisible();
  });

  test('an unknown path shows the 404 page with a way back to the dashboard', async ({ page }) => {
    await loginAs(page, ACCOUNTS.edp);
    await page.goto('/halaman-yang-tidak-ada');
    await expect(page.getByText('Halaman tidak ditemukan')).toBeVisible();
    await expect(page.getByRole('heading', { name: APP_TITLE })).toBeVisible();
    await page.getByRole('link', { name: 'Kembali ke Dashboard' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 2 })).toBeVisible();
  });

  test('every route of the table opens with its title (admin)', async ({ page }) => {
    await loginAs(page, ACCOUNTS.admin);
    const routes: [string, string][] = [
      ['/user', 'Tire Man'],
      ['/pengecekan/3', 'Form Pengecekan'],
      ['/pergantian/4', 'Form Pergantian'],
      ['/mismatch', 'Berita Ketidaksesuaian Ban (BKB)'],
      ['/absensi-unit', 'Absensi Unit Bulanan'],
      ['/tire-request', 'PERMINTAAN BAN BARU'],
      ['/form', 'Form'],
    ];
    for (const [path, title] of routes) {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: title, level: 2 })).toBeVisible();
    }
  });

  test('staff cannot open the Tire Man admin screen', async ({ page }) => {
    await loginAs(page, ACCOUNTS.edp);
    await page.goto('/user');
    await expect(page.getByText('Anda tidak memiliki akses ke halaman ini.')).toBeVisible();
  });

  test('a tire man who signs in at / is sent to ITMS Lapangan, signed in, and can log out there', async ({
    page,
  }) => {
    await loginAs(page, ACCOUNTS.tireman);
    await expect(page).toHaveURL(/\/lapangan\/$/);
    await expect(page.getByRole('heading', { name: 'Budi Santoso', level: 1 })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Menu utama' })).toHaveCount(0);
    await page.getByRole('link', { name: 'Profil' }).click();
    await page.getByRole('button', { name: 'Keluar' }).click();
    await expect(page).toHaveURL(/\/lapangan\/login$/);
  });
});
