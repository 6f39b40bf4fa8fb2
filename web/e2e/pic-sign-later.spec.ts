import path from 'node:path';
import type { TTireCheckDetail } from '@itms/contracts/tire-checks';
import { ACCOUNTS, drawSignature, expect, loginAs, test, tokenOf } from './fixtures';

// Issue 36, item 2: a check sent while the PIC was not on site gets the PIC's signature later, at
// the office: Rekam Pengecekan's detail offers 'Tambah TTD PIC' (the PIC's name, then the pad), the
// server keeps it (audited) and the detail shows it.

const shotsDir = path.resolve(import.meta.dirname, '../../screenshots');

test('EDP adds the signature of a PIC who was not on site to a check', async ({ page, request }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await loginAs(page, ACCOUNTS.edp);
  const headers = { access_token: (await tokenOf(page))! };

  // a check waiting for the EDP that has no PIC signature (the demo data's newest few)
  const queue = await request.get('/api/tire-check/noEdpSign?pageSize=50&order=newest', { headers });
  expect(queue.ok()).toBe(true);
  let check: TTireCheckDetail | undefined;
  for (const row of (await queue.json()).data as { id: number }[]) {
    const detail = (await (
      await request.get(`/api/tire-check/detail/${row.id}`, { headers })
    ).json()) as TTireCheckDetail;
    if (detail.pic_sign === '-') {
      check = detail;
      break;
    }
  }
  expect(check, 'a waiting check without the PIC signature').toBeDefined();
  const id = check!.id;

  await page.goto(`/tirecheck-record?start=${check!.date}&end=${check!.date}`);
  await page.getByRole('row', { name: new RegExp(`^Pengecekan ${id} `) }).click();
  const dialog = page.getByRole('dialog', { name: `Detail Pengecekan #${id}` });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Tambah TTD PIC' }).click();

  const ask = page.getByRole('dialog', { name: 'Tambah tanda tangan PIC' });
  const next = ask.getByRole('button', { name: 'Lanjut tanda tangan' });
  await expect(next).toBeDisabled();
  await ask.getByLabel('Nama PIC').fill('Bu Sari');
  await page.screenshot({ path: path.join(shotsDir, 'pic-sign-later-name-1440.png') });
  await next.click();

  const pad = page.getByRole('dialog', { name: 'Tanda Tangan PIC (Bu Sari)' });
  await drawSignature(page, pad);
  await pad.getByRole('button', { name: 'Submit', exact: true }).click();
  await expect(page.getByText('Tanda tangan PIC tersimpan')).toBeVisible();
  // the detail shows the signature now, and offers no second one
  await expect(dialog.getByRole('button', { name: 'Tambah TTD PIC' })).toHaveCount(0);
  await expect(dialog.getByRole('img', { name: 'TTD PIC', exact: true })).toBeVisible();
  await page.screenshot({ path: path.join(shotsDir, 'pic-sign-later-detail-1440.png') });

  const after = (await (
    await request.get(`/api/tire-check/detail/${id}`, { headers })
  ).json()) as TTireCheckDetail;
  expect(after.pic_sign).not.toBe('-');
  expect(after.pic_name).toBe('Bu Sari');
  // still waiting for the EDP: the PIC's signature is a fact, not a step
  expect(after.stage).toBe(check!.stage);
});
