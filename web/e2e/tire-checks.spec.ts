import path from 'node:path';
import type { TTireCheckDetail, TTireCheckRecord } from '@itms/contracts/tire-checks';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { ACCOUNTS, drawSignature, expect, loginAs, logoutToken, test, tokenOf } from './fixtures';

// Issue 3, "Done when": as edp@itms.local on the seeded demo data, validate a pending check
// (bounds refused at the field, colours, a signature drawn with the mouse, one validate call) and return another.

const shotsDir = path.resolve(import.meta.dirname, '../../screenshots');

test.afterEach(async ({ page, request }) => {
  await logoutToken(request, await tokenOf(page));
});

async function apiGet<T>(request: APIRequestContext, token: string, url: string): Promise<T> {
  const res = await request.get(url, { headers: { access_token: token } });
  expect(res.ok(), `${url}: HTTP ${res.status()}`).toBe(true);
  return (await res.json()) as T;
}

/**
 * The id of the first check of the EDP queue as the list shows it opened without parameters: the
 * check waiting longest (issue 36, item 6). The queue's rows are table rows from 768px up, cards
 * (list items) on a phone.
 */
async function firstQueuedId(page: Page, role: 'row' | 'listitem' = 'row'): Promise<number> {
  await page.goto('/validasi');
  await expect(page.getByRole('heading', { name: 'Validasi Pengecekan', level: 2 })).toBeVisible();
  const first = page.getByRole(role, { name: /^Buka pengecekan \d+$/ }).first();
  await expect(first).toBeVisible();
  return Number((await first.getAttribute('aria-label'))!.replace(/\D/g, ''));
}

async function pickCheckWithTire(request: APIRequestContext, token: string) {
  const queue = await apiGet<{ data: { id: number }[] }>(
    request,
    token,
    '/api/tire-check/noEdpSign?pageSize=15',
  );
  for (const { id } of queue.data) {
    const records = await apiGet<TTireCheckRecord[]>(request, token, `/api/tire-check-record/${id}`);
    const target = records.find((r) => r.Tire_ITM !== null);
    if (target) return { id, target };
  }
  throw new Error('no pending check with a tire on the first page of the queue');
}

/** Replaces a field's text key by key, as a person types. */
async function typeInto(field: Locator, text: string) {
  await field.click();
  await field.press('ControlOrMeta+a');
  await field.pressSequentially(text);
}

/** The background of the first painted box around an element (the antd field's root); poll it,
 * antd fields fade between colours. */
function paintedBackground(field: Locator): Promise<string> {
  return field.evaluate((el) => {
    for (let n: Element | null = el; n; n = n.parentElement) {
      const c = getComputedStyle(n).backgroundColor;
      if (c !== 'rgba(0, 0, 0, 0)' && c !== 'transparent') return c;
    }
    return '';
  });
}

// an unchanged value is not painted: it is no warning (issue 42, item 7)
const UNPAINTED = 'rgb(255, 255, 255)';
const GREEN = 'rgb(230, 246, 225)';
const RED = 'rgb(253, 231, 231)';

/** Two strokes across the signature pad with the mouse. */
test.describe('tire check validation', () => {
  test('EDP validates a pending check: bounds, colours, drawn signature, tires updated', async ({ page }) => {
    test.slow(); // the whole flow: list, form, pad, upload, validation, read-back
    await loginAs(page, ACCOUNTS.edp);
    const token = (await tokenOf(page))!;
    // the demo EDP account signs by drawing (no stored signature): make sure of it, then reload the user
    await page.request.put('/api/tire-man/me/signature', {
      headers: { access_token: token },
      data: { signature: '-' },
    });

    await firstQueuedId(page);
    // a pending check of the queue's first page with a position whose tire is in the tire database,
    // so that its new values can be read back (a check another spec just created may have none)
    const { id, target } = await pickCheckWithTire(page.request, token);
    const pos = target.position;
    const newPsi = Math.max(0, (target.pressure ?? 100) - 10);

    const validateCalls: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().endsWith(`/api/tire-check/${id}/validate`))
        validateCalls.push(r.url());
    });

    await test.step('choosing the row shows the loading dialog, then the form', async () => {
      // hold the last of the three loads back a moment so that the dialog can be seen
      await page.route('**/api/active-unit-tire/**', async (route) => {
        await new Promise((r) => setTimeout(r, 700));
        await route.continue();
      });
      await page.getByRole('row', { name: `Buka pengecekan ${id}`, exact: true }).click();
      await expect(page.getByText('Mengambil Data ...')).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`/pengecekan/${id}$`));
      await expect(page.getByRole('heading', { name: 'Form Pengecekan', level: 2 })).toBeVisible();
      await expect(page.getByText('Pastikan seluruh data pengecekan sudah benar!')).toBeVisible();
      await page.unroute('**/api/active-unit-tire/**');
    });

    await test.step('Before and After write numbers the Indonesian way: decimal comma, grouped Km', async () => {
      const card = page.getByRole('group', { name: `Posisi ${pos}`, exact: true });
      const idID = new Intl.NumberFormat('id-ID', { maximumFractionDigits: 2 });
      // the seeded odometers run in the hundreds of thousands: grouped with a dot (180.732)
      expect(target.Tire_Check.odometer).toBeGreaterThanOrEqual(1000);
      const km = idID.format(target.Tire_Check.odometer);
      expect(km).toMatch(/^\d{1,3}(\.\d{3})+$/);
      await expect(card).toContainText(km);
      await expect(page.getByRole('spinbutton', { name: `KM After posisi ${pos}`, exact: true })).toHaveValue(
        km,
      );
      // a half-millimetre RTD is written 12,5 in the Before column, never 12.5
      await expect(card).toContainText(idID.format(target.groove_1!));
    });

    await test.step('an RTD of 30 is refused at its field, never turned into 24; colours follow After vs Before', async () => {
      const rtd1 = page.getByRole('spinbutton', { name: `RTD 1 After posisi ${pos}`, exact: true });
      const rtd3 = page.getByRole('spinbutton', { name: `RTD 3 After posisi ${pos}`, exact: true });
      const psi = page.getByRole('spinbutton', { name: `PSI After posisi ${pos}`, exact: true });
      await expect(rtd3).toHaveAccessibleDescription('sama');
      await expect.poll(() => paintedBackground(rtd3)).toBe(UNPAINTED);

      await typeInto(rtd1, '30');
      await expect(rtd1).toHaveValue('30');
      await expect(rtd1).toHaveAccessibleDescription('RTD 1 harus 0 sampai 24 mm');
      await page.getByRole('button', { name: 'Validasi' }).click();
      await expect(page.getByText(`Nilai di luar batas: Posisi ${pos} RTD 1 (30)`)).toBeVisible();
      await expect(page.getByRole('dialog', { name: 'Konfirmasi Validasi Pengecekan' })).toBeHidden();
      await page.screenshot({ path: path.join(shotsDir, 'check-form-out-of-range-1440.png') });
      await typeInto(rtd1, '24');
      await expect(rtd1).toHaveValue('24');
      await expect(rtd1).toHaveAccessibleDescription(target.groove_1 === 24 ? 'sama' : 'lebih tinggi');
      if (target.groove_1 !== 24) await expect.poll(() => paintedBackground(rtd1)).toBe(RED);

      await typeInto(psi, String(newPsi));
      await expect(psi).toHaveValue(String(newPsi));
      await expect(psi).toHaveAccessibleDescription('lebih rendah');
      await expect.poll(() => paintedBackground(psi)).toBe(GREEN);
    });

    await test.step('SUBMIT waits for a signature; one is drawn with the mouse', async () => {
      await page.getByRole('button', { name: 'Validasi' }).click();
      const modal = page.getByRole('dialog', { name: 'Konfirmasi Validasi Pengecekan' });
      await expect(modal).toBeVisible();
      await expect(modal.getByRole('button', { name: 'SUBMIT' })).toBeDisabled();
      await expect(modal.getByText('harap tanda tangan terlebih dahulu')).toBeVisible();
      await expect(modal.getByRole('img', { name: 'Tanda tangan EDP: belum ada' })).toBeVisible();
      await expect(modal.getByRole('img', { name: 'Tanda tangan Tire Man' })).toBeVisible();

      await modal.getByRole('button', { name: 'SETUJUI' }).click();
      const pad = page.getByRole('dialog', { name: 'Tanda Tangan EDP' });
      await expect(pad).toBeVisible();
      await drawSignature(page, pad);
      await pad.getByRole('button', { name: 'Submit', exact: true }).click();
      await expect(pad).toBeHidden();
      await expect(modal.getByRole('img', { name: 'Tanda tangan EDP', exact: true })).toBeVisible();
      await expect(modal.getByRole('button', { name: 'SUBMIT' })).toBeEnabled();
    });

    await test.step('SUBMIT after drawing sends, asking nothing more: one validate call, the success message, back to the list', async () => {
      await page.getByRole('button', { name: 'SUBMIT' }).click();
      await expect(page.getByText('Pengecekan tervalidasi')).toBeVisible();
      // the drawn signature was the confirmation: no 'Yakin mengirim data ?' (issue 36, item 6)
      await expect(page.getByRole('dialog').filter({ hasText: 'Yakin mengirim data ?' })).toHaveCount(0);
      await expect(page).toHaveURL(/\/validasi$/);
      await expect(page.getByRole('row', { name: /^Buka pengecekan \d+$/ }).first()).toBeVisible();
      await expect(page.getByRole('row', { name: `Buka pengecekan ${id}`, exact: true })).toHaveCount(0);
      expect(validateCalls).toHaveLength(1);
    });

    await test.step('the tire and the record hold the new values; the check is approved', async () => {
      const after = await apiGet<TTireCheckRecord[]>(page.request, token, `/api/tire-check-record/${id}`);
      const rec = after.find((r) => r.id === target.id)!;
      expect(rec.groove_1).toBe(24);
      expect(rec.pressure).toBe(newPsi);
      expect(rec.Tire_ITM?.groove_1).toBe(24);
      expect(rec.Tire_ITM?.pressure).toBe(newPsi);
      const detail = await apiGet<TTireCheckDetail>(page.request, token, `/api/tire-check/detail/${id}`);
      expect(detail.status).toBe('approved');
      expect(detail.edp_sign).not.toBe('-');
      expect(detail.validator?.name).toBeTruthy();
    });
  });

  test('Return sends another pending check back to the tire man', async ({ page }) => {
    test.slow();
    await loginAs(page, ACCOUNTS.edp);
    const token = (await tokenOf(page))!;
    const id = await firstQueuedId(page);
    await page.getByRole('row', { name: `Buka pengecekan ${id}`, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/pengecekan/${id}$`));

    // Batal first: nothing changes
    await page.getByRole('button', { name: 'Return' }).click();
    let ask = page.getByRole('dialog').filter({ hasText: 'Pengecekan ini akan kembali ke List Tireman!' });
    await expect(ask).toBeVisible();
    await ask.getByRole('button', { name: 'Batal' }).click();
    await expect(page.getByText('Changes are not saved')).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/pengecekan/${id}$`));

    await page.getByRole('button', { name: 'Return' }).click();
    ask = page.getByRole('dialog').filter({ hasText: 'Pengecekan ini akan kembali ke List Tireman!' });
    // Kembalikan waits for the reason the tire man will read
    await expect(ask.getByRole('button', { name: 'Kembalikan' })).toBeDisabled();
    await ask.getByRole('textbox', { name: 'Alasan' }).fill('E2E: foto odometer buram');
    await ask.getByRole('button', { name: 'Kembalikan' }).click();
    await expect(page.getByText('Returned! Pengecekan telah dikembalikan.')).toBeVisible();
    await expect(page).toHaveURL(/\/validasi$/);
    await expect(page.getByRole('row', { name: /^Buka pengecekan \d+$/ }).first()).toBeVisible();
    await expect(page.getByRole('row', { name: `Buka pengecekan ${id}`, exact: true })).toHaveCount(0);

    const detail = await apiGet<TTireCheckDetail>(page.request, token, `/api/tire-check/detail/${id}`);
    expect(detail.status).toBe('pending');
    expect(detail.pic_sign).toBe('-');
    expect(detail.itms_sign).toBe('-');
    expect(detail.returned_at).not.toBeNull();
    expect(detail.return_reason).toBe('E2E: foto odometer buram');
  });

  test('a user with a stored signature signs with it: SETUJUI disabled, SUBMIT ready', async ({ page }) => {
    await loginAs(page, ACCOUNTS.admin);
    const id = await firstQueuedId(page);
    await page.getByRole('row', { name: `Buka pengecekan ${id}`, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/pengecekan/${id}$`));
    await page.getByRole('button', { name: 'Validasi' }).click();
    const modal = page.getByRole('dialog', { name: 'Konfirmasi Validasi Pengecekan' });
    await expect(modal.getByRole('button', { name: 'SETUJUI' })).toBeDisabled();
    await expect(modal.getByRole('img', { name: 'Tanda tangan EDP', exact: true })).toBeVisible();
    await expect(modal.getByRole('button', { name: 'SUBMIT' })).toBeEnabled();
    await modal.getByRole('button', { name: 'BATAL' }).click();
    await expect(modal).toBeHidden();
  });

  test('/pengecekan without a check asks to choose one from the list', async ({ page }) => {
    await loginAs(page, ACCOUNTS.edp);
    await page.goto('/pengecekan');
    await expect(page.getByText('Belum ada pengecekan yang dipilih')).toBeVisible();
    await page.getByRole('link', { name: 'Pilih Pengecekan' }).click();
    await expect(page).toHaveURL(/\/validasi$/);
  });
});

for (const device of ['desktop', 'phone'] as const) {
  test.describe(`tire check screenshots ${device}`, () => {
    if (device === 'phone') {
      test.use({
        viewport: { width: 390, height: 844 },
        isMobile: true,
        hasTouch: true,
        deviceScaleFactor: 2,
      });
    } else {
      test.use({ viewport: { width: 1440, height: 900 } });
    }

    test('list, form, confirmation and signature pad', async ({ page }) => {
      test.slow();
      const shot = (name: string, fullPage = false) =>
        page.screenshot({ path: path.join(shotsDir, `${device}-tire-check-${name}.png`), fullPage });
      await loginAs(page, ACCOUNTS.edp);
      const role = device === 'phone' ? 'listitem' : 'row';
      const id = await firstQueuedId(page, role);
      await shot('list');
      await page.getByRole(role, { name: `Buka pengecekan ${id}`, exact: true }).click();
      await expect(page.getByRole('heading', { name: 'Form Pengecekan', level: 2 })).toBeVisible();
      await expect(page.getByRole('group').first()).toBeVisible();
      await shot('form');
      await shot('form-full', true);
      await page.getByRole('button', { name: 'Validasi' }).click();
      const modal = page.getByRole('dialog', { name: 'Konfirmasi Validasi Pengecekan' });
      await expect(modal).toBeVisible();
      await page.waitForTimeout(400); // modal animation
      await shot('confirm');
      await modal.getByRole('button', { name: 'SETUJUI' }).click();
      await drawSignature(page, page.getByRole('dialog', { name: 'Tanda Tangan EDP' }));
      await shot('signature-pad');
    });
  });
}
