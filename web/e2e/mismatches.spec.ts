import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { ACCOUNTS, drawSignature, expect, loginAs, logoutToken, PASSWORD, test, tokenOf } from './fixtures';

// BKB (issue 5): a tire man's report reaches the open back office, the EDP validates it with one
// Update and one Kosong, finds it approved in Rekam BKB, returns it and deletes it.

const shots = path.resolve(import.meta.dirname, '../../screenshots');

/** Sessions opened through the API (the tire man): ended after each test, like the pages' ones. */
const apiTokens: string[] = [];
test.afterEach(async ({ request }) => {
  for (const token of apiTokens.splice(0)) await logoutToken(request, token);
});

async function apiLogin(request: APIRequestContext, email: string): Promise<string> {
  const res = await request.post('/api/tire-man/login', { data: { email, password: PASSWORD } });
  expect(res.status(), await res.text()).toBe(200);
  const token = (await res.json()).access_token as string;
  apiTokens.push(token);
  return token;
}

interface Created {
  id: number;
  unitId: number;
  plate: string;
  stock: { id: number; serial_number: string };
}

/**
 * The field side: the tire man reports a BKB on a unit that has tires at positions 1 and 2. At 1 he
 * read the serial of a tire that is in stock (the validator will mount it), at 2 a serial nobody knows.
 */
async function reportBkb(request: APIRequestContext, officeToken: string): Promise<Created> {
  const office = { access_token: officeToken };
  const active = await request.get('/api/active-unit', {
    headers: office,
    params: { status: 'INSTALLED', pageSize: 100 },
  });
  expect(active.ok()).toBe(true);
  type Slot = { position: string; tire_id: number | null; Unit: { id: number; plate_number: string } };
  const slots = (await active.json()).data as Slot[];
  const unit = slots.find(
    (s) =>
      s.position === '1' &&
      slots.some((o) => o.Unit.id === s.Unit.id && o.position === '2' && o.tire_id != null),
  )?.Unit;
  expect(unit, 'a unit with tires at positions 1 and 2').toBeTruthy();

  const stockRes = await request.get('/api/tire', {
    headers: office,
    params: { status: 'UNINSTALLED', pageSize: 100 },
  });
  type Tire = { id: number; serial_number: string; Unit: unknown };
  const stock = ((await stockRes.json()).data as Tire[]).find((t) => t.Unit == null);
  expect(stock, 'a tire in stock').toBeTruthy();

  const tiremanToken = await apiLogin(request, ACCOUNTS.tireman);
  const res = await request.post('/api/mismatch', {
    headers: { access_token: tiremanToken },
    data: {
      unit_id: unit!.id,
      category: 'Serial tidak sesuai',
      information: 'E2E: posisi 1 terpasang ban stok, posisi 2 tidak terbaca',
      driver: { name: 'Driver E2E', phone: '081200000001' },
      positions: [
        { position: '1', found_serial: stock!.serial_number },
        { position: '2', found_serial: 'E2E-TIDAK-TERBACA' },
      ],
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const { id } = (await res.json()) as { id: number };
  return { id, unitId: unit!.id, plate: unit!.plate_number, stock: stock! };
}

/** Resolves when the page's socket.io handshake is done (the server's CONNECT packet arrived). */
function socketConnected(page: Page) {
  return page
    .waitForEvent('websocket', (ws) => ws.url().includes('/socket.io/'))
    .then((ws) => ws.waitForEvent('framereceived', (f) => String(f.payload).startsWith('40')));
}

/** Draws a signature with the mouse: two strokes across the pad. */
// two cores shared with other helpers' builds and tests: give the slow moments room
test.describe.configure({ timeout: 180_000 });
const SLOW = { timeout: 30_000 };

/** A BKB's row; on a phone (below 768px) its card. */
const row = (page: Page, id: number, role: 'row' | 'listitem' = 'row') =>
  page.getByRole(role, { name: new RegExp(`^BKB ${id} `) });

test('a field BKB opens /mismatch by itself; validated with Update and Kosong, found, returned and deleted in Rekam BKB', async ({
  page,
  request,
}) => {
  const connected = socketConnected(page);
  await loginAs(page, ACCOUNTS.edp);
  await connected;
  const edpToken = (await tokenOf(page))!;

  // (1) the report arrives while the EDP looks at the dashboard
  const bkb = await test.step('the tire man reports; the dashboard goes to /mismatch', async () => {
    await expect(page).toHaveURL(/\/$/);
    const created = await reportBkb(request, edpToken);
    await expect(page).toHaveURL(/\/mismatch$/, SLOW);
    await expect(page.getByRole('heading', { name: /Berita Ketidaksesuaian Ban/, level: 2 })).toBeVisible();
    await expect(row(page, created.id)).toBeVisible(SLOW);
    return created;
  });

  // (2) validation: position 1 keeps the proposed stock tire (Update), position 2 is emptied (Kosong)
  await test.step('validate with one Update and one Kosong and a drawn signature', async () => {
    await row(page, bkb.id).click();
    const dialog = page.getByRole('dialog', { name: `Berita Ketidaksesuaian Ban #${bkb.id}` });
    await expect(dialog.getByText('E2E: posisi 1 terpasang ban stok, posisi 2 tidak terbaca')).toBeVisible();
    await expect(dialog.getByText('Driver E2E')).toBeVisible();
    await expect(dialog.getByRole('combobox', { name: 'Sesudah posisi 1' })).toHaveValue(
      bkb.stock.serial_number,
    );
    const aksi1 = dialog.getByRole('radiogroup', { name: 'Aksi posisi 1' });
    await expect(aksi1.getByRole('radio', { name: 'Update' })).toBeChecked();
    await expect(dialog.getByText(`Dipasang: ${bkb.stock.serial_number}`)).toBeVisible();

    const aksi2 = dialog.getByRole('radiogroup', { name: 'Aksi posisi 2' });
    await aksi2.getByText('Kosong').click();
    await expect(aksi2.getByRole('radio', { name: 'Kosong' })).toBeChecked();
    await expect(dialog.getByRole('combobox', { name: 'Sesudah posisi 2' })).toBeDisabled();

    // no stored signature for edp@itms.local: SUBMIT waits for one
    const submit = dialog.getByRole('button', { name: 'SUBMIT' });
    await expect(submit).toBeDisabled();
    await expect(dialog.getByText('harap tanda tangan terlebih dahulu')).toBeVisible();
    await dialog.getByRole('button', { name: 'SETUJUI' }).click();
    const padDialog = page.getByRole('dialog', { name: 'Tanda Tangan' });
    await drawSignature(page, padDialog);
    await padDialog.getByRole('button', { name: 'Submit' }).click();
    await expect(padDialog).toBeHidden();
    await expect(dialog.getByText('Sudah ditandatangani')).toBeVisible();

    await expect(submit).toBeEnabled();
    // the drawn signature was the confirmation: SUBMIT sends, nothing more is asked (issue 36, item 6)
    await submit.click();
    await expect(page.getByText('Berhasil Validasi Data BKB...')).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Yakin mengirim data ?' })).toHaveCount(0);
    await expect(dialog).toBeHidden();
    await expect(row(page, bkb.id)).toHaveCount(0);

    // what a user would see on Ban Terpasang Aktif: the stock tire on 1, nothing on 2
    const res = await request.get(`/api/active-unit-tire/${bkb.unitId}`, {
      headers: { access_token: edpToken },
    });
    const unit = (await res.json()) as {
      Tire: { position: string; tire_id: number | null; status: string }[];
    };
    expect(unit.Tire.find((t) => t.position === '1')).toMatchObject({
      tire_id: bkb.stock.id,
      status: 'INSTALLED',
    });
    expect(unit.Tire.find((t) => t.position === '2' && t.status === 'INSTALLED')).toBeUndefined();
  });

  // (3) Rekam BKB, Bulan ini
  await test.step('find it approved in Rekam BKB with Bulan ini', async () => {
    await page
      .getByRole('navigation', { name: 'Menu utama' })
      .getByRole('link', { name: 'Rekam BKB' })
      .click();
    await expect(page).toHaveURL(/\/mismatch-record/);
    await page.getByRole('button', { name: 'Bulan ini' }).click();
    await expect(page).toHaveURL(/start=\d{4}-\d{2}-01&end=/);
    await expect(row(page, bkb.id)).toContainText('Approved', SLOW);
    await expect(row(page, bkb.id)).toContainText(bkb.plate);

    await row(page, bkb.id).click();
    const dialog = page.getByRole('dialog', { name: `Rekam BKB #${bkb.id}` });
    // the validator: edp@itms.local is Dewi Lestari in the demo seed
    await expect(dialog.getByText('Dewi Lestari', { exact: true })).toBeVisible();
    await expect(dialog.getByRole('textbox', { name: 'Keterangan' })).toHaveValue(/E2E: posisi 1/);
    // Posisi, Sebelum, Sesudah, Aksi as validated
    await expect(dialog.getByRole('row', { name: /^1 / })).toContainText(bkb.stock.serial_number);
    await expect(dialog.getByRole('row', { name: /^1 / })).toContainText('Update');
    await expect(dialog.getByRole('row', { name: /^2 / })).toContainText(/Kosong\s*Kosong$/);
  });

  // Kembalikan: back to the validation list, pending again
  await test.step('Kembalikan returns it to the validation list', async () => {
    const dialog = page.getByRole('dialog', { name: `Rekam BKB #${bkb.id}` });
    await dialog.getByRole('button', { name: 'Kembalikan' }).click();
    await page
      .getByRole('dialog', { name: 'Yakin? BKB ini akan kembali ke daftar validasi!' })
      .getByRole('button', { name: 'Kembalikan' })
      .click();
    await expect(page.getByText('BKB dikembalikan ke daftar validasi')).toBeVisible();
    await expect(row(page, bkb.id)).toContainText('Pending');
  });

  // (4) Hapus: Batal first (nothing changes), then Hapus
  await test.step('delete it in Rekam BKB', async () => {
    const url = page.url();
    await row(page, bkb.id).click();
    const dialog = page.getByRole('dialog', { name: `Rekam BKB #${bkb.id}` });
    await expect(dialog.getByRole('button', { name: 'Kembalikan' })).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Hapus' }).click();
    const confirm = page.getByRole('dialog', { name: 'Hapus Riwayat BKB ?' });
    await confirm.getByRole('button', { name: 'Batal' }).click();
    await expect(page.getByText('Changes are not saved')).toBeVisible();
    await expect(dialog).toBeVisible();

    await dialog.getByRole('button', { name: 'Hapus' }).click();
    await page
      .getByRole('dialog', { name: 'Hapus Riwayat BKB ?' })
      .getByRole('button', { name: 'Hapus' })
      .click();
    await expect(page.getByText('Sukses, BKB berhasil dihapus')).toBeVisible();
    await expect(row(page, bkb.id)).toHaveCount(0);
    // the same range, reloaded
    expect(page.url()).toBe(url);
  });
});

test('Rekam BKB keeps its range in the URL across a reload', async ({ page }) => {
  await loginAs(page, ACCOUNTS.edp);
  await page.goto('/mismatch-record?start=2026-01-05&end=2026-01-07');
  const header = page.getByRole('status').filter({ hasText: /^Menampilkan / });
  await expect(header).toHaveText(
    /^Menampilkan \d+ BKB dari Senin, 05 Januari 2026 s\.d\. Rabu, 07 Januari 2026$/,
    SLOW,
  );
  await page.reload();
  await expect(header).toHaveText(/ dari Senin, 05 Januari 2026 s\.d\. Rabu, 07 Januari 2026$/, SLOW);
  await expect(page.getByRole('textbox', { name: 'Tanggal Awal' })).toHaveValue('05 Januari 2026');
});

for (const device of [
  { name: 'desktop', use: { viewport: { width: 1440, height: 900 } } },
  {
    name: 'phone',
    use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 },
  },
]) {
  test.describe(`BKB screenshots ${device.name}`, () => {
    test.use(device.use);

    test('BKB list, validation modal, Rekam BKB, record modal', async ({ page, request }) => {
      const shot = (name: string) =>
        page.screenshot({ path: path.join(shots, `${device.name}-${name}.png`) });
      const role = device.name === 'phone' ? 'listitem' : 'row';
      await loginAs(page, ACCOUNTS.edp);
      const bkb = await reportBkb(request, (await tokenOf(page))!);

      await page.goto('/mismatch?order=newest');
      await expect(row(page, bkb.id, role)).toBeVisible(SLOW);
      await shot('bkb-list');
      await row(page, bkb.id, role).click();
      const dialog = page.getByRole('dialog', { name: `Berita Ketidaksesuaian Ban #${bkb.id}` });
      await expect(dialog.getByRole('combobox', { name: 'Sesudah posisi 1' })).toBeVisible();
      await page.waitForTimeout(400); // modal animation
      await shot('bkb-modal');
      await dialog.getByRole('button', { name: 'SUBMIT' }).scrollIntoViewIfNeeded();
      await shot('bkb-modal-positions');
      await dialog.getByRole('button', { name: 'BATAL' }).click();

      await page.goto('/mismatch-record');
      await expect(row(page, bkb.id, role)).toBeVisible(SLOW);
      await shot('bkb-record');
      await row(page, bkb.id, role).click();
      const record = page.getByRole('dialog', { name: `Rekam BKB #${bkb.id}` });
      await expect(record.getByRole('button', { name: 'Keluar' })).toBeVisible();
      await page.waitForTimeout(400);
      await shot('bkb-record-modal');
      // leave the demo data as it was
      await record.getByRole('button', { name: 'Hapus' }).click();
      await page
        .getByRole('dialog', { name: 'Hapus Riwayat BKB ?' })
        .getByRole('button', { name: 'Hapus' })
        .click();
      await expect(page.getByText('Sukses, BKB berhasil dihapus')).toBeVisible();
    });
  });
}
