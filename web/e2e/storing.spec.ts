import path from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import { ACCOUNTS, expect, loginAs, logoutToken, PASSWORD, test, tokenOf } from './fixtures';
import { ownTireMan } from './lapangan/field-helpers';
import { readWorkbook } from './reports-helpers';
import { assignCall, logCall, newestCallId } from './storing-helpers';

// Issue 38 (office slice): the EDP logs a breakdown call in the Storing screen, assigns it to a
// tire man, and follows it live while the tire man's steps arrive (here through the field API, as
// his phone sends them): each step at the time he tapped, the roll time, then the closed call.

const shots = path.resolve(import.meta.dirname, '../../screenshots');

async function signIn(request: APIRequestContext, email: string, password: string): Promise<string> {
  const res = await request.post('/api/tire-man/login', { data: { email, password } });
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as { access_token: string }).access_token;
}

test('Storing: a call logged and assigned by the EDP, stepped through by its tire man, followed live with its roll time', async ({
  page,
  request,
}) => {
  test.slow();
  const me = await ownTireMan(request, 'engkel');
  await page.setViewportSize({ width: 1440, height: 900 });
  await loginAs(page, ACCOUNTS.edp);
  await page.getByRole('menuitem', { name: 'Storing' }).click();
  await expect(page.getByRole('heading', { name: 'Storing', level: 2 })).toBeVisible();

  // the form refuses what the caller did not say
  await page.getByRole('button', { name: 'Catat panggilan' }).click();
  const form = page.getByRole('dialog', { name: 'Catat panggilan storing' });
  await form.getByRole('button', { name: 'Simpan' }).click();
  await expect(form.getByText('Unit wajib dipilih')).toBeVisible();
  await expect(form.getByText('Kejadian wajib dipilih')).toBeVisible();

  await page.keyboard.press('Escape');
  const drawer = await logCall(page, { plate: me.plate, position: '3' });
  await assignCall(page, drawer, `Petugas Uji ${/\d+/.exec(me.email)![0]}`);
  const id = await newestCallId(page);

  // his phone's taps, each with its own time
  const token = await signIn(request, me.email, me.password);
  try {
    const start = Date.now();
    const at = (minutes: number) => new Date(start + minutes * 60_000).toISOString();
    for (const [action, minutes] of [
      ['accept', 0.5],
      ['depart', 1],
      ['arrive', 4],
    ] as const) {
      const res = await request.post(`/api/storing/${id}/step`, {
        headers: { access_token: token },
        data: { action, performed_at: at(minutes) },
      });
      expect(res.ok(), await res.text()).toBe(true);
    }
    // live: the drawer follows without a reload
    await expect(drawer).toContainText('Tiba');
    await expect(drawer.getByText(/Respon: \d+ m/)).toBeVisible();
    await page.screenshot({ path: `${shots}/storing-drawer-1440.png` });
    const done = await request.post(`/api/storing/${id}/step`, {
      headers: { access_token: token },
      data: { action: 'finish', performed_at: at(7) },
    });
    expect(done.ok(), await done.text()).toBe(true);
    const call = ((await done.json()) as { data: { roll_minutes: number } }).data;
    await expect(drawer.getByLabel('Roll time')).toHaveText(`Roll time: ${call.roll_minutes} m`);
    const timeline = drawer.locator('.ant-timeline');
    for (const step of ['Dipanggil', 'Ditugaskan', 'Diterima', 'Menuju lokasi', 'Tiba', 'Selesai']) {
      await expect(timeline).toContainText(step);
    }
  } finally {
    await logoutToken(request, token);
  }
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();

  // closed: gone from the open list, listed under Selesai
  await expect(page.getByRole('row', { name: new RegExp(me.plate) })).toHaveCount(0);
  await page
    .getByRole('radiogroup', { name: 'Status panggilan' })
    .getByText('Selesai', { exact: true })
    .click();
  const row = page.getByRole('row', { name: new RegExp(me.plate) });
  await expect(row).toContainText('Selesai');
  await page.screenshot({ path: `${shots}/storing-list-1440.png` });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${shots}/storing-list-390.png`, fullPage: true });

  // the unit's page lists its calls
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`/unit/${me.unitId}`);
  await page.getByRole('tab', { name: 'Storing' }).click();
  const calls = page.getByRole('table', { name: `Storing ${me.plate}` });
  const mine = calls.getByRole('row').filter({ hasText: 'Ban pecah' }).first();
  await expect(mine).toContainText('Selesai');
  await expect(mine).toContainText(`Petugas Uji ${/\d+/.exec(me.email)![0]}`);
  await page.screenshot({ path: `${shots}/unit-page-storing-1440.png` });
});

test('Storing targets: the admin sets the default response and roll-time targets, a call shows them, the EDP only reads them', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await loginAs(page, ACCOUNTS.admin);
  await page.goto('/storing?status=all');
  await expect(page.getByRole('heading', { name: 'Storing', level: 2 })).toBeVisible();
  await page.getByRole('button', { name: 'Target waktu' }).click();
  const modal = page.getByRole('dialog', { name: 'Target waktu storing' });

  // bad input in Indonesian, then the default target
  await modal.getByLabel('Target respons (menit)').fill('60');
  await modal.getByLabel('Target roll time (menit)').fill('30');
  await modal.getByRole('button', { name: 'Simpan target' }).click();
  await expect(
    modal.getByText('Target roll time tidak boleh lebih singkat dari target respons'),
  ).toBeVisible();
  await modal.getByLabel('Target respons (menit)').fill('45');
  await modal.getByLabel('Target roll time (menit)').fill('120');
  await modal.getByRole('button', { name: 'Simpan target' }).click();
  await expect(page.getByText('Target storing disimpan')).toBeVisible();
  const row = modal.getByRole('row').filter({ hasText: 'Semua (bawaan)' });
  await expect(row).toContainText('45 menit');
  await expect(row).toContainText('2 jam');
  await page.screenshot({ path: path.join(shots, 'storing-targets-desktop.png') });
  await page.keyboard.press('Escape');

  // a call is measured by it
  const first = page.getByRole('table', { name: 'Panggilan storing' }).getByRole('row').nth(1);
  await expect(first).toBeVisible();
  await first.click();
  const drawer = page.getByRole('dialog', { name: /^Storing / });
  await expect(drawer).toContainText('Respons 45 menit · roll time 2 jam (bawaan)');
  await page.keyboard.press('Escape');

  // the EDP cannot change them
  const edp = await signIn(request, ACCOUNTS.edp, PASSWORD);
  const put = await request.put('/api/storing-targets', {
    headers: { access_token: edp },
    data: { scope: 'default', response_minutes: 10, roll_minutes: 20 },
  });
  expect(put.status()).toBe(403);
  const read = await request.get('/api/storing-targets', { headers: { access_token: edp } });
  expect(((await read.json()) as { data: unknown[] }).data).toHaveLength(1);
  await logoutToken(request, edp);

  // removed again, so the other specs' calls are not measured
  await page.getByRole('button', { name: 'Target waktu' }).click();
  await modal.getByRole('button', { name: 'Hapus target Semua (bawaan)' }).click();
  await page
    .getByRole('dialog', { name: 'Hapus target Semua (bawaan) ?' })
    .getByRole('button', { name: 'Hapus' })
    .click();
  await expect(page.getByText('Target storing dihapus')).toBeVisible();
  await expect(modal.getByText('Belum ada target: panggilan belum diukur')).toBeVisible();
});

test("Storing report: this month's calls by cause with response and roll time, equal to the API, and as Excel", async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await loginAs(page, ACCOUNTS.edp);
  const token = await tokenOf(page);
  const headers = { access_token: token ?? '' };
  // a call of its own, so the month has one whatever ran before
  const units = (await (await request.get('/api/unit?sort=id&pageSize=1', { headers })).json()) as {
    data: { id: number }[];
  };
  const logged = await request.post('/api/storing', {
    headers,
    data: {
      unit_id: units.data[0]!.id,
      cause: 'ban-pecah',
      location_text: 'Pool Cakung',
      caller_name: 'Pak Darto',
      caller_phone: '081234567890',
    },
  });
  expect(logged.status(), await logged.text()).toBe(201);
  await page.goto('/storing');
  await page.getByRole('button', { name: 'Laporan' }).click();
  const drawer = page.getByRole('dialog', { name: 'Laporan Storing' });
  await drawer.getByText('Kejadian', { exact: true }).click();
  const table = drawer.getByRole('table', { name: 'Laporan storing' });
  const pecah = table.getByRole('row').filter({ hasText: 'Ban pecah' });
  await expect(pecah).toBeVisible();

  const month = await page.evaluate(() => {
    const d = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Jakarta' }).format(new Date());
    const [y, m] = d.split('-').map(Number) as [number, number];
    const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
    return {
      start: `${y}-${String(m).padStart(2, '0')}-01`,
      end: `${y}-${String(m).padStart(2, '0')}-${last}`,
    };
  });
  const api = (await (
    await request.get(`/api/storing-report?dateStart=${month.start}&dateEnd=${month.end}&groupBy=cause`, {
      headers,
    })
  ).json()) as { rows: { label: string; calls: number; done: number }[]; total: { calls: number } };
  const row = api.rows.find((r) => r.label === 'Ban pecah')!;
  await expect(pecah.getByRole('cell').nth(1)).toHaveText(String(row.calls));
  await expect(pecah.getByRole('cell').nth(2)).toHaveText(String(row.done));
  await expect(drawer.getByText('Total', { exact: true })).toBeVisible();
  await page.screenshot({ path: path.join(shots, 'storing-report-desktop.png') });

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    drawer.getByRole('button', { name: 'Download Excel' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`storing_${month.start}_${month.end}.xlsx`);
  const book = await readWorkbook(download);
  // the title, the header, one row per cause, the total
  expect(book.rows[1]?.slice(0, 3)).toEqual(['Kejadian', 'Panggilan', 'Selesai']);
  expect(book.rows.find((r) => r[0] === 'Ban pecah')?.slice(1, 3)).toEqual([row.calls, row.done]);
  expect(book.rows.at(-1)?.slice(0, 2)).toEqual(['Total', api.total.calls]);

  // its call is cancelled again: no open call is left for the other specs
  const id = ((await logged.json()) as { data: { id: number } }).data.id;
  const cancelled = await request.post(`/api/storing/${id}/cancel`, {
    headers,
    data: { reason: 'Uji laporan' },
  });
  expect(cancelled.ok()).toBe(true);
});
