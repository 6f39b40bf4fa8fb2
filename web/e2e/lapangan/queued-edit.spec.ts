import path from 'node:path';
import { expect, test } from '../fixtures';
import { fieldUnits, makeCheck, officeChecks, serviceWorkerControls, signInField } from './field-helpers';

// Issue 37, item 5: an entry queued on the phone can be fixed before it is sent ('Ubah' on Beranda).
// Taken back, it stays listed as unsent work until it is sent again; the office receives only the
// fixed one. Once a request for an entry left the phone, it is no longer taken back (the server may
// hold it): it waits for the answer, and is delivered once.

const shots = path.resolve(import.meta.dirname, '../../../screenshots/lapangan');

test('a queued check is fixed before it is sent; one already sent once is not taken back', async ({
  page,
  request,
}) => {
  test.slow();
  await signInField(page);
  await serviceWorkerControls(page);
  const [first, second] = await fieldUnits(page, 2);
  await page.context().setOffline(true);

  // queued with a wrong odometer
  const wrong = 800_000 + (Date.now() % 90_000);
  const right = wrong + 7;
  await makeCheck(page, wrong, undefined, first!.plate);
  const queue = page.getByRole('region', { name: 'Antrean' });
  const entry = queue.getByRole('listitem').filter({ hasText: `Pengecekan ${first!.plate}` });
  await entry.getByRole('button', { name: 'Ubah' }).click();
  await expect(page.getByRole('heading', { name: 'Pengecekan', level: 1 })).toBeVisible();
  await expect(page.getByLabel('Odometer (Km)')).toHaveValue(String(wrong));
  await page.getByLabel('Odometer (Km)').fill(String(right));
  // the form writes its draft 300 ms after a change: it must stay the entry taken back
  await page.waitForTimeout(1000);

  // back on Beranda before sending it: still unsent work, one tap from its form, the fix kept
  await page.goto('/lapangan/');
  const taken = queue.getByRole('listitem').filter({ hasText: 'Sedang diubah' });
  await expect(taken).toContainText(`Pengecekan ${first!.plate}`);
  await expect(page.getByText('1 belum terkirim')).toBeVisible();
  await page.screenshot({ path: `${shots}/queue-taken-back-412.png` });
  await taken.getByRole('link', { name: 'Lanjutkan' }).click();
  await expect(page.getByLabel('Odometer (Km)')).toHaveValue(String(right));
  const kirim = page.getByRole('button', { name: 'Kirim' });
  await kirim.click();
  const confirm = page.getByRole('button', { name: 'Data sudah benar, kirim' });
  const saved = page.getByText(`Pengecekan ${first!.plate} tersimpan di HP`);
  await expect(saved.or(confirm)).toBeVisible();
  if (await confirm.isVisible()) await confirm.click();
  await expect(saved).toBeVisible();
  await expect(queue.getByRole('listitem').filter({ hasText: 'Sedang diubah' })).toHaveCount(0);

  // a second check whose first request reaches the server but whose reply is lost
  const lost = right + 11;
  await makeCheck(page, lost, undefined, second!.plate);
  let cut = 0;
  await page.route('**/api/tire-check', async (route) => {
    if (route.request().method() !== 'POST') return route.fallback();
    await route.fetch();
    cut++;
    await route.abort();
  });
  await page.context().setOffline(false);
  await expect.poll(() => cut, { timeout: 60_000 }).toBeGreaterThanOrEqual(2);
  // tried already: they may be in the office, so they are not taken back
  await expect(queue.getByRole('listitem').filter({ hasText: `Pengecekan ${second!.plate}` })).toBeVisible();
  await expect(queue.getByRole('button', { name: 'Ubah' })).toHaveCount(0);
  await page.unroute('**/api/tire-check');
  await page.getByRole('button', { name: 'Kirim sekarang' }).click();
  await expect(page.getByText('0 belum terkirim')).toBeVisible({ timeout: 60_000 });

  // the office: the fixed check once, the wrong one never; the one with a lost reply once
  await expect(async () => {
    expect(await officeChecks(request, first!.plate, right)).toHaveLength(1);
    expect(await officeChecks(request, second!.plate, lost)).toHaveLength(1);
  }).toPass({ timeout: 30_000 });
  expect(await officeChecks(request, first!.plate, wrong)).toHaveLength(0);
});
