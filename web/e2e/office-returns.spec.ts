import path from 'node:path';
import type { TDashboardCounters } from '@itms/contracts/reports';
import type { TTireCheckRecord } from '@itms/contracts/tire-checks';
import type { APIRequestContext, Page } from '@playwright/test';
import { ACCOUNTS, expect, loginAs, logoutToken, PASSWORD, test, tokenOf } from './fixtures';
import { screenReady, socketConnected } from './reports-helpers';

// Issue 22 items 2 and 7: a returned replacement stays visible under 'Dikembalikan' with its reason
// and history; a BKB arriving while the EDP types an After value does not take them off the form,
// and leaving a form with unsaved input asks first.

const shots = path.resolve(import.meta.dirname, '.tmp/shots');
const shot = (page: Page, name: string) => page.screenshot({ path: path.join(shots, `${name}.png`) });

async function apiGet<T>(request: APIRequestContext, token: string, url: string): Promise<T> {
  const res = await request.get(url, { headers: { access_token: token } });
  expect(res.ok(), `${url}: HTTP ${res.status()}`).toBe(true);
  return (await res.json()) as T;
}

type PendingRow = { id: number; Unit: { id: number; plate_number: string } };

/** The BKB this spec reported, deleted after each test so later specs find the queue as it was. */
const sentBkb: number[] = [];
test.afterEach(async ({ request }) => {
  if (sentBkb.length === 0) return;
  const login = await request.post('/api/tire-man/login', {
    data: { email: ACCOUNTS.admin, password: PASSWORD },
  });
  expect(login.ok(), await login.text()).toBe(true);
  const admin = ((await login.json()) as { access_token: string }).access_token;
  for (const id of sentBkb.splice(0)) {
    const res = await request.delete(`/api/mismatch/${id}`, { headers: { access_token: admin } });
    expect(res.ok(), await res.text()).toBe(true);
  }
  await logoutToken(request, admin);
});

/** The tire man reports a BKB through the field API, as his phone does, then signs out. */
async function reportBkbAsTireman(request: APIRequestContext, unitId: number) {
  const login = await request.post('/api/tire-man/login', {
    data: { email: ACCOUNTS.tireman, password: PASSWORD },
  });
  expect(login.ok(), await login.text()).toBe(true);
  const token = ((await login.json()) as { access_token: string }).access_token;
  try {
    const res = await request.post('/api/mismatch', {
      headers: { access_token: token },
      data: {
        unit_id: unitId,
        category: 'Serial tidak sesuai',
        information: 'E2E: BKB masuk saat EDP mengetik',
        positions: [{ position: '1', found_serial: `E2E-BKB-${Date.now().toString(36)}` }],
      },
    });
    expect(res.status(), await res.text()).toBe(201);
    sentBkb.push(((await res.json()) as { id: number }).id);
  } finally {
    await logoutToken(request, token);
  }
}

test.describe('office returns and unsaved input', () => {
  test.describe.configure({ timeout: 180_000 });

  test("EDP returns a replacement with a reason and finds it under 'Dikembalikan' with its history", async ({
    page,
    request,
  }) => {
    await loginAs(page, ACCOUNTS.edp);
    const token = (await tokenOf(page))!;
    const queue = await apiGet<{ data: PendingRow[] }>(
      request,
      token,
      '/api/tire-replace/pending?status=edp&pageSize=1',
    );
    const rep = queue.data[0]!;
    const reason = `E2E: foto SPK buram ${Date.now().toString(36)}`;

    await page.goto(`/pergantian/${rep.id}`);
    await screenReady(page, 'Form Pergantian');
    await page.getByRole('button', { name: 'Return' }).click();
    const ask = page.getByRole('dialog', {
      name: 'Yakin? Pergantian ini akan kembali ke List Ganti Tireman!',
    });
    await ask.getByRole('textbox', { name: 'Alasan' }).fill(reason);
    await ask.getByRole('button', { name: 'Kembalikan' }).click();
    await expect(page).toHaveURL(/\/validasi-pergantian$/, { timeout: 30_000 });

    // the queue no longer has it; the 'Dikembalikan' view has it first, with the reason
    await page.getByRole('radiogroup', { name: 'Tampilan daftar' }).getByText('Dikembalikan').click();
    await expect(page).toHaveURL(/\/validasi-pergantian\?view=dikembalikan$/);
    const row = page.getByRole('row', { name: `Buka pergantian ${rep.id}`, exact: true });
    await expect(row).toContainText(reason);
    await expect(row).toContainText(rep.Unit.plate_number);
    await expect(row).toContainText('Belum dikirim ulang');
    await expect(page.getByRole('row', { name: /^Buka pergantian \d+$/ }).first()).toHaveAttribute(
      'aria-label',
      `Buka pergantian ${rep.id}`,
    );
    await shot(page, 'desktop-validasi-pergantian-dikembalikan');

    // the row opens the replacement, whose history shows the Return
    await row.click();
    await expect(page).toHaveURL(new RegExp(`/pergantian/${rep.id}$`));
    const history = page.getByRole('region', { name: 'Riwayat Pengembalian' });
    await expect(history).toContainText(reason, { timeout: 30_000 });
    await expect(history).toContainText('Belum dikirim ulang');
    await shot(page, 'desktop-pergantian-riwayat-pengembalian');

    // the dashboard's 'Dikembalikan' counts it and links to the returned checks
    await page.goto('/');
    await screenReady(page, 'Dashboard');
    const counters = await apiGet<TDashboardCounters>(request, token, '/api/dashboard/counters');
    expect(counters.returned).toBeGreaterThanOrEqual(1);
    const card = page.getByRole('group', { name: 'Dikembalikan' });
    await expect(card.getByText(String(counters.returned), { exact: true })).toBeVisible();
    await shot(page, 'desktop-dashboard-dikembalikan');
    await page
      .getByRole('main')
      .getByRole('link', { name: /^Dikembalikan/ })
      .click();
    await expect(page).toHaveURL(/\/validasi\?view=dikembalikan$/);
    await expect(page.getByRole('heading', { name: 'Validasi Pengecekan', level: 2 })).toBeVisible();
    // the demo's returned checks are listed with their reasons
    await expect(page.getByRole('row', { name: /^Buka pengecekan \d+$/ }).first()).toBeVisible();
    await shot(page, 'desktop-validasi-dikembalikan');
  });

  test('a BKB arriving while the EDP types an After value leaves them on the form; leaving asks first', async ({
    page,
    request,
  }) => {
    await loginAs(page, ACCOUNTS.edp);
    const token = (await tokenOf(page))!;
    const queue = await apiGet<{ data: PendingRow[] }>(
      request,
      token,
      '/api/tire-check/noEdpSign?pageSize=1',
    );
    const id = queue.data[0]!.id;
    const records = await apiGet<TTireCheckRecord[]>(request, token, `/api/tire-check-record/${id}`);
    const pos = records[0]!.position;
    const detail = await apiGet<{ unit_id: number }>(request, token, `/api/tire-check/detail/${id}`);

    // the form opened from the list (a client-side navigation keeps the socket)
    const connected = socketConnected(page);
    await page.goto('/validasi');
    await connected;
    await page.getByRole('row', { name: `Buka pengecekan ${id}`, exact: true }).click();
    await screenReady(page, 'Form Pengecekan');
    const rtd = page.getByRole('spinbutton', { name: `RTD 1 After posisi ${pos}`, exact: true });
    await rtd.click();
    await rtd.press('ControlOrMeta+a');
    await rtd.pressSequentially('7');
    await expect(rtd).toHaveValue('7');

    await reportBkbAsTireman(request, detail.unit_id);

    // a notice with 'Buka BKB', the form and the typed value stay
    const notice = page.getByRole('alert').filter({ hasText: 'BKB baru masuk' });
    await expect(notice).toBeVisible({ timeout: 30_000 });
    await expect(notice.getByRole('button', { name: 'Buka BKB' })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/pengecekan/${id}$`));
    await expect(rtd).toHaveValue('7');
    await shot(page, 'desktop-pengecekan-bkb-notice');

    // the menu asks first; 'Tetap di sini' keeps the form and the value
    await page
      .getByRole('navigation', { name: 'Menu utama' })
      .getByRole('link', { name: 'Dashboard' })
      .click();
    const confirm = page
      .getByRole('dialog')
      .filter({ hasText: 'Perubahan belum disimpan. Tinggalkan halaman ini?' });
    await expect(confirm).toBeVisible();
    await shot(page, 'desktop-pengecekan-unsaved-confirm');
    await confirm.getByRole('button', { name: 'Tetap di sini' }).click();
    await expect(confirm).toBeHidden();
    await expect(page).toHaveURL(new RegExp(`/pengecekan/${id}$`));
    await expect(rtd).toHaveValue('7');

    // the browser's own navigation (reload, closing the tab) asks too
    const prompt = page.waitForEvent('dialog');
    await page.close({ runBeforeUnload: true });
    const dialog = await prompt;
    expect(dialog.type()).toBe('beforeunload');
    await dialog.dismiss();
    expect(page.isClosed()).toBe(false);
    await expect(rtd).toHaveValue('7');

    // 'Buka BKB' asks as well, and 'Tinggalkan' goes to the BKB list
    await notice.getByRole('button', { name: 'Buka BKB' }).click();
    await expect(confirm).toBeVisible();
    await confirm.getByRole('button', { name: 'Tinggalkan' }).click();
    await expect(page).toHaveURL(/\/mismatch$/);
  });

  test('phone: the Dikembalikan view, the return history and the BKB notice fit', async ({
    browser,
    request,
  }) => {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
      deviceScaleFactor: 2,
      locale: 'id-ID',
      timezoneId: 'Asia/Jakarta',
    });
    const page = await context.newPage();
    try {
      const connected = socketConnected(page);
      await loginAs(page, ACCOUNTS.edp);
      await connected;
      const token = (await tokenOf(page))!;
      await shot(page, 'phone-dashboard-dikembalikan');
      await page.goto('/validasi-pergantian?view=dikembalikan');
      await expect(page.getByRole('listitem', { name: /^Buka pergantian \d+$/ }).first()).toBeVisible({
        timeout: 30_000,
      });
      await shot(page, 'phone-validasi-pergantian-dikembalikan');
      await page.goto('/validasi?view=dikembalikan');
      const first = page.getByRole('listitem', { name: /^Buka pengecekan \d+$/ }).first();
      await expect(first).toBeVisible({ timeout: 30_000 });
      await shot(page, 'phone-validasi-dikembalikan');
      await first.click();
      await expect(page.getByRole('region', { name: 'Riwayat Pengembalian' })).toBeVisible({
        timeout: 30_000,
      });
      await shot(page, 'phone-pengecekan-riwayat-pengembalian');

      const units = await apiGet<{ data: { id: number }[] }>(request, token, '/api/unit?pageSize=1');
      await reportBkbAsTireman(request, units.data[0]!.id);
      await expect(page.getByRole('button', { name: 'Buka BKB' })).toBeVisible({ timeout: 30_000 });
      await shot(page, 'phone-bkb-notice');
      await logoutToken(request, token);
    } finally {
      await context.close();
    }
  });
});
