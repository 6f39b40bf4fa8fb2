import path from 'node:path';
import { expect, test } from '../fixtures';
import { serviceWorkerControls, signInField } from './field-helpers';

// Issue 35: work dated further back than FIELD_MAX_AGE_DAYS (a phone whose clock says two months
// ago) is refused by the server; the phone keeps the entry and says why, at the entry.

const shots = path.resolve(import.meta.dirname, '../../../screenshots/lapangan');

test('a QC sent from a phone whose clock is two months behind needs action, with the reason at the entry', async ({
  page,
}) => {
  await signInField(page);
  await serviceWorkerControls(page);

  await page.locator('.lp-unit-link').first().click();
  const plate = (await page.getByRole('heading', { level: 1 }).textContent())!;
  await page.getByRole('link', { name: 'QC', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'QC', level: 1 })).toBeVisible();
  await page.getByLabel('Nama QC checker').fill('QC jam salah');

  // the phone's clock is 60 days behind when 'Kirim' is tapped (performed_at is that moment)
  await page.clock.setFixedTime(new Date(Date.now() - 60 * 86_400_000));
  await page.getByRole('button', { name: 'Kirim' }).click();
  await expect(page.getByText(`QC ${plate} tersimpan di HP`)).toBeVisible();

  const item = page.locator('.lp-queue-item', { hasText: `QC ${plate}` });
  await expect(item).toContainText('Perlu tindakan', { timeout: 20_000 });
  await expect(item).toContainText(
    'Tanggal pengerjaan lebih dari 45 hari yang lalu: data setua itu tidak diterima. Periksa tanggal dan jam HP',
  );
  await page.screenshot({ path: `${shots}/field-date-too-old-412.png`, fullPage: true });
});
