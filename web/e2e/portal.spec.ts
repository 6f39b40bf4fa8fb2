import fs from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { expect, loginAs, PASSWORD, test, tokenOf } from './fixtures';
import { apiAs, shortcutRange } from './reports-helpers';

// Issue 40: a fleet owner's account. The demo customer signs in, lands on its fleet, sees only its
// own units (as many as the office counts in its projects), opens one, and downloads the month's
// service report, whose checks equal the office's recount in Rekam Pengecekan.

const CUSTOMER = 'PT Sinar Logistik Nusantara';
const SHOTS = path.join(import.meta.dirname, '.tmp', 'screenshots');

type Project = { id: number; unitCount: number; Customer: { name: string } };
type Page<T> = { data: T[]; total: number };

test('a customer signs in, sees only its fleet, opens a unit and downloads its monthly report equal to a recount', async ({
  page,
  browser,
  request,
}) => {
  test.slow();
  // the office's recount first (one session per account: the admin's page signs out at the end)
  const office = await browser.newPage();
  await loginAs(office, 'admin@itms.local');
  const projects = await apiAs<Page<Project>>(office, request, 'GET', '/api/project?pageSize=100');
  const own = projects.data.filter((p) => p.Customer.name === CUSTOMER);
  expect(own.length).toBeGreaterThan(0);
  const unitCount = own.reduce((n, p) => n + p.unitCount, 0);
  const units: { id: number; plate_number: string }[] = [];
  for (const p of own) {
    units.push(
      ...(
        await apiAs<Page<{ id: number; plate_number: string }>>(
          office,
          request,
          'GET',
          `/api/unit?project_id=${p.id}&pageSize=100`,
        )
      ).data,
    );
  }
  expect(units).toHaveLength(unitCount);
  const month = shortcutRange('Bulan ini');
  let validatedChecks = 0;
  for (const u of units) {
    const found = await apiAs<{ total: number }>(
      office,
      request,
      'POST',
      '/api/tire-check/querry/record/search',
      {
        dateStart: month.start,
        dateEnd: month.end,
        unit_id: u.id,
        status: 'approved',
        pageSize: 1,
      },
    );
    validatedChecks += found.total;
  }
  await request.post('/api/tire-man-logout', { headers: { access_token: (await tokenOf(office)) ?? '' } });
  await office.close();

  await page.goto('/login');
  await page.getByLabel('Email').fill('pelanggan@itms.local');
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/portal$/);
  await expect(page.getByRole('heading', { name: `Armada ${CUSTOMER}` })).toBeVisible({ timeout: 30_000 });
  // its menu holds its fleet and nothing of the office
  const menu = page.getByRole('navigation', { name: 'Menu utama' });
  await expect(menu.getByRole('menuitem')).toHaveText(['Armada']);

  // only its own units, as many as the office counts in its projects
  const table = page.getByRole('table', { name: 'Daftar unit' });
  await expect(table.getByRole('row').nth(1)).toBeVisible({ timeout: 30_000 });
  const listed = await apiAs<Page<{ plate_number: string }>>(
    page,
    request,
    'GET',
    '/api/portal/units?pageSize=100',
  );
  expect(listed.total).toBe(unitCount);
  expect(listed.data.map((u) => u.plate_number).sort()).toEqual(units.map((u) => u.plate_number).sort());
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, 'portal-fleet-1440.png'), fullPage: true });

  // the office's screens are closed to it
  await page.goto('/tirecheck-record');
  await expect(page.getByText('Anda tidak memiliki akses')).toBeVisible();
  await page.goto('/portal');

  // one of its units, read-only
  const first = table.getByRole('link').first();
  const plate = (await first.textContent())!.trim();
  await first.click();
  await expect(page.getByRole('heading', { name: `Unit ${plate}` })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('tab', { name: 'Pengecekan' })).toBeVisible();
  await expect(page.getByRole('button', { name: /Validasi|Hapus|Edit/ })).toHaveCount(0);
  await page.screenshot({ path: path.join(SHOTS, 'portal-unit-1440.png'), fullPage: true });
  // a validated check's photos, signed for the customer (each one loads)
  await page.getByRole('button', { name: 'Foto' }).first().click();
  const photos = page.getByRole('dialog', { name: 'Foto' });
  await expect(
    photos.getByRole('img').first().or(photos.getByText('Tidak ada foto untuk data ini')),
  ).toBeVisible({
    timeout: 30_000,
  });
  // (antd's icons are role img too: the photos are the <img> elements)
  for (const img of await photos.locator('img').all()) {
    await expect
      .poll(() => img.evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth > 0))
      .toBe(true);
  }
  await page.screenshot({ path: path.join(SHOTS, 'portal-photos-1440.png') });
  const [recordPdf] = await Promise.all([
    page.waitForEvent('download'),
    photos.getByRole('button', { name: 'Unduh PDF' }).click(),
  ]);
  expect(
    fs
      .readFileSync(await recordPdf.path())
      .subarray(0, 5)
      .toString(),
  ).toBe('%PDF-');
  await photos.getByRole('button', { name: 'Tutup' }).last().click();
  await expect(photos).toBeHidden();
  await page.getByRole('link', { name: 'Kembali ke Armada' }).click();

  // the month's report: its checks equal the office's recount of validated checks
  const report = page.getByRole('table', { name: 'Laporan bulanan' });
  await expect(report.getByRole('row').nth(1)).toBeVisible({ timeout: 30_000 });
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Unduh Excel' }).click(),
  ]);
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(await download.path());
  const rows = (book.worksheets[0]!.getSheetValues().filter(Boolean) as unknown[][]).map((r) => r.slice(1));
  expect(String(rows[0]![0])).toContain(CUSTOMER);
  const header = rows[1] as string[];
  const total = rows[rows.length - 1]!;
  expect(total[0]).toBe('Total');
  expect(total[header.indexOf('Pengecekan')]).toBe(validatedChecks);
  // one row per unit between the header and the total
  expect(rows.length - 3).toBe(unitCount);
  // tire life and cost: the demo's priced tires, by brand
  const cost = page.getByRole('table', { name: 'Umur & biaya ban' });
  await expect(cost.getByRole('row').nth(1)).toBeVisible({ timeout: 30_000 });
  await page.getByLabel('Kelompokkan').click();
  await page.getByTitle('Brand', { exact: true }).click();
  await expect(cost.getByRole('columnheader').first()).toHaveText('Brand');
  await cost.scrollIntoViewIfNeeded();
  await page.screenshot({ path: path.join(SHOTS, 'portal-tire-cost-1440.png'), fullPage: true });
  const [pdf] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Unduh PDF' }).click(),
  ]);
  expect(
    fs
      .readFileSync(await pdf.path())
      .subarray(0, 5)
      .toString(),
  ).toBe('%PDF-');
});

test('the portal on a phone: counters and units as cards', async ({ browser }) => {
  const context = await browser.newContext({
    viewport: { width: 412, height: 915 },
    isMobile: true,
    hasTouch: true,
  });
  const page = await context.newPage();
  try {
    await page.goto('/login');
    await page.getByLabel('Email').fill('pelanggan@itms.local');
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page).toHaveURL(/\/portal$/);
    const cards = page.getByRole('list', { name: 'Daftar unit' });
    await expect(cards.getByRole('listitem').first()).toBeVisible({ timeout: 30_000 });
    // nothing wider than the screen
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.screenshot({ path: path.join(SHOTS, 'portal-fleet-412.png'), fullPage: true });
  } finally {
    const token = await tokenOf(page);
    if (token) await page.request.post('/api/tire-man-logout', { headers: { access_token: token } });
    await context.close();
  }
});
