import type { TUnitRow } from '@itms/contracts/master-data';
import {
  type APIRequestContext,
  type BrowserContext,
  chromium,
  devices,
  type Locator,
  type Page,
} from '@playwright/test';
import { ACCOUNTS, expect, logoutToken, PASSWORD, test } from '../fixtures';

/**
 * The installed app: a persistent Chromium profile, as a phone keeps it between launches (its
 * service worker, caches and IndexedDB stay in `profile`). `baseURL`: another server than the run's.
 */
export async function openApp(
  profile: string,
  baseURL?: string,
): Promise<{ context: BrowserContext; page: Page }> {
  const { defaultBrowserType: _, ...pixel7 } = devices['Pixel 7'];
  const use = test.info().project.use;
  const context = await chromium.launchPersistentContext(profile, {
    ...pixel7,
    baseURL: baseURL ?? use.baseURL,
    locale: 'id-ID',
    timezoneId: 'Asia/Jakarta',
    headless: true,
    executablePath: use.launchOptions?.executablePath,
    args: use.launchOptions?.args,
  });
  return { context, page: context.pages()[0] ?? (await context.newPage()) };
}

/** Signs the demo tire man in through the field app's login and waits for Beranda. */
export async function signInField(page: Page) {
  await page.goto('/lapangan/login');
  await page.getByLabel('Email').fill(ACCOUNTS.tireman);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Masuk' }).click();
  await expect(page).toHaveURL(/\/lapangan\/$/);
  await expect(page.getByRole('heading', { name: 'Budi Santoso', level: 1 })).toBeVisible();
  // his units are on the phone (the snapshot is stored): from here the app works offline
  await expect(page.locator('.lp-unit-link').first()).toBeVisible();
}

/**
 * Waits until the service worker controls the page (from then on the app comes from its cache):
 * once it is active, a page it did not claim in time is reloaded under it.
 */
export async function serviceWorkerControls(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  if (!(await page.evaluate(() => navigator.serviceWorker.controller !== null))) await page.reload();
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.state ?? null), { timeout: 20_000 })
    .toBe('activated');
}

/** A photo as the camera gives it (a PNG drawn in the page, then compressed by the app). */
export async function cameraPhoto(page: Page, label: string): Promise<Buffer> {
  const dataUrl = await page.evaluate((text) => {
    const c = document.createElement('canvas');
    c.width = 640;
    c.height = 480;
    const ctx = c.getContext('2d')!;
    ctx.fillStyle = '#223';
    ctx.fillRect(0, 0, 640, 480);
    ctx.fillStyle = '#fff';
    ctx.font = '64px sans-serif';
    ctx.fillText(text, 40, 260);
    return c.toDataURL('image/png');
  }, label);
  return Buffer.from(dataUrl.split(',')[1]!, 'base64');
}

/**
 * Takes a form's 'Foto odometer' and 'Foto plat nomor' (camera photos showing `odometerText` and
 * the plate, or `photo` for both) and waits until the app has made both ready.
 */
export async function takeFormPhotos(page: Page, odometerText: string, plate: string, photo?: Buffer) {
  for (const [label, text] of [
    ['Foto odometer', odometerText],
    ['Foto plat nomor', plate],
  ] as const) {
    const buffer = photo ?? (await cameraPhoto(page, text));
    await page.getByLabel(label).setInputFiles({ name: 'foto.png', mimeType: 'image/png', buffer });
  }
  await expect(page.getByText(/Foto siap/)).toHaveCount(2, { timeout: 15_000 });
}

/** A token of `email` for office API calls (read-back, admin actions). */
export async function apiToken(request: APIRequestContext, email: string): Promise<string> {
  const res = await request.post('/api/tire-man/login', { data: { email, password: PASSWORD } });
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as { access_token: string }).access_token;
}

/** Draws a stroke across a signature pad with the pointer. */
export async function signPad(page: Page, pad: Locator) {
  const canvas = pad.locator('canvas');
  await canvas.scrollIntoViewIfNeeded();
  const box = (await canvas.boundingBox())!;
  await page.mouse.move(box.x + box.width * 0.15, box.y + box.height * 0.6);
  await page.mouse.down();
  for (const [x, y] of [
    [0.3, 0.3],
    [0.45, 0.7],
    [0.6, 0.35],
    [0.8, 0.6],
  ] as const) {
    await page.mouse.move(box.x + box.width * x, box.y + box.height * y, { steps: 5 });
  }
  await page.mouse.up();
  await expect(pad.getByText('Sudah ditandatangani')).toBeVisible();
}

/**
 * Taps 'Kirim' on the check form (twice with `double`) and, when the form asks to look again at
 * values that deserve a second look (warnings), confirms them; then waits for `saved`.
 */
export async function sendCheckForm(page: Page, saved: string, { double = false } = {}) {
  const kirim = page.getByRole('button', { name: 'Kirim' });
  await (double ? kirim.dblclick() : kirim.click());
  const confirm = page.getByRole('button', { name: 'Data sudah benar, kirim' });
  await expect(page.getByText(saved).or(confirm)).toBeVisible();
  if (await confirm.isVisible()) await confirm.click();
  await expect(page.getByText(saved)).toBeVisible();
}

/** The first `n` units of Beranda (id and plate): entries of different units. */
export async function fieldUnits(page: Page, n: number): Promise<{ id: number; plate: string }[]> {
  const links = page.locator('.lp-unit-link');
  await expect(links.nth(n - 1)).toBeVisible();
  const units = [];
  for (let i = 0; i < n; i++) {
    const href = (await links.nth(i).getAttribute('href'))!;
    const plate = (await links.nth(i).locator('.lp-plate').textContent())!;
    units.push({ id: Number(/\/unit\/(\d+)$/.exec(href)![1]), plate });
  }
  return units;
}

/**
 * Opens a unit of Beranda (the first, or the one with plate `unit`) and its Pengecekan (or its draft);
 * returns the unit's plate.
 */
export async function openCheckForm(page: Page, unit?: string): Promise<string> {
  const units = page.locator('.lp-unit-link');
  await (unit ? units.filter({ has: page.getByText(unit, { exact: true }) }) : units.first()).click();
  const plate = (await page.getByRole('heading', { level: 1 }).textContent())!;
  await page.getByRole('link', { name: 'Pengecekan' }).click();
  await expect(page.getByRole('heading', { name: 'Pengecekan', level: 1 })).toBeVisible();
  return plate;
}

/**
 * Fills the Pengecekan of the first unit on Beranda (or of the unit with plate `unit`: first location,
 * `odometer`, two photos, RTD and PSI at every position with a tire), runs `beforeSend` (what a test
 * adds to the form) and taps 'Kirim'. Returns the unit's plate.
 */
export async function makeCheck(
  page: Page,
  odometer: number,
  photo?: Buffer,
  unit?: string,
  beforeSend?: () => Promise<void>,
): Promise<string> {
  await page.goto('/lapangan/');
  const plate = await openCheckForm(page, unit);
  await page.getByLabel('Lokasi').selectOption({ index: 1 });
  await page.getByLabel('Odometer (Km)').fill(String(odometer));
  await takeFormPhotos(page, `ODO ${odometer}`, plate, photo);
  for (const group of await page.getByRole('group', { name: /^Posisi / }).all()) {
    if ((await group.getByLabel('Nomor seri').inputValue()) === '') continue;
    for (const n of [1, 2, 3, 4]) await group.getByLabel(`RTD ${n}`).fill('7');
    await group.getByLabel('PSI').fill('95');
  }
  await beforeSend?.();
  await sendCheckForm(page, `Pengecekan ${plate} tersimpan di HP`);
  return plate;
}

/** The pending checks the office sees for `plate` with this odometer (the read-back of a test's entry). */
export async function officeChecks(
  request: APIRequestContext,
  plate: string,
  odometer: number,
): Promise<{ id: number; performed_at: string }[]> {
  const edp = await apiToken(request, ACCOUNTS.edp);
  try {
    const res = await request.get('/api/tire-check/noEdpSign?pageSize=100&order=newest', {
      headers: { access_token: edp },
    });
    expect(res.ok()).toBe(true);
    const queue = (await res.json()) as {
      data: { id: number; plate_number: string; performed_at: string }[];
    };
    const found = [];
    for (const c of queue.data.filter((row) => row.plate_number === plate)) {
      const detail = await request.get(`/api/tire-check/detail/${c.id}`, { headers: { access_token: edp } });
      if (((await detail.json()) as { odometer: number }).odometer === odometer) found.push(c);
    }
    return found;
  } finally {
    await request.post('/api/tire-man-logout', { headers: { access_token: edp } });
  }
}

/**
 * A tire in stock that was used before (UNINSTALLED, lowest RTD 4-6 mm), as the office lists it:
 * put on reading more than that, the replacement form warns.
 */
export async function usedStockTire(
  request: APIRequestContext,
): Promise<{ serial_number: string; groove_lowest: number }> {
  const edp = await apiToken(request, ACCOUNTS.edp);
  try {
    const res = await request.get('/api/tire?status=UNINSTALLED&rtd=4-6&pageSize=1', {
      headers: { access_token: edp },
    });
    expect(res.ok()).toBe(true);
    const tire = ((await res.json()) as { data: { serial_number: string; groove_lowest: number }[] }).data[0];
    expect(tire, 'a used tire in stock').toBeDefined();
    return tire!;
  } finally {
    await request.post('/api/tire-man-logout', { headers: { access_token: edp } });
  }
}

/** The Pergantian's first position with a tire on it, and its legend ('Posisi 1'). */
export async function firstMountedPosition(page: Page): Promise<{ position: Locator; legend: string }> {
  for (const group of await page.getByRole('group', { name: /^Posisi / }).all()) {
    if (await group.getByText('Terpasang: posisi kosong').isVisible()) continue;
    return { position: group, legend: (await group.locator('legend').textContent())! };
  }
  throw new Error('the unit has no tire on any position');
}

/**
 * Fills the Pergantian of the Beranda unit at `unitIndex`: SPK, location, odometer, two photos, the
 * PIC and ITMS signatures, and at its first position with a tire 'Ganti' with `installed`, picked
 * from the server's serial search (needs a signal), at `rtd` mm and 100 PSI. Does not send. Returns the plate,
 * the SPK and the position's legend.
 */
export async function fillReplacement(
  page: Page,
  { unitIndex, installed, rtd }: { unitIndex: number; installed: string; rtd: string },
): Promise<{ plate: string; spk: string; legend: string }> {
  await page.goto('/lapangan/');
  await page.locator('.lp-unit-link').nth(unitIndex).click();
  const plate = (await page.getByRole('heading', { level: 1 }).textContent())!;
  await page.getByRole('link', { name: 'Pergantian' }).click();
  await expect(page.getByRole('heading', { name: 'Pergantian', level: 1 })).toBeVisible();
  const spk = `SPK-E2E-${Date.now() % 1_000_000}`;
  await page.getByLabel('SPK').fill(spk);
  await page.getByLabel('Lokasi').selectOption({ index: 1 });
  await page.getByLabel('Odometer (Km)').fill(String(400_000 + (Date.now() % 90_000)));
  await takeFormPhotos(page, 'ODO', plate);
  const { position, legend } = await firstMountedPosition(page);
  await position.getByRole('radio', { name: 'Ganti' }).check();
  await position.getByLabel('Nomor seri dipasang').fill(installed);
  await position.getByRole('button', { name: 'Cari nomor seri' }).click();
  await position
    .getByRole('list', { name: 'Hasil pencarian nomor seri' })
    .getByRole('button', { name: new RegExp(`^${installed} ·`) })
    .click();
  for (const n of [1, 2, 3, 4]) await position.getByLabel(`RTD ${n}`).fill(rtd);
  await position.getByLabel('PSI').fill('100');
  await position.getByLabel('Alasan ganti').fill('Aus di bawah batas');
  for (const name of ['Tanda tangan PIC', 'Tanda tangan ITMS'])
    await signPad(page, page.getByRole('group', { name, exact: true }));
  return { plate, spk, legend };
}

/** A new account's password: 10 characters or more (the demo accounts predate the rule). */
const OWN_PASSWORD = 'ban-tronton-77';

/**
 * A tire man of the test's own (the shared demo one keeps his projects), on the project of the first
 * unit of `unitType`: his Beranda and plan are that project's units. Returns how he signs in and
 * the unit's plate.
 */
export async function ownTireMan(
  request: APIRequestContext,
  unitType: string,
): Promise<{
  id: number;
  email: string;
  password: string;
  plate: string;
  unitId: number;
  projectId: number;
}> {
  const admin = await apiToken(request, ACCOUNTS.admin);
  const headers = { access_token: admin };
  try {
    // the demo fleet's first unit of that type (sort=id): units other specs add are newer and bare
    const units = (await (
      await request.get(`/api/unit?unit_type=${encodeURIComponent(unitType)}&sort=id&pageSize=1`, { headers })
    ).json()) as { data: TUnitRow[] };
    const unit = units.data[0]!;
    const stamp = Date.now() % 1_000_000;
    const email = `uji${stamp}@itms.local`;
    const made = await request.post('/api/tire-man/register', {
      headers,
      data: {
        name: `Petugas Uji ${stamp}`,
        email,
        phone: `0812${String(stamp).padStart(8, '0')}`,
        password: OWN_PASSWORD,
        nik: String(3_170_000_000_000_000 + stamp),
        role: 'tire-man',
      },
    });
    expect(made.ok(), await made.text()).toBe(true);
    const { id } = ((await made.json()) as { data: { id: number } }).data;
    const me = (await (await request.get(`/api/tire-man/${id}`, { headers })).json()) as {
      name: string;
      email: string;
      phone: string;
      role: string;
    };
    const put = await request.put(`/api/tire-man/${id}`, {
      headers,
      data: {
        name: me.name,
        email: me.email,
        phone: me.phone,
        role: me.role,
        project_ids: [unit.project_id],
      },
    });
    expect(put.ok(), await put.text()).toBe(true);
    return {
      id,
      email,
      password: OWN_PASSWORD,
      plate: unit.plate_number,
      unitId: unit.id,
      projectId: unit.project_id,
    };
  } finally {
    await logoutToken(request, admin);
  }
}

/** Signs a tire man of `ownTireMan` in on the phone; his units are stored once Beranda lists them. */
export async function signInOwn(page: Page, { email, password }: { email: string; password: string }) {
  await page.goto('/lapangan/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Masuk' }).click();
  await expect(page.locator('.lp-unit-link').first()).toBeVisible();
}

/** Taps a zone of a tire, then picks from its list (after typing `search`, when given). */
export async function pickZone(
  page: Page,
  tire: Locator,
  zone: string,
  pick: string | RegExp,
  search?: string,
) {
  await tire.getByRole('button', { name: new RegExp(`^${zone.replace(/[()]/g, '\\$&')}: `) }).click();
  const picker = page.getByRole('dialog', { name: `Kondisi ${zone}` });
  await expect(picker).toBeVisible();
  if (search) await picker.getByPlaceholder('Cari kode atau nama').fill(search);
  await picker.getByRole('button', { name: pick }).click();
  await expect(picker).toBeHidden();
}

/**
 * A unit new in project `projectId` (never checked: it heads a plan), with a new tire of the test's
 * own mounted at each of `positions`. Returns its plate.
 */
export async function newUnitWithTires(
  request: APIRequestContext,
  { unitType, projectId, positions }: { unitType: string; projectId: number; positions: readonly string[] },
): Promise<string> {
  const admin = await apiToken(request, ACCOUNTS.admin);
  const headers = { access_token: admin };
  const stamp = Date.now() % 100_000;
  const plate = `UJ ${stamp} E`;
  try {
    const created = await request.post('/api/unit', {
      headers,
      data: {
        plate_number: plate,
        unit_type: unitType,
        project_id: projectId,
        tonnage: 30,
        handled_date: new Date().toISOString().slice(0, 10),
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const unitId = ((await created.json()) as { data: { id: number } }).data.id;
    for (const position of positions) {
      const tire = await request.post('/api/tire', {
        headers,
        data: {
          serial_number: `UJ${stamp}P${position}`,
          ir_brand: 'BRIDGESTONE',
          pattern: 'R150',
          size: '11.00-20',
        },
      });
      expect(tire.status(), await tire.text()).toBe(201);
      const tireId = ((await tire.json()) as { data: { id: number } }).data.id;
      const mount = await request.post(`/api/unit/${unitId}/mount`, {
        headers,
        data: { position, tire_id: tireId },
      });
      expect(mount.ok(), await mount.text()).toBe(true);
    }
    return plate;
  } finally {
    await logoutToken(request, admin);
  }
}
