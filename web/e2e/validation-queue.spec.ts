import path from 'node:path';
import type { TTireCheckRecord } from '@itms/contracts/tire-checks';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { ACCOUNTS, expect, loginAs, logoutToken, PASSWORD, test, tokenOf } from './fixtures';
import { someUnitAndLocation, submitFieldCheck } from './reports-helpers';

// Issue 25 item 1, "Done when": as edp@itms.local, filter the check queue to one tire man and
// oldest first, validate three checks in a row with 'Validasi & berikutnya' using only the
// keyboard; bulk-validate five unedited checks with one signature. The same 'Validasi &
// berikutnya' through the filtered queues of Validasi Pergantian and BKB, up to 'Antrean selesai'.

const shotsDir = path.resolve(import.meta.dirname, '../../screenshots');
const shot = (page: Page, name: string) =>
  page.screenshot({ path: path.join(shotsDir, `${name}.png`), fullPage: false });

type QueueRow = { id: number; tireman_tire_check: { id: number; name: string } };
type Check = { id: number; status: string; edp_sign: string; validator: { name: string } | null };
type Page_<T> = { data: T[]; total: number };
type Slot = { position: string; tire_id: number | null; serial_number: string; Unit: Unit };
type Unit = { id: number; plate_number: string };

/** The first render after a sign-in, on two cores shared with other runs. */
const SLOW = { timeout: 30_000 };

/** What 'Validasi & berikutnya' says when the filtered queue has nothing left. */
const QUEUE_DONE = 'Antrean selesai: tidak ada lagi yang menunggu validasi dengan saringan ini';

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

/** Runs `work` with a session of the demo tire man (the field app's side), signed out after. */
async function asTireman<T>(request: APIRequestContext, work: (token: string) => Promise<T>): Promise<T> {
  const login = await request.post('/api/tire-man/login', {
    data: { email: ACCOUNTS.tireman, password: PASSWORD },
  });
  expect(login.ok(), await login.text()).toBe(true);
  const token = ((await login.json()) as { access_token: string }).access_token;
  try {
    return await work(token);
  } finally {
    await logoutToken(request, token);
  }
}

/** The browser's console errors and warnings (an antd deprecation among them) while `page` lives. */
function consoleProblems(page: Page): string[] {
  const seen: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') seen.push(`${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => seen.push(`pageerror: ${e.message}`));
  return seen;
}

/**
 * A unit with tires at positions 1 and 2 whose plate finds nothing in the queue of `queuePath`
 * yet: searched by that plate, the queue holds only what the test sends.
 */
async function quietUnit(request: APIRequestContext, token: string, queuePath: string) {
  const slots = await api<Page_<Slot>>(
    request,
    token,
    'GET',
    '/api/active-unit?status=INSTALLED&pageSize=100',
  );
  const waiting = await api<Page_<{ Unit: { plate_number: string } }>>(
    request,
    token,
    'GET',
    `${queuePath}?pageSize=100`,
  );
  const busy = new Set(waiting.data.map((r) => r.Unit.plate_number));
  const candidates = [...new Map(slots.data.map((s) => [s.Unit.id, s.Unit])).values()].filter(
    (u) =>
      !busy.has(u.plate_number) &&
      ['1', '2'].every((p) =>
        slots.data.some((s) => s.Unit.id === u.id && s.position === p && s.tire_id != null),
      ),
  );
  for (const unit of candidates) {
    // the first page of the queue is not all of it: the plate's own search has the last word
    const q = encodeURIComponent(unit.plate_number);
    const found = await api<Page_<unknown>>(request, token, 'GET', `${queuePath}?q=${q}&pageSize=1`);
    if (found.total === 0) return { unit, slots: slots.data.filter((s) => s.Unit.id === unit.id) };
  }
  throw new Error(`no unit without items in ${queuePath}`);
}

/**
 * The EDP with a stored signature at 1440 x 900, and the console's problems from then on (the
 * first session's end answers its last reads with 401). The items are made through the API
 * first: on two shared cores the whole test takes its time.
 */
async function startQueueTest(page: Page) {
  test.setTimeout(300_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  const edp = await edpWithStoredSignature(page);
  return { ...edp, problems: consoleProblems(page) };
}

/** On a validation form: `?` lists `v`; Escape closes the panel again. */
async function helpListsV(page: Page) {
  await page.keyboard.press('?');
  const help = page.getByRole('dialog', { name: 'Pintasan keyboard' });
  await expect(help.getByText('Validasi & berikutnya dengan tanda tangan tersimpan (Kirim)')).toBeVisible();
  return {
    close: async () => {
      await page.keyboard.press('Escape');
      await expect(help).toBeHidden();
    },
  };
}

/** `v`, then Enter on the Kirim of 'Yakin mengirim data ?', which has the focus. */
async function validateWithV(page: Page, question?: string) {
  const kirim = page.getByRole('dialog', { name: 'Yakin mengirim data ?' });
  // the previous item's question may still be fading out
  await expect(kirim).toHaveCount(0);
  await page.keyboard.press('v');
  await expect(kirim).toBeVisible();
  if (question) await expect(kirim.getByText(question)).toBeVisible();
  await expect(kirim.getByRole('button', { name: 'Kirim' })).toBeFocused();
  await page.keyboard.press('Enter');
}

/** Each of `ids` is approved, by a named validator, with `signature` in its field `signField`. */
async function approvedWith(
  request: APIRequestContext,
  token: string,
  detailPath: (id: number) => string,
  expected: { signField: string; validatorField: string; signature: string; ids: number[] },
) {
  for (const id of expected.ids) {
    const record = await api<Record<string, unknown>>(request, token, 'GET', detailPath(id));
    expect(record).toMatchObject({ status: 'approved', [expected.signField]: expected.signature });
    expect((record[expected.validatorField] as { name: string } | null)?.name).toBeTruthy();
  }
}

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
      // oldest first without choosing: the queue's default order (issue 36, item 6)
      const firstRow = page.getByRole('row', { name: /^Buka pengecekan \d+$/ }).first();
      await expect(firstRow).toHaveAccessibleName(`Buka pengecekan ${ids[0]}`);
      expect(page.url()).not.toMatch(/order=/);
      await tabTo(page, page.getByRole('combobox', { name: 'Urutan' }));
      // Terbaru dulu is still there to choose, and back to Terlama dulu drops the order from the URL
      await page.keyboard.press('ArrowDown');
      await expect(page.getByTitle('Terbaru dulu', { exact: true })).toBeVisible();
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(/order=newest/);
      await expect(firstRow).not.toHaveAccessibleName(`Buka pengecekan ${ids[0]}`);
      // ArrowDown opens the dropdown again (on Terbaru dulu), ArrowUp moves to Terlama dulu
      await page.keyboard.press('ArrowDown');
      await expect(page.getByTitle('Terlama dulu', { exact: true })).toBeVisible();
      await page.keyboard.press('ArrowUp');
      await page.keyboard.press('Enter');
      await expect(page).not.toHaveURL(/order=/);
      await expect(firstRow).toHaveAccessibleName(`Buka pengecekan ${ids[0]}`);
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
      await expect(page.getByRole('row', { name: `Buka pengecekan ${ids[0]}`, exact: true })).toBeFocused();
      await page.keyboard.press('j');
      await expect(page.getByRole('row', { name: `Buka pengecekan ${ids[1]}`, exact: true })).toBeFocused();
      await page.keyboard.press('k');
      await expect(page.getByRole('row', { name: `Buka pengecekan ${ids[0]}`, exact: true })).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(new RegExp(`/pengecekan/${ids[0]}\\?.*tireman_id=${tm.id}`));
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
      await api<{ data: QueueRow[] }>(
        page.request,
        token,
        'GET',
        '/api/tire-check/noEdpSign?order=newest&pageSize=1',
      )
    ).data;
    expect(mine!.id).toBe(five[4]);

    // the tire man's queue, newest first (the queue's other order): the five are on its first page
    await page.goto(`/validasi?tireman_id=${mine!.tireman_tire_check.id}&order=newest`);
    for (const id of five) {
      await page.getByRole('checkbox', { name: `Pilih pengecekan ${id}`, exact: true }).check();
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
      await expect(page.getByRole('row', { name: `Buka pengecekan ${id}`, exact: true })).toBeHidden();
      const c = await api<Check>(page.request, token, 'GET', `/api/tire-check/detail/${id}`);
      expect(c).toMatchObject({ status: 'approved', edp_sign: signature });
    }
    await expect(page.getByRole('button', { name: 'Validasi terpilih (0)' })).toBeDisabled();
  });

  test('Validasi Pergantian: one unit, oldest first, two replacements in a row with v, then Antrean selesai', async ({
    page,
  }) => {
    const { token, signature, problems } = await startQueueTest(page);

    // the tire man sends two replacements on a unit nothing waits for: position 1, then position 2
    const { unit } = await quietUnit(page.request, token, '/api/tire-replace/pending');
    const [location] = await api<{ id: number }[]>(page.request, token, 'GET', '/api/location');
    const stock = await api<Page_<{ id: number; Unit: unknown; information?: string }>>(
      page.request,
      token,
      'GET',
      '/api/tire?status=UNINSTALLED&pageSize=100',
    );
    const free = stock.data.filter((t) => t.Unit == null && !t.information?.startsWith('Dialokasikan'));
    expect(free.length, 'two stock tires').toBeGreaterThanOrEqual(2);
    const ids = await asTireman(page.request, async (tm) => {
      const upload = async () => {
        const up = await page.request.post('/api/upload', {
          headers: { access_token: tm },
          multipart: { image: { name: 'foto.png', mimeType: 'image/png', buffer: TINY_PNG } },
        });
        expect(up.status(), await up.text()).toBe(201);
        return ((await up.json()) as { awsImage: string }).awsImage;
      };
      const sent: number[] = [];
      for (const [i, position] of ['1', '2'].entries()) {
        const created = await api<{ id: number }>(page.request, tm, 'POST', '/api/tire-replacement', {
          unit_id: unit.id,
          location_id: location!.id,
          odometer: 200_000 + i,
          spk: `SPK/E2E/ANTREAN/${i + 1}`,
          plate_number_url: await upload(),
          odometer_url: await upload(),
          tireman_sign: await upload(),
          records: [
            {
              position,
              status: 'replace',
              tire_id: free[i]!.id,
              groove_1: 15,
              groove_2: 15,
              groove_3: 15,
              groove_4: 15,
              pressure: 110,
            },
          ],
        });
        sent.push(created.id);
      }
      return sent;
    });

    // opened without an order: oldest first, the queue's default (issue 36, item 6)
    await page.goto('/validasi-pergantian');
    await expect(page.getByRole('heading', { name: 'Validasi Pergantian', level: 2 })).toBeVisible(SLOW);
    await expect(page.getByRole('row', { name: /^Buka pergantian \d+$/ }).first()).toBeVisible();

    await test.step('/ to the search, the plate, Enter: the queue holds the two, oldest first', async () => {
      await page.keyboard.press('/');
      await expect(page.getByLabel('Cari plat atau tire man')).toBeFocused();
      await page.keyboard.type(unit.plate_number);
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(/[?&]q=/);
      const rows = page.getByRole('row', { name: /^Buka pergantian \d+$/ });
      await expect(rows).toHaveCount(2);
      await expect(rows.first()).toHaveAccessibleName(`Buka pergantian ${ids[0]}`);
      await shot(page, 'desktop-validation-queue-replacements-filtered');
    });

    await test.step('Tab out of the search, j, Enter opens the oldest, keeping the search', async () => {
      await page.keyboard.press('Tab');
      await page.keyboard.press('j');
      await expect(page.getByRole('row', { name: `Buka pergantian ${ids[0]}`, exact: true })).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(new RegExp(`/pergantian/${ids[0]}\\?.*q=`));
    });

    for (const [i, id] of ids.entries()) {
      await test.step(`v, Enter (Kirim) validates replacement ${id}`, async () => {
        await expect(page.getByRole('heading', { name: 'Form Pergantian', level: 2 })).toBeVisible();
        await expect(page.getByText(`#${id} · ${unit.plate_number}`)).toBeVisible();
        if (i === 0) {
          const help = await helpListsV(page);
          await shot(page, 'desktop-replacement-form-help');
          await help.close();
        }
        await validateWithV(page);
        if (i === 0) {
          // the next of the same filtered queue
          await expect(page).toHaveURL(new RegExp(`/pergantian/${ids[1]}\\?.*q=`), { timeout: 30_000 });
        } else {
          // nothing left: back at the same filtered list, which says so
          await expect(page.getByText(QUEUE_DONE)).toBeVisible({ timeout: 30_000 });
          await expect(page).toHaveURL(/\/validasi-pergantian\?.*q=/);
          await expect(page.getByRole('heading', { name: 'Validasi Pergantian', level: 2 })).toBeVisible();
          await expect(page.getByRole('row', { name: /^Buka pergantian \d+$/ })).toHaveCount(0);
          await shot(page, 'desktop-validation-queue-replacements-done');
        }
      });
    }

    // exactly those two, each approved with the stored signature
    await approvedWith(page.request, token, (id) => `/api/tire-replace/${id}`, {
      signField: 'edp_sign',
      validatorField: 'Validator',
      signature,
      ids,
    });
    expect(problems).toEqual([]);
  });

  test('BKB: one unit, oldest first, two BKB in a row with v in the dialog, then Antrean selesai', async ({
    page,
  }) => {
    const { token, signature, problems } = await startQueueTest(page);

    // the tire man reports two BKB on a unit nothing waits for; each finds position 1 as it is
    const { unit, slots } = await quietUnit(page.request, token, '/api/mismatch-validation');
    const at1 = slots.find((s) => s.position === '1')!;
    const ids = await asTireman(page.request, async (tm) => {
      const sent: number[] = [];
      for (const n of [1, 2]) {
        const created = await api<{ id: number }>(page.request, tm, 'POST', '/api/mismatch', {
          unit_id: unit.id,
          category: 'Serial tidak sesuai',
          information: `E2E antrean BKB ${n}`,
          driver: { name: 'Driver E2E', phone: '081200000001' },
          positions: [{ position: '1', found_serial: at1.serial_number }],
        });
        sent.push(created.id);
      }
      return sent;
    });

    // opened without an order: oldest first, the queue's default (issue 36, item 6)
    await page.goto('/mismatch');
    await expect(page.getByRole('heading', { name: /Berita Ketidaksesuaian Ban/, level: 2 })).toBeVisible(
      SLOW,
    );

    await test.step('/ to the search, the plate, Enter: the list holds the two, oldest first', async () => {
      await page.keyboard.press('/');
      await expect(page.getByLabel('Cari plat atau tire man')).toBeFocused();
      await page.keyboard.type(unit.plate_number);
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(/[?&]q=/);
      const rows = page.getByRole('row', { name: /^BKB \d+ / });
      await expect(rows).toHaveCount(2);
      await expect(rows.first()).toHaveAccessibleName(`BKB ${ids[0]} ${unit.plate_number}`);
    });

    await test.step('Tab out of the search, j, Enter opens the oldest', async () => {
      await page.keyboard.press('Tab');
      await page.keyboard.press('j');
      await expect(page.getByRole('row', { name: `BKB ${ids[0]} ${unit.plate_number}` })).toBeFocused();
      await page.keyboard.press('Enter');
    });

    for (const [i, id] of ids.entries()) {
      await test.step(`v, Enter (Kirim) validates BKB ${id}`, async () => {
        const dialog = page.getByRole('dialog', { name: `Berita Ketidaksesuaian Ban #${id}` });
        await expect(dialog.getByText(`E2E antrean BKB ${i + 1}`)).toBeVisible();
        await expect(dialog.getByText('Tanda tangan tersimpan dipakai')).toBeVisible();
        if (i === 0) {
          await (await helpListsV(page)).close();
          await expect(dialog).toBeVisible();
          await shot(page, 'desktop-bkb-validation-next');
        }
        await validateWithV(page, `BKB #${id}, unit ${unit.plate_number}`);
        await expect(dialog).toBeHidden({ timeout: 30_000 });
        if (i === 1) {
          await expect(page.getByText(QUEUE_DONE)).toBeVisible({ timeout: 30_000 });
          await expect(page.getByRole('row', { name: /^BKB \d+ / })).toHaveCount(0);
          await shot(page, 'desktop-bkb-queue-done');
        }
      });
    }

    // exactly those two, each approved with the stored signature
    await approvedWith(page.request, token, (id) => `/api/mismatch/detail/${id}`, {
      signField: 'signatureUrl',
      validatorField: 'itms_bkb',
      signature,
      ids,
    });
    expect(problems).toEqual([]);
  });

  test('phone: the filter bar and the queue as cards at 390 x 844', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await loginAs(page, ACCOUNTS.edp);
    // no order in the URL: the select shows the default, oldest first
    await page.goto('/validasi?age=24h');
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
