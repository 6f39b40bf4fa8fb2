import path from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import { ACCOUNTS, expect, logoutToken, test } from '../fixtures';
import {
  apiToken,
  cameraPhoto,
  fillReplacement,
  sendCheckForm,
  serviceWorkerControls,
  signInField,
  usedStockTire,
} from './field-helpers';

// Issue 37, item 5: a returned replacement is no dead end. The tire man opens it from Riwayat with
// the reason, fixes it with no signal, it goes back once as the same replacement, and EDP approves it.

const shots = path.resolve(import.meta.dirname, '../../../screenshots/lapangan');

type Detail = {
  id: number;
  spk: string;
  status: string;
  Tire_Replace_Records: { position: string; groove_1: number }[];
};

/** The office's replacements of `plate` with this SPK (the read-back of the test's entry). */
async function officeReplacements(request: APIRequestContext, edp: string, plate: string, spk: string) {
  const headers = { access_token: edp };
  const found: Detail[] = [];
  for (const status of ['edp', 'tireman']) {
    const list = await request.get(
      `/api/tire-replace/pending?status=${status}&pageSize=100&q=${encodeURIComponent(plate)}`,
      { headers },
    );
    if (!list.ok()) continue;
    for (const row of ((await list.json()) as { data: { id: number }[] }).data) {
      const d = (await (await request.get(`/api/tire-replace/${row.id}`, { headers })).json()) as Detail;
      if (d.spk === spk && !found.some((f) => f.id === row.id)) found.push({ ...d, id: row.id });
    }
  }
  return found;
}

test('a returned replacement is redone offline from Riwayat, resubmitted once, and approved', async ({
  page,
  context,
  request,
}) => {
  const stock = await usedStockTire(request);
  await signInField(page);
  await serviceWorkerControls(page);
  const { plate, spk, legend } = await fillReplacement(page, {
    unitIndex: 5,
    installed: stock.serial_number,
    rtd: String(stock.groove_lowest),
  });
  await sendCheckForm(page, `Pergantian ${plate} tersimpan di HP`);
  await expect(page.getByText('0 belum terkirim')).toBeVisible({ timeout: 20_000 });

  const edp = await apiToken(request, ACCOUNTS.edp);
  try {
    const [sent] = await officeReplacements(request, edp, plate, spk);
    expect(sent).toBeDefined();
    await page.getByRole('link', { name: 'Riwayat' }).click();
    const reason = `RTD ban dipasang salah (${spk})`;
    const returned = await request.put(`/api/tire-replacement/${sent!.id}`, {
      headers: { access_token: edp },
      data: { reason },
    });
    expect(returned.ok(), await returned.text()).toBe(true);

    // Riwayat shows it returned with the reason and the way to redo it (field-status, no reload)
    const row = page.locator('.lp-queue-item[data-status]', { hasText: `Alasan: ${reason}` });
    await expect(row).toContainText('Dikembalikan');
    await context.setOffline(true);
    await row.getByRole('link', { name: 'Kerjakan ulang' }).click();
    await expect(page.getByRole('heading', { name: 'Pergantian ulang', level: 1 })).toBeVisible();
    await expect(page.getByText(reason)).toBeVisible();
    // it opens as it was sent: the same position replaced with the same tire
    const position = page.getByRole('group', { name: legend, exact: true });
    await expect(position.getByRole('radio', { name: 'Ganti' })).toBeChecked();
    await expect(position.getByLabel('Nomor seri dipasang')).toHaveValue(stock.serial_number);
    await expect(position.getByLabel('RTD 1')).toHaveValue(String(stock.groove_lowest).replace('.', ','));
    await expect(page.getByLabel('SPK')).toHaveCount(0);
    const fixed = stock.groove_lowest + 0.5;
    await position.getByLabel('RTD 1').fill(String(fixed).replace('.', ','));
    await page.screenshot({ path: `${shots}/replacement-redo-offline-412.png`, fullPage: true });
    await sendCheckForm(page, `Pergantian ulang ${plate} tersimpan di HP`);
    await expect(page.getByText('1 belum terkirim')).toBeVisible();

    await context.setOffline(false);
    await expect(page.getByText('0 belum terkirim')).toBeVisible({ timeout: 20_000 });
    // the same replacement, measured again, back in the EDP's queue once
    const after = await officeReplacements(request, edp, plate, spk);
    expect(after.map((d) => d.id)).toEqual([sent!.id]);
    expect(after[0]!.Tire_Replace_Records.find((r) => `Posisi ${r.position}` === legend)?.groove_1).toBe(
      fixed,
    );

    // the EDP signs with his own upload (a signature field takes no one else's file)
    const upload = await request.post('/api/upload', {
      headers: { access_token: edp },
      multipart: {
        image: { name: 'ttd.png', mimeType: 'image/png', buffer: await cameraPhoto(page, 'TTD EDP') },
      },
    });
    expect(upload.status(), await upload.text()).toBe(201);
    const approved = await request.post(`/api/tire-replacement/${sent!.id}/validate`, {
      headers: { access_token: edp },
      data: { edp_sign: ((await upload.json()) as { awsImage: string }).awsImage },
    });
    expect(approved.ok(), await approved.text()).toBe(true);
    const d = (await (
      await request.get(`/api/tire-replace/${sent!.id}`, { headers: { access_token: edp } })
    ).json()) as Detail;
    expect(d.status).toBe('approved');
  } finally {
    await logoutToken(request, edp);
  }
});
