import path from 'node:path';
import type { Page } from '@playwright/test';
import { ACCOUNTS, expect, loginAs, test, tokenOf } from './fixtures';

// The unit page (issue 25 item 3): from the Unit list to one unit's tire map, its trends, a tire's
// stock card, and 'Ubah'.

test.describe.configure({ timeout: 240_000 });

const shots = path.join(import.meta.dirname, '.tmp', 'shots');

async function api<T>(page: Page, url: string, body?: unknown, method: 'POST' | 'PUT' = 'POST'): Promise<T> {
  const headers = { access_token: (await tokenOf(page))! };
  const res = body
    ? await page.request.fetch(url, { method, headers, data: body })
    : await page.request.get(url, { headers });
  expect(res.ok(), `${url} -> ${res.status()}`).toBe(true);
  return (await res.json()) as T;
}

interface Overview {
  unit: { plate_number: string; tonnage: number };
  tires: { serial_number: string; tire_id: number; size: string; reference_psi: number | null }[];
  trends: { position: string }[];
}

/** A demo unit with validated checks (so its tires are measured and it has trends). */
async function checkedUnit(page: Page): Promise<{ id: number; overview: Overview }> {
  const today = new Date().toISOString().slice(0, 10);
  const records = await api<{ data: { unit_id: number }[] }>(page, '/api/tire-check/querry/record/search', {
    dateStart: '2000-01-01',
    dateEnd: today,
    status: 'approved',
    pageSize: 50,
  });
  for (const id of new Set(records.data.map((r) => r.unit_id))) {
    const overview = await api<Overview>(page, `/api/unit/${id}/overview`);
    if (overview.trends.length > 0 && overview.tires.length > 0) return { id, overview };
  }
  throw new Error('the demo has no unit with validated checks and mounted tires');
}

test('EDP opens a unit from the list: tire map, trends, a stock card, and Ubah', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await loginAs(page, ACCOUNTS.edp);
  const { id, overview } = await checkedUnit(page);
  const plate = overview.unit.plate_number;
  // a reference pressure far above what the first tire's size holds: its tires show the mark
  const first = overview.tires[0]!;
  const setReference = (reference_psi: number | null) =>
    api(page, '/api/tire-intelligence/size-pressures', { size: first.size, reference_psi }, 'PUT');
  await setReference(190);

  await page.goto('/unit');
  const search = page.getByRole('searchbox', { name: 'Cari' });
  await search.fill(plate);
  await search.press('Enter');
  // the searched page has replaced the first one (a click on the old row lands on a row going away)
  await expect(page.getByRole('row').filter({ hasNotText: plate })).toHaveCount(1);
  await page
    .getByRole('row')
    .filter({ hasText: plate })
    .getByRole('cell', { name: plate, exact: true })
    .click();
  await expect(page).toHaveURL(new RegExp(`/unit/${id}$`));
  await expect(page.getByRole('heading', { name: `Unit ${plate}` })).toBeVisible();

  // the diagram: wheels coloured by their tread band, a legend, a card per mounted tire
  const drawing = page.getByRole('img', { name: /^Diagram / }).first();
  await expect(drawing).toBeVisible();
  const banded = drawing.locator('rect[fill="#2e7d32"], rect[fill="#f2b705"], rect[fill="#d32f2f"]');
  expect(await banded.count()).toBeGreaterThan(0);
  await expect(page.getByText(/Di bawah batas cabut/)).toBeVisible();
  const cards = page.getByRole('link', { name: /^Kartu stok ban / });
  await expect(cards).toHaveCount(overview.tires.length);
  await expect(page.getByText('Tekanan di luar ±10% standar ukuran')).toBeVisible();
  await expect(
    page.getByRole('link', { name: `Kartu stok ban ${first.serial_number}` }).getByText('PSI rendah'),
  ).toBeVisible();
  await expect(drawing.locator('circle[fill="#7b2cbf"]').first()).toBeVisible();

  // the trends of the first position with readings
  await expect(page.getByRole('img', { name: /^RTD terendah posisi / })).toBeVisible();
  await expect(page.getByRole('img', { name: /^Tekanan posisi / })).toBeVisible();

  // the records and the month
  await expect(page.getByRole('tab', { name: 'Pengecekan' })).toBeVisible();
  await expect(page.getByRole('table').first().getByRole('row')).not.toHaveCount(1);
  await page.getByRole('tab', { name: 'Absensi bulan ini' }).click();
  await expect(page.getByRole('list', { name: /^Absensi / })).toBeVisible();
  await page.getByRole('tab', { name: 'Pengecekan' }).click();

  await page.screenshot({ path: path.join(shots, 'unit-page-1440.png'), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('img', { name: /^Diagram / }).first()).toBeVisible();
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(390);
  await page.screenshot({ path: path.join(shots, 'unit-page-390.png'), fullPage: true });
  await page.setViewportSize({ width: 1440, height: 900 });

  await setReference(first.reference_psi);

  // a tire's stock card is one click away
  await page.getByRole('link', { name: `Kartu stok ban ${first.serial_number}` }).click();
  await expect(page).toHaveURL(new RegExp(`/kartu-stok\\?tire=${first.tire_id}$`));
  await expect(page.getByText(first.serial_number).first()).toBeVisible();
  await page.goBack();

  // Ubah edits the unit; the page shows the new tonnage
  const tonnage = overview.unit.tonnage + 1;
  await page.getByRole('button', { name: /Ubah$/ }).click();
  const form = page.getByRole('dialog', { name: `Ubah Unit: ${plate}` });
  await expect(form.getByLabel('Nomor Polisi')).toHaveValue(plate);
  await form.getByLabel('Tonase').fill(String(tonnage));
  await form.getByRole('button', { name: 'Update' }).click();
  await page
    .getByRole('dialog', { name: 'Update data Unit ?' })
    .getByRole('button', { name: 'Update' })
    .click();
  await expect(page.getByText('Unit berhasil di update')).toBeVisible();
  await expect(page.getByText(`${tonnage.toLocaleString('id-ID')} Ton`)).toBeVisible();
  expect((await api<Overview>(page, `/api/unit/${id}/overview`)).unit.tonnage).toBe(tonnage);
});
