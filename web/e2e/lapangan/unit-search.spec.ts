import path from 'node:path';
import { expect, test, tokenOf } from '../fixtures';
import {
  officeChecks,
  sendCheckForm,
  serviceWorkerControls,
  signInField,
  takeFormPhotos,
} from './field-helpers';

// Issue 37, item 4: with a signal the plate search reaches every unit ('di luar proyek Anda'); a unit
// opened from it stays on the phone, so its check can be done and queued with no signal.

const shots = path.resolve(import.meta.dirname, '../../../screenshots/lapangan');

test('a unit outside his projects is found online, kept on the phone, and checked offline', async ({
  page,
  request,
}) => {
  await signInField(page);
  await serviceWorkerControls(page);
  // a unit of the fleet that is not in his snapshot
  const headers = { access_token: (await tokenOf(page))! };
  const own = new Set(
    (
      (await (await request.get('/api/field/bootstrap', { headers })).json()) as { units: { id: number }[] }
    ).units.map((u) => u.id),
  );
  const all = (await (await request.get('/api/field/units?pageSize=100', { headers })).json()) as {
    data: { id: number; plate_number: string }[];
  };
  const other = all.data.find((u) => !own.has(u.id));
  expect(other, 'a unit outside his projects').toBeDefined();
  const plate = other!.plate_number;

  const search = page.getByLabel('Cari nomor polisi');
  await search.fill(plate);
  const others = page.getByRole('region', { name: 'Unit lain' });
  const found = others.getByRole('button', { name: new RegExp(plate) });
  await expect(found).toContainText('di luar proyek Anda');
  await page.screenshot({ path: `${shots}/unit-search-outside-412.png` });
  await found.click();
  await expect(page.getByRole('heading', { name: plate, level: 1 })).toBeVisible();
  await expect(page.getByText('di luar proyek Anda')).toBeVisible();

  // no signal from here: the kept unit is found again and its check is made and queued
  await page.context().setOffline(true);
  await page.goto('/lapangan/');
  await page.getByLabel('Cari nomor polisi').fill(plate);
  await others.getByRole('link', { name: new RegExp(plate) }).click();
  await page.getByRole('link', { name: 'Pengecekan' }).click();
  await expect(page.getByRole('heading', { name: 'Pengecekan', level: 1 })).toBeVisible();
  const odometer = 950_000 + (Date.now() % 40_000);
  await page.getByLabel('Lokasi').selectOption({ index: 1 });
  await page.getByLabel('Odometer (Km)').fill(String(odometer));
  await takeFormPhotos(page, `ODO ${odometer}`, plate);
  let measured = 0;
  for (const group of await page.getByRole('group', { name: /^Posisi / }).all()) {
    if ((await group.getByLabel('Nomor seri').inputValue()) === '') continue;
    for (const n of [1, 2, 3, 4]) await group.getByLabel(`RTD ${n}`).fill('9');
    await group.getByLabel('PSI').fill('100');
    measured++;
  }
  // a unit with no tire on record: its first position is typed in
  if (measured === 0) {
    const first = page.getByRole('group', { name: /^Posisi / }).first();
    await first.getByLabel('Nomor seri').fill(`LUAR${Date.now() % 100_000}`);
    for (const n of [1, 2, 3, 4]) await first.getByLabel(`RTD ${n}`).fill('9');
    await first.getByLabel('PSI').fill('100');
  }
  await sendCheckForm(page, `Pengecekan ${plate} tersimpan di HP`);
  await expect(page.getByText('1 belum terkirim')).toBeVisible();

  await page.context().setOffline(false);
  await expect(page.getByText('0 belum terkirim')).toBeVisible({ timeout: 20_000 });
  expect(await officeChecks(request, plate, odometer)).toHaveLength(1);
});
