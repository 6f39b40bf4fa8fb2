import { QC_POSITIONS } from '@itms/contracts/enums';
import { hasQcPosition } from '@itms/contracts/rules/vehicle-diagram';
import type { Page } from '@playwright/test';
import { ACCOUNTS, expect as baseExpect, loginAs, logoutToken, test, tokenOf } from './fixtures';

// these flows load several lazy screens on a shared machine: allow for it
const expect = baseExpect.configure({ timeout: 20_000 });
test.slow();

// Issue 7, "Done when": RTD 0-3 shows only such tires; a new-tire request is added and approved
// (Submit), then found in /tire and /warehouse; its stock card says 'Diterima'; a QC detail matrix
// shows ticks and crosses. As edp@itms.local on the demo data.

test.afterEach(async ({ page, request }) => {
  await logoutToken(request, await tokenOf(page));
});

/** The body rows of the (only) table on the screen. */
const bodyRows = (page: Page) =>
  page
    .getByRole('table')
    .getByRole('row')
    .filter({ has: page.getByRole('cell') });

/** Index of a column by its header text. */
async function columnIndex(page: Page, header: string) {
  const headers = await page.getByRole('table').getByRole('columnheader').allInnerTexts();
  const i = headers.findIndex((h) => h.trim() === header);
  expect(i, `column ${header} in ${headers.join('|')}`).toBeGreaterThanOrEqual(0);
  return i;
}

test('List Data Ban: the RTD 0-3 chip shows only tires whose lowest groove is below 4 mm', async ({
  page,
}) => {
  await loginAs(page, ACCOUNTS.edp);
  await page.goto('/tire');
  await expect(page.getByRole('heading', { name: 'List Data Ban', level: 2 })).toBeVisible();
  const status = page.getByRole('status').filter({ hasText: ' ban' });
  await expect(status).toHaveText(/^\d[\d.]* ban$/);
  const all = Number((await status.innerText()).replace(/\D/g, ''));

  await page.getByRole('checkbox', { name: 'RTD 0-3' }).click();
  await expect(page).toHaveURL(/[?&]rtd=0-3/);
  await expect(status).toContainText('RTD 0-3');
  // the previous count stays on screen until the filtered one arrives
  const countShown = async () => Number((await status.innerText()).split(' ')[0]!.replace(/\D/g, ''));
  await expect.poll(countShown).toBeLessThan(all);
  const filtered = await countShown();
  expect(filtered).toBeGreaterThan(0);
  // the summary panel counts the same filtered set
  await expect(page.getByTestId('summary-Total Ban')).toHaveText(filtered.toLocaleString('id-ID'));
  await expect(page.getByTestId('summary-RTD 0-3 mm')).toHaveText(filtered.toLocaleString('id-ID'));

  // 20 per page, and every row's RTD Min is in 0-3 (below 4)
  await page.goto('/tire?rtd=0-3&pageSize=20');
  await expect(status).toContainText('RTD 0-3');
  const rtdCol = await columnIndex(page, 'RTD Min');
  const rows = bodyRows(page);
  await expect(rows).toHaveCount(Math.min(20, filtered));
  for (const row of await rows.all()) {
    const text = await row.getByRole('cell').nth(rtdCol).innerText();
    const value = Number(text.replace(',', '.'));
    expect(value, `RTD Min ${text}`).toBeGreaterThanOrEqual(0);
    expect(value, `RTD Min ${text}`).toBeLessThan(4);
  }

  // a second click clears the chip
  await page.getByRole('checkbox', { name: 'RTD 0-3' }).click();
  await expect(page).not.toHaveURL(/rtd=/);
  await expect(status).toHaveText(`${all.toLocaleString('id-ID')} ban`);
});

test('PERMINTAAN BAN BARU: add a request, Submit it into the tire database, find it in /tire, /warehouse and its stock card', async ({
  page,
}) => {
  test.setTimeout(300_000);
  const serial = `E2E${Date.now().toString(36).toUpperCase()}`;
  await loginAs(page, ACCOUNTS.edp);
  await page.goto('/tire-request');
  await expect(page.getByRole('heading', { name: 'PERMINTAAN BAN BARU', level: 2 })).toBeVisible();

  // Keluar on a form nobody typed in closes it at once, without 'Tutup form ini?'
  const closeAsk = page.getByRole('dialog', { name: 'Tutup form ini?' });
  await page.getByRole('button', { name: 'Tambah Ban' }).click();
  let form = page.getByRole('dialog', { name: 'Form Tambah Ban Baru' });
  await expect(form).toBeVisible();
  await form.getByRole('button', { name: 'Keluar' }).click();
  await expect(form).toBeHidden();
  await expect(closeAsk).toHaveCount(0);

  // cancelling the add confirmation adds nothing
  await page.getByRole('button', { name: 'Tambah Ban' }).click();
  await expect(form).toBeVisible();
  await form.getByLabel('Nomor Seri (S/N)').fill(serial);
  await form.getByRole('button', { name: 'Tambah' }).click();
  let confirm = page.getByRole('dialog', { name: 'Tambah ban baru ?' });
  await confirm.getByRole('button', { name: 'Batal' }).click();
  await expect(page.getByText('Ban tidak ditambahkan')).toBeVisible();

  // the real add: brands and size are upper-cased as typed, numbers are numbers
  await form.getByLabel('IR Brand').fill('bridgestone');
  await expect(form.getByLabel('IR Brand')).toHaveValue('BRIDGESTONE');
  await form.getByLabel('Merk (Ori Brand)').fill('Bridgestone');
  await form.getByLabel('Pattern').fill('R150');
  await form.getByLabel('Size').fill('11.00-20');
  await form.getByLabel('RTD 1').fill('16');
  await form.getByLabel('RTD 2').fill('15.5');
  await form.getByLabel('RTD 3').fill('16');
  await form.getByLabel('RTD 4').fill('16');
  await form.getByLabel('PSI').fill('110');
  await form.getByLabel('RTD 1').focus(); // blur PSI so its value is committed
  await expect(form.getByLabel('RTD Terendah')).toHaveValue('15,5');
  await form.getByLabel('Informasi').fill('Ban baru dari e2e');
  await form.getByRole('button', { name: 'Tambah' }).click();
  confirm = page.getByRole('dialog', { name: 'Tambah ban baru ?' });
  await confirm.getByRole('button', { name: 'Tambah' }).click();
  await expect(page.getByText('Permintaan ban berhasil ditambahkan')).toBeVisible();
  await expect(form).toBeHidden();

  // open it from the list (pending first, newest first) and Submit
  await page.getByRole('searchbox', { name: 'Cari' }).fill(serial);
  await expect(page.getByRole('searchbox', { name: 'Cari' })).toHaveValue(serial);
  await page.getByRole('button', { name: 'Cari', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'permintaan' })).toHaveText('1 permintaan');
  const row = bodyRows(page).filter({ hasText: serial });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('pending');
  await row.click();
  form = page.getByRole('dialog', { name: 'Form Edit Ban Baru' });
  await expect(form.getByLabel('Nomor Seri (S/N)')).toHaveValue(serial);
  // added at the office: no serial photo from the field (a phone's request shows its photo here)
  await expect(form.getByRole('img', { name: `Foto nomor seri ${serial}: tidak ada foto` })).toBeVisible();
  // the values as loaded are nothing to lose: Keluar closes at once
  await form.getByRole('button', { name: 'Keluar' }).click();
  await expect(form).toBeHidden();
  await expect(closeAsk).toHaveCount(0);
  await row.click();
  await expect(form.getByLabel('Nomor Seri (S/N)')).toHaveValue(serial);
  await expect(form.getByRole('button', { name: 'Hapus' })).toBeVisible();
  await expect(form.getByRole('button', { name: 'Update' })).toBeVisible();
  await form.getByRole('button', { name: 'Submit' }).click();
  confirm = page.getByRole('dialog', { name: 'Submit ban ke database ?' });
  await confirm.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Ban berhasil ditambahkan ke database')).toBeVisible();
  await expect(row).toContainText('approved');

  // the same serial again is refused with the server's message
  await page.getByRole('button', { name: 'Tambah Ban' }).click();
  form = page.getByRole('dialog', { name: 'Form Tambah Ban Baru' });
  await form.getByLabel('Nomor Seri (S/N)').fill(serial);
  await form.getByRole('button', { name: 'Tambah' }).click();
  await page
    .getByRole('dialog', { name: 'Tambah ban baru ?' })
    .getByRole('button', { name: 'Tambah' })
    .click();
  const oops = page.getByRole('dialog', { name: 'Oops...' });
  await expect(oops).toContainText('Nomor seri ban sudah terdaftar');
  await oops.getByRole('button', { name: 'OK' }).click();
  // the error dialog's closing layer would take the next click
  await expect(oops).toBeHidden();
  // leaving a filled form asks first
  await form.getByRole('button', { name: 'Keluar' }).click();
  await page
    .getByRole('dialog', { name: 'Tutup form ini?' })
    .getByRole('button', { name: 'Tutup tanpa menyimpan' })
    .click();
  await expect(page.getByText('Ban tidak ditambahkan')).toBeVisible();

  // List Ban: detail search by serial number
  await page.getByRole('link', { name: 'List Ban' }).click();
  await expect(page).toHaveURL(/\/tire$/);
  await page.getByRole('button', { name: /Pencarian Detail/ }).click();
  await expect(page.getByRole('combobox', { name: 'Cari berdasarkan' })).toBeVisible();
  // the panel's button carries a search icon: its name is 'search Cari'
  const searchButton = page.getByRole('button', { name: /Cari$/ });
  await searchButton.click();
  await expect(page.getByText('pencarian tidak boleh kosong')).toBeVisible();
  await page.getByLabel('Kata pencarian').fill(serial);
  await searchButton.click();
  await expect(page).toHaveURL(new RegExp(`searchBy=serial_number&q=${serial}`));
  await expect(page.getByRole('status').filter({ hasText: ' ban' })).toContainText(
    `1 ban · Nomor Seri (S/N): "${serial}"`,
  );
  const tireRow = bodyRows(page).filter({ hasText: serial });
  await expect(tireRow).toHaveCount(1);
  await expect(tireRow).toContainText('UNINSTALLED');
  await expect(tireRow).toContainText('BRIDGESTONE');
  await expect(tireRow).toContainText('15,5');

  // Form Edit Ban opens read-only; 'Ubah' turns the form on
  await tireRow.click();
  const edit = page.getByRole('dialog', { name: `Form Edit Ban · ${serial}` });
  await expect(edit.getByLabel('Size')).toHaveValue('11.00-20');
  await expect(edit.getByLabel('Size')).toBeDisabled();
  await expect(edit.getByLabel('Informasi')).toBeDisabled();
  await expect(edit.getByRole('button', { name: 'Update' })).toHaveCount(0);
  await edit.getByRole('button', { name: 'Ubah', exact: true }).click();
  await expect(edit.getByLabel('Size')).toBeEnabled();
  // turned on but not changed: Keluar closes at once
  await edit.getByRole('button', { name: 'Keluar' }).click();
  await expect(edit).toBeHidden();
  await expect(closeAsk).toHaveCount(0);
  await tireRow.click();
  await edit.getByRole('button', { name: 'Ubah', exact: true }).click();
  await expect(edit.getByLabel('Size')).toBeEnabled();
  await expect(edit.getByLabel('RTD Terendah')).toHaveValue('15,5');
  await edit.getByLabel('Informasi').fill('Diperiksa ulang e2e');
  // a changed form asks before Esc closes it; 'Lanjut mengisi' keeps what was typed
  await page.keyboard.press('Escape');
  const ask = page.getByRole('dialog', { name: 'Tutup form ini?' });
  await expect(ask).toBeVisible();
  await ask.getByRole('button', { name: 'Lanjut mengisi' }).click();
  await expect(ask).toBeHidden();
  await expect(edit.getByLabel('Informasi')).toHaveValue('Diperiksa ulang e2e');
  // every field, update with the spec's confirmation and message
  await edit.getByRole('button', { name: 'Update' }).click();
  await page
    .getByRole('dialog', { name: 'Update informasi ban ?' })
    .getByRole('button', { name: 'Update' })
    .click();
  await expect(page.getByText('Data Ban Berhasil di Edit')).toBeVisible();
  await expect(edit).toBeHidden();

  // the warehouse lists it in stock, with its last movement
  await page.goto('/warehouse');
  await expect(page.getByRole('heading', { name: 'Warehouse', level: 2 })).toBeVisible();
  const stockStatus = page.getByRole('status').filter({ hasText: / ban$/ });
  await expect(stockStatus).toHaveText(/^\d+ ban$/);
  await page.getByRole('searchbox', { name: 'Cari' }).fill(serial);
  await expect(page.getByRole('searchbox', { name: 'Cari' })).toHaveValue(serial);
  await page.getByRole('button', { name: 'Cari', exact: true }).click();
  await expect(stockStatus).toHaveText('1 ban');
  const stockRow = page.getByRole('row').filter({ hasText: serial });
  await expect(stockRow).toHaveCount(1);
  await expect(stockRow).toContainText('UNINSTALLED');

  // its stock card: received into stock (running stock 1)
  await stockRow.getByRole('link', { name: `Kartu stok ${serial}` }).click();
  await expect(page).toHaveURL(/\/kartu-stok\?tire=\d+$/);
  await expect(page.getByText(`Kartu stok ban ${serial}`)).toBeVisible();
  const cardRow = bodyRows(page).filter({ hasText: 'Diterima' });
  await expect(cardRow.first()).toBeVisible();
  const stockCol = await columnIndex(page, 'Stok');
  await expect(cardRow.first().getByRole('cell').nth(stockCol)).toHaveText('1');
});

test('Quality Control Record: a row opens the 14 x 14 matrix; positions the unit has not are empty, with a legend', async ({
  page,
}) => {
  await loginAs(page, ACCOUNTS.edp);
  await page.goto('/quality-control');
  await expect(page.getByRole('heading', { name: 'Quality Control Record', level: 2 })).toBeVisible();
  const detail = page.getByRole('dialog', { name: 'Detail Information' });
  // the first check of a unit with fewer than 14 positions (an engkel or a tronton)
  let unitType = '';
  for (let i = 0; i < 10; i++) {
    const row = bodyRows(page).nth(i);
    await expect(row).toBeVisible();
    const reply = page.waitForResponse((r) => /\/api\/qccheck\/\d+$/.test(new URL(r.url()).pathname));
    await row.click();
    unitType = ((await (await reply).json()) as { unit_type: string }).unit_type;
    await expect(detail).toBeVisible();
    if (QC_POSITIONS.some((p) => !hasQcPosition(unitType, p))) break;
    await detail.getByRole('button', { name: 'Keluar' }).click();
    await expect(detail).toBeHidden();
  }
  const absent = QC_POSITIONS.filter((p) => !hasQcPosition(unitType, p)).length;
  expect(absent, unitType).toBeGreaterThan(0);
  const matrix = detail.getByRole('region', { name: 'Matriks pemeriksaan' });
  await expect(matrix.getByRole('columnheader', { name: 'Pos 1', exact: true })).toBeVisible();
  await expect(matrix.getByRole('columnheader', { name: 'Pos ST2' })).toBeAttached();
  await expect(matrix.getByRole('rowheader', { name: /Air pressure standard/ })).toBeVisible();
  await expect(matrix.getByRole('rowheader', { name: /Bead cut wound/ })).toBeVisible();
  const yes = await matrix.getByRole('img', { name: 'ya', exact: true }).count();
  const no = await matrix.getByRole('img', { name: 'tidak', exact: true }).count();
  expect(yes + no).toBe(14 * (14 - absent));
  expect(await matrix.getByLabel('kosong', { exact: true }).count()).toBe(14 * absent);
  await expect(matrix.getByTitle(`Pos 12: tidak ada pada unit ${unitType}`)).toHaveCount(14);
  expect(yes).toBeGreaterThan(0);
  expect(no).toBeGreaterThan(0);
  const legend = detail.getByRole('list', { name: 'Keterangan' });
  await expect(legend.getByRole('listitem')).toHaveText([
    `Ya (sesuai): ${yes}`,
    `Tidak (temuan): ${no}`,
    `Kosong: posisi tidak ada pada unit ${unitType} (${absent} posisi)`,
  ]);
  await detail.getByRole('button', { name: 'Keluar' }).click();
  await expect(detail).toBeHidden();
});

test('Warehouse: the location/size/brand groups page on the server and sort by total', async ({ page }) => {
  await loginAs(page, ACCOUNTS.edp);
  await page.goto('/warehouse');
  const card = page.locator('.ant-card').filter({ hasText: 'Stok per Lokasi, Size dan Brand' });
  const groupRows = card.getByRole('row').filter({ has: page.getByRole('cell') });
  await expect(groupRows.first()).toBeVisible();
  const count = Number(
    (
      await page
        .locator('.ant-statistic')
        .filter({ hasText: 'Kelompok stok' })
        .locator('.ant-statistic-content')
        .innerText()
    ).replace(/\D/g, ''),
  );
  // the demo stock has more groups than one page of 8
  expect(count).toBeGreaterThan(8);
  await expect(groupRows).toHaveCount(8);
  const firstPage = await groupRows.allInnerTexts();
  await card.getByRole('listitem', { name: '2' }).click();
  await expect.poll(() => groupRows.allInnerTexts()).not.toEqual(firstPage);

  // Total, largest first (a second click on the header), from the first page
  const totalHeader = card.getByRole('columnheader', { name: 'Total' });
  await totalHeader.click();
  await totalHeader.click();
  await expect(totalHeader).toHaveAttribute('aria-sort', 'descending');
  const totalCol = (await card.getByRole('columnheader').allInnerTexts()).findIndex(
    (h) => h.trim() === 'Total',
  );
  const totals = async () =>
    (
      await groupRows.evaluateAll((rows, i) => rows.map((r) => r.children[i]?.textContent ?? ''), totalCol)
    ).map((t) => Number(t.replace(/\D/g, '')));
  await expect
    .poll(async () => {
      const t = await totals();
      return t.length === 8 && t.every((v, i) => i === 0 || t[i - 1]! >= v);
    })
    .toBe(true);
  await expect(card.getByRole('listitem', { name: '1' })).toHaveClass(/ant-pagination-item-active/);
  await page.screenshot({ path: 'screenshots/desktop-warehouse.png', fullPage: true });
  // on a phone the groups fold into two columns and keep their pager
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(groupRows).toHaveCount(8);
  await expect(card.getByRole('listitem', { name: '2' })).toBeVisible();
  await card.scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'screenshots/phone-warehouse-groups.png' });
});
