import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ACCOUNTS, expect, logoutToken, test, tokenOf } from '../fixtures';
import {
  apiToken,
  cameraPhoto,
  openApp,
  openCheckForm,
  serviceWorkerControls,
  signInField,
  signPad,
} from './field-helpers';

// Issue 21: a check made with no signal survives closing the app, is sent once the signal is back,
// and the office finds exactly one check with its values, its photos and the time it was done.

const shots = path.resolve(import.meta.dirname, '../../../screenshots/lapangan');

test('a check made offline survives an app restart, is sent once online, and EDP finds it once', async ({
  request,
}) => {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'itms-lapangan-'));
  let { context, page } = await openApp(profile);
  let tiremanToken: string | null = null;
  try {
    await signInField(page);
    await serviceWorkerControls(page);

    // no signal from here on
    await context.setOffline(true);
    const plate = await openCheckForm(page);

    // without its photos 'Kirim' stays disabled and says why
    const reasons = page.getByRole('status', { name: 'Belum bisa dikirim' });
    await expect(page.getByRole('button', { name: 'Kirim' })).toBeDisabled();
    await expect(reasons).toContainText('Foto odometer wajib diisi');
    await expect(reasons).toContainText('Foto plat nomor wajib diisi');

    await page.getByLabel('Foto odometer').setInputFiles({
      name: 'odo.png',
      mimeType: 'image/png',
      buffer: await cameraPhoto(page, 'ODO 123456'),
    });
    await page.getByLabel('Foto plat nomor').setInputFiles({
      name: 'plat.png',
      mimeType: 'image/png',
      buffer: await cameraPhoto(page, plate),
    });
    await expect(page.getByText(/Foto siap/)).toHaveCount(2);
    await expect(reasons).toBeHidden();
    // with them, 'Kirim' says what else is missing at its field instead of sending
    await page.getByRole('button', { name: 'Kirim' }).click();
    await expect(page.getByText('Odometer wajib diisi', { exact: true })).toBeVisible();
    await expect(reasons).toContainText('Periksa isian yang ditandai merah');
    await page.getByLabel('Lokasi').selectOption({ index: 1 });
    await page.getByLabel('Odometer (Km)').fill('123456');
    await expect(page.getByText('Odometer wajib diisi', { exact: true })).toBeHidden();

    // every position with a tire: RTD 1-4 and PSI; a text where a number belongs is refused
    const positions = page.getByRole('group', { name: /^Posisi / });
    const filled: string[] = [];
    for (const group of await positions.all()) {
      if ((await group.getByLabel('Nomor seri').inputValue()) === '') continue;
      filled.push((await group.getAttribute('aria-label'))!);
      for (const [n, v] of ['8', '8.5', '9', '8'].entries()) await group.getByLabel(`RTD ${n + 1}`).fill(v);
      await group.getByLabel('PSI').fill('100');
    }
    expect(filled.length).toBeGreaterThan(0);
    const first = positions.filter({ has: page.getByLabel('Nomor seri') }).first();
    await first.getByLabel('RTD 1').fill('abc');
    await page.getByRole('button', { name: 'Kirim' }).click();
    await expect(first.getByText('RTD 1 harus berupa angka')).toBeVisible();
    await first.getByLabel('RTD 1').fill('8');
    // RTD 1-4 more than 3 mm apart: a warning at the tire, asked again at 'Kirim', flagged for EDP
    await first.getByLabel('RTD 4').fill('4,5');
    const firstPosition = (await first.getAttribute('aria-label'))!.replace('Posisi ', '');
    await expect(first.getByText(/selisih RTD 1-4 lebih dari 3 mm/)).toBeVisible();
    // signatures on site: the PIC (with his name) and the driver draw theirs; the tire man's is stored
    await expect(page.getByText('Tanda tangan tire man: yang tersimpan di akun Anda dipakai')).toBeVisible();
    await page.getByLabel('Nama PIC').fill('Pak Harun');
    for (const name of ['Tanda tangan PIC', 'Tanda tangan driver']) {
      await signPad(page, page.getByRole('group', { name, exact: true }));
    }
    await page.screenshot({ path: path.join(shots, 'check-form-offline.png'), fullPage: true });

    // a double tap asks to look again at the warnings instead of sending; then one entry, dated now
    const doneFrom = Date.now();
    await page.getByRole('button', { name: 'Kirim' }).dblclick();
    const dialog = page.getByRole('alertdialog', { name: 'Periksa lagi' });
    await expect(dialog).toContainText(/Posisi \S+: selisih RTD 1-4 lebih dari 3 mm/);
    await expect(page.locator('.lp-queue-item')).toHaveCount(0);
    await page.screenshot({ path: path.join(shots, 'check-warnings-offline.png') });
    await dialog.getByRole('button', { name: 'Data sudah benar, kirim' }).click();
    await expect(page.getByText(`Pengecekan ${plate} tersimpan di HP`)).toBeVisible();
    const doneTo = Date.now();
    await expect(page.locator('.lp-queue-item')).toHaveCount(1);
    await expect(page.locator('.lp-queue-item')).toContainText('Tersimpan di HP');
    await expect(page.getByText('1 belum terkirim')).toBeVisible();
    await page.screenshot({ path: path.join(shots, 'beranda-queue-offline.png') });

    // Riwayat lists it as still on the phone; Profil refuses to sign out over it
    await page.getByRole('link', { name: 'Riwayat' }).click();
    await expect(page.getByRole('region', { name: 'Belum terkirim' })).toContainText(`Pengecekan ${plate}`);
    await expect(page.getByRole('region', { name: 'Belum terkirim' })).toContainText('Tersimpan di HP');
    await page.screenshot({ path: path.join(shots, 'riwayat-offline.png') });
    await page.getByRole('link', { name: 'Profil' }).click();
    await page.getByRole('button', { name: 'Keluar' }).click();
    await expect(page.getByRole('alert')).toHaveText('Masih ada 1 data belum terkirim');
    await expect(page.getByText('Versi aplikasi')).toBeVisible();
    // the SOP list was never fetched on this phone: it says a signal is needed, not 'Memuat ...' forever
    await expect(page.getByRole('region', { name: 'SOP' })).toContainText('Butuh sinyal untuk mengambil SOP');
    await page.screenshot({ path: path.join(shots, 'profil-offline.png') });

    // the app is closed and opened again, still without a signal: the entry is still there
    await context.close();
    ({ context, page } = await openApp(profile));
    await context.setOffline(true);
    await page.goto('/lapangan/');
    await expect(page.getByText('Offline', { exact: true })).toBeVisible();
    await expect(page.locator('.lp-queue-item')).toContainText('Tersimpan di HP');
    tiremanToken = await tokenOf(page);

    // the signal comes back: sent by itself, once
    const sentFrom = Date.now();
    await context.setOffline(false);
    await expect(page.getByText('0 belum terkirim')).toBeVisible({ timeout: 20_000 });
    await expect(page.locator('.lp-queue-item')).toHaveCount(0);

    // the office: exactly one new check of this unit, with the values, photos and offline time
    const edp = await apiToken(request, ACCOUNTS.edp);
    try {
      const get = async <T>(url: string) => {
        const res = await request.get(url, { headers: { access_token: edp } });
        expect(res.ok(), `${url}: ${res.status()}`).toBe(true);
        return (await res.json()) as T;
      };
      const queue = await get<{ data: { id: number; plate_number: string; performed_at: string }[] }>(
        '/api/tire-check/noEdpSign?pageSize=100&order=newest',
      );
      const mine = queue.data.filter(
        (c) => c.plate_number === plate && Date.parse(c.performed_at) >= doneFrom - 1000,
      );
      expect(mine).toHaveLength(1);
      const performed = Date.parse(mine[0]!.performed_at);
      expect(performed).toBeGreaterThanOrEqual(doneFrom - 1000);
      expect(performed).toBeLessThanOrEqual(doneTo);
      expect(performed).toBeLessThan(sentFrom);

      const detail = await get<{
        odometer: number;
        plate_number_url: string;
        odometer_url: string;
        pic_name: string;
        pic_sign: string;
        driver_sign: string;
        itms_sign: string;
        tireman_sign: string;
        field_warnings: { kind: string; position?: string }[];
      }>(`/api/tire-check/detail/${mine[0]!.id}`);
      // the uneven tire reached EDP as a warning, found by the server itself
      expect(detail.field_warnings).toContainEqual(
        expect.objectContaining({ kind: 'rtd-spread', position: firstPosition }),
      );
      expect(detail.odometer).toBe(123456);
      expect(detail.pic_name).toBe('Pak Harun');
      // the ITMS leader did not sign on site; the tire man's stored signature signed for him
      expect(detail.itms_sign).toBe('-');
      expect(detail.tireman_sign).not.toBe('-');
      const records = await get<{ groove_1: number; groove_2: number; pressure: number }[]>(
        `/api/tire-check-record/${mine[0]!.id}`,
      );
      expect(records).toHaveLength(filled.length);
      for (const r of records) expect([r.groove_1, r.groove_2, r.pressure]).toEqual([8, 8.5, 100]);

      const signed = await request.post('/api/files/sign', {
        headers: { access_token: edp },
        data: { paths: [detail.plate_number_url, detail.odometer_url, detail.pic_sign, detail.driver_sign] },
      });
      expect(signed.ok()).toBe(true);
      const { urls } = (await signed.json()) as { urls: Record<string, string> };
      for (const p of [detail.plate_number_url, detail.odometer_url]) {
        const img = await request.get(urls[p]!);
        expect(img.status()).toBe(200);
        expect(img.headers()['content-type']).toBe('image/jpeg');
        // compressed on the phone: well under the 500 KB bound
        expect((await img.body()).length).toBeLessThan(500 * 1024);
      }
      // the signatures drawn on the phone went up with the photos
      for (const p of [detail.pic_sign, detail.driver_sign]) {
        const img = await request.get(urls[p]!);
        expect(img.status()).toBe(200);
        expect(img.headers()['content-type']).toBe('image/png');
      }
    } finally {
      await logoutToken(request, edp);
    }
  } finally {
    await logoutToken(request, tiremanToken ?? (await tokenOf(page)));
    await context.close();
    fs.rmSync(profile, { recursive: true, force: true });
  }
});
