import path from 'node:path';
import type { Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { ACCOUNTS, expect, loginAs, test } from './fixtures';
import { apiAs, jakartaToday, submitFieldCheck } from './reports-helpers';

// Issue 22 items 4 and 5: the Region & Lokasi screen feeds Summary Pengecekan; tires import from
// an XLSX through /tire 'Import'. Screenshots go to web/e2e/.tmp (not committed).

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const shots = path.resolve(import.meta.dirname, '.tmp');
const shot = (page: Page, name: string) => page.screenshot({ path: path.join(shots, `${name}.png`) });

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };
const DESKTOP = { viewport: { width: 1440, height: 900 } };

interface SummaryRow {
  id: number;
  region: string;
  total: number;
  tire_men: number;
  manpower: number;
  expected: number;
  percentage: number | null;
  target_check: number | null;
}

async function confirmWith(page: Page, title: string, ok: string) {
  await page.getByRole('dialog', { name: title }).getByRole('button', { name: ok }).click();
}

test.describe('Region & Lokasi', () => {
  test.use(DESKTOP);

  test('create a region and a location, refuse deleting a region in use, and find it in Summary Pengecekan with its Target Check', async ({
    page,
    request,
  }) => {
    test.slow(); // two screens, a field check and several reloads
    const stamp = Date.now().toString(36).toUpperCase();
    const regionName = `Region E2E ${stamp}`;
    const locationName = `Pool E2E ${stamp}`;
    await loginAs(page, ACCOUNTS.edp);
    await page
      .getByRole('navigation', { name: 'Menu utama' })
      .getByRole('link', { name: 'Region & Lokasi' })
      .click();
    await expect(page).toHaveURL(/\/lokasi$/);
    await expect(page.getByRole('heading', { name: 'Region & Lokasi', level: 2 })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'region ·' })).toBeVisible();

    // a new region
    await page.getByRole('button', { name: 'Tambah Region' }).click();
    const regionForm = page.getByRole('dialog', { name: 'Tambah Region' });
    await regionForm.getByRole('button', { name: 'Simpan' }).click();
    await expect(regionForm.getByText('Nama region wajib diisi')).toBeVisible();
    await regionForm.getByLabel('Nama Region').fill(regionName);
    await regionForm.getByLabel('PIC').fill('Pak Uji');
    await regionForm.getByLabel('Tire Man (manpower)').fill('2');
    await regionForm.getByRole('button', { name: 'Simpan' }).click();
    await confirmWith(page, 'Tambah data Region ?', 'Tambah');
    await expect(page.getByText('Region berhasil Ditambahkan')).toBeVisible();
    await expect(regionForm).toBeHidden();
    const row = page.getByRole('row').filter({ hasText: regionName });
    await expect(row).toContainText('Pak Uji');
    await expect(row).toContainText('16 (standar)');

    // a location under it, from its expanded row
    await row.getByRole('cell', { name: regionName, exact: true }).click();
    await page.getByRole('button', { name: `Tambah lokasi di ${regionName}` }).click();
    const locationForm = page.getByRole('dialog', { name: 'Tambah Lokasi' });
    await expect(locationForm.getByRole('combobox', { name: 'Region' })).toBeVisible();
    await expect(locationForm).toContainText(regionName);
    await locationForm.getByLabel('Nama Lokasi').fill(locationName);
    await locationForm.getByRole('button', { name: 'Simpan' }).click();
    await confirmWith(page, 'Tambah data Lokasi ?', 'Tambah');
    await expect(page.getByText('Lokasi berhasil Ditambahkan')).toBeVisible();
    await expect(page.getByRole('list', { name: `Lokasi ${regionName}` })).toContainText(locationName);
    await expect(row).toContainText('1');
    await shot(page, 'desktop-lokasi');

    // a region that still has a location cannot go
    await row.getByRole('button', { name: `Hapus region ${regionName}` }).click();
    await confirmWith(page, 'Hapus data Region ?', 'Hapus');
    const refusal = page.getByRole('dialog').filter({ hasText: 'Oops...' });
    await expect(refusal).toContainText('Region masih memiliki 1 lokasi');
    await refusal.getByRole('button', { name: 'OK' }).click();
    await expect(row).toBeVisible();

    // Summary Pengecekan: the new region is there with 0 checks, then with one
    const today = jakartaToday();
    const [region] = (
      await apiAs<{ id: number; name: string }[]>(page, request, 'GET', '/api/region')
    ).filter((r) => r.name === regionName);
    const [location] = (
      await apiAs<{ id: number; name: string }[]>(page, request, 'GET', '/api/location')
    ).filter((l) => l.name === locationName);
    await page.goto(`/summary?start=${today}&end=${today}`);
    const card = page.getByRole('region', { name: regionName });
    // nobody has worked there yet: nothing is expected (the typed manpower 2 is for reading)
    await expect(card).toContainText('Total0');
    await expect(card).toContainText('Tire Man0');
    await expect(card).toContainText('Manpower2');
    await expect(card).toContainText('Ekspektasi0');
    await expect(card).toContainText('Presentase-');

    const units = await apiAs<{ data: { id: number }[] }>(page, request, 'GET', '/api/unit?pageSize=1');
    await submitFieldCheck(request, { unit_id: units.data[0]!.id, location_id: location!.id });
    await page.reload();
    await expect(card).toContainText('Total1');
    // one tire man worked there today: 1 of 16 x 1 tire man x 1 day = 6,25 %
    await expect(card).toContainText('Tire Man1');
    await expect(card).toContainText('Ekspektasi16');
    await expect(card.getByRole('img', { name: /^Presentase 6,25%/ })).toBeVisible();

    // Target Check 2 per tire man per day, from this month on: 1 of 2 = 50 %, at once and after a reload
    const input = card.getByRole('spinbutton', { name: 'Target Check' });
    await input.fill('2');
    await card.getByRole('button', { name: `Simpan Target Check ${regionName}` }).click();
    await expect(page.getByText('Region berhasil di update')).toBeVisible();
    await expect(card).toContainText('Ekspektasi2');
    await expect(card.getByRole('img', { name: /^Presentase 50%/ })).toBeVisible();
    await page.reload();
    await expect(card.getByRole('img', { name: /^Presentase 50%/ })).toBeVisible();
    await expect(card.getByRole('spinbutton', { name: 'Target Check' })).toHaveValue('2');
    await card.scrollIntoViewIfNeeded();
    await shot(page, 'desktop-summary-target');
    const api = await apiAs<{ data: SummaryRow[] }>(page, request, 'POST', '/api/tire-check/summary', {
      dateStart: today,
      dateEnd: today,
    });
    expect(api.data.find((r) => r.id === region!.id)).toMatchObject({
      total: 1,
      tire_men: 1,
      manpower: 2,
      target_check: 2,
      expected: 2,
      percentage: 50,
    });

    // and /lokasi shows the target
    await page.goto('/lokasi');
    await expect(page.getByRole('row').filter({ hasText: regionName })).toContainText('2 / tire man / hari');
  });
});

test.describe('Region & Lokasi on a phone', () => {
  test.use(PHONE);

  test('lists regions with their locations at 390 px', async ({ page }) => {
    await loginAs(page, ACCOUNTS.edp);
    await page.goto('/lokasi');
    await expect(page.getByRole('heading', { name: 'Region & Lokasi', level: 2 })).toBeVisible();
    const first = page.getByRole('table', { name: 'Daftar region' }).getByRole('row').nth(1);
    await first.getByRole('cell').nth(1).click();
    await expect(page.getByRole('list', { name: /^Lokasi / }).first()).toBeVisible();
    // nothing wider than the phone
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await shot(page, 'phone-lokasi');
    await page.getByRole('button', { name: 'Tambah Region' }).click();
    await expect(page.getByRole('dialog', { name: 'Tambah Region' })).toBeVisible();
    await shot(page, 'phone-lokasi-form');
  });
});

// ---------- tire import ----------

const TIRE_HEADER = [
  'serial_number',
  'ir_brand',
  'ori_brand',
  'pattern',
  'size',
  'is_original',
  'groove_1',
  'groove_2',
  'groove_3',
  'groove_4',
  'pressure',
  'status',
];

async function tireXlsx(rows: (string | number)[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Ban');
  ws.addRow(TIRE_HEADER);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

const tireRows = (stamp: string, n: number) =>
  Array.from({ length: n }, (_, i) => [
    `IMP-${stamp}-${String(i + 1).padStart(3, '0')}`,
    'BRIDGESTONE',
    'BRIDGESTONE',
    'R150',
    '11.00-20',
    i % 5 === 0 ? 'RET' : 'ORI',
    16,
    15.5,
    16,
    16,
    110,
    'UNINSTALLED',
  ]);

async function openImport(page: Page) {
  await page.goto('/tire');
  await page.getByRole('button', { name: /Import$/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Import Ban' });
  await expect(dialog.getByRole('button', { name: 'Unduh template' })).toBeVisible();
  return dialog;
}

async function badPreview(page: Page, stamp: string) {
  const dialog = await openImport(page);
  const rows = tireRows(stamp, 4);
  rows[1] = [...rows[1]!.slice(0, 6), 30, 8, 8, 8, 'keras', 'INSTALLED'];
  rows[3]![0] = rows[0]![0]!;
  await dialog
    .locator('input[type=file]')
    .setInputFiles({ name: 'ban-salah.xlsx', mimeType: XLSX, buffer: await tireXlsx(rows) });
  await expect(dialog.getByText('2 dari 4 baris bermasalah')).toBeVisible();
  await expect(dialog.getByRole('list', { name: 'Masalah baris 3' })).toContainText(
    'RTD 1 30 di luar batas (0 sampai 24)',
  );
  await expect(dialog.getByRole('list', { name: 'Masalah baris 3' })).toContainText(
    'PSI "keras" bukan angka',
  );
  await expect(dialog.getByRole('list', { name: 'Masalah baris 5' })).toContainText('ganda di file');
  await expect(dialog.getByRole('button', { name: /^Impor/ })).toBeDisabled();
  return dialog;
}

test.describe('tire import', () => {
  test.use(DESKTOP);

  test('the template downloads, the preview shows per-row problems, and 50 tires import into the list', async ({
    page,
  }) => {
    test.slow(); // template, a bad file, then 50 tires in one transaction
    const stamp = Date.now().toString(36).toUpperCase();
    await loginAs(page, ACCOUNTS.edp);
    const dialog = await openImport(page);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: 'Unduh template' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('template-import-ban.xlsx');
    const template = new ExcelJS.Workbook();
    await template.xlsx.readFile(await download.path());
    expect((template.worksheets[0]!.getRow(1).values as unknown[]).slice(1, 3)).toEqual([
      'serial_number',
      'ir_brand',
    ]);
    await dialog.getByRole('button', { name: 'Keluar' }).click();

    await badPreview(page, `${stamp}X`);
    await shot(page, 'desktop-import-ban-preview');

    // a clean file of 50 tires replaces it and goes in at once
    const d = page.getByRole('dialog', { name: 'Import Ban' });
    await d
      .locator('input[type=file]')
      .setInputFiles({ name: 'ban.xlsx', mimeType: XLSX, buffer: await tireXlsx(tireRows(stamp, 50)) });
    await expect(d.getByText('Semua 50 baris siap diimpor')).toBeVisible();
    await d.getByRole('button', { name: 'Impor 50 ban' }).click();
    await confirmWith(page, 'Impor 50 ban ?', 'Impor');
    await expect(page.getByText('Import berhasil: 50 ban ditambahkan').first()).toBeVisible();
    await expect(d).toBeHidden();

    const serial = `IMP-${stamp}-037`;
    await page.getByRole('button', { name: /Pencarian Detail/ }).click();
    await page.getByLabel('Kata pencarian').fill(serial);
    await page.getByRole('button', { name: /Cari$/ }).click();
    await expect(page.getByRole('status').filter({ hasText: ' ban' })).toContainText('1 ban');
    const row = page
      .getByRole('table', { name: 'List Data Ban' })
      .getByRole('row')
      .filter({ hasText: serial });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('BRIDGESTONE');
    await expect(row).toContainText('11.00-20');
  });
});

test.describe('tire import on a phone', () => {
  test.use(PHONE);

  test('the preview with its problems fits a phone', async ({ page }) => {
    await loginAs(page, ACCOUNTS.edp);
    const dialog = await badPreview(page, `${Date.now().toString(36).toUpperCase()}P`);
    await expect(dialog.getByRole('button', { name: 'Keluar' })).toBeVisible();
    await shot(page, 'phone-import-ban-preview');
  });
});
