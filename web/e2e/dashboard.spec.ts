import type { TDashboardCounters } from '@itms/contracts/reports';
import { ACCOUNTS, expect, loginAs, test } from './fixtures';
import {
  apiAs,
  jakartaToday,
  screenReady,
  socketConnected,
  someUnitAndLocation,
  submitFieldCheck,
} from './reports-helpers';

const CARDS: [string, keyof TDashboardCounters][] = [
  ['Hari ini', 'today'],
  ['Pending', 'pending'],
  ['BKB', 'bkb'],
  ['Dikembalikan', 'returned'],
  ['Pergantian', 'pergantian'],
  ['Tire Man', 'tireMen'],
];

test.describe('dashboard', () => {
  test.describe.configure({ timeout: 120_000 });

  test('greets by the hour in Asia/Jakarta: Selamat Pagi at 10:00, Selamat Malam at 21:00', async ({
    page,
  }) => {
    const today = jakartaToday();
    await page.clock.setFixedTime(new Date(`${today}T10:00:00+07:00`));
    await loginAs(page, ACCOUNTS.edp);
    await screenReady(page, 'Dashboard');
    await expect(page.getByText('Selamat Pagi,')).toBeVisible();
    await expect(page.getByRole('timer', { name: 'Jam' })).toContainText('10:00:00');

    // the clock keeps ticking on its own: the greeting follows the hour without a reload
    await page.clock.setFixedTime(new Date(`${today}T21:00:00+07:00`));
    await expect(page.getByText('Selamat Malam,')).toBeVisible();
    await expect(page.getByRole('timer', { name: 'Jam' })).toContainText('21:00:00');
    await page.reload();
    await screenReady(page, 'Dashboard');
    await expect(page.getByText('Selamat Malam,')).toBeVisible();
  });

  test('the cards show the counts of /api/dashboard/counters and link to their lists', async ({
    page,
    request,
  }) => {
    await loginAs(page, ACCOUNTS.admin);
    await screenReady(page, 'Dashboard');
    await expect(page.getByText('Admin ITMS', { exact: true }).first()).toBeVisible();
    const counters = await apiAs<TDashboardCounters>(page, request, 'GET', '/api/dashboard/counters');
    for (const [label, key] of CARDS) {
      await expect(
        page
          .getByRole('group', { name: label })
          .getByText(counters[key].toLocaleString('id-ID'), { exact: true }),
      ).toBeVisible();
    }
    await expect(page.getByText(`Pengecekan hari ini: ${counters.today}`)).toBeVisible();

    await page.getByRole('main').getByRole('link', { name: /^BKB/ }).click();
    await expect(page).toHaveURL(/\/mismatch$/);
    await page.goBack();
    await page
      .getByRole('main')
      .getByRole('link', { name: /^Pergantian/ })
      .click();
    await expect(page).toHaveURL(/\/validasi-pergantian$/);
    await page.goBack();
    // 'Dikembalikan' (was Storing) opens the returned checks of Validasi Pengecekan
    await page
      .getByRole('main')
      .getByRole('link', { name: /^Dikembalikan/ })
      .click();
    await expect(page).toHaveURL(/\/validasi\?view=dikembalikan$/);
    await expect(page.getByRole('radio', { name: 'Dikembalikan' })).toBeChecked();
  });

  test('a check submitted in the field raises Hari ini and Pending on the open dashboard by itself', async ({
    page,
    request,
  }) => {
    const connected = socketConnected(page);
    await loginAs(page, ACCOUNTS.admin);
    await screenReady(page, 'Dashboard');
    await connected;
    const before = await apiAs<TDashboardCounters>(page, request, 'GET', '/api/dashboard/counters');
    const today = page.getByRole('group', { name: 'Hari ini' });
    await expect(today.getByText(String(before.today), { exact: true })).toBeVisible();

    const where = await someUnitAndLocation(page, request);
    let requests = 0;
    page.on('request', (r) => {
      if (r.url().includes('/api/dashboard/counters')) requests++;
    });
    await submitFieldCheck(request, where);

    // no reload, no click: the 'new-notification' socket event refreshes the counters
    await expect(today.getByText(String(before.today + 1), { exact: true })).toBeVisible();
    await expect(
      page.getByRole('group', { name: 'Pending' }).getByText(String(before.pending + 1), { exact: true }),
    ).toBeVisible();
    expect(requests).toBeGreaterThan(0);
  });

  test('on a phone the panels below the fold render and fetch only as the user scrolls to them', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const fetched: string[] = [];
    page.on('request', (r) => fetched.push(new URL(r.url()).pathname));
    await loginAs(page, ACCOUNTS.edp);
    await screenReady(page, 'Dashboard');
    await expect(page.getByRole('group', { name: 'Hari ini' })).toBeVisible();
    const regions = page.getByText('Summary Pengecekan per Region');
    await page.waitForTimeout(500);
    await expect(regions).toHaveCount(0);
    expect(fetched.some((p) => p === '/api/tire-check/summary')).toBe(false);

    // scrolled down step by step, as a thumb does, to the bottom
    for (let i = 0; i < 12; i++) await page.mouse.wheel(0, 600);
    await expect(regions).toBeVisible();
    await expect(page.getByRole('cell', { name: 'Jawa Barat', exact: true })).toBeVisible();
    expect(fetched.some((p) => p === '/api/tire-check/summary')).toBe(true);
  });

  test('Produktifitas searches a range and its totals match the API; the Excel file downloads', async ({
    page,
    request,
  }) => {
    await loginAs(page, ACCOUNTS.admin);
    await screenReady(page, 'Dashboard');
    const start = page.getByLabel('Tanggal Awal');
    await expect(start).toHaveValue('01 Jan 2020');
    const reply = await apiAs<{ total: number; approved: number }>(
      page,
      request,
      'POST',
      '/api/tire-check/querry/search',
      { firstDate: '2020-01-01', lastDate: jakartaToday() },
    );
    await expect(page.getByText(reply.total.toLocaleString('id-ID'), { exact: true }).first()).toBeVisible();

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download Excel' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^produktifitas_2020-01-01_\d{4}-\d{2}-\d{2}\.xlsx$/);
  });
});
