import fs from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { ACCOUNTS, drawSignature, expect, loginAs, PASSWORD, test, tokenOf } from './fixtures';
import { apiAs, screenReady, scrollToRegionSummary, submitFieldCheck } from './reports-helpers';

const SHOTS = path.join(import.meta.dirname, '.tmp', 'screenshots');

/** The dashboard's monthly summary: the sum of its WS column over every region. */
async function wsColumnTotal(page: Page): Promise<number> {
  await scrollToRegionSummary(page);
  const table = page.getByRole('table').filter({ has: page.getByRole('columnheader', { name: 'WS' }) });
  await expect(table.getByRole('row').nth(1)).toBeVisible({ timeout: 30_000 });
  return table.evaluate((el) => {
    const heads = [...el.querySelectorAll('thead th')].map((th) => th.textContent?.trim());
    const at = heads.indexOf('WS');
    return [...el.querySelectorAll('tbody tr')]
      .map((tr) => Number(tr.querySelectorAll('td')[at]?.textContent?.replace(/\D/g, '') || 0))
      .reduce((a, b) => a + b, 0);
  });
}

async function openDashboard(page: Page) {
  await page.goto('/');
  await screenReady(page, 'Dashboard');
}

const row = (page: Page, plate: string, id: number): Locator =>
  page
    .getByRole('row')
    .filter({ has: page.getByRole('checkbox', { name: `Pilih ${plate} #${id}`, exact: true }) });

test.describe('Tanda Tangan Workshop', () => {
  test.describe.configure({ timeout: 180_000 });

  test('the demo admin, a workshop signatory, signs two validated checks and the WS column drops by two', async ({
    page,
    request,
  }) => {
    fs.mkdirSync(SHOTS, { recursive: true });
    await loginAs(page, ACCOUNTS.admin);
    await screenReady(page, 'Dashboard');

    // two checks sent from the field today and validated by the office (with the admin's stored signature)
    const units = await apiAs<{ data: { id: number; plate_number: string }[] }>(
      page,
      request,
      'GET',
      '/api/unit?pageSize=1',
    );
    const unit = units.data[0]!;
    const locations = await apiAs<{ id: number }[]>(page, request, 'GET', '/api/location');
    const where = { unit_id: unit.id, location_id: locations[0]!.id };
    const ids = [await submitFieldCheck(request, where), await submitFieldCheck(request, where)];
    // the PIC signs later at the office: the summary counts a check under WS only once its PIC has
    // signed (spec section 4: PIC, else EDP, else workshop)
    const me = await apiAs<{ signature: string }>(page, request, 'POST', '/api/tire-man/credential');
    for (const id of ids) {
      await apiAs(page, request, 'POST', `/api/tire-check/${id}/validate`, { records: [] });
      await apiAs(page, request, 'PATCH', `/api/tire-check/picSign/${id}`, {
        pic_sign: me.signature,
        pic_name: 'PIC E2E',
      });
    }

    await page.reload();
    await screenReady(page, 'Dashboard');
    const before = await wsColumnTotal(page);
    expect(before).toBeGreaterThanOrEqual(2);

    await page.getByRole('link', { name: 'Tanda Tangan Workshop' }).first().click();
    await screenReady(page, 'Tanda Tangan Workshop');
    await expect(page.getByText(/\d+ data menunggu tanda tangan workshop/)).toBeVisible();
    await page.screenshot({ path: path.join(SHOTS, 'tanda-tangan-desktop.png') });

    // search the unit's plate (without its spaces, in lower case)
    await page.getByLabel('No. Body').fill(unit.plate_number.replace(/\s+/g, '').toLowerCase());
    await page.getByRole('button', { name: 'Cari', exact: true }).click();
    await expect(row(page, unit.plate_number, ids[0]!)).toBeVisible();
    await expect(row(page, unit.plate_number, ids[1]!)).toBeVisible();

    // a row opens the same detail as Rekam Pengecekan, with the workshop box still empty
    await page.getByRole('button', { name: `Detail ${unit.plate_number} #${ids[0]}`, exact: true }).click();
    const detail = page.getByRole('dialog').filter({ hasText: `Detail Pengecekan #${ids[0]}` });
    await expect(detail.getByRole('img', { name: 'TTD WORKSHOP: belum ditandatangani' })).toBeVisible({
      timeout: 30_000,
    });
    await detail.getByRole('button', { name: 'Kembali' }).click();
    await expect(detail).toBeHidden();

    for (const id of ids)
      await page.getByRole('checkbox', { name: `Pilih ${unit.plate_number} #${id}` }).check();
    await page.getByRole('button', { name: 'Tanda Tangani (2)' }).click();
    const dialog = page.getByRole('dialog').filter({ hasText: 'Tanda Tangan Workshop: 2 data' });
    await expect(dialog.getByText('Tanda tangan tersimpan Anda')).toBeVisible();
    await expect(dialog.getByRole('img', { name: 'Tanda tangan workshop' })).toBeVisible();
    await page.screenshot({ path: path.join(SHOTS, 'tanda-tangan-sign-desktop.png') });
    await dialog.getByRole('button', { name: 'Tanda Tangani', exact: true }).click();
    await expect(page.getByText('2 data berhasil ditandatangani workshop')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(row(page, unit.plate_number, ids[0]!)).toHaveCount(0);
    await expect(row(page, unit.plate_number, ids[1]!)).toHaveCount(0);

    // the check's detail now carries the workshop signature
    const signed = await apiAs<{ workshop_sign: string }>(
      page,
      request,
      'GET',
      `/api/tire-check/detail/${ids[0]}`,
    );
    expect(signed.workshop_sign).not.toBe('-');

    await openDashboard(page);
    await expect.poll(() => wsColumnTotal(page), { timeout: 30_000 }).toBe(before - 2);

    // Rekam Pengecekan: the check's detail shows the workshop signature in its TTD WORKSHOP box
    await page.goto('/tirecheck-record');
    await screenReady(page, 'Rekam Pengecekan');
    await page.getByRole('row', { name: `Pengecekan ${ids[0]} ${unit.plate_number} approved` }).click();
    const record = page.getByRole('dialog').filter({ hasText: `Detail Pengecekan #${ids[0]}` });
    const box = record.getByRole('group', { name: 'TTD WORKSHOP' });
    await expect(box.getByRole('img', { name: 'TTD WORKSHOP' })).toBeVisible({ timeout: 30_000 });
    await record.getByRole('region', { name: 'Tanda Tangan' }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(SHOTS, 'check-detail-signatures-desktop.png') });
    await page.setViewportSize({ width: 390, height: 844 });
    await record.getByRole('region', { name: 'Tanda Tangan' }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(SHOTS, 'check-detail-signatures-phone.png') });
    await record.getByRole('button', { name: 'Kembali' }).click();

    // phone size
    await page.goto('/tanda-tangan');
    await screenReady(page, 'Tanda Tangan Workshop');
    await expect(page.getByText(/\d+ data menunggu tanda tangan workshop/)).toBeVisible();
    await page.screenshot({ path: path.join(SHOTS, 'tanda-tangan-phone.png'), fullPage: true });
  });

  test('the workshop account opens on Tanda Tangan Workshop, reads validated work and signs it with a drawn signature, and nothing else', async ({
    page,
    request,
  }) => {
    await page.goto('/login');
    await page.getByLabel('Email').fill(ACCOUNTS.workshop);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Login' }).click();
    // its home is its one screen, and its menu holds nothing else
    await expect(page).toHaveURL(/\/tanda-tangan$/);
    await screenReady(page, 'Tanda Tangan Workshop');
    const menu = page.getByRole('navigation', { name: 'Menu utama' });
    await expect(menu.getByRole('menuitem')).toHaveText(['Tanda Tangan Workshop']);
    await expect(page.getByText(/\d+ data menunggu tanda tangan workshop/)).toBeVisible();
    await page.screenshot({ path: path.join(SHOTS, 'tanda-tangan-workshop-role.png') });

    // the oldest item's detail opens, photos signed for this account
    const first = page.getByRole('checkbox', { name: /^Pilih .+ #\d+$/ }).first();
    await expect(first).toBeVisible({ timeout: 30_000 });
    const label = (await first.getAttribute('aria-label'))!;
    const [, plate, id] = /^Pilih (.+) #(\d+)$/.exec(label)!;
    // exact names: 'Detail … #5' would also name '#59'
    await page.getByRole('button', { name: `Detail ${plate} #${id}`, exact: true }).click();
    const detail = page.getByRole('dialog').filter({ hasText: `#${id}` });
    await expect(detail.getByRole('button', { name: 'Kembali' })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText('Anda tidak memiliki akses')).toHaveCount(0);
    await detail.getByRole('button', { name: 'Kembali' }).click();
    await expect(detail).toBeHidden();

    // no stored signature: it draws one and signs the item
    await first.check();
    await page.getByRole('button', { name: 'Tanda Tangani (1)' }).click();
    const dialog = page.getByRole('dialog').filter({ hasText: 'Tanda Tangan Workshop: 1 data' });
    await dialog.getByRole('button', { name: 'Gambar tanda tangan' }).click();
    const pad = page.getByRole('dialog', { name: 'Tanda Tangan Workshop' });
    await drawSignature(page, pad);
    await pad.getByRole('button', { name: 'Submit', exact: true }).click();
    await expect(dialog.getByText('Tanda tangan yang baru digambar')).toBeVisible();
    await dialog.getByRole('button', { name: 'Tanda Tangani', exact: true }).click();
    await expect(page.getByText('1 data berhasil ditandatangani workshop')).toBeVisible();
    await expect(page.getByRole('checkbox', { name: label, exact: true })).toHaveCount(0);

    // the office's screens and API stay closed to it
    await page.goto('/validasi');
    await expect(page.getByText('Anda tidak memiliki akses ke halaman ini')).toBeVisible();
    const token = (await tokenOf(page))!;
    const units = await request.get('/api/unit', { headers: { access_token: token } });
    expect(units.status()).toBe(403);
  });
});
