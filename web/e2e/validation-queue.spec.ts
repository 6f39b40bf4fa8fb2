import path from 'node:path';
import type { TTireCheckRecord } from '@itms/contracts/tire-checks';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { ACCOUNTS, expect, loginAs, logoutToken, test, tokenOf } from './fixtures';
import { someUnitAndLocation, submitFieldCheck } from './reports-helpers';

// Issue 25 item 1, "Done when": as edp@itms.local, filter the check queue to one tire man and
// oldest first, validate three checks in a row with 'Validasi & berikutnya' using only the
// keyboard; bulk-validate five unedited checks with one signature.

const shotsDir = path.resolve(import.meta.dirname, '../../screenshots');
const shot = (page: Page, name: string) =>
  page.screenshot({ path: path.join(shotsDir, `${name}.png`), fullPage: false });

type QueueRow = { id: number; tireman_tire_check: { id: number; name: string } };
type Check = { id: number; status: string; edp_sign: string; validator: { name: string } | null };

async function api<T>(
  request: APIRequestContext,
  token: string,
  method: string,
  url: string,
  data?: unknown,
) {
  const res = await request.fetch(url, { method, headers: { access_token: token }, data });
  expect(res.ok(), `${method} ${url}: HTTP ${res.status()} ${await res.text()}`).toBe(true);
  return (await res.json()) as T;
}

const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP8z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==',
  'base64',
);

/**
 * Signs in as the EDP with a stored signature of his own (uploaded, then kept on the account), and
 * signs in again so that the browser's user carries it. Returns the token and the signature path.
 */
async function edpWithStoredSignature(page: Page) {
  await loginAs(page, ACCOUNTS.edp);
  const first = (await tokenOf(page))!;
  const up = await page.request.post('/api/upload', {
    headers: { access_token: first },
    multipart: { image: { name: 'ttd.png', mimeType: 'image/png', buffer: TINY_PNG } },
  });
  expect(up.status(), await up.text()).toBe(201);
  const signature = ((await up.json()) as { awsImage: string }).awsImage;
  await api(page.request, first, 'PUT', '/api/tire-man/me/signature', { signature });
  await logoutToken(page.request, first);
  await loginAs(page, ACCOUNTS.edp);
  return { token: (await tokenOf(page))!, signature };
}

test.afterEach(async ({ page, request }) => {
  const token = await tokenOf(page);
  // the other specs sign by drawing: leave the demo EDP without a stored signature
  if (token)
    await request.put('/api/tire-man/me/signature', {
      headers: { access_token: token },
      data: { signature: '-' },
    });
  await logoutToken(request, token);
});

/** Tab (a few times at most) until `target` has the focus. */
async function tabTo(page: Page, target: Locator) {
  for (let i = 0; i < 6 && !(await target.evaluate((el) => el === document.activeElement)); i++)
    await page.keyboard.press('Tab');
  await expect(target).toBeFocused();
}

/** Whether every record of a check has all its After values (what `v` validates unchanged). */
async function complete(request: APIRequestContext, token: string, id: number) {
  const records = await api<TTireCheckRecord[]>(request, token, 'GET', `/api/tire-check-record/${id}`);
  return (
    records.length > 0 &&
    records.every((r) => [r.groove_1, r.groove_2, r.groove_3, r.groove_4, r.pressure].every((v) => v != null))
  );
}

test.describe('validation queue', () => {
  test('one tire man, oldest first: three checks in a row with Validasi & berikutnya, keyboard only', async ({
    page,
  }) => {
    test.slow();
    await page.setViewportSize({ width: 1440, height: 900 });
    const { token } = await edpWithStoredSignature(page);

    // a tire man whose three oldest waiting checks can be validated as recorded
    const queue = await api<{ data: QueueRow[] }>(
      page.request,
      token,
      'GET',
      '/api/tire-check/noEdpSign?order=oldest&pageSize=100',
    );
    const tiremen = [
      ...new Map(queue.data.map((r) => [r.tireman_tire_check.id, r.tireman_tire_check])).values(),
    ];
    let chosen: { tm: { id: number; name: string }; ids: number[] } | null = null;
    for (const tm of tiremen) {
      const own = await api<{ data: QueueRow[] }>(
        page.request,
        token,
        'GET',
        `/api/tire-check/noEdpSign?tireman_id=${tm.id}&order=oldest&pageSize=4`,
      );
      const ids = own.data.map((r) => r.id);
      if (ids.length < 4) continue;
      if (
        (await Promise.all(ids.slice(0, 3).map((id) => complete(page.request, token, id)))).every(Boolean)
      ) {
        chosen = { tm, ids };
        break;
      }
    }
    expect(chosen, 'a tire man with four waiting checks').not.toBeNull();
    const { tm, ids } = chosen!;

    await page.goto('/validasi');
    await expect(page.getByRole('heading', { name: 'Validasi Pengecekan', level: 2 })).toBeVisible();
    await expect(page.getByRole('row', { name: /^Buka pengecekan \d+$/ }).first()).toBeVisible();

    await test.step('filter with the keyboard: / to the search, Tab to Tire man and Urutan', async () => {
      await page.keyboard.press('/');
      await expect(page.getByLabel('Cari plat atau tire man')).toBeFocused();
      await tabTo(page, page.getByRole('combobox', { name: 'Tire man', exact: true }));
      await page.keyboard.type(tm.name);
      // the dropdown's visible item (the listbox's option elements are for screen readers)
      await expect(page.getByTitle(tm.name, { exact: true })).toBeVisible();
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(new RegExp(`tireman_id=${tm.id}`));
      await tabTo(page, page.getByRole('combobox', { name: 'Urutan' }));
      await page.keyboard.press('ArrowDown');
      await expect(page.getByTitle('Terlama dulu', { exact: true })).toBeVisible();
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(/order=oldest/);
      await expect(page.getByRole('row', { name: /^Buka pengecekan \d+$/ }).first()).toHaveAccessibleName(
        `Buka pengecekan ${ids[0]}`,
      );
      await shot(page, 'desktop-validation-queue-filtered');
    });

    await test.step('? shows the shortcuts', async () => {
      // keys typed into a field are the field's: Escape closes the dropdown, Tab leaves the filters
      await page.keyboard.press('Escape');
      await tabTo(page, page.getByRole('button', { name: 'Pintasan keyboard' }));
      await page.keyboard.press('?');
      const help = page.getByRole('dialog', { name: 'Pintasan keyboard' });
      await expect(help).toBeVisible();
      await expect(help.getByText('Baris berikutnya')).toBeVisible();
      await shot(page, 'desktop-validation-queue-help');
      await page.keyboard.press('Escape');
      await expect(help).toBeHidden();
    });

    await test.step('j, Enter opens the oldest check, keeping the filters', async () => {
      await page.keyboard.press('j');
      await expect(page.getByRole('row', { name: `Buka pengecekan ${ids[0]}` })).toBeFocused();
      await page.keyboard.press('j');
      await expect(page.getByRole('row', { name: `Buka pengecekan ${ids[1]}` })).toBeFocused();
      await page.keyboard.press('k');
      await expect(page.getByRole('row', { name: `Buka pengecekan ${ids[0]}` })).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(new RegExp(`/pengecekan/${ids[0]}\\?.*tireman_id=${tm.id}`));
      await expect(page).toHaveURL(/order=oldest/);
    });

    for (const [i, id] of ids.slice(0, 3).entries()) {
      await test.step(`v, Enter (Kirim) validates check ${id} and opens the next of the queue`, async () => {
        await expect(page).toHaveURL(new RegExp(`/pengecekan/${id}\\?`));
        await expect(page.getByRole('heading', { name: 'Form Pengecekan', level: 2 })).toBeVisible();
        // the URL moves first; the check's own form renders a moment later
        await expect(page.getByRole('main').getByText(String(id), { exact: true })).toBeVisible();
        await page.keyboard.press('v');
        const kirim = page.getByRole('dialog', { name: 'Yakin mengirim data ?' });
        await expect(kirim).toBeVisible();
        if (i === 0) await shot(page, 'desktop-validation-queue-kirim');
        await expect(kirim.getByRole('button', { name: 'Kirim' })).toBeFocused();
        await page.keyboard.press('Enter');
        await expect(page).toHaveURL(new RegExp(`/pengecekan/${ids[i + 1]}\\?.*tireman_id=${tm.id}`), {
          timeout: 20_000,
        });
        const done = await api<Check>(page.request, token, 'GET', `/api/tire-check/detail/${id}`);
        expect(done.status).toBe('approved');
        expect(done.validator?.name).toBeTruthy();
      });
    }
  });

  test('bulk: five unedited checks validated with one confirmation and one signature', async ({ page }) => {
    test.slow();
    await page.setViewportSize({ width: 1440, height: 900 });
    const { token, signature } = await edpWithStoredSignature(page);
    const where = await someUnitAndLocation(page, page.request);
    const five: number[] = [];
    for (let i = 0; i < 5; i++) five.push(await submitFieldCheck(page.request, where));
    const [mine] = (
      await api<{ data: QueueRow[] }>(page.request, token, 'GET', '/api/tire-check/noEdpSign?pageSize=1')
    ).data;

    // the tire man's queue, newest first: the five are on its first page
    await page.goto(`/validasi?tireman_id=${mine!.tireman_tire_check.id}`);
    for (const id of five) {
      await page.getByRole('checkbox', { name: `Pilih pengecekan ${id}` }).check();
    }
    const validateSelected = page.getByRole('button', { name: 'Validasi terpilih (5)' });
    await expect(validateSelected).toBeEnabled();
    await validateSelected.click();
    const dialog = page.getByRole('dialog', { name: 'Validasi 5 pengecekan sekaligus' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('img', { name: 'Tanda tangan EDP' })).toBeVisible();
    for (const id of five) await expect(dialog.getByText(`#${id} ·`)).toBeVisible();
    await shot(page, 'desktop-validation-queue-bulk');

    const calls: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().includes('/api/tire-check/')) calls.push(r.url());
    });
    await dialog.getByRole('button', { name: 'Validasi 5 pengecekan' }).click();
    await expect(page.getByText('5 pengecekan tervalidasi')).toBeVisible();
    await expect(dialog).toBeHidden();
    expect(calls).toEqual([expect.stringMatching(/\/api\/tire-check\/validate-bulk$/)]);
    for (const id of five) {
      await expect(page.getByRole('row', { name: `Buka pengecekan ${id}` })).toBeHidden();
      const c = await api<Check>(page.request, token, 'GET', `/api/tire-check/detail/${id}`);
      expect(c).toMatchObject({ status: 'approved', edp_sign: signature });
    }
    await expect(page.getByRole('button', { name: 'Validasi terpilih (0)' })).toBeDisabled();
  });

  test('phone: the filter bar and the queue as cards at 390 x 844', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await loginAs(page, ACCOUNTS.edp);
    await page.goto('/validasi?order=oldest&age=24h');
    await expect(page.getByRole('combobox', { name: 'Urutan' })).toBeVisible();
    await expect(page.getByText('Terlama dulu')).toBeVisible();
    await expect(page.getByText('Lebih dari 24 jam')).toBeVisible();
    await expect(page.getByRole('listitem', { name: /^Buka pengecekan \d+$/ }).first()).toBeVisible();
    await shot(page, 'phone-validation-queue');
    await page.goto('/validasi-pergantian?order=oldest');
    await expect(page.getByRole('combobox', { name: 'Urutan' })).toBeVisible();
    await expect(page.getByRole('listitem', { name: /^Buka pergantian \d+$/ }).first()).toBeVisible();
    await shot(page, 'phone-validation-queue-replacements');
    await page.setViewportSize({ width: 1440, height: 900 });
    await expect(page.getByRole('columnheader', { name: 'Umur' })).toBeVisible();
    await shot(page, 'desktop-validation-queue-replacements');
    await page.goto('/mismatch?age=24h');
    await expect(page.getByRole('columnheader', { name: 'Umur' })).toBeVisible();
    await shot(page, 'desktop-validation-queue-bkb');
  });
});
