import path from 'node:path';
import { ACCOUNTS, expect, logoutToken, test } from '../fixtures';
import {
  apiToken,
  makeCheck,
  officeChecks,
  sendCheckForm,
  serviceWorkerControls,
  signInField,
} from './field-helpers';

// Issue 21: the office returns a check; the tire man finds it in Riwayat with the reason, redoes it
// with no signal, and it goes back to the office once, as the same check measured again.

const shots = path.resolve(import.meta.dirname, '../../../screenshots/lapangan');

test('a returned check is redone offline from Riwayat and resubmitted once', async ({
  page,
  context,
  request,
}) => {
  await signInField(page);
  await serviceWorkerControls(page);
  const odometer = 700_000 + (Date.now() % 90_000);
  const plate = await makeCheck(page, odometer);
  await expect(page.getByText('0 belum terkirim')).toBeVisible({ timeout: 20_000 });
  const [sent] = await officeChecks(request, plate, odometer);
  expect(sent).toBeDefined();
  // Riwayat is open when the office returns it: the row changes by itself (field-status)
  await page.getByRole('link', { name: 'Riwayat' }).click();
  const row = page
    .locator('.lp-queue-item[data-status]')
    .filter({ hasText: `Pengecekan ${plate}` })
    .first();
  await expect(row).toContainText('Terkirim');

  // the office returns it with a reason
  const reason = `RTD tidak wajar (${odometer})`;
  const edp = await apiToken(request, ACCOUNTS.edp);
  try {
    const returned = await request.put(`/api/tire-check/${sent!.id}`, {
      headers: { access_token: edp },
      data: { reason },
    });
    expect(returned.ok(), await returned.text()).toBe(true);
  } finally {
    await logoutToken(request, edp);
  }

  // no reload: the row now says returned, with the reason and the way to redo it
  await expect(row).toContainText(`Alasan: ${reason}`);
  await expect(row).toContainText('Dikembalikan');
  expect(new URL(page.url()).pathname).toBe('/lapangan/riwayat');

  // Beranda's 'Dikembalikan' count opens the returned work only
  await page.getByRole('link', { name: 'Beranda' }).click();
  const counter = page.getByRole('link', { name: /Dikembalikan/ });
  await expect(counter).not.toContainText(/^0/);
  await counter.click();
  await expect(page.getByRole('heading', { name: 'Dikembalikan', level: 2 })).toBeVisible();
  const returnedRows = page.locator('.lp-queue-item[data-status]');
  await expect(returnedRows.first()).toBeVisible();
  for (const status of await returnedRows.evaluateAll((rows) =>
    rows.map((r) => r.getAttribute('data-status')),
  )) {
    expect(status).toBe('returned');
  }

  // no signal from here: the redo works from what the phone has
  await context.setOffline(true);
  await row.getByRole('link', { name: 'Kerjakan ulang' }).click();
  await expect(page.getByRole('heading', { name: 'Pengecekan ulang', level: 1 })).toBeVisible();
  await expect(page.getByText(reason)).toBeVisible();
  // the form starts from the returned values; photos and odometer stay as the office has them
  await expect(page.getByLabel('Foto odometer')).toHaveCount(0);
  const first = page.getByRole('group', { name: /^Posisi / }).first();
  await expect(first.getByLabel('RTD 1')).toHaveValue('7');
  for (const n of [1, 2, 3, 4]) await first.getByLabel(`RTD ${n}`).fill('6,5');
  await page.screenshot({ path: `${shots}/check-redo-offline-412.png`, fullPage: true });
  await sendCheckForm(page, `Pengecekan ulang ${plate} tersimpan di HP`, { double: true });
  await expect(page.getByText('1 belum terkirim')).toBeVisible();
  // once queued, Riwayat no longer offers to redo it
  await page.getByRole('link', { name: 'Riwayat' }).click();
  const returnedRow = page.locator('.lp-queue-item[data-status]', { hasText: `Alasan: ${reason}` });
  await expect(returnedRow).toBeVisible();
  // (other returned checks of his, from other tests, keep theirs)
  await expect(returnedRow.getByRole('link', { name: 'Kerjakan ulang' })).toHaveCount(0);

  // the signal comes back: resubmitted by itself, once, as the same check
  await context.setOffline(false);
  await page.getByRole('link', { name: 'Beranda' }).click();
  await expect(page.getByText('0 belum terkirim')).toBeVisible({ timeout: 20_000 });
  const after = await officeChecks(request, plate, odometer);
  expect(after.map((c) => c.id)).toEqual([sent!.id]);
  const reader = await apiToken(request, ACCOUNTS.edp);
  try {
    const records = (await (
      await request.get(`/api/tire-check-record/${sent!.id}`, { headers: { access_token: reader } })
    ).json()) as { groove_1: number; groove_4: number }[];
    expect(records.filter((r) => r.groove_1 === 6.5 && r.groove_4 === 6.5)).toHaveLength(1);
    expect(records.filter((r) => r.groove_1 === 7)).toHaveLength(records.length - 1);
  } finally {
    await logoutToken(request, reader);
  }
});
