import path from 'node:path';
import { ACCOUNTS, expect, loginAs, test } from './fixtures';

// Issue 42, item 6: the admin keeps the one list a BKB's Kategori is chosen from: adds categories,
// sees how many BKB use each, and merges duplicates into the one he keeps.

const shots = path.resolve(import.meta.dirname, '../../screenshots');

test('Kategori BKB: the admin adds two spellings of one category and merges them into the one he keeps', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await loginAs(page, ACCOUNTS.admin);
  await page.getByRole('menuitem', { name: 'Kategori BKB' }).click();
  await expect(page.getByRole('heading', { name: 'Kategori BKB', level: 2 })).toBeVisible();
  const table = page.getByRole('table');
  // the demo's BKB carry their categories: each is listed with its count
  const serial = table.getByRole('row', { name: /Serial tidak sesuai/ });
  await expect(serial).toBeVisible();
  expect(Number(await serial.getByRole('cell').nth(3).textContent())).toBeGreaterThan(0);

  const stamp = Date.now() % 1_000_000;
  const names = [`Ban aus ${stamp}`, `Ban aus tidak rata ${stamp}`];
  for (const name of names) {
    await page.getByRole('button', { name: /Tambah Kategori/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Tambah Kategori BKB' });
    await dialog.getByLabel('Nama Kategori').fill(name);
    await dialog.getByRole('button', { name: 'Simpan' }).click();
    await page.getByRole('dialog').last().getByRole('button', { name: 'Tambah', exact: true }).click();
    await expect(table.getByRole('row', { name: new RegExp(name) })).toBeVisible();
  }
  await page.screenshot({ path: `${shots}/kategori-bkb-1440.png`, fullPage: true });

  await page.getByRole('checkbox', { name: `Pilih ${names[0]}` }).check();
  await page.getByRole('checkbox', { name: `Pilih ${names[1]}` }).check();
  await page.getByRole('button', { name: /Gabungkan \(2\)/ }).click();
  const merge = page.getByRole('dialog', { name: 'Gabungkan Kategori BKB' });
  await merge.getByRole('radio', { name: new RegExp(`^${names[0]} \\(0 BKB\\)`) }).check();
  await page.waitForTimeout(500); // the modal's opening zoom
  await page.screenshot({ path: `${shots}/kategori-bkb-merge-1440.png` });
  await merge.getByRole('button', { name: 'Gabungkan' }).click();
  await page.getByRole('dialog').last().getByRole('button', { name: 'Gabungkan' }).click();
  await expect(page.getByText('Kategori BKB berhasil digabung (0 BKB dipindahkan)')).toBeVisible();
  await expect(table.getByRole('row', { name: new RegExp(names[0]) })).toBeVisible();
  await expect(table.getByRole('row', { name: new RegExp(names[1]) })).toHaveCount(0);

  // on a phone: cards
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('table')).toHaveCount(0);
  await expect(page.getByText(names[0], { exact: true })).toBeVisible();
  await page.screenshot({ path: `${shots}/kategori-bkb-390.png`, fullPage: true });
});
