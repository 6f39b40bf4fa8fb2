import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { ACCOUNTS, expect, loginAs, logoutToken, PASSWORD, test, tokenOf } from './fixtures';

// The office inbox (issue 39, item 2): a BKB sent from the field while the EDP works on another
// screen raises the bell's count without a reload; the item is in the bell's list and on
// /notifikasi, opening it goes to the BKB screen and marks it read for him only.

const shots = path.resolve(import.meta.dirname, '../../screenshots');

/** Sessions opened through the API (tire man, admin): ended after each test. */
const apiTokens: string[] = [];
let tiremanToken: string | null = null;
/** The BKB this spec sent: deleted after each test, so later specs find the BKB queue as it was. */
const sentBkb: number[] = [];
test.afterEach(async ({ request }) => {
  for (const token of apiTokens.splice(0)) await logoutToken(request, token);
  tiremanToken = null;
  if (sentBkb.length === 0) return;
  const admin = await apiLogin(request, ACCOUNTS.admin);
  for (const id of sentBkb.splice(0)) {
    const res = await request.delete(`/api/mismatch/${id}`, { headers: { access_token: admin } });
    expect(res.ok(), await res.text()).toBe(true);
  }
  await logoutToken(request, apiTokens.splice(0)[0]!);
});

async function apiLogin(request: APIRequestContext, email: string): Promise<string> {
  const res = await request.post('/api/tire-man/login', { data: { email, password: PASSWORD } });
  expect(res.status(), await res.text()).toBe(200);
  const token = (await res.json()).access_token as string;
  apiTokens.push(token);
  return token;
}

/** The tire man reports a BKB on some installed unit; the office token only finds the unit. */
async function reportBkb(
  request: APIRequestContext,
  officeToken: string,
): Promise<{ id: number; plate: string }> {
  const active = await request.get('/api/active-unit', {
    headers: { access_token: officeToken },
    params: { status: 'INSTALLED', pageSize: 20 },
  });
  expect(active.ok()).toBe(true);
  type Slot = { position: string; Unit: { id: number; plate_number: string } };
  const slot = ((await active.json()).data as Slot[])[0];
  expect(slot, 'an installed tire').toBeTruthy();
  tiremanToken ??= await apiLogin(request, ACCOUNTS.tireman);
  const res = await request.post('/api/mismatch', {
    headers: { access_token: tiremanToken },
    data: {
      unit_id: slot!.Unit.id,
      category: 'Serial tidak sesuai',
      information: 'E2E: kotak masuk',
      driver: { name: 'Driver E2E', phone: '081200000002' },
      positions: [{ position: slot!.position, found_serial: 'E2E-INBOX' }],
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const id = (await res.json()).id as number;
  sentBkb.push(id);
  return { id, plate: slot!.Unit.plate_number };
}

/** Resolves when the page's socket.io handshake is done (the server's CONNECT packet arrived). */
function socketConnected(page: Page) {
  return page
    .waitForEvent('websocket', (ws) => ws.url().includes('/socket.io/'))
    .then((ws) => ws.waitForEvent('framereceived', (f) => String(f.payload).startsWith('40')));
}

const unreadOf = async (request: APIRequestContext, token: string) => {
  const res = await request.get('/api/inbox/unread-count', { headers: { access_token: token } });
  expect(res.ok(), await res.text()).toBe(true);
  return (await res.json()).unread as number;
};

/** The BKB's own notice (top right, app/use-realtime.ts) lies over the top bar: closed first. */
async function closeNotice(page: Page) {
  const notice = page.getByRole('alert').filter({ hasText: 'BKB baru masuk' });
  await expect(notice).toBeVisible();
  await notice.getByRole('button', { name: /close|tutup/i }).click();
  await expect(notice).toBeHidden();
}

const bell = (page: Page) => page.getByRole('button', { name: /^Notifikasi/ });
const label = (n: number) => (n ? `Notifikasi, ${n} belum dibaca` : 'Notifikasi');

test.describe.configure({ timeout: 120_000 });
const SLOW = { timeout: 30_000 };

test('a BKB arriving while the EDP is on /unit raises the bell, is listed, and opening it marks it read for him only', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await loginAs(page, ACCOUNTS.edp);
  const edpToken = (await tokenOf(page))!;
  // the EDP works on another screen (the dashboard would go to /mismatch by itself)
  const connected = socketConnected(page);
  await page.goto('/unit');
  await connected;
  await expect(page.getByRole('heading', { name: 'Unit', level: 2 })).toBeVisible();
  const before = await unreadOf(request, edpToken);
  await expect(bell(page)).toHaveAccessibleName(label(before));

  const bkb = await test.step('the tire man sends a BKB: the count goes up, no reload', async () => {
    const created = await reportBkb(request, edpToken);
    await expect(bell(page)).toHaveAccessibleName(label(before + 1), SLOW);
    await expect(page).toHaveURL(/\/unit$/);
    return created;
  });
  // the BKB's own notice (top right) is closed first: it lies over the bell
  await closeNotice(page);

  await test.step("the bell's list shows it, unread; opening it goes to the BKB screen", async () => {
    await bell(page).click();
    const latest = page.getByRole('list', { name: 'Notifikasi terbaru' });
    const item = latest.getByRole('button', { name: new RegExp(`BKB baru #${bkb.id}: ${bkb.plate}`) });
    await expect(item).toBeVisible();
    await expect(item).toContainText('Belum dibaca');
    await page.screenshot({ path: path.join(shots, 'inbox-bell-1440.png') });
    await item.click();
    await expect(page).toHaveURL(/\/mismatch$/);
    await expect(bell(page)).toHaveAccessibleName(label(before), SLOW);
  });

  await test.step('/notifikasi lists it as read; the admin still has his copy unread', async () => {
    await bell(page).click();
    await page.getByRole('link', { name: 'Lihat semua notifikasi' }).click();
    await expect(page).toHaveURL(/\/notifikasi$/);
    await expect(page.getByRole('heading', { name: 'Notifikasi', level: 2 })).toBeVisible();
    const row = page.getByRole('listitem', { name: new RegExp(`BKB baru #${bkb.id}`) });
    await expect(row).toBeVisible();
    await expect(row).not.toContainText('Belum dibaca');
    await expect(row.getByRole('button', { name: 'Tandai sudah dibaca' })).toHaveCount(0);
    await page.screenshot({ path: path.join(shots, 'inbox-page-1440.png'), fullPage: true });

    const adminToken = await apiLogin(request, ACCOUNTS.admin);
    const list = await request.get('/api/inbox', {
      headers: { access_token: adminToken },
      params: { page: 1, pageSize: 10, unread: 'true' },
    });
    const titles = ((await list.json()).data as { title: string }[]).map((i) => i.title);
    expect(titles).toContain(`BKB baru #${bkb.id}: ${bkb.plate}`);
  });

  await test.step("'Tandai sudah dibaca' and 'Tandai semua sudah dibaca' on the page, at 390 px", async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    const second = await reportBkb(request, edpToken);
    await expect(bell(page)).toHaveAccessibleName(label(before + 1), SLOW);
    await closeNotice(page);
    const row = page.getByRole('listitem', { name: new RegExp(`BKB baru #${second.id}`) });
    await expect(row).toContainText('Belum dibaca', SLOW);
    await page.screenshot({ path: path.join(shots, 'inbox-page-390.png'), fullPage: true });
    await row.getByRole('button', { name: 'Tandai sudah dibaca' }).click();
    await expect(row).not.toContainText('Belum dibaca');
    await expect(bell(page)).toHaveAccessibleName(label(before));
    const third = await reportBkb(request, edpToken);
    await expect(bell(page)).toHaveAccessibleName(label(before + 1), SLOW);
    await expect(page.getByRole('listitem', { name: new RegExp(`BKB baru #${third.id}`) })).toBeVisible(SLOW);
    await closeNotice(page);
    await bell(page).click();
    const latest = page.getByRole('list', { name: 'Notifikasi terbaru' });
    await expect(latest.getByRole('button', { name: new RegExp(`BKB baru #${third.id}`) })).toBeInViewport({
      ratio: 1,
    });
    await page.waitForTimeout(400); // the opening animation
    await page.screenshot({ path: path.join(shots, 'inbox-bell-390.png') });
    await page.keyboard.press('Escape');
    await page.getByRole('main').getByRole('button', { name: 'Tandai semua sudah dibaca' }).click();
    await expect(bell(page)).toHaveAccessibleName('Notifikasi');
    expect(await unreadOf(request, edpToken)).toBe(0);
  });
});
