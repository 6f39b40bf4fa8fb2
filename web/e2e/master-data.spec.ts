import type { Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { ACCOUNTS, expect, loginAs, searchOne, settledBox, test, tokenOf } from './fixtures';

// Master data (issue 6): add, edit and delete a unit; import units from an XLSX made here.

// long flows on a shared machine: room beyond the default 60 s
test.describe.configure({ timeout: 180_000 });

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

async function firstProjectName(page: Page): Promise<string> {
  const token = await tokenOf(page);
  const res = await page.request.get('/api/project?pageSize=1&sort=name', {
    headers: { access_token: token! },
  });
  return (await res.json()).data[0].name as string;
}

async function unitXlsx(rows: (string | number)[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Unit');
  ws.addRow(['plate_number', 'unit_type', 'project', 'tonnage', 'handled_date', 'plan_project']);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

test('add, edit and delete a unit', async ({ page }) => {
  const digits = String(Date.now()).slice(-4);
  const plate = `B ${digits} EZE`;
  await loginAs(page, ACCOUNTS.edp);
  const project = await firstProjectName(page);
  await page
    .getByRole('navigation', { name: 'Menu utama' })
    .getByRole('link', { name: 'Unit', exact: true })
    .click();
  await expect(page.getByRole('heading', { name: 'Unit', level: 2 })).toBeVisible();

  // add: the button waits for every required field
  await page.getByRole('button', { name: 'Tambah Unit' }).click();
  const form = page.getByRole('dialog', { name: 'Tambah Unit' });
  const save = form.getByRole('button', { name: 'Simpan' });
  await expect(save).toBeDisabled();
  await expect(form.getByRole('status')).toHaveText(
    'Lengkapi dahulu: nomor polisi, tipe unit, tonase, project, tanggal handle',
  );
  await form.getByLabel('Nomor Polisi').pressSequentially(`b ${digits} eze`);
  await expect(form.getByLabel('Nomor Polisi')).toHaveValue(plate);
  await form.getByLabel('Tipe Unit').fill('TRONTON');
  await form.getByLabel('Tipe Unit').press('Enter');
  await form.getByLabel('Tonase').fill('20');
  await form.getByRole('combobox', { name: 'Project', exact: true }).fill(project.slice(0, 8));
  await page.getByTitle(project, { exact: true }).click();
  await expect(save).toBeDisabled();
  await expect(form.getByRole('status')).toHaveText('Lengkapi dahulu: tanggal handle');
  await form.getByLabel('Tanggal Handle').fill('05/03/25');
  await form.getByLabel('Tanggal Handle').press('Enter');
  await expect(save).toBeEnabled();
  await save.click();
  await page
    .getByRole('dialog', { name: 'Tambah data Unit ?' })
    .getByRole('button', { name: 'Tambah' })
    .click();
  await expect(page.getByText('Unit berhasil Ditambahkan')).toBeVisible();
  await expect(form).toBeHidden();

  await searchOne(page, plate);
  const row = page.getByRole('row').filter({ hasText: plate });
  await expect(row).toContainText('TRONTON');
  await expect(row).toContainText(project);
  // stored as the form meant it: handled date 5 March 2025, plan_project '-'
  const token = await tokenOf(page);
  const stored = (
    await (
      await page.request.get(`/api/unit?q=${encodeURIComponent(plate)}`, {
        headers: { access_token: token! },
      })
    ).json()
  ).data[0];
  expect(stored).toMatchObject({
    plate_number: plate,
    handled_date: '2025-03-05',
    plan_project: '-',
    tonnage: 20,
  });

  // edit (the pencil; the row itself opens the unit page)
  await row.getByRole('button', { name: `Ubah ${plate}` }).click();
  const edit = page.getByRole('dialog', { name: `Ubah Unit: ${plate}` });
  await expect(edit.getByLabel('Tanggal Handle')).toHaveValue('05/03/25');
  // an edit form left as it was loaded closes at once; a changed value asks first
  const closeAsk = page.getByRole('dialog', { name: 'Tutup form ini?' });
  await edit.getByRole('button', { name: 'Keluar' }).click();
  await expect(edit).toBeHidden();
  await expect(closeAsk).toHaveCount(0);
  await row.getByRole('button', { name: `Ubah ${plate}` }).click();
  await edit.getByLabel('Tonase').fill('9');
  await edit.getByRole('button', { name: 'Keluar' }).click();
  await closeAsk.getByRole('button', { name: 'Lanjut mengisi' }).click();
  // gone, with the focus it gives back to Keluar when it has closed (a key typed before that
  // would press Keluar again)
  await expect(closeAsk).toHaveCount(0);
  await expect(edit.getByLabel('Tonase')).toHaveValue('9');
  await expect(edit.getByLabel('Tanggal Handle')).toHaveValue('05/03/25');
  await edit.getByLabel('Tipe Unit').fill('ENGKEL');
  await edit.getByLabel('Tipe Unit').press('Enter');
  await edit.getByLabel('Tonase').fill('8');
  await edit.getByRole('button', { name: 'Update' }).click();
  await page
    .getByRole('dialog', { name: 'Update data Unit ?' })
    .getByRole('button', { name: 'Update' })
    .click();
  await expect(page.getByText('Unit berhasil di update')).toBeVisible();
  await expect(row).toContainText('ENGKEL');

  // delete: Batal keeps it, Hapus removes it
  await row.getByRole('button', { name: `Ubah ${plate}` }).click();
  await edit.getByRole('button', { name: 'Hapus' }).click();
  const ask = page.getByRole('dialog', { name: 'Hapus data Unit ?' });
  await ask.getByRole('button', { name: 'Batal' }).click();
  await expect(page.getByText('Changes are not saved')).toBeVisible();
  await edit.getByRole('button', { name: 'Hapus' }).click();
  await settledBox(page, ask.getByRole('button', { name: 'Hapus' }));
  await ask.getByRole('button', { name: 'Hapus' }).click();
  await expect(page.getByText('Berhasil menghapus Unit')).toBeVisible();
  await expect(page.getByText('Tidak ada data')).toBeVisible();
});

test('import: the preview flags the bad row and blocks the import; a clean file imports', async ({
  page,
}) => {
  const digits = String(Date.now()).slice(-4);
  const good = `B ${digits} IMP`;
  await loginAs(page, ACCOUNTS.edp);
  const project = await firstProjectName(page);
  await page.goto('/unit');

  await page.getByRole('button', { name: 'Impor' }).click();
  const dialog = page.getByRole('dialog', { name: 'Impor Unit' });
  await expect(dialog.getByRole('button', { name: 'Unduh template' })).toBeVisible();
  const bad = await unitXlsx([
    [good, 'TRONTON', project, 20, '01/02/25', ''],
    [`B ${digits} BAD`, 'SEPEDA', project, 12, '01/02/25', ''],
  ]);
  await dialog
    .locator('input[type=file]')
    .setInputFiles({ name: 'unit-salah.xlsx', mimeType: XLSX, buffer: bad });
  await expect(dialog.getByText('1 dari 2 baris bermasalah')).toBeVisible();
  await expect(dialog.getByRole('list', { name: 'Masalah baris 3' })).toContainText(
    'Tipe unit "SEPEDA" tidak dikenal',
  );
  await expect(dialog.getByRole('button', { name: /^Impor/ })).toBeDisabled();

  // the same rows without the bad one go in
  const clean = await unitXlsx([[good, 'TRONTON', project, 20, '01/02/25', '']]);
  await dialog
    .locator('input[type=file]')
    .setInputFiles({ name: 'unit.xlsx', mimeType: XLSX, buffer: clean });
  await expect(dialog.getByText('Semua 1 baris siap diimpor')).toBeVisible();
  await dialog.getByRole('button', { name: 'Impor 1 unit' }).click();
  await page.getByRole('dialog', { name: 'Impor 1 unit ?' }).getByRole('button', { name: 'Impor' }).click();
  await expect(page.getByText('Import berhasil: 1 unit ditambahkan').first()).toBeVisible();
  await expect(dialog).toBeHidden();

  await searchOne(page, good);
  const row = page.getByRole('row').filter({ hasText: good });
  await expect(row).toContainText('TRONTON');

  // leave nothing behind
  await row.getByRole('button', { name: `Ubah ${good}` }).click();
  await page
    .getByRole('dialog', { name: `Ubah Unit: ${good}` })
    .getByRole('button', { name: 'Hapus' })
    .click();
  // clicked once the confirmation has stopped zooming in: a click mid-animation was lost (CI)
  const confirm = page
    .getByRole('dialog', { name: 'Hapus data Unit ?' })
    .getByRole('button', { name: 'Hapus' });
  await settledBox(page, confirm);
  await confirm.click();
  await expect(page.getByText('Berhasil menghapus Unit')).toBeVisible();
});
