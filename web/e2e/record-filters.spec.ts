// The record screens' filters (Plat nomor, Tire man, Lokasi, Status) and their XLSX export of
// what is filtered, read back with exceljs (issue 25).
import type { TCheckRecordPage } from '@itms/contracts/reports';
import { ACCOUNTS, expect, loginAs, test } from './fixtures';
import {
  apiAs,
  periodTitle,
  readWorkbook,
  screenReady,
  shortcutRange,
  submitFieldCheck,
} from './reports-helpers';

const SHOTS = 'test-results/record-filters';

test.describe('record filters and export', () => {
  test('Rekam Pengecekan filtered by plate: the list and the XLSX hold only that plate, with real dates and the period', async ({
    page,
    request,
  }) => {
    test.slow(); // two field checks, an export and a reload
    await page.setViewportSize({ width: 1440, height: 900 });
    await loginAs(page, ACCOUNTS.edp);
    const units = await apiAs<{ data: { id: number; plate_number: string }[] }>(
      page,
      request,
      'GET',
      '/api/unit?pageSize=2&sort=plate_number',
    );
    const [a, b] = units.data;
    const locations = await apiAs<{ id: number }[]>(page, request, 'GET', '/api/location');
    // this month has checks of both units: the filter has something to leave out
    await submitFieldCheck(request, { unit_id: a!.id, location_id: locations[0]!.id });
    await submitFieldCheck(request, { unit_id: b!.id, location_id: locations[0]!.id });
    const month = shortcutRange('Bulan ini');
    const all = await apiAs<TCheckRecordPage>(page, request, 'POST', '/api/tire-check/querry/record/search', {
      dateStart: month.start,
      dateEnd: month.end,
      pageSize: 100,
    });
    expect(all.data.some((r) => r.unit_id !== a!.id)).toBe(true);
    const onlyA = await apiAs<TCheckRecordPage>(
      page,
      request,
      'POST',
      '/api/tire-check/querry/record/search',
      {
        dateStart: month.start,
        dateEnd: month.end,
        unit_id: a!.id,
        pageSize: 100,
      },
    );
    expect(onlyA.total).toBeGreaterThan(0);

    await page.goto('/tirecheck-record');
    await screenReady(page, 'Rekam Pengecekan');
    const filters = page.getByRole('search', { name: 'Filter' });
    await filters.getByRole('combobox', { name: 'Plat nomor' }).fill(a!.plate_number);
    const searched = page.waitForResponse(
      (r) =>
        r.url().includes('/api/tire-check/querry/record/search') &&
        r.request().postDataJSON()?.unit_id === a!.id,
    );
    await page.getByTitle(a!.plate_number, { exact: true }).click();
    expect((await searched).ok()).toBe(true);
    await expect(page).toHaveURL(new RegExp(`unit_id=${a!.id}`));
    const rows = page.getByRole('row', { name: /^Pengecekan \d+ / });
    await expect(rows.first()).toBeVisible();
    const labels = await rows.evaluateAll((els) => els.map((e) => e.getAttribute('aria-label') ?? ''));
    expect(labels.length).toBe(Math.min(onlyA.total, 15));
    for (const l of labels) expect(l).toContain(` ${onlyA.data[0]!.plate_number} `);

    await page.screenshot({ path: `${SHOTS}/tirecheck-record-filtered-1440.png`, fullPage: true });

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      filters.getByRole('button', { name: 'Export' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`rekam-pengecekan_${month.start}_${month.end}.xlsx`);
    const book = await readWorkbook(download);
    expect(book.names).toEqual(['Rekam Pengecekan']);
    expect(book.rows[0]?.[0]).toBe(
      `Rekam Pengecekan · ${periodTitle(month.start, month.end)} · Plat nomor: ${a!.plate_number}`,
    );
    expect(book.rows[1]).toEqual([
      'Id',
      'Tire Man',
      'No. Body',
      'Lokasi',
      'Tanggal',
      'Status',
      'Diterima Server',
      'Kerusakan Tapak',
      'Kerusakan Bahu',
      'Kerusakan Dinding',
      'Kerusakan Bead',
      'Kerusakan Dalam',
      'Foto Ban',
    ]);
    const data = book.rows.slice(2);
    // every page of the filter, not the screen's 15
    expect(data.map((r) => r[0])).toEqual(onlyA.data.map((r) => r.id));
    for (const [i, r] of data.entries()) {
      const api = onlyA.data[i]!;
      expect(r[2]).toBe(api.plate_number);
      // a real date cell showing Jakarta's day and time
      expect(r[4]).toBeInstanceOf(Date);
      expect((r[4] as Date).toISOString().slice(0, 16)).toBe(`${api.date}T${api.time}`);
      expect(r[5]).toBe(api.status);
    }

    // the other filters go to the URL and the request too
    await filters.getByRole('combobox', { name: 'Status' }).click();
    await page.getByTitle('Approved', { exact: true }).click();
    await expect(page).toHaveURL(/status=approved/);
    await page.reload();
    await screenReady(page, 'Rekam Pengecekan');
    await expect(filters.getByTitle(a!.plate_number, { exact: true })).toBeVisible();
    await expect(filters.getByTitle('Approved', { exact: true })).toBeVisible();
  });

  test('screens at desktop and phone size', async ({ page }) => {
    test.slow(); // three screens at two sizes
    await loginAs(page, ACCOUNTS.edp);
    for (const [path, title, name] of [
      ['/tirecheck-record', 'Rekam Pengecekan', 'tirecheck-record'],
      ['/replacement-record', 'Riwayat Pergantian', 'replacement-record'],
      ['/mismatch-record', 'Rekam BKB', 'mismatch-record'],
    ] as const) {
      for (const [w, h] of [
        [1440, 900],
        [390, 844],
      ] as const) {
        await page.setViewportSize({ width: w, height: h });
        await page.goto(path);
        await screenReady(page, title);
        const filters = page.getByRole('search', { name: 'Filter' });
        for (const label of ['Plat nomor', 'Tire man', 'Lokasi', 'Status']) {
          await expect(filters.getByRole('combobox', { name: label })).toBeVisible();
        }
        await expect(filters.getByRole('button', { name: 'Export' })).toBeVisible();
        await page.screenshot({ path: `${SHOTS}/${name}-${w}.png`, fullPage: true });
      }
    }
  });
});
