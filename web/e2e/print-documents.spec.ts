import fs from 'node:fs';
import path from 'node:path';
import type { TMismatchDetail } from '@itms/contracts/mismatches';
import type { TReplacementDetail, TReplacementRow } from '@itms/contracts/tire-replacements';
import type { APIRequestContext, Download, Locator, Page } from '@playwright/test';
import { extractText, getDocumentProxy } from 'unpdf';
import { ACCOUNTS, expect, loginAs, logoutToken, PASSWORD, test, tokenOf } from './fixtures';

// Issue 25, item 9: 'Cetak' on a replacement (Riwayat Pergantian, Form Pergantian) and on a BKB (its
// validation and Rekam BKB dialogs) downloads the server's A4 PDF; its text, read back, names the
// unit, the tires and the people who signed.

const shotsDir = path.resolve(import.meta.dirname, '../../screenshots');
// two cores shared with other helpers' builds and tests
test.describe.configure({ timeout: 180_000 });
const SLOW = { timeout: 30_000 };

async function pdfText(download: Download): Promise<{ bytes: Buffer; text: string }> {
  const bytes = fs.readFileSync(await download.path());
  const doc = await getDocumentProxy(new Uint8Array(bytes));
  const { text } = await extractText(doc, { mergePages: true });
  return { bytes, text };
}

/** Clicks Cetak inside `scope` and waits for the PDF it downloads. */
async function print(page: Page, scope: Page | Locator) {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    scope.getByRole('button', { name: 'Cetak' }).click(),
  ]);
  await expect(page.getByText('PDF diunduh')).toBeVisible();
  return download;
}

const shot = (page: Page, name: string) => page.screenshot({ path: path.join(shotsDir, `${name}.png`) });

test('EDP prints a validated replacement from Riwayat Pergantian and from its Form Pergantian', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await loginAs(page, ACCOUNTS.edp);
  const headers = { access_token: (await tokenOf(page))! };

  // the newest validated replacement of the demo data
  const list = await request.get('/api/tire-replacement', {
    headers,
    params: { status: 'approved', pageSize: 1 },
  });
  expect(list.ok()).toBe(true);
  const newest = ((await list.json()) as { data: TReplacementRow[] }).data[0]!;
  const rep = (await (
    await request.get(`/api/tire-replace/${newest.id}`, { headers })
  ).json()) as TReplacementDetail;
  expect(rep.Tire_Replace_Records.length).toBeGreaterThan(0);
  const filename = `pergantian-${rep.Unit.plate_number.replace(/\s+/g, '')}-${rep.date}.pdf`;
  const expectReplacement = (text: string) => {
    expect(text).toContain('LAPORAN PERGANTIAN BAN');
    expect(text).toContain(`No. Pergantian: ${rep.id}`);
    expect(text).toContain('Status: Tervalidasi');
    expect(text).toContain(rep.Unit.plate_number);
    for (const r of rep.Tire_Replace_Records) expect(text).toContain(r.serial_number);
    expect(text).toContain(rep.Tire_Man.name);
    if (rep.Validator) expect(text).toContain(rep.Validator.name);
  };

  await page.goto(`/replacement-record?start=${rep.date}&end=${rep.date}`);
  const row = page.getByRole('row', { name: new RegExp(`^Pergantian ${rep.id} `) });
  await expect(row).toBeVisible(SLOW);
  await row.click();
  const dialog = page.getByRole('dialog', { name: `Detail Pergantian #${rep.id}` });
  await dialog.getByRole('button', { name: 'Cetak' }).scrollIntoViewIfNeeded();
  await shot(page, 'print-replacement-detail-1440');
  const fromRecords = await print(page, dialog);
  expect(fromRecords.suggestedFilename()).toBe(filename);
  const { bytes, text } = await pdfText(fromRecords);
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  fs.writeFileSync(path.join(shotsDir, 'print-replacement-sample.pdf'), bytes);
  expectReplacement(text);

  await page.setViewportSize({ width: 390, height: 844 });
  await dialog.getByRole('button', { name: 'Cetak' }).scrollIntoViewIfNeeded();
  await shot(page, 'print-replacement-detail-390');
  await page.keyboard.press('Escape');

  // the Form Pergantian of the same replacement prints the same document
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`/pergantian/${rep.id}`);
  await expect(page.getByRole('heading', { name: 'Form Pergantian', level: 2 })).toBeVisible(SLOW);
  await expect(page.getByText('Pergantian ini sudah divalidasi', { exact: false })).toBeVisible();
  await shot(page, 'print-replacement-form-1440');
  const fromForm = await print(page, page);
  expect(fromForm.suggestedFilename()).toBe(filename);
  expectReplacement((await pdfText(fromForm)).text);

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('button', { name: 'Cetak' })).toBeVisible();
  await shot(page, 'print-replacement-form-390');
});

/** A tire man's BKB on a unit with a tire at position 1, without a driver; deleted after the test. */
async function reportBkb(request: APIRequestContext, officeToken: string): Promise<number> {
  const active = await request.get('/api/active-unit', {
    headers: { access_token: officeToken },
    params: { status: 'INSTALLED', pageSize: 100 },
  });
  expect(active.ok()).toBe(true);
  type Slot = { position: string; tire_id: number | null; Unit: { id: number } };
  const unit = ((await active.json()).data as Slot[]).find((s) => s.position === '1' && s.tire_id)?.Unit;
  expect(unit, 'a unit with a tire at position 1').toBeTruthy();
  const login = await request.post('/api/tire-man/login', {
    data: { email: ACCOUNTS.tireman, password: PASSWORD },
  });
  expect(login.status()).toBe(200);
  const tiremanToken = (await login.json()).access_token as string;
  const res = await request.post('/api/mismatch', {
    headers: { access_token: tiremanToken },
    data: {
      unit_id: unit!.id,
      category: 'Nomor seri tidak sesuai',
      information: 'E2E Cetak: nomor seri posisi 1 berbeda',
      driver: null,
      positions: [{ position: '1', found_serial: 'E2E-CETAK-BKB' }],
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  await logoutToken(request, tiremanToken);
  return ((await res.json()) as { id: number }).id;
}

test('EDP prints a BKB from its validation dialog and from Rekam BKB', async ({ page, request }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await loginAs(page, ACCOUNTS.edp);
  const headers = { access_token: (await tokenOf(page))! };
  const id = await reportBkb(request, headers.access_token);
  try {
    const bkb = (await (
      await request.get(`/api/mismatch/detail/${id}`, { headers })
    ).json()) as TMismatchDetail;

    // newest first: the BKB just reported is on the first page however long the queue is
    await page.goto('/mismatch?order=newest');
    const row = page.getByRole('row', { name: new RegExp(`^BKB ${id} `) });
    await expect(row).toBeVisible(SLOW);
    await row.click();
    const dialog = page.getByRole('dialog', { name: `Berita Ketidaksesuaian Ban #${id}` });
    await expect(dialog.getByRole('button', { name: 'Cetak' })).toBeVisible(SLOW);
    await page.waitForTimeout(400); // modal animation
    await dialog.getByRole('button', { name: 'Cetak' }).scrollIntoViewIfNeeded();
    await shot(page, 'print-bkb-validation-1440');
    const download = await print(page, dialog);
    const named = download
      .suggestedFilename()
      .match(new RegExp(`^bkb-${bkb.Unit.plate_number.replace(/\s+/g, '')}-(\\d{4}-\\d{2}-\\d{2})\\.pdf$`));
    expect(named, download.suggestedFilename()).toBeTruthy();
    const day = named![1]!;
    const { bytes, text } = await pdfText(download);
    fs.writeFileSync(path.join(shotsDir, 'print-bkb-sample.pdf'), bytes);
    expect(text).toContain('BERITA KETIDAKSESUAIAN BAN (BKB)');
    expect(text).toContain(`No. BKB: ${id}`);
    expect(text).toContain('Status: Menunggu validasi');
    expect(text).toContain(bkb.Unit.plate_number);
    expect(text).toContain(bkb.positions[0]!.originTire!.serialNumber);
    expect(text).toContain('E2E-CETAK-BKB');
    expect(text).toContain('TIDAK PASTI');
    expect(text).toContain('E2E Cetak: nomor seri posisi 1 berbeda');
    expect(text).toContain(bkb.tireman_bkb!.name);
    expect(text).toContain('Belum ditandatangani');

    await page.setViewportSize({ width: 390, height: 844 });
    await dialog.getByRole('button', { name: 'Cetak' }).scrollIntoViewIfNeeded();
    await shot(page, 'print-bkb-validation-390');
    await dialog.getByRole('button', { name: 'BATAL' }).click();

    // Rekam BKB of the day it was done prints the same document
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`/mismatch-record?start=${day}&end=${day}`);
    const recordRow = page.getByRole('row', { name: new RegExp(`^BKB ${id} `) });
    await expect(recordRow).toBeVisible(SLOW);
    await recordRow.click();
    const record = page.getByRole('dialog', { name: `Rekam BKB #${id}` });
    await expect(record.getByRole('button', { name: 'Cetak' })).toBeVisible(SLOW);
    await page.waitForTimeout(400); // modal animation
    await record.getByRole('button', { name: 'Cetak' }).scrollIntoViewIfNeeded();
    await shot(page, 'print-bkb-record-1440');
    const fromRecord = await print(page, record);
    expect(fromRecord.suggestedFilename()).toBe(download.suggestedFilename());
    const again = (await pdfText(fromRecord)).text;
    expect(again).toContain(`No. BKB: ${id}`);
    expect(again).toContain('E2E-CETAK-BKB');
    await page.setViewportSize({ width: 390, height: 844 });
    await record.getByRole('button', { name: 'Cetak' }).scrollIntoViewIfNeeded();
    await shot(page, 'print-bkb-record-390');
  } finally {
    // leave the demo data as it was
    await request.delete(`/api/mismatch/${id}`, { headers });
  }
});
