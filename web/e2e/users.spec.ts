import type { BrowserContext } from '@playwright/test';
import { ACCOUNTS, expect, loginAs, logoutToken, test, tokenOf } from './fixtures';

// Tire Man admin (issue 6): register through the wizard, see the new account online, force it out.

// long flows on a shared machine: room beyond the default 60 s
test.describe.configure({ timeout: 180_000 });

let other: BrowserContext | null = null;

test.afterEach(async ({ request }) => {
  // the second browser (the new tire man) signs out too, whatever happened
  if (!other) return;
  for (const p of other.pages()) await logoutToken(request, await tokenOf(p));
  await other.close();
  other = null;
});

test('register a tire man, see him "Login" in the list, force him out', async ({
  page,
  browser,
}, testInfo) => {
  const stamp = String(Date.now()).slice(-7);
  const name = `Tire Man E2E ${stamp}`;
  const email = `tireman.e2e.${stamp}@itms.local`;
  const phone = `0813${stamp}1`;
  const password = 'rahasia-e2e';

  await loginAs(page, ACCOUNTS.admin);
  await page.getByRole('navigation', { name: 'Menu utama' }).getByRole('link', { name: 'Tire Man' }).click();
  await expect(page.getByRole('heading', { name: 'Tire Man', level: 2 })).toBeVisible();
  for (const column of ['ID', 'Nama', 'No Telp', 'Akses', 'Email', 'Online']) {
    await expect(page.getByRole('columnheader', { name: column })).toBeVisible();
  }

  // the six-step wizard
  await page.getByRole('button', { name: 'Registrasi' }).click();
  const wizard = page.getByRole('dialog', { name: 'Registrasi' });
  const next = () => wizard.getByRole('button', { name: 'Lanjut' }).click();
  await next();
  await expect(wizard.getByText('Nama wajib diisi')).toBeVisible();
  await wizard.getByLabel('Nama lengkap').fill(name);
  await next();
  await wizard.getByLabel('Email aktif').fill(email);
  await next();
  await wizard.getByLabel('Nomor WhatsApp').fill(phone);
  await next();
  await wizard.getByLabel('Password default').fill(password);
  await next();
  await wizard.getByLabel('NIK').fill(`3174${stamp}00001`);
  await next();
  await wizard.getByRole('radio', { name: 'Tire Man' }).check();
  await expect(wizard.getByText('Periksa kembali sebelum mendaftar:')).toBeVisible();
  await wizard.getByRole('button', { name: 'Daftar' }).click();
  const confirm = page.getByRole('dialog', { name: 'Daftarkan user baru ?' });
  await confirm.getByRole('button', { name: 'Daftar' }).click();
  await expect(page.getByText('Sukses / User Ditambahkan')).toBeVisible();
  await expect(wizard).toBeHidden();

  const search = page.getByRole('searchbox', { name: 'Cari' });
  await search.fill(email);
  await search.press('Enter');
  await expect(page).toHaveURL(/q=tireman\.e2e/);
  const row = page.getByRole('row').filter({ hasText: email });
  await expect(row).toContainText(name);
  await expect(row).toContainText('Tire Man');
  await expect(row).toContainText('Tidak login');

  // he signs in elsewhere: a tire man sees the "office staff only" page, signed in, socket connected
  other = await browser.newContext({
    baseURL: testInfo.project.use.baseURL,
    locale: 'id-ID',
    timezoneId: 'Asia/Jakarta',
  });
  const his = await other.newPage();
  // a tire man who signs in at / goes on to ITMS Lapangan
  await loginAs(his, email, password);
  await expect(his.getByRole('heading', { name, level: 1 })).toBeVisible();

  await page.getByRole('button', { name: 'Muat ulang' }).click();
  await expect(row).toContainText('Login');
  await expect(row).not.toContainText('Tidak login');

  // force logout from his edit modal
  await row.getByRole('cell', { name, exact: true }).click();
  const modal = page.getByRole('dialog', { name: new RegExp(`Ubah Tire Man: ${name}`) });
  await expect(modal.getByLabel('Email')).toHaveValue(email);
  await expect(modal.getByLabel('Password')).toHaveValue('');
  await modal.getByRole('button', { name: 'Paksa Logout' }).click();
  await page
    .getByRole('dialog', { name: `Paksa logout ${name} ?` })
    .getByRole('button', { name: 'Paksa Logout' })
    .click();
  await expect(page.getByText('Sesi pengguna telah diakhiri')).toBeVisible();

  // the field app hears it on its next call to the server (opening it again) and asks for a login
  await his.reload();
  await expect(his).toHaveURL(/\/lapangan\/login$/);
  expect(await tokenOf(his)).toBeNull();
  await expect(modal.getByRole('button', { name: 'Paksa Logout' })).toBeDisabled();
  await modal.getByRole('button', { name: 'Keluar' }).click();
  await expect(row).toContainText('Tidak login');
});

test('the edit modal updates an account: text from the server, password only when typed', async ({
  page,
  request,
}) => {
  await loginAs(page, ACCOUNTS.admin);
  await page.goto('/user?q=agus.setiawan');
  await page.getByRole('cell', { name: 'agus.setiawan@itms.local', exact: true }).click();
  const modal = page.getByRole('dialog', { name: /Ubah Tire Man: Agus Setiawan/ });
  await expect(modal.getByLabel('Nama', { exact: true })).toHaveValue('Agus Setiawan');
  await expect(modal.getByLabel('Password')).toHaveAttribute('placeholder', /•/);
  await expect(modal.getByRole('combobox', { name: 'Role' })).toBeVisible();
  const department = `Pool Kariangau ${String(Date.now()).slice(-4)}`;
  await modal.getByLabel('Departemen').fill(department);
  await modal.getByRole('button', { name: 'Update' }).click();
  await page
    .getByRole('dialog', { name: 'Update data Tire Man ?' })
    .getByRole('button', { name: 'Update' })
    .click();
  await expect(page.getByText('Data Tireman Berhasil Diedit')).toBeVisible();
  await expect(modal).toBeHidden();

  // the password did not change: he can still sign in with the demo password
  const res = await request.post('/api/tire-man/login', {
    data: { email: 'agus.setiawan@itms.local', password: 'itms12345' },
  });
  expect(res.ok()).toBe(true);
  await logoutToken(request, (await res.json()).access_token);
  const token = await tokenOf(page);
  const stored = await request.get('/api/tire-man?q=agus.setiawan', { headers: { access_token: token! } });
  expect((await stored.json()).data[0].department).toBe(department);
});
