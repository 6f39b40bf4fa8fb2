import path from 'node:path';
import { ACCOUNTS, expect, logoutToken, test, tokenOf } from '../fixtures';
import {
  apiToken,
  cameraPhoto,
  fieldUnits,
  makeCheck,
  officeChecks,
  pickZone,
  serviceWorkerControls,
  signInField,
} from './field-helpers';

// Issue 37, item 1: a tire's condition per zone from the defect catalogue. 'Semua normal' is the
// default; a defect is two taps (the zone, then the code); the catalogue's names (an admin's too)
// are on the phone offline, and the office receives the codes zone by zone.

const shots = path.resolve(import.meta.dirname, '../../../screenshots/lapangan');

test('defects recorded per zone offline reach the office once, zone by zone, with the names of the catalogue', async ({
  page,
  request,
}) => {
  const admin = await apiToken(request, ACCOUNTS.admin);
  try {
    // the admin names code 12 before the tire man's snapshot is taken
    const name = `Separasi e2e ${Date.now() % 100_000}`;
    const named = await request.put('/api/defect-code/12', {
      headers: { access_token: admin },
      data: { name },
    });
    expect(named.status(), await named.text()).toBe(200);

    await signInField(page);
    await serviceWorkerControls(page);
    const [, , unit] = await fieldUnits(page, 3);
    await page.context().setOffline(true);
    const odometer = 900_000 + (Date.now() % 90_000);
    const picked: string[] = [];
    await makeCheck(page, odometer, undefined, unit!.plate, async () => {
      const tires = page.getByRole('group', { name: /^Posisi / });
      const [first, second, third] = [tires.nth(0), tires.nth(1), tires.nth(2)];
      for (const t of [first, second, third])
        picked.push((await t.getAttribute('aria-label'))!.replace('Posisi ', ''));
      // brand, pattern and size come from the records: shown, not typed again
      const headers = { access_token: (await tokenOf(page))! };
      type Mounted = { position: string; ir_brand: string; ori_brand: string; pattern: string; size: string };
      const units = (
        (await (await request.get('/api/field/bootstrap', { headers })).json()) as {
          units: { plate_number: string; tires: Mounted[] }[];
        }
      ).units;
      const tire = units
        .find((u) => u.plate_number === unit!.plate)!
        .tires.find((x) => x.position === picked[0])!;
      await expect(first.locator('.lp-tire-kind')).toHaveText(
        [tire.ir_brand || tire.ori_brand, tire.pattern, tire.size].filter(Boolean).join(' · '),
      );
      // every tire starts normal: the five zones ticked
      await expect(first.getByRole('button', { name: '✓ Semua normal' })).toHaveAttribute(
        'aria-pressed',
        'true',
      );
      await pickZone(page, first, 'Tapak (crown)', /Crown Cut/);
      await expect(first.getByText('Tapak (crown): 1 Crown Cut')).toBeVisible();
      await expect(first.getByRole('button', { name: 'Semua normal' })).toHaveAttribute(
        'aria-pressed',
        'false',
      );
      await pickZone(page, second, 'Dinding (sidewall)', /Sidewall Cut/, '23');
      await pickZone(page, third, 'Bagian dalam', new RegExp(name), 'separasi');
      await pickZone(page, third, 'Bead', 'Tidak dicek');
      await expect(third.getByText(`Bagian dalam: 12 ${name}`)).toBeVisible();
      // a defect asks for the tire's photo: 'Kirim' says which, until each is taken
      const reasons = page.getByRole('status', { name: 'Belum bisa dikirim' });
      await expect(page.getByRole('button', { name: 'Kirim' })).toBeDisabled();
      for (const p of picked)
        await expect(reasons).toContainText(`Foto ban posisi ${p} wajib diisi (ada kerusakan)`);
      for (const [i, t] of [first, second, third].entries()) {
        await t.getByLabel('Foto ban (wajib, ada kerusakan)').setInputFiles({
          name: 'ban.png',
          mimeType: 'image/png',
          buffer: await cameraPhoto(page, `BAN ${picked[i]}`),
        });
        await expect(t.getByRole('img', { name: /Foto ban .*pratinjau/ })).toBeVisible();
      }
      await expect(reasons).toBeHidden();
      // a note and the temperature, behind one tap
      await third.getByText('Suhu, rotasi, catatan').click();
      await third.getByLabel('Suhu (°C)').fill('62,5');
      await third.getByLabel('Catatan').fill('Benjolan di dalam, ganti minggu ini');
      await third.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${shots}/check-condition-412.png` });
      // the picker as the tire man sees it
      await second.getByRole('button', { name: /^Bahu \(shoulder\): / }).click();
      await page.screenshot({ path: `${shots}/check-condition-picker-412.png` });
      await page
        .getByRole('dialog', { name: 'Kondisi Bahu (shoulder)' })
        .getByRole('button', { name: 'Batal' })
        .click();
    });
    await expect(page.getByText('1 belum terkirim')).toBeVisible();
    await page.context().setOffline(false);
    await expect(page.getByText('0 belum terkirim')).toBeVisible({ timeout: 20_000 });

    const sent = await officeChecks(request, unit!.plate, odometer);
    expect(sent).toHaveLength(1);
    const detail = (await (
      await request.get(`/api/tire-check/detail/${sent[0]!.id}`, { headers: { access_token: admin } })
    ).json()) as {
      records: {
        position: string;
        condition: string;
        serial_number_url: string;
        temperature: number | null;
        information: string;
      }[];
    };
    const byPosition = new Map(detail.records.map((r) => [r.position, r.condition]));
    expect(picked.map((p) => byPosition.get(p))).toEqual([
      '1,99,99,99,99',
      '99,99,23,99,99',
      '99,99,99,0,12',
    ]);
    const at = (p: string) => detail.records.find((r) => r.position === p)!;
    expect(at(picked[2]!)).toMatchObject({
      temperature: 62.5,
      information: 'Benjolan di dalam, ganti minggu ini',
    });
    // each defect's photo went up with the check, as a compressed JPEG the office can open
    const paths = picked.map((p) => at(p).serial_number_url);
    expect(new Set(paths).size).toBe(3);
    const signed = await request.post('/api/files/sign', {
      headers: { access_token: admin },
      data: { paths },
    });
    const { urls } = (await signed.json()) as { urls: Record<string, string> };
    for (const p of paths) {
      const img = await request.get(urls[p]!);
      expect(img.status()).toBe(200);
      expect(img.headers()['content-type']).toBe('image/jpeg');
    }
    // the tires not touched went as 'Semua normal'
    const others = detail.records.filter((r) => !picked.includes(r.position));
    expect(others.length).toBeGreaterThan(0);
    expect(others.every((r) => r.condition === '99,99,99,99,99' && r.serial_number_url === '-')).toBe(true);
  } finally {
    await request.put('/api/defect-code/12', { headers: { access_token: admin }, data: { name: '' } });
    await logoutToken(request, admin);
  }
});
