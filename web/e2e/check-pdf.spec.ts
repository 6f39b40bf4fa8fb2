import fs from 'node:fs';
import path from 'node:path';
import type { TCheckRecordPage } from '@itms/contracts/reports';
import type { TTireCheckDetail } from '@itms/contracts/tire-checks';
import type { Download } from '@playwright/test';
import { extractText, getDocumentProxy } from 'unpdf';
import { ACCOUNTS, expect, loginAs, test, tokenOf } from './fixtures';

// Issue 25, item 9: 'Cetak' on a validated check downloads the server's A4 PDF; its text, read
// back, names the unit, its tires and the people who signed.

const shotsDir = path.resolve(import.meta.dirname, '../../screenshots');

async function pdfText(download: Download): Promise<{ bytes: Buffer; text: string }> {
  const bytes = fs.readFileSync(await download.path());
  const doc = await getDocumentProxy(new Uint8Array(bytes));
  const { text } = await extractText(doc, { mergePages: true });
  return { bytes, text };
}

test('EDP prints a validated check from Rekam Pengecekan and from its Form Pengecekan', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await loginAs(page, ACCOUNTS.edp);
  const headers = { access_token: (await tokenOf(page))! };

  // the day of the newest validated check of the demo data, in Rekam Pengecekan
  const search = await request.post('/api/tire-check/querry/record/search', {
    headers,
    data: { dateStart: '2020-01-01', dateEnd: '2030-12-31', status: 'approved', pageSize: 1 },
  });
  expect(search.ok()).toBe(true);
  const day = ((await search.json()) as TCheckRecordPage).data[0]!.date;
  await page.goto(`/tirecheck-record?start=${day}&end=${day}`);
  await expect(page.getByRole('heading', { name: 'Rekam Pengecekan', level: 2 })).toBeVisible();
  const row = page.getByRole('row', { name: /^Pengecekan \d+ .* approved$/ }).first();
  await expect(row).toBeVisible();
  const id = Number((await row.getAttribute('aria-label'))!.split(' ')[1]);
  const check = (await (
    await request.get(`/api/tire-check/detail/${id}`, { headers })
  ).json()) as TTireCheckDetail;
  expect(check.records.length).toBeGreaterThan(0);
  const plate = check.Unit.plate_number || check.plate_number;
  const filename = `pengecekan-${plate.replace(/\s+/g, '')}-${check.date}.pdf`;

  await row.click();
  const dialog = page.getByRole('dialog', { name: `Detail Pengecekan #${id}` });
  await dialog.getByRole('button', { name: 'Cetak' }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: path.join(shotsDir, 'check-pdf-record-detail-1440.png') });
  const [fromRecords] = await Promise.all([
    page.waitForEvent('download'),
    dialog.getByRole('button', { name: 'Cetak' }).click(),
  ]);
  expect(fromRecords.suggestedFilename()).toBe(filename);
  const { bytes, text } = await pdfText(fromRecords);
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  fs.writeFileSync(path.join(shotsDir, 'check-pdf-sample.pdf'), bytes);
  expect(text).toContain('LAPORAN PENGECEKAN BAN');
  expect(text).toContain(plate);
  expect(text).toContain('Status: Tervalidasi');
  for (const r of check.records) expect(text).toContain(r.serial_number);
  // the people who signed, by name: the tire man and, when the data names one, the validating EDP
  expect(text).toContain(check.tireman_tire_check.name);
  if (check.validator) expect(text).toContain(check.validator.name);
  await expect(page.getByText('PDF diunduh')).toBeVisible();
  await page.keyboard.press('Escape');

  // the Form Pengecekan of the same check prints the same document
  await page.goto(`/pengecekan/${id}`);
  await expect(page.getByRole('heading', { name: 'Form Pengecekan', level: 2 })).toBeVisible();
  await expect(page.getByText('Pengecekan ini sudah divalidasi')).toBeVisible();
  const cetak = page.getByRole('button', { name: 'Cetak' });
  await page.screenshot({ path: path.join(shotsDir, 'check-pdf-form-1440.png') });
  const [fromForm] = await Promise.all([page.waitForEvent('download'), cetak.click()]);
  expect(fromForm.suggestedFilename()).toBe(filename);
  const again = await pdfText(fromForm);
  expect(again.text).toContain(plate);
  expect(again.text).toContain(check.records[0]!.serial_number);

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(cetak).toBeVisible();
  await page.screenshot({ path: path.join(shotsDir, 'check-pdf-form-390.png') });
});
