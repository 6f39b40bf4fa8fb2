import path from 'node:path';
import { ACCOUNTS, expect, logoutToken, test } from '../fixtures';
import { apiToken, serviceWorkerControls, signInField } from './field-helpers';

// Issue 21: QC on the phone with no signal: 14 items on each tire, all OK until a tap marks a
// fault; the marks survive an app reload (draft) and reach the office once, cell by cell.

const shots = path.resolve(import.meta.dirname, '../../../screenshots/lapangan');

test('a QC done offline keeps its marks over a reload and reaches the office with the faults where they were tapped', async ({
  page,
  context,
  request,
}) => {
  await signInField(page);
  await serviceWorkerControls(page);
  await context.setOffline(true);

  await page.locator('.lp-unit-link').first().click();
  const plate = (await page.getByRole('heading', { level: 1 }).textContent())!;
  const positions = await page.locator('.lp-tire[data-position]').count();
  expect(positions).toBeLessThan(14);
  await page.getByRole('link', { name: 'QC', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'QC', level: 1 })).toBeVisible();
  await expect(page.getByText('0 temuan')).toBeVisible();

  // Kirim without the checker's name says so at the field
  await page.getByRole('button', { name: 'Kirim' }).click();
  await expect(page.getByText('Nama QC checker wajib diisi')).toBeVisible();

  const checker = `QC E2E ${Date.now() % 1_000_000}`;
  await page.getByLabel('Nama QC checker').fill(checker);
  // position 1: two faults; position 2: one
  const tab = (p: string) => page.getByRole('tab', { name: new RegExp(`^Posisi ${p}(,|$)`) });
  await tab('1').click();
  await page.getByRole('tabpanel').getByLabel('Valve cap').uncheck();
  await page.getByRole('tabpanel').getByLabel('Tread bulge').uncheck();
  await expect(tab('1')).toHaveAccessibleName('Posisi 1, 2 temuan');
  await tab('2').click();
  await expect(page.getByRole('tabpanel').getByLabel('Valve cap')).toBeChecked();
  await page.getByRole('tabpanel').getByLabel('Sidewall bulge').uncheck();
  await expect(page.getByText('3 temuan')).toBeVisible();
  // the tabs are the unit's positions (its diagram), not all fourteen of the matrix
  await expect(page.getByRole('tab')).toHaveCount(positions);

  // the app is reloaded (no signal): the marks are still there
  await page.waitForTimeout(500);
  await page.reload();
  await expect(page.getByText('3 temuan')).toBeVisible();
  await expect(page.getByLabel('Nama QC checker')).toHaveValue(checker);
  await tab('1').click();
  await expect(page.getByRole('tabpanel').getByLabel('Valve cap')).not.toBeChecked();
  await page.screenshot({ path: `${shots}/qc-form-offline-412.png`, fullPage: true });

  await page.getByRole('button', { name: 'Kirim' }).dblclick();
  await expect(page.getByText(`QC ${plate} tersimpan di HP`)).toBeVisible();
  await expect(page.getByText('1 belum terkirim')).toBeVisible();

  await context.setOffline(false);
  await expect(page.getByText('0 belum terkirim')).toBeVisible({ timeout: 20_000 });

  const edp = await apiToken(request, ACCOUNTS.edp);
  try {
    const headers = { access_token: edp };
    const list = await request.get(`/api/qccheck-detailed?q=${encodeURIComponent(checker)}`, { headers });
    expect(list.ok()).toBe(true);
    const rows = ((await list.json()) as { data: { id: number; Unit: { plate_number: string } }[] }).data;
    expect(rows).toHaveLength(1);
    expect(rows[0]!.Unit.plate_number).toBe(plate);
    const detail = (await (await request.get(`/api/qccheck/${rows[0]!.id}`, { headers })).json()) as {
      matrix: boolean[][];
      items: string[];
      positions: string[];
    };
    const faults = detail.matrix.flatMap((row, i) =>
      row.flatMap((ok, c) => (ok ? [] : [`${detail.items[i]} @ ${detail.positions[c]}`])),
    );
    expect(faults.sort()).toEqual(['Sidewall bulge @ 2', 'Tread bulge @ 1', 'Valve cap @ 1']);
  } finally {
    await logoutToken(request, edp);
  }
});
