import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { ACCOUNTS, expect, logoutToken, test } from '../fixtures';
import { apiToken, cameraPhoto, fieldUnits, serviceWorkerControls, signInField } from './field-helpers';

// Issue 42, item 6: a BKB's Kategori is chosen from the office's list (Kategori BKB), which the phone
// keeps offline; an entry whose category the office withdrew meanwhile is refused, shown as
// 'Perlu tindakan', and sent again with a category picked from the list.

const shots = path.resolve(import.meta.dirname, '../../../screenshots/lapangan');

/** A category the admin adds for this test (a name no other test uses); its id. */
async function addCategory(request: APIRequestContext, admin: string, name: string): Promise<number> {
  const res = await request.post('/api/mismatch-category', {
    headers: { access_token: admin },
    data: { name },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { data: { id: number } }).data.id;
}

/** Opens Lapor BKB of a unit of Beranda and fills everything but the category. */
async function fillBkb(page: Page, unit: { id: number; plate: string }, found: string) {
  await page.locator(`a.lp-unit-link[href$="/unit/${unit.id}"]`).click();
  await page.getByRole('link', { name: 'Lapor BKB' }).click();
  await expect(page.getByRole('heading', { name: 'Lapor BKB', level: 1 })).toBeVisible();
  await page
    .getByRole('group', { name: /^Posisi / })
    .first()
    .getByLabel('Nomor seri di ban')
    .fill(found);
  await page.getByLabel('Keterangan').fill(`Laporan e2e ${found}`);
  await page.getByLabel('Driver tidak diketahui (TIDAK PASTI)').check();
  await page
    .getByLabel('Foto BKB')
    .setInputFiles({ name: 'foto.png', mimeType: 'image/png', buffer: await cameraPhoto(page, found) });
  await expect(page.getByText(/Foto siap/)).toBeVisible({ timeout: 15_000 });
}

/** The category of the BKB the office holds for `found` (by its Keterangan). */
async function officeCategory(request: APIRequestContext, edp: string, plate: string, found: string) {
  const headers = { access_token: edp };
  const list = await request.get(`/api/mismatch-validation?pageSize=100&q=${encodeURIComponent(plate)}`, {
    headers,
  });
  expect(list.ok()).toBe(true);
  const categories: string[] = [];
  for (const row of ((await list.json()) as { data: { id: number }[] }).data) {
    const d = (await (await request.get(`/api/mismatch/detail/${row.id}`, { headers })).json()) as {
      information: string;
      category: string;
    };
    if (d.information === `Laporan e2e ${found}`) categories.push(d.category);
  }
  return categories;
}

test('Kategori of Lapor BKB is picked from the office list; the office reads the one picked', async ({
  page,
  request,
}) => {
  const admin = await apiToken(request, ACCOUNTS.admin);
  const edp = await apiToken(request, ACCOUNTS.edp);
  try {
    const name = `Ban sobek ${Date.now() % 1_000_000}`;
    await addCategory(request, admin, name);
    await signInField(page);
    const [, unit] = await fieldUnits(page, 2);
    const found = `KAT${Date.now() % 1_000_000}`;
    await fillBkb(page, unit!, found);

    // only the list's categories are offered; none is chosen yet
    const select = page.getByLabel('Kategori');
    await expect(select).toHaveValue('');
    const offered = await select.locator('option').allTextContents();
    expect(offered[0]).toBe('Pilih kategori');
    expect(offered).toContain(name);
    expect(offered).toContain('Nomor seri tidak sesuai');
    await page.getByRole('button', { name: 'Kirim' }).click();
    await expect(page.getByText('Kategori wajib diisi')).toBeVisible();

    await select.selectOption(name);
    await expect(page.getByText('Kategori wajib diisi')).toBeHidden();
    await page.screenshot({ path: `${shots}/bkb-form-category-412.png`, fullPage: true });
    await page.getByRole('button', { name: 'Kirim' }).click();
    await expect(page.getByText(`BKB ${unit!.plate} tersimpan di HP`)).toBeVisible();
    await expect(page.getByText('0 belum terkirim')).toBeVisible({ timeout: 20_000 });
    expect(await officeCategory(request, edp, unit!.plate, found)).toEqual([name]);
  } finally {
    await logoutToken(request, admin);
    await logoutToken(request, edp);
  }
});

test('a BKB saved offline with a category the office then deactivates: Perlu tindakan, Ubah, another category, sent', async ({
  page,
  context,
  request,
}) => {
  const admin = await apiToken(request, ACCOUNTS.admin);
  const edp = await apiToken(request, ACCOUNTS.edp);
  try {
    const name = `Velg retak ${Date.now() % 1_000_000}`;
    const id = await addCategory(request, admin, name);
    await signInField(page);
    await serviceWorkerControls(page);
    const [, , unit] = await fieldUnits(page, 3);

    // offline, he reports it with the new category
    await context.setOffline(true);
    const found = `KAT${Date.now() % 1_000_000}`;
    await fillBkb(page, unit!, found);
    await page.getByLabel('Kategori').selectOption(name);
    await page.getByRole('button', { name: 'Kirim' }).click();
    await expect(page.getByText(`BKB ${unit!.plate} tersimpan di HP`)).toBeVisible();

    // meanwhile the office withdraws it; the signal comes back
    const off = await request.put(`/api/mismatch-category/${id}`, {
      headers: { access_token: admin },
      data: { active: false },
    });
    expect(off.ok(), await off.text()).toBe(true);
    await context.setOffline(false);
    const item = page.locator('.lp-queue-item', { hasText: `BKB ${unit!.plate}` });
    await expect(item).toContainText('Perlu tindakan', { timeout: 30_000 });
    await expect(item.locator('.lp-error')).toHaveText('Kategori BKB tidak dikenal');
    await page.screenshot({ path: `${shots}/beranda-bkb-category-refused.png` });

    // 'Ubah': the form again, the server's word at Kategori, which asks for a category of the list
    await item.getByRole('button', { name: 'Ubah' }).click();
    await expect(page.getByRole('heading', { name: 'Lapor BKB', level: 1 })).toBeVisible();
    await expect(page.locator('.lp-field', { hasText: 'Kategori' }).locator('.lp-error')).toHaveText(
      'Kategori BKB tidak dikenal',
    );
    const select = page.getByLabel('Kategori');
    await expect(select).toHaveValue('');
    await expect(page.getByLabel('Keterangan')).toHaveValue(`Laporan e2e ${found}`);
    // the list is the phone's new one: the withdrawn category is gone
    expect(await select.locator('option').allTextContents()).not.toContain(name);
    await page.screenshot({ path: `${shots}/bkb-form-category-refused-412.png`, fullPage: true });
    await select.selectOption('Ban hilang');
    await page.getByRole('button', { name: 'Kirim' }).click();
    await expect(page.getByText(`BKB ${unit!.plate} tersimpan di HP`)).toBeVisible();
    await expect(page.getByText('0 belum terkirim')).toBeVisible({ timeout: 20_000 });
    expect(await officeCategory(request, edp, unit!.plate, found)).toEqual(['Ban hilang']);
  } finally {
    await logoutToken(request, admin);
    await logoutToken(request, edp);
  }
});
