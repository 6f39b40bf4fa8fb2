import type { Locator, Page } from '@playwright/test';
import { expect } from './fixtures';

/**
 * The EDP logs a breakdown call in the Storing screen (already open): the unit by plate, a tire
 * burst at `position`, on the toll road, Pak Darto calling, high priority. Returns the call's drawer.
 */
export async function logCall(page: Page, { plate, position }: { plate: string; position: string }) {
  await page.getByRole('button', { name: 'Catat panggilan' }).click();
  const form = page.getByRole('dialog', { name: 'Catat panggilan storing' });
  await form.getByLabel('Unit (no. polisi)').fill(plate.slice(0, 6));
  // antd lists the visible options by their title
  await page.getByTitle(new RegExp(`^${plate} · `)).click();
  await form.getByLabel('Kejadian').click();
  await page.getByTitle('Ban pecah', { exact: true }).click();
  await form.getByLabel('Posisi ban (bila diketahui)').fill(position);
  await form.getByLabel('Posisi ban (bila diketahui)').press('Enter');
  await form.getByLabel('Lokasi').fill('Tol Cikampek KM 47 arah Jakarta');
  await form.getByLabel('Nama penelepon').fill('Pak Darto');
  await form.getByLabel('Nomor penelepon').fill('081234567890');
  await form.getByText('Tinggi', { exact: true }).click();
  await form.getByRole('button', { name: 'Simpan' }).click();
  // the new call opens in its drawer
  const drawer = page.getByRole('dialog', { name: `Storing ${plate}` });
  await expect(drawer).toContainText('Baru');
  await expect(drawer).toContainText('Pak Darto · 081234567890');
  return drawer;
}

/**
 * Assigns the call of the open drawer to the tire man of that name (and confirms). `look` sees his
 * option in the open list first (the suggestion's hints).
 */
export async function assignCall(
  page: Page,
  drawer: Locator,
  tiremanName: string,
  look?: (option: Locator) => Promise<void>,
) {
  await drawer.getByLabel('Tire man').click();
  const option = page.getByTitle(tiremanName, { exact: true });
  if (look) await look(option);
  await option.click();
  await drawer.getByRole('button', { name: 'Tugaskan' }).click();
  // the confirmation names him (not the drawer's own button, which a quick look could find first)
  await page
    .getByRole('dialog')
    .filter({ hasText: `Tugaskan ke ${tiremanName}` })
    .getByRole('button', { name: 'Tugaskan' })
    .click();
  await expect(drawer).toContainText('Ditugaskan');
}

/** The id of the newest call, as the office's API lists it (read in the office's page). */
export async function newestCallId(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const res = await fetch('/api/storing?status=all&pageSize=1', {
      headers: { access_token: localStorage.getItem('access_token') ?? '' },
    });
    return ((await res.json()) as { data: { id: number }[] }).data[0]!.id;
  });
}
