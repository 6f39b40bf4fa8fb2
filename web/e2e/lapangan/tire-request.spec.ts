import path from 'node:path';
import { ACCOUNTS, expect, logoutToken, test } from '../fixtures';
import { apiToken, cameraPhoto, serviceWorkerControls, signInField } from './field-helpers';

// Issue 21, flow 8: a new tire asked for with no signal (serial, its photo, brands, size, RTD, PSI)
// is kept on the phone and reaches the office once; asked for again once the office has put that
// serial in the tire database, the server refuses it and the phone says why.

const shots = path.resolve(import.meta.dirname, '../../../screenshots/lapangan');

interface OfficeRequest {
  id: number;
  serial_number: string;
  serial_number_img: string;
  ir_brand: string;
  ori_brand: string;
  pattern: string;
  size: string;
  is_original: string;
  groove_1: number | null;
  groove_2: number | null;
  groove_3: number | null;
  groove_4: number | null;
  pressure: number | null;
  tube_status: string;
  information: string;
  status: string;
  requested_by: number | null;
}

test('a new-tire request offline: checked at the fields, kept as a draft, sent once online, EDP finds it; the same serial once in the database needs action', async ({
  page,
  context,
  request,
}) => {
  await signInField(page);
  await serviceWorkerControls(page);
  await context.setOffline(true);

  await page.getByRole('link', { name: 'Permintaan ban baru' }).click();
  await expect(page.getByRole('heading', { name: 'Permintaan ban baru', level: 1 })).toBeVisible();

  // without the serial's photo 'Kirim' stays disabled and says why
  await expect(page.getByRole('button', { name: 'Kirim' })).toBeDisabled();
  await expect(page.getByRole('status', { name: 'Belum bisa dikirim' })).toHaveText(
    'Foto nomor seri wajib diisi',
  );

  const serial = `REQ${Date.now() % 10_000_000}`;
  await page
    .getByLabel('Foto nomor seri')
    .setInputFiles({ name: 'foto.png', mimeType: 'image/png', buffer: await cameraPhoto(page, serial) });
  await expect(page.getByText(/Foto siap/)).toBeVisible({ timeout: 15_000 });
  // with it, a tap says what else is missing, at the field
  await page.getByRole('button', { name: 'Kirim' }).click();
  await expect(page.getByText('Nomor seri wajib diisi', { exact: true })).toBeVisible();
  await page.getByRole('textbox', { name: 'Nomor seri' }).fill(serial);
  await expect(page.getByText('Nomor seri wajib diisi', { exact: true })).toBeHidden();
  // text where a number belongs is no silent 0
  await page.getByLabel('RTD 1').fill('abc');
  await expect(page.getByText('RTD harus angka 0 sampai 24')).toBeVisible();
  await page.getByLabel('RTD 1').fill('14,5');
  await expect(page.getByText('RTD harus angka 0 sampai 24')).toBeHidden();
  await page.getByLabel('Merek IR').fill('bridgestone');
  await page.getByLabel('Merek ori').fill('Bridgestone');
  await page.getByLabel('Pattern').fill('VSJ');
  await page.getByLabel('Ukuran').fill('11.00-20');
  await page.getByLabel('ORI / RET').selectOption('RET');
  for (const [n, v] of [
    [2, '14'],
    [3, '13.5'],
    [4, '14'],
  ] as const)
    await page.getByLabel(`RTD ${n}`).fill(v);
  await page.getByLabel('PSI').fill('110');
  await page.getByLabel('Status tube').selectOption('NEW');
  const information = `Ban baru dari gudang site (${serial})`;
  await page.getByLabel('Keterangan').fill(information);

  // left and opened again: the draft holds what was typed and the photo
  await page.getByRole('link', { name: '‹ Beranda' }).click();
  await page.getByRole('link', { name: 'Permintaan ban baru' }).click();
  await expect(page.getByRole('textbox', { name: 'Nomor seri' })).toHaveValue(serial);
  await expect(page.getByLabel('RTD 1')).toHaveValue('14,5');
  await expect(page.getByLabel('ORI / RET')).toHaveValue('RET');
  await expect(page.getByText(/Foto siap/)).toBeVisible();
  await page.screenshot({ path: `${shots}/tire-request-offline-412.png`, fullPage: true });

  // a double tap makes one entry
  await page.getByRole('button', { name: 'Kirim' }).dblclick();
  await expect(page.getByText(`Permintaan ban ${serial} tersimpan di HP`)).toBeVisible();
  await expect(page.getByText('1 belum terkirim')).toBeVisible();
  await expect(page.locator('.lp-queue-item')).toHaveCount(1);
  await expect(page.locator('.lp-queue-item')).toContainText(`Permintaan ban ${serial}`);
  await expect(page.locator('.lp-queue-item')).toContainText('Tersimpan di HP');

  // the signal comes back: sent by itself, once
  await context.setOffline(false);
  await expect(page.getByText('0 belum terkirim')).toBeVisible({ timeout: 20_000 });

  const edp = await apiToken(request, ACCOUNTS.edp);
  try {
    const headers = { access_token: edp };
    const list = await request.get(`/api/tire/request/findAll?q=${encodeURIComponent(serial)}`, { headers });
    expect(list.ok()).toBe(true);
    const rows = ((await list.json()) as { data: { id: number; serial_number: string }[] }).data;
    expect(rows.filter((r) => r.serial_number === serial)).toHaveLength(1);
    const res = await request.get(`/api/tire-request/detail/${rows[0]!.id}`, { headers });
    const d = (await res.json()) as OfficeRequest;
    expect(d).toMatchObject({
      serial_number: serial,
      status: 'pending',
      ir_brand: 'BRIDGESTONE',
      ori_brand: 'BRIDGESTONE',
      pattern: 'VSJ',
      size: '11.00-20',
      is_original: 'RET',
      groove_1: 14.5,
      groove_2: 14,
      groove_3: 13.5,
      groove_4: 14,
      pressure: 110,
      tube_status: 'NEW',
      information,
    });
    expect(d.requested_by).not.toBeNull();

    // the serial's photo loads
    const signed = await request.post('/api/files/sign', { headers, data: { paths: [d.serial_number_img] } });
    const { urls } = (await signed.json()) as { urls: Record<string, string> };
    const img = await request.get(urls[d.serial_number_img]!);
    expect(img.status()).toBe(200);
    expect(img.headers()['content-type']).toBe('image/jpeg');

    // the office approves it: the serial is now in the tire database
    const approved = await request.post(`/api/tire-request/${d.id}/approve`, { headers });
    expect(approved.ok(), await approved.text()).toBe(true);
  } finally {
    await logoutToken(request, edp);
  }

  // asked for again: the server refuses it, the phone keeps it aside with the server's message
  await page.getByRole('link', { name: 'Permintaan ban baru' }).click();
  await expect(page.getByRole('textbox', { name: 'Nomor seri' })).toHaveValue('');
  await page.getByRole('textbox', { name: 'Nomor seri' }).fill(serial);
  await page
    .getByLabel('Foto nomor seri')
    .setInputFiles({ name: 'foto.png', mimeType: 'image/png', buffer: await cameraPhoto(page, serial) });
  await expect(page.getByText(/Foto siap/)).toBeVisible({ timeout: 15_000 });
  await page.getByRole('button', { name: 'Kirim' }).click();
  await expect(page.getByText(`Permintaan ban ${serial} tersimpan di HP`)).toBeVisible();
  const item = page.locator('.lp-queue-item', { hasText: `Permintaan ban ${serial}` });
  await expect(item).toContainText('Perlu tindakan', { timeout: 20_000 });
  await expect(item).toContainText('Nomor seri ban sudah terdaftar');
  // the green 'tersimpan di HP' no longer stands above the same entry's 'Perlu tindakan'
  await expect(page.getByText(`Permintaan ban ${serial} tersimpan di HP`)).toBeHidden();
  await page.screenshot({ path: `${shots}/tire-request-needs-action-412.png`, fullPage: true });

  // 'Ubah': back to the form with its values, its photo and the server's word; a corrected serial goes
  await item.getByRole('button', { name: 'Ubah' }).click();
  await expect(page.getByRole('alert')).toContainText('Ditolak server: Nomor seri ban sudah terdaftar');
  await expect(page.getByRole('textbox', { name: 'Nomor seri' })).toHaveValue(serial);
  await expect(page.getByText(/Foto siap/)).toBeVisible();
  const corrected = `${serial}B`;
  await page.getByRole('textbox', { name: 'Nomor seri' }).fill(corrected);
  await page.getByRole('button', { name: 'Kirim' }).click();
  await expect(page.getByText(`Permintaan ban ${corrected} tersimpan di HP`)).toBeVisible();
  await expect(page.getByText('0 belum terkirim')).toBeVisible({ timeout: 20_000 });
  await expect(page.locator('.lp-queue-item', { hasText: 'Perlu tindakan' })).toHaveCount(0);
  const reader = await apiToken(request, ACCOUNTS.edp);
  try {
    const found = await request.get(`/api/tire/request/findAll?q=${encodeURIComponent(corrected)}`, {
      headers: { access_token: reader },
    });
    const rows = ((await found.json()) as { data: { serial_number: string; status: string }[] }).data;
    expect(rows.map((r) => [r.serial_number, r.status])).toEqual([[corrected, 'pending']]);
  } finally {
    await logoutToken(request, reader);
  }

  // Riwayat shows both requests by serial: the first approved by the office, the corrected one waiting
  await page.getByRole('link', { name: 'Riwayat' }).click();
  const sent = page.getByRole('region', { name: 'Terkirim' });
  // the serial alone, not the corrected one that starts with it
  const first = sent.locator('.lp-queue-item', { hasText: new RegExp(`Permintaan ban ${serial}(?!B)`) });
  await expect(first).toHaveCount(1);
  await expect(first).toContainText('Disetujui');
  await expect(sent.locator('.lp-queue-item', { hasText: `Permintaan ban ${corrected}` })).toContainText(
    'Terkirim',
  );
  await page.screenshot({ path: `${shots}/riwayat-tire-requests-412.png`, fullPage: true });
});
