import path from 'node:path';
import type { Page } from '@playwright/test';
import { ACCOUNTS, expect, loginAs, searchOne, test, tokenOf } from './fixtures';

// Fitting tires from the office (issue #22 item 6) and the SOP's uploaded video (item 10).

test.describe.configure({ timeout: 240_000 });

const shots = path.join(import.meta.dirname, '.tmp', 'shots');
const shot = (page: Page, name: string) => page.screenshot({ path: path.join(shots, `${name}.png`) });

async function api<T>(page: Page, url: string): Promise<T> {
  const res = await page.request.get(url, { headers: { access_token: (await tokenOf(page))! } });
  expect(res.ok(), `${url} -> ${res.status()}`).toBe(true);
  return (await res.json()) as T;
}

test('EDP creates a unit, fits six tires from stock, sees them on Ban Terpasang Aktif and in a stock card', async ({
  page,
}) => {
  const plate = `B ${String(Date.now()).slice(-4)} FIT`;
  await loginAs(page, ACCOUNTS.edp);
  const project = (await api<{ data: { name: string }[] }>(page, '/api/project?pageSize=1&sort=name'))
    .data[0]!.name;
  // six stock tires (UNINSTALLED or SPARE, mounted nowhere), found the way the panel finds them
  const stock = (
    await api<{ data: { id: number; serial_number: string }[] }>(page, '/api/tire-sn?stock=true&pageSize=6')
  ).data;
  expect(stock).toHaveLength(6);

  // a new ENGKEL unit through the form
  await page.goto('/unit');
  await page.getByRole('button', { name: 'Tambah Unit' }).click();
  const form = page.getByRole('dialog', { name: 'Tambah Unit' });
  await form.getByLabel('Nomor Polisi').fill(plate);
  await form.getByLabel('Tipe Unit').fill('ENGKEL');
  await form.getByLabel('Tipe Unit').press('Enter');
  await form.getByLabel('Tonase').fill('8');
  await form.getByRole('combobox', { name: 'Project', exact: true }).fill(project.slice(0, 8));
  await page.getByTitle(project, { exact: true }).click();
  await form.getByLabel('Tanggal Handle').fill('05/03/25');
  await form.getByLabel('Tanggal Handle').press('Enter');
  await form.getByRole('button', { name: 'Simpan' }).click();
  await page
    .getByRole('dialog', { name: 'Tambah data Unit ?' })
    .getByRole('button', { name: 'Tambah' })
    .click();
  await expect(page.getByText('Unit berhasil Ditambahkan')).toBeVisible();
  // the form has closed (and given the focus back to 'Tambah Unit') before the search is typed
  await expect(form).toBeHidden();

  // its row opens the fitting panel: eight empty positions of the engkel diagram
  await searchOne(page, plate);
  await page.getByRole('button', { name: `Pasang ban ${plate}` }).click();
  const panel = page.getByRole('dialog', { name: new RegExp(`Pasang ban · ${plate}`) });
  await expect(panel.getByText('0 dari 8 posisi terisi')).toBeVisible();
  await expect(panel.getByRole('group', { name: 'Posisi ST2' })).toContainText('Kosong');

  for (const [i, tire] of stock.entries()) {
    const position = String(i + 1);
    await panel.getByRole('button', { name: `Pasang ban di posisi ${position}`, exact: true }).click();
    const pick = page.getByRole('dialog', { name: `Pasang ban · posisi ${position}` });
    await pick.getByRole('textbox', { name: 'Cari nomor seri ban stok' }).fill(tire.serial_number);
    // the search has found that one tire (the list no longer changes under the click)
    await expect(pick.getByRole('button', { name: /^Pilih / })).toHaveCount(1);
    await pick.getByRole('button', { name: `Pilih ${tire.serial_number}` }).click();
    await page
      .getByRole('dialog', { name: `Pasang ban ${tire.serial_number} di posisi ${position} ?` })
      .getByRole('button', { name: 'Pasang' })
      .click();
    await expect(pick).toBeHidden();
    await expect(panel.getByRole('group', { name: `Posisi ${position}`, exact: true })).toContainText(
      tire.serial_number,
    );
  }
  await expect(panel.getByText('6 dari 8 posisi terisi')).toBeVisible();
  await shot(page, 'unit-fitting-desktop');

  // a mounted tire is no longer offered as stock
  await panel.getByRole('button', { name: 'Pasang ban di posisi ST', exact: true }).click();
  const pick = page.getByRole('dialog', { name: 'Pasang ban · posisi ST' });
  await pick.getByRole('textbox', { name: 'Cari nomor seri ban stok' }).fill(stock[0]!.serial_number);
  await expect(pick.getByText('Tidak ada ban stok yang cocok')).toBeVisible();
  await shot(page, 'unit-fitting-pick-desktop');
  await pick.getByRole('button', { name: 'Batal' }).click();

  // move position 6 to the spare ST2
  await panel.getByRole('button', { name: 'Pindah ban posisi 6' }).click();
  const move = page.getByRole('dialog', { name: /Pindah ban/ });
  await move.getByRole('combobox', { name: 'Ke posisi' }).click();
  await page.getByTitle('Posisi ST2 · Kosong').click();
  await move.getByRole('button', { name: 'Pindah' }).click();
  await expect(page.getByText('Posisi ban berhasil dipindah')).toBeVisible();
  await expect(panel.getByRole('group', { name: 'Posisi ST2' })).toContainText(stock[5]!.serial_number);
  await panel.getByRole('button', { name: 'Selesai' }).click();

  // Ban Terpasang Aktif lists the six
  await page.goto(`/active-tire?q=${encodeURIComponent(plate)}`);
  await expect(page.getByRole('status').filter({ hasText: ' ban' })).toHaveText('6 ban');
  for (const tire of stock)
    await expect(page.getByRole('row').filter({ hasText: tire.serial_number })).toHaveCount(1);
  // and opens the same panel from a row
  await page
    .getByRole('button', { name: `Pasang ban ${plate}` })
    .first()
    .click();
  await expect(page.getByRole('dialog', { name: new RegExp(`Pasang ban · ${plate}`) })).toContainText(
    '6 dari 8 posisi terisi',
  );
  await page.getByRole('button', { name: 'Selesai' }).click();

  // the stock card of the first tire shows the mount on this unit
  await page.goto(`/kartu-stok?tire=${stock[0]!.id}`);
  await expect(page.getByText(new RegExp(`Dipasang di ${plate} posisi 1`))).toBeVisible();

  // phone size
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/active-tire?q=${encodeURIComponent(plate)}`);
  await page
    .getByRole('button', { name: `Pasang ban ${plate}` })
    .first()
    .click();
  const phonePanel = page.getByRole('dialog', { name: new RegExp(`Pasang ban · ${plate}`) });
  await expect(phonePanel.getByText('6 dari 8 posisi terisi')).toBeVisible();
  await shot(page, 'unit-fitting-phone');
  await phonePanel.getByRole('button', { name: 'Lepas ban posisi 1' }).click();
  const unmount = page.getByRole('dialog', { name: /Lepas ban/ });
  await unmount.getByRole('button', { name: 'Lepas ke stok' }).click();
  await expect(unmount.getByText('Alasan wajib diisi')).toBeVisible();
  await shot(page, 'unit-fitting-unmount-phone');
  await unmount.getByLabel('Alasan').fill('Rotasi ke gudang');
  await unmount.getByRole('button', { name: 'Lepas ke stok' }).click();
  await expect(page.getByText('Ban berhasil dilepas ke stok')).toBeVisible();
  await expect(phonePanel.getByText('5 dari 8 posisi terisi')).toBeVisible();
});

test('the SOP page plays the demo procedure video from this server', async ({ page }) => {
  await loginAs(page, ACCOUNTS.edp);
  await page.goto('/sop');
  await page.getByText('3. Tire Check Procedure').click();
  const video = page.getByLabel('Video Tire Check Procedure');
  await expect(video).toBeVisible();
  const src = await video.getAttribute('src');
  // a signed, expiring link (issue 24): the file opens only through it
  expect(src).toMatch(/^\/files\/\d{4}\/\d{2}\/[a-f0-9]+\.webm\?exp=\d+&sig=[\w-]+$/);
  const unsigned = await page.request.get(src!.split('?')[0]!);
  expect(unsigned.status()).toBe(403);
  // playable: the browser reads its metadata (duration) and it seeks through a byte range
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => (v.readyState >= 1 ? v.duration : 0)), {
      timeout: 20_000,
    })
    .toBeGreaterThan(1);
  await video.evaluate((v: HTMLVideoElement) => {
    v.muted = true;
    v.currentTime = 1.5;
  });
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime)).toBeGreaterThan(1);
  const ranged = await page.request.get(src!, { headers: { range: 'bytes=0-99' } });
  expect(ranged.status()).toBe(206);
  expect((await ranged.body()).length).toBe(100);
  await shot(page, 'sop-video-desktop');
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(video).toBeVisible();
  await shot(page, 'sop-video-phone');
});
