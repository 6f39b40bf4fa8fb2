import path from 'node:path';
import { conditionCodes } from '@itms/contracts/defect-codes';
import type { TFindingsReply } from '@itms/contracts/reports';
import type { TTireCheckDetail } from '@itms/contracts/tire-checks';
import { ACCOUNTS, expect, logoutToken, test } from '../fixtures';
import {
  apiToken,
  cameraPhoto,
  newUnitWithTires,
  officeChecks,
  ownTireMan,
  pickZone,
  serviceWorkerControls,
  signInOwn,
  signPad,
  takeFormPhotos,
} from './field-helpers';

// Issue 37, 'Done when': offline, a 12-tire check with three defects in different zones, two tire
// photos and a note, then online: it reaches the office once, with the codes by name, the photos and
// the note, in the detail, the PDF and the 'Temuan' report; the day plan shrinks by that unit.
// The tire man is the test's own, on the project of a trailer; a trailer new there has a tire at
// each of its 12 wheels (its spares empty, left out). Codes 34 and 38 are named by nobody ('Kode 34'), 36 is
// Running Flat (unsafe), so the Temuan rows of this test are its own.

const shots = path.resolve(import.meta.dirname, '../../../screenshots/lapangan');
const DEFECTS = [
  { tire: 0, zone: 'Tapak (crown)', code: 34, name: 'Kode 34' },
  { tire: 0, zone: 'Dinding (sidewall)', code: 36, name: 'Running Flat' },
  { tire: 1, zone: 'Bead', code: 38, name: 'Kode 38' },
] as const;
const NOTE = 'Bead retak, ganti minggu ini';
const today = () => new Date(Date.now() + 7 * 3600_000).toISOString().slice(0, 10);

test('a 12-tire check with three defects made offline reaches the office once, whole, and leaves the plan', async ({
  page,
  request,
}) => {
  test.slow();
  const own = await ownTireMan(request, 'TRAILLER');
  // a trailer new in his project: never checked, so on his plan (the demo's are checked this month)
  const plate = await newUnitWithTires(request, {
    unitType: 'TRAILLER',
    projectId: own.projectId,
    positions: Array.from({ length: 12 }, (_, i) => String(i + 1)),
  });
  // the office's reads as admin: officeChecks signs the EDP in and out by itself
  const admin = await apiToken(request, ACCOUNTS.admin);
  const headers = { access_token: admin };
  const findings = async () => {
    const res = await request.get(`/api/report/temuan?dateStart=${today()}&dateEnd=${today()}&group=code`, {
      headers,
    });
    expect(res.ok(), await res.text()).toBe(true);
    const rows = ((await res.json()) as TFindingsReply).data;
    return Object.fromEntries(
      DEFECTS.map((d) => [d.code, rows.find((r) => r.key === String(d.code))?.defects ?? 0]),
    );
  };
  const plan = async () => {
    const res = await request.get(`/api/tire-man-plan/${own.id}`, { headers });
    expect(res.ok(), await res.text()).toBe(true);
    return (await res.json()) as { todo: { plate_number: string }[]; done: number; total: number };
  };
  try {
    const before = await findings();
    const planBefore = await plan();
    expect(
      planBefore.todo.map((u) => u.plate_number),
      'the trailer is still to be checked this month',
    ).toContain(plate);

    await signInOwn(page, own);
    await serviceWorkerControls(page);
    await page.context().setOffline(true);
    await page
      .locator('.lp-unit-link')
      .filter({ has: page.getByText(plate, { exact: true }) })
      .click();
    await page.getByRole('link', { name: 'Pengecekan' }).click();
    await expect(page.getByRole('heading', { name: 'Pengecekan', level: 1 })).toBeVisible();
    const odometer = 500_000 + (Date.now() % 90_000);
    if ((await page.getByLabel('Lokasi').inputValue()) === '')
      await page.getByLabel('Lokasi').selectOption({ index: 1 });
    await page.getByLabel('Odometer (Km)').fill(String(odometer));
    await takeFormPhotos(page, `ODO ${odometer}`, plate);

    const tires = page.getByRole('group', { name: /^Posisi \d+$/ });
    await expect(tires).toHaveCount(12);
    const positions: string[] = [];
    for (const t of await tires.all())
      positions.push((await t.getAttribute('aria-label'))!.replace('Posisi ', ''));
    await tires.first().getByLabel('RTD 1').click();
    for (const _ of positions) await page.keyboard.type('7,57,58895');

    for (const d of DEFECTS)
      await pickZone(page, tires.nth(d.tire), d.zone, new RegExp(`^${d.code} `), String(d.code));
    for (const n of [0, 1]) {
      await tires
        .nth(n)
        .getByLabel('Foto ban (wajib, ada kerusakan)')
        .setInputFiles({
          name: 'ban.png',
          mimeType: 'image/png',
          buffer: await cameraPhoto(page, `BAN ${positions[n]}`),
        });
    }
    await tires.nth(1).getByText('Suhu, rotasi, catatan').click();
    await tires.nth(1).getByLabel('Catatan').fill(NOTE);
    await tires.first().scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${shots}/check-complete-defects-412.png` });

    // his own signature: he has none stored
    await signPad(page, page.getByRole('group', { name: 'Tanda tangan tire man', exact: true }));
    await page.getByRole('button', { name: 'Kirim' }).click();
    const confirm = page.getByRole('button', { name: 'Data sudah benar, kirim' });
    const saved = page.getByText(`Pengecekan ${plate} tersimpan di HP`);
    await expect(saved.or(confirm)).toBeVisible();
    if (await confirm.isVisible()) await confirm.click();
    await expect(saved).toBeVisible();

    // offline still: his plan no longer lists the unit
    await page.getByRole('link', { name: /^Tugas: / }).click();
    await expect(page.getByRole('heading', { name: 'Tugas', level: 1 })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Belum dicek' })).not.toContainText(plate);

    // online: the office has it once
    await page.context().setOffline(false);
    let found: { id: number }[] = [];
    await expect(async () => {
      found = await officeChecks(request, plate, odometer);
      expect(found).toHaveLength(1);
    }).toPass({ timeout: 60_000 });
    const id = found[0]!.id;
    const detail = (await (
      await request.get(`/api/tire-check/detail/${id}`, { headers })
    ).json()) as TTireCheckDetail & {
      records: {
        position: string;
        condition: string;
        information: string | null;
        serial_number_url: string;
      }[];
    };
    expect(detail.records).toHaveLength(12);
    const at = (n: number) => detail.records.find((r) => r.position === positions[n])!;
    expect(conditionCodes(at(0).condition)).toEqual([34, 99, 36, 99, 99]);
    expect(conditionCodes(at(1).condition)).toEqual([99, 99, 99, 38, 99]);
    expect(at(1).information).toBe(NOTE);
    const photos = [at(0).serial_number_url, at(1).serial_number_url];
    const signed = (await (
      await request.post('/api/files/sign', { headers, data: { paths: photos } })
    ).json()) as {
      urls: Record<string, string>;
    };
    for (const p of photos) {
      const file = await request.get(signed.urls[p]!);
      expect(file.status(), p).toBe(200);
      expect(file.headers()['content-type']).toMatch(/^image\//);
    }

    // the PDF names the defects by zone and prints the tire photos and the note
    const pdf = await request.get(`/api/tire-check/${id}/pdf`, { headers });
    expect(pdf.ok()).toBe(true);
    const body = await pdf.body();
    const { pdfText } = await import('../../../server/test/pdf');
    const text = (await pdfText(body)).replace(/\s+/g, ' ');
    for (const d of DEFECTS) expect(text).toContain(d.name);
    expect(text).toContain(NOTE);
    expect(text).toContain(`Ban posisi ${positions[0]}`);

    // Temuan counts each of the three once more; the plan the office reads has the unit done
    const after = await findings();
    for (const d of DEFECTS) expect(after[d.code], `Temuan kode ${d.code}`).toBe(before[d.code]! + 1);
    const planAfter = await plan();
    expect(planAfter.todo.map((u) => u.plate_number)).not.toContain(plate);
    expect(planAfter.done).toBe(planBefore.done + 1);
  } finally {
    await logoutToken(request, admin);
  }
});
