import path from 'node:path';
import type { TTireCheckDetail } from '@itms/contracts/tire-checks';
import type { APIRequestContext, Page } from '@playwright/test';
import {
  ACCOUNTS,
  drawSignature,
  expect,
  loginAs,
  logoutToken,
  PASSWORD,
  settledBox,
  test,
  tokenOf,
} from './fixtures';

// Issue 22 items 3 and 8: a signature stored in Profil saya signs validations without drawing;
// 'Keluarkan sesi lain' ends the session another browser holds.

const shotsDir = path.resolve(import.meta.dirname, '.tmp/shots-profile');
const shot = (page: Page, name: string) =>
  page.screenshot({ path: path.join(shotsDir, `${name}.png`), fullPage: true });

async function setSignature(request: APIRequestContext, token: string, signature: string) {
  const res = await request.put('/api/tire-man/me/signature', {
    headers: { access_token: token },
    data: { signature },
  });
  expect(res.ok()).toBe(true);
}

async function openProfile(page: Page) {
  const name = await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? '{}').name as string);
  await page.getByRole('button', { name: `Menu pengguna: ${name}` }).click();
  const item = page.getByRole('menuitem', { name: 'Profil saya' });
  await settledBox(page, item); // the menu slides in
  await item.click();
  await expect(page).toHaveURL(/\/profil$/);
  await expect(page.getByRole('heading', { name: 'Profil saya', level: 2 })).toBeVisible();
}

/** Resolves once the page's socket.io connection is open (its CONNECT packet answered). */
function socketConnected(page: Page) {
  return page
    .waitForEvent('websocket', { timeout: 30_000 })
    .then((ws) => ws.waitForEvent('framereceived', { predicate: (f) => String(f.payload).startsWith('40') }));
}

test.describe('Profil saya', () => {
  test('EDP stores a drawn signature, then validates a check without drawing', async ({ page }) => {
    test.slow();
    await loginAs(page, ACCOUNTS.edp);
    const token = (await tokenOf(page))!;
    // start without a stored signature (another spec may have left one)
    await setSignature(page.request, token, '-');
    try {
      await test.step('Profil saya from the user menu: draw and store the signature', async () => {
        await openProfile(page);
        const card = page.getByRole('region', { name: 'Tanda tangan tersimpan' });
        await expect(card.getByRole('img', { name: 'Tanda tangan tersimpan: belum ada' })).toBeVisible();
        await card.getByRole('button', { name: 'Gambar tanda tangan' }).click();
        const pad = page.getByRole('dialog', { name: 'Tanda tangan tersimpan' });
        await drawSignature(page, pad);
        await pad.getByRole('button', { name: 'Submit', exact: true }).click();
        await expect(page.getByText('Tanda tangan berhasil disimpan')).toBeVisible();
        await expect(pad).toBeHidden();
        await expect(card.getByRole('img', { name: 'Tanda tangan tersimpan', exact: true })).toBeVisible();
        await expect(card.getByRole('button', { name: 'Gambar ulang' })).toBeVisible();
      });
      const me = await (await page.request.get('/api/me', { headers: { access_token: token } })).json();
      expect(me.signature).not.toBe('-');

      await test.step('/validasi: pick a check, Validasi, SUBMIT with the stored signature', async () => {
        await page
          .getByRole('navigation', { name: 'Menu utama' })
          .getByRole('link', { name: 'Validasi Pengecekan' })
          .click();
        await expect(page.getByRole('heading', { name: 'Validasi Pengecekan', level: 2 })).toBeVisible();
        const first = page.getByRole('row', { name: /^Buka pengecekan \d+$/ }).first();
        await expect(first).toBeVisible();
        const id = Number((await first.getAttribute('aria-label'))!.replace(/\D/g, ''));
        await first.click();
        await expect(page).toHaveURL(new RegExp(`/pengecekan/${id}$`));
        await page.getByRole('button', { name: 'Validasi' }).click();
        const modal = page.getByRole('dialog', { name: 'Konfirmasi Validasi Pengecekan' });
        // nothing to draw: SETUJUI is off, the stored signature is shown and SUBMIT is ready
        await expect(modal.getByRole('button', { name: 'SETUJUI' })).toBeDisabled();
        await expect(
          modal.getByText('Tanda tangan tersimpan Anda dipakai sebagai tanda tangan EDP.'),
        ).toBeVisible();
        await expect(modal.getByRole('img', { name: 'Tanda tangan EDP', exact: true })).toBeVisible();
        await modal.getByRole('button', { name: 'SUBMIT' }).click();
        const ask = page.getByRole('dialog').filter({ hasText: 'Yakin mengirim data ?' });
        await ask.getByRole('button', { name: 'Kirim' }).click();
        await expect(page.getByText('Pengecekan tervalidasi')).toBeVisible();
        await expect(page).toHaveURL(/\/validasi$/);
        const detail = (await (
          await page.request.get(`/api/tire-check/detail/${id}`, { headers: { access_token: token } })
        ).json()) as TTireCheckDetail;
        expect(detail.status).toBe('approved');
        expect(detail.edp_sign).toBe(me.signature);
      });
    } finally {
      await setSignature(page.request, token, '-');
    }
  });
});

test.describe("'Keluarkan sesi lain'", () => {
  test('a second browser ends the session of the first, which goes back to /login', async ({
    page,
    browser,
    request,
  }) => {
    const connected = socketConnected(page);
    await loginAs(page, ACCOUNTS.edp);
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 2 })).toBeVisible();
    await connected;

    const other = await browser.newContext();
    try {
      const second = await other.newPage();
      await second.goto('/login');
      await second.getByLabel('Email').fill(ACCOUNTS.edp);
      await second.getByLabel('Password').fill(PASSWORD);
      await second.getByRole('button', { name: 'Login' }).click();
      const dialog = second.getByRole('dialog', { name: 'Oops...' });
      await expect(dialog).toContainText('Akun sedang digunakan atau Login di perangkat lain');
      const takeOver = dialog.getByRole('button', { name: 'Keluarkan sesi lain' });
      await settledBox(second, takeOver); // the dialog zooms in
      await takeOver.click();
      await expect(second.getByText('Sesi di perangkat lain telah diakhiri')).toBeVisible();
      await expect(second).toHaveURL(/\/$/);
      await expect(second.getByRole('heading', { name: 'Dashboard', level: 2 })).toBeVisible();

      // the first browser is told over its socket and signs out by itself
      await expect(page).toHaveURL(/\/login$/);
      expect(await tokenOf(page)).toBeNull();
      await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
      // the second one stays signed in
      await second.reload();
      await expect(second.getByRole('heading', { name: 'Dashboard', level: 2 })).toBeVisible();
    } finally {
      await logoutToken(request, await tokenOf(other.pages()[0] ?? page));
      await other.close();
    }
  });
});

for (const [label, size] of [
  ['desktop', { viewport: { width: 1440, height: 900 } }],
  ['phone', { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 }],
] as const) {
  test.describe(`screenshots ${label}`, () => {
    test.use(size);

    test('Profil saya and the login 409 state', async ({ page, request }) => {
      await loginAs(page, ACCOUNTS.edp);
      await page.goto('/profil');
      await expect(page.getByRole('heading', { name: 'Profil saya', level: 2 })).toBeVisible();
      await expect(page.getByLabel('Nama')).not.toHaveValue('');
      await shot(page, `${label}-profil`);
      if (label === 'desktop') {
        await page.getByRole('button', { name: /^Menu pengguna/ }).click();
        await expect(page.getByRole('menuitem', { name: 'Profil saya' })).toBeVisible();
        await page.screenshot({ path: path.join(shotsDir, `${label}-user-menu.png`) });
        await page.keyboard.press('Escape');
      }
      // another browser tries the same account
      const holder = (await tokenOf(page))!;
      const other = await page.context().browser()!.newContext(size);
      try {
        const second = await other.newPage();
        await second.goto('/login');
        await second.getByLabel('Email').fill(ACCOUNTS.edp);
        await second.getByLabel('Password').fill(PASSWORD);
        await second.getByRole('button', { name: 'Login' }).click();
        const dialog = second.getByRole('dialog', { name: 'Oops...' });
        await expect(dialog.getByRole('button', { name: 'Keluarkan sesi lain' })).toBeVisible();
        await second.waitForTimeout(400); // the dialog's opening zoom
        await second.screenshot({ path: path.join(shotsDir, `${label}-login-409-dialog.png`) });
        await dialog.getByRole('button', { name: 'Batal' }).click();
        await expect(second.getByRole('alert')).toContainText('Keluarkan sesi lain');
        await second.waitForTimeout(400);
        await second.screenshot({ path: path.join(shotsDir, `${label}-login-409-form.png`), fullPage: true });
      } finally {
        await other.close();
        await logoutToken(request, holder);
      }
    });
  });
}
