import path from 'node:path';
import { ACCOUNTS, expect, logoutToken, test } from '../fixtures';
import { apiToken, cameraPhoto, openCheckForm, serviceWorkerControls, signInField } from './field-helpers';

// Issue 21: a serial that differs from the records, met during a check with no signal, becomes a
// BKB in one tap; the BKB is kept on the phone and reaches the office once the signal is back.

const shots = path.resolve(import.meta.dirname, '../../../screenshots/lapangan');

test('a different serial in a check offline: one tap to a BKB draft, sent once online, EDP finds it', async ({
  page,
  context,
  request,
}) => {
  await signInField(page);
  await serviceWorkerControls(page);
  await context.setOffline(true);

  // the check's first position with a tire shows another serial on the tire
  const plate = await openCheckForm(page);
  let position = page.getByRole('group', { name: /^Posisi / }).first();
  for (const group of await page.getByRole('group', { name: /^Posisi / }).all()) {
    if ((await group.getByLabel('Nomor seri').inputValue()) === '') continue;
    position = group;
    break;
  }
  const legend = (await position.locator('legend').textContent())!;
  const expected = await position.getByLabel('Nomor seri').inputValue();
  expect(expected).not.toBe('');
  const found = `BKB${Date.now() % 1_000_000}`;
  await position.getByLabel('Nomor seri').fill(found);
  await expect(position.getByText('Nomor seri berbeda dengan data. Laporkan BKB?')).toBeVisible();
  await page.screenshot({ path: `${shots}/check-serial-differs-412.png`, fullPage: true });
  await position.getByRole('button', { name: 'Laporkan BKB' }).click();

  // the BKB form starts with the category and the serial found at that position
  await expect(page.getByRole('heading', { name: 'Lapor BKB', level: 1 })).toBeVisible();
  await expect(page.getByLabel('Kategori')).toHaveValue('Nomor seri tidak sesuai');
  const bkbPosition = page.getByRole('group', { name: legend });
  await expect(bkbPosition.getByLabel('Nomor seri di ban')).toHaveValue(found);
  await expect(bkbPosition.getByText(`Data: ${expected}`)).toBeVisible();
  await expect(bkbPosition.getByText('Berbeda dengan data')).toBeVisible();
  // the other positions hold the serials of the records: nothing differs there
  await expect(page.getByText('Berbeda dengan data')).toHaveCount(1);

  // without its photo 'Kirim' stays disabled and says why; with it, a tap names what else is missing
  await expect(page.getByRole('button', { name: 'Kirim' })).toBeDisabled();
  await expect(page.getByRole('status', { name: 'Belum bisa dikirim' })).toHaveText('Foto BKB wajib diisi');
  await page
    .getByLabel('Foto BKB')
    .setInputFiles({ name: 'foto.png', mimeType: 'image/png', buffer: await cameraPhoto(page, found) });
  await expect(page.getByText(/Foto siap/)).toBeVisible({ timeout: 15_000 });
  await page.getByRole('button', { name: 'Kirim' }).click();
  await expect(page.getByText('Nama driver wajib diisi')).toBeVisible();
  const information = `Ban di lapangan berbeda (${found})`;
  await page.getByLabel('Keterangan').fill(information);
  await page.getByLabel('Driver tidak diketahui (TIDAK PASTI)').check();
  await expect(page.getByLabel('Nama driver')).toBeHidden();
  await page.screenshot({ path: `${shots}/bkb-form-offline-412.png`, fullPage: true });
  const doneFrom = Date.now();
  await page.getByRole('button', { name: 'Kirim' }).dblclick();
  await expect(page.getByText(`BKB ${plate} tersimpan di HP`)).toBeVisible();
  await expect(page.getByText('1 belum terkirim')).toBeVisible();
  await expect(page.locator('.lp-queue-item')).toContainText(`BKB ${plate}`);

  // the check it came from kept the serial typed (its draft was written on leaving the form)
  await page.locator('.lp-unit-link', { hasText: plate }).click();
  await expect(page.getByRole('link', { name: 'Lanjutkan pengecekan (draf)' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Lapor BKB' })).toBeVisible();
  await page.getByRole('link', { name: 'Lanjutkan pengecekan (draf)' }).click();
  await expect(page.getByRole('group', { name: legend }).getByLabel('Nomor seri')).toHaveValue(found);

  // the signal comes back: sent by itself, once
  await context.setOffline(false);
  await page.goto('/lapangan/');
  await expect(page.getByText('0 belum terkirim')).toBeVisible({ timeout: 20_000 });

  const edp = await apiToken(request, ACCOUNTS.edp);
  try {
    const headers = { access_token: edp };
    const list = await request.get(`/api/mismatch-validation?pageSize=100&q=${encodeURIComponent(plate)}`, {
      headers,
    });
    expect(list.ok()).toBe(true);
    const rows = ((await list.json()) as { data: { id: number; performed_at: string; project: string }[] })
      .data;
    const details = [];
    for (const row of rows) {
      const res = await request.get(`/api/mismatch/detail/${row.id}`, { headers });
      const d = (await res.json()) as {
        information: string;
        category: string;
        driver: string | null;
        imageUrl: string;
        performed_at: string;
        positions: { position: string; found_serial: string; originTire: { serialNumber: string } | null }[];
      };
      if (d.information === information) details.push({ row, d });
    }
    expect(details).toHaveLength(1);
    const { row, d } = details[0]!;
    expect(d.category).toBe('Nomor seri tidak sesuai');
    expect(d.driver).toBeNull();
    expect(row.project).toBe('TIDAK PASTI');
    expect(Date.parse(d.performed_at)).toBeGreaterThanOrEqual(doneFrom - 1000);
    const differing = d.positions.filter((p) => p.found_serial !== (p.originTire?.serialNumber ?? ''));
    expect(differing).toHaveLength(1);
    expect(differing[0]).toMatchObject({ found_serial: found, originTire: { serialNumber: expected } });

    const signed = await request.post('/api/files/sign', { headers, data: { paths: [d.imageUrl] } });
    const { urls } = (await signed.json()) as { urls: Record<string, string> };
    const img = await request.get(urls[d.imageUrl]!);
    expect(img.status()).toBe(200);
    expect(img.headers()['content-type']).toBe('image/jpeg');
  } finally {
    await logoutToken(request, edp);
  }
});
