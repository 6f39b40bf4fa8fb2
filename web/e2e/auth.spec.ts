import { ACCOUNTS, APP_TITLE, expect, loginAs, logoutToken, PASSWORD, test, tokenOf } from './fixtures';

test.describe('login', () => {
  test('edp signs in and lands on the dashboard inside the layout', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page).toHaveTitle('Login · ITMS');
    await expect(page.getByLabel('Email')).toHaveAttribute('type', 'email');

    await loginAs(page, ACCOUNTS.edp);
    await expect(page.getByRole('heading', { name: APP_TITLE })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 2 })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Log Out' })).toBeVisible();
    const nav = page.getByRole('navigation', { name: 'Menu utama' });
    for (const group of ['Feature', 'Laporan', 'Database'])
      await expect(nav.getByText(group, { exact: true })).toBeVisible();
    // staff (EDP) does not get the Tire Man admin screen
    await expect(nav.getByRole('link', { name: 'Tire Man' })).toHaveCount(0);
    const header = page.getByRole('banner');
    await expect(header.getByText('Staff', { exact: true })).toBeVisible();

    const stored = await page.evaluate(() => ({
      token: localStorage.getItem('access_token'),
      session: localStorage.getItem('session'),
      user: JSON.parse(localStorage.getItem('user') ?? 'null'),
    }));
    expect(stored.token).toBeTruthy();
    expect(stored.session).toBeTruthy();
    expect(stored.user.email).toBe(ACCOUNTS.edp);
    await expect(header.getByText(stored.user.name, { exact: true })).toBeVisible();

    // a menu link opens its screen
    await nav.getByRole('link', { name: 'Ban Terpasang Aktif' }).click();
    await expect(page).toHaveURL(/\/active-tire$/);
    await expect(page.getByRole('heading', { name: 'Ban Terpasang Aktif', level: 2 })).toBeVisible();
    await expect(page).toHaveTitle('Ban Terpasang Aktif · ITMS');
  });

  test('a wrong password shows the Oops... dialog and stays on /login', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('Email').fill(ACCOUNTS.edp);
    await page.getByLabel('Password').fill('bukan-password');
    await page.getByRole('button', { name: 'Login' }).click();
    const dialog = page.getByRole('dialog', { name: 'Oops...' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('Email atau password salah');
    await expect(dialog).toContainText('Contact admin');
    await dialog.getByRole('button', { name: 'OK' }).click();
    await expect(page).toHaveURL(/\/login$/);
    expect(await tokenOf(page)).toBeNull();
  });

  test('empty fields get the Indonesian required messages', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByText('Email wajib diisi')).toBeVisible();
    await expect(page.getByText('Password wajib diisi')).toBeVisible();
  });

  test('the same account from a second browser is refused: account in use elsewhere', async ({
    page,
    browser,
    request,
  }) => {
    await loginAs(page, ACCOUNTS.edp);
    const other = await browser.newContext();
    try {
      const second = await other.newPage();
      await second.goto('/login');
      await second.getByLabel('Email').fill(ACCOUNTS.edp);
      await second.getByLabel('Password').fill(PASSWORD);
      await second.getByRole('button', { name: 'Login' }).click();
      const dialog = second.getByRole('dialog', { name: 'Oops...' });
      await expect(dialog).toContainText('Akun sedang digunakan atau Login di perangkat lain');
      await expect(second).toHaveURL(/\/login$/);
      expect(await tokenOf(second)).toBeNull();
    } finally {
      await logoutToken(request, await tokenOf(other.pages()[0] ?? page));
      await other.close();
    }
    // the first browser is still signed in
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 2 })).toBeVisible();
  });

  test('Lupa password: malformed number, then one answer for an unknown and the account number', async ({
    page,
    request,
  }) => {
    // the demo account's WhatsApp number, from its own login reply
    const reply = await request.post('/api/tire-man/login', {
      data: { email: ACCOUNTS.admin, password: PASSWORD },
    });
    expect(reply.ok()).toBe(true);
    const { access_token, payload } = await reply.json();
    await logoutToken(request, access_token);

    await page.goto('/login');
    await page.getByRole('button', { name: 'Lupa password' }).click();
    const dialog = page.getByRole('dialog', { name: 'Lupa password' });
    const phone = dialog.getByPlaceholder('08xxxxxxxxx');
    await phone.fill('0812');
    await dialog.getByRole('button', { name: 'Kirim' }).click();
    await expect(dialog.getByText('Tolong tulis nomor WA dengan benar')).toBeVisible();

    // a number without an account reads the same notice as the account's own (no enumeration)
    const notices: string[] = [];
    for (const number of ['089999999999', payload.user.phone]) {
      if (number === payload.user.phone) await page.getByRole('button', { name: 'Lupa password' }).click();
      await phone.fill(number);
      await dialog.getByRole('button', { name: 'Kirim' }).click();
      await expect(dialog.getByText('mohon cek whatsapp anda')).toBeVisible();
      notices.push(await dialog.getByRole('alert').innerText());
      // the footer's button (the corner X is named 'Tutup' too)
      await dialog.getByRole('button', { name: 'Tutup' }).last().click();
      await expect(dialog).toBeHidden();
    }
    expect(notices[1]).toBe(notices[0]);
    expect(notices[0]).toContain('Jika nomor ini terdaftar');
  });

  test('Daftar tells that accounts are created by an admin', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Daftar' }).click();
    await expect(page.getByRole('dialog', { name: 'Daftar akun' })).toContainText('dibuat oleh admin');
  });
});
