import path from 'node:path';
import type {
  TAlertListReply,
  TAlertSummary,
  TSizePressure,
  TTireLife,
} from '@itms/contracts/tire-intelligence';
import type { APIRequestContext, Page } from '@playwright/test';
import { ACCOUNTS, expect, loginAs, test, tokenOf } from './fixtures';
import {
  apiAs,
  readWorkbook,
  screenReady,
  socketConnected,
  someUnitAndLocation,
  submitFieldCheck,
} from './reports-helpers';

/** A real 2x2 PNG: the EDP's drawn signature. */
const SIGNATURE_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP8z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==',
  'base64',
);

// Issue 11 in the browser against the real server and the demo fleet: /ban-kritis, the stock
// card's life panel, reference pressures, /analitik-ban with its XLSX, the dashboard card.

const shots = path.resolve(import.meta.dirname, '.tmp', 'tire-intelligence');
const shot = (page: Page, name: string) =>
  page.screenshot({ path: path.join(shots, `${name}.png`), fullPage: true });

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } as const;
const DESKTOP = { viewport: { width: 1366, height: 768 } } as const;

const countCard = (page: Page, label: RegExp) => page.getByRole('button', { name: label });
const numberIn = async (page: Page, label: RegExp) => {
  const text = await countCard(page, label).innerText();
  return Number(/([\d.]+) ban$/.exec(text.trim())?.[1]?.replace(/\./g, '') ?? Number.NaN);
};

/** The most urgent tire due within 30 days whose stock card forecasts its pull point ahead. */
async function tireWithForecast(page: Page, request: APIRequestContext) {
  const list = await apiAs<TAlertListReply>(
    page,
    request,
    'GET',
    '/api/tire-intelligence/alerts?kind=due-soon&pageSize=50',
  );
  for (const row of list.data) {
    const life = await apiAs<TTireLife>(page, request, 'GET', `/api/tire-intelligence/tires/${row.tire_id}`);
    const f = life.forecast;
    const ahead = f.state === 'ok' && f.pull_km !== null && f.pull_km > life.km_total;
    if (ahead && (life.groove_lowest ?? 0) > life.pull_point_mm) return { ...row, life };
  }
  throw new Error('no tire due within 30 days with a forecast ahead in the demo fleet');
}

/** No horizontal page scroll (tables scroll inside themselves). */
const noOverflow = async (page: Page) =>
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
  ).toBeLessThanOrEqual(0);

test.describe('tire intelligence', () => {
  test.describe.configure({ timeout: 150_000 });

  test.describe('desktop 1366x768', () => {
    test.use(DESKTOP);

    test('/ban-kritis shows the counts and the critical tires; a serial opens its stock card with the forecast', async ({
      page,
      request,
    }) => {
      await loginAs(page, ACCOUNTS.edp);
      await page.goto('/ban-kritis');
      await screenReady(page, 'Ban Kritis');
      const summary = await apiAs<TAlertSummary>(
        page,
        request,
        'GET',
        '/api/tire-intelligence/alerts/summary',
      );
      expect(summary.total).toBeGreaterThan(0);
      await expect(countCard(page, /^Di bawah batas cabut /)).toHaveAccessibleName(
        `Di bawah batas cabut ${summary.counts['below-pull'].toLocaleString('id-ID')} ban`,
      );
      // 0 mm readings are counted apart from the tread below the pull point
      await expect(countCard(page, /^RTD 0 mm: periksa data /)).toHaveAccessibleName(
        `RTD 0 mm: periksa data ${summary.counts['rtd-zero'].toLocaleString('id-ID')} ban`,
      );
      await expect(page.getByRole('status').filter({ hasText: 'Batas cabut:' })).toContainText(
        `Batas cabut: ${summary.pull_point_mm} mm`,
      );
      const table = page.getByRole('table', { name: 'Daftar ban kritis' });
      const rows = table.locator('tbody tr.ant-table-row');
      await expect(rows.first()).toBeVisible();
      expect(await rows.count()).toBeLessThanOrEqual(10);
      await shot(page, 'ban-kritis-desktop');

      // filter by a kind: every row carries that tag, the URL keeps it
      await countCard(page, /^Di bawah batas cabut /).click();
      await expect(page).toHaveURL(/kind=below-pull/);
      await expect(rows.first()).toBeVisible();
      // polled: the unfiltered page (unsafe defects first) stays on screen until the filtered one arrives
      await expect
        .poll(() =>
          rows.evaluateAll((trs) => trs.every((tr) => tr.textContent?.includes('Di bawah batas cabut'))),
        )
        .toBe(true);

      // a critical tire with a wear forecast opens its card with the panel and the chart
      const target = await tireWithForecast(page, request);
      await page.getByRole('button', { name: 'Semua' }).click();
      await expect(page).not.toHaveURL(/kind=/);
      await page.getByRole('searchbox', { name: 'Cari' }).fill(target.serial_number);
      await page.getByRole('searchbox', { name: 'Cari' }).press('Enter');
      await expect(page).toHaveURL(/q=/);
      await expect(rows).toHaveCount(1);
      await table.getByRole('link', { name: target.serial_number, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`/kartu-stok\\?tire=${target.tire_id}$`));
      const panel = page.getByRole('region', { name: 'Umur & Prediksi Ban' });
      await expect(panel).toBeVisible({ timeout: 30_000 });
      await expect(panel.getByText('Km total')).toBeVisible();
      const pullKm = `${Math.round(target.life.forecast.pull_km ?? 0).toLocaleString('id-ID')} Km`;
      await expect(panel.getByText(pullKm).first()).toBeVisible();
      // the forecast's date as every date is written (05 Januari 2026), not a short form
      const pullDate = target.life.forecast.pull_date;
      expect(pullDate).not.toBeNull();
      const longDay = new Intl.DateTimeFormat('id-ID', {
        day: '2-digit',
        month: 'long',
        year: 'numeric',
        timeZone: 'UTC',
      }).format(new Date(`${pullDate}T00:00:00Z`));
      await expect(panel.getByText(longDay).first()).toBeVisible();
      await expect(panel.getByText(/mm\/1\.000 km/)).toBeVisible();
      await expect(panel.getByRole('img', { name: /Grafik RTD terendah/ })).toBeVisible();
      await shot(page, 'kartu-stok-umur-desktop');
    });

    test('editing a reference pressure changes the pressure alert count', async ({ page, request }) => {
      await loginAs(page, ACCOUNTS.edp);
      await page.goto('/ban-kritis');
      await screenReady(page, 'Ban Kritis');
      const sizes = await apiAs<TSizePressure[]>(
        page,
        request,
        'GET',
        '/api/tire-intelligence/size-pressures',
      );
      const size = [...sizes].sort((a, b) => b.tires - a.tires)[0];
      const unset = sizes.filter((s) => s.reference_psi === null && s.tires > 0);
      const card = countCard(page, /^Tekanan di luar/);
      // a size without a reference pressure says so, never a count of 0 that means nothing
      if (unset.length > 0) {
        const notice = page.getByRole('alert').filter({ hasText: 'Belum ada tekanan acuan untuk' });
        await expect(notice).toContainText(
          `Belum ada tekanan acuan untuk ${unset.length} size (${unset.reduce((n, s) => n + s.tires, 0).toLocaleString('id-ID')} ban terpasang)`,
        );
        await shot(page, 'ban-kritis-tanpa-acuan-desktop');
      }
      if (unset.length === sizes.filter((s) => s.tires > 0).length) {
        await expect(card).toHaveAccessibleName('Tekanan di luar ±10% Belum ada tekanan acuan');
      }
      const before = unset.length === sizes.length ? 0 : await numberIn(page, /^Tekanan di luar/);

      await page.getByRole('button', { name: 'Tekanan Referensi' }).click();
      const dialog = page.getByRole('dialog', { name: 'Tekanan Referensi per Size' });
      const input = dialog.getByRole('spinbutton', { name: `Tekanan referensi ${size.size}` });
      await input.fill('500');
      await dialog.getByRole('button', { name: `Simpan ${size.size}` }).click();
      await expect(dialog.getByRole('alert')).toHaveText('Tekanan referensi harus 1 sampai 200 PSI');
      await shot(page, 'tekanan-referensi-desktop');

      // far below every real pressure: each installed tire of that size is now off by > 10 %
      await input.fill('20');
      await dialog.getByRole('button', { name: `Simpan ${size.size}` }).click();
      await expect(page.getByText(`Tekanan referensi ${size.size} disimpan`)).toBeVisible();
      await dialog.getByRole('button', { name: 'Tutup' }).last().click();
      await expect.poll(() => numberIn(page, /^Tekanan di luar/)).not.toBe(before);
      const after = await apiAs<TAlertSummary>(page, request, 'GET', '/api/tire-intelligence/alerts/summary');
      expect(await numberIn(page, /^Tekanan di luar/)).toBe(after.counts.pressure);
      expect(after.counts.pressure).toBeGreaterThan(before);

      // put it back for the other tests
      const token = await page.evaluate(() => localStorage.getItem('access_token'));
      const res = await request.put('/api/tire-intelligence/size-pressures', {
        headers: { access_token: token ?? '' },
        data: { size: size.size, reference_psi: size.reference_psi ?? '' },
      });
      expect(res.ok(), await res.text()).toBe(true);
    });

    test("a validated check refreshes /ban-kritis through 'tire-alerts', without a reload", async ({
      page,
      request,
    }) => {
      await loginAs(page, ACCOUNTS.edp);
      const frames: string[] = [];
      page.on('websocket', (ws) => ws.on('framereceived', (f) => frames.push(String(f.payload))));
      const connected = socketConnected(page);
      await page.goto('/ban-kritis');
      await screenReady(page, 'Ban Kritis');
      await connected;
      await expect(
        page.getByRole('table', { name: 'Daftar ban kritis' }).locator('tbody tr.ant-table-row').first(),
      ).toBeVisible();
      const checkId = await submitFieldCheck(request, await someUnitAndLocation(page, request));
      // the submission's 'new-notification' refreshes every list: let that settle first
      await expect.poll(() => frames.some((f) => f.includes('"new-notification"'))).toBe(true);
      await page.waitForLoadState('networkidle');
      expect(frames.some((f) => f.includes('"tire-alerts"'))).toBe(false);

      const refetched = page.waitForRequest((r) => r.url().includes('/api/tire-intelligence/alerts?'), {
        timeout: 15_000,
      });
      // the EDP signs with his own upload (a signature field takes no one else's file)
      const upload = await request.post('/api/upload', {
        headers: { access_token: (await tokenOf(page)) ?? '' },
        multipart: { image: { name: 'ttd.png', mimeType: 'image/png', buffer: SIGNATURE_PNG } },
      });
      expect(upload.status(), await upload.text()).toBe(201);
      await apiAs(page, request, 'POST', `/api/tire-check/${checkId}/validate`, {
        edp_sign: ((await upload.json()) as { awsImage: string }).awsImage,
        records: [],
      });
      await refetched;
      expect(frames.some((f) => f.includes('"tire-alerts"'))).toBe(true);
    });

    test('a purchase price typed in Form Edit Ban gives the stock card its cost per km', async ({
      page,
      request,
    }) => {
      await loginAs(page, ACCOUNTS.edp);
      const target = await tireWithForecast(page, request);
      await page.goto(`/tire?searchBy=serial_number&q=${encodeURIComponent(target.serial_number)}`);
      await screenReady(page, 'List Data Ban');
      await page.getByRole('row').filter({ hasText: target.serial_number }).first().click();
      const edit = page.getByRole('dialog', { name: `Form Edit Ban · ${target.serial_number}` });
      await edit.getByRole('button', { name: 'Ubah', exact: true }).click();
      const price = edit.getByRole('spinbutton', { name: 'Harga Beli (Rp)' });
      await price.fill('5000000');
      await price.blur();
      await expect(price).toHaveValue('5.000.000');
      await price.scrollIntoViewIfNeeded();
      await page.screenshot({ path: path.join(shots, 'form-edit-ban-harga-desktop.png') });
      await edit.getByRole('spinbutton', { name: 'Biaya Vulkanisir (Rp)' }).fill('');
      await edit.getByRole('button', { name: 'Update' }).click();
      await page
        .getByRole('dialog', { name: 'Update informasi ban ?' })
        .getByRole('button', { name: 'Update' })
        .click();
      await expect(page.getByText('Data Ban Berhasil di Edit')).toBeVisible();

      await page.goto(`/kartu-stok?tire=${target.tire_id}`);
      const panel = page.getByRole('region', { name: 'Umur & Prediksi Ban' });
      await expect(panel.getByText('Rp 5.000.000 / -')).toBeVisible({ timeout: 30_000 });
      const perKm = new Intl.NumberFormat('id-ID', {
        style: 'currency',
        currency: 'IDR',
        minimumFractionDigits: 2,
        maximumFractionDigits: 2,
      })
        .format(Math.round((5_000_000 / target.life.km_total) * 100) / 100)
        .replace(/\u00a0/g, ' ');
      await expect(panel.getByRole('row').filter({ hasText: 'Biaya per km' })).toContainText(perKm);
    });

    test('/analitik-ban compares brands and downloads the XLSX', async ({ page }) => {
      await loginAs(page, ACCOUNTS.edp);
      await page.goto('/analitik-ban');
      await screenReady(page, 'Analitik Performa Ban');
      const bars = page.getByRole('list', { name: 'Km per mm per Brand' });
      await expect(bars.getByRole('listitem').first()).toBeVisible({ timeout: 30_000 });
      const table = page.getByRole('table', { name: 'Performa per Brand' });
      const firstBrand = (await table.locator('tbody tr.ant-table-row td').first().innerText()).trim();
      expect(firstBrand.length).toBeGreaterThan(0);
      await shot(page, 'analitik-ban-desktop');

      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: /Export/ }).click();
      const file = await download;
      expect(file.suggestedFilename()).toMatch(/\.xlsx$/);
      const wb = await readWorkbook(file);
      expect(wb.rows.flat().map(String)).toContain(firstBrand);

      await page.getByText('Size', { exact: true }).first().click();
      await expect(page).toHaveURL(/groupBy=size/);
      await expect(page.getByRole('table', { name: 'Performa per Size' })).toBeVisible();
    });

    test('the dashboard card shows the alert counts and opens /ban-kritis filtered', async ({
      page,
      request,
    }) => {
      await loginAs(page, ACCOUNTS.edp);
      await screenReady(page, 'Dashboard');
      const card = page.getByRole('region', { name: 'Ban Kritis' });
      const summary = await apiAs<TAlertSummary>(
        page,
        request,
        'GET',
        '/api/tire-intelligence/alerts/summary',
      );
      await expect(card.getByRole('link', { name: /^Mencapai batas cabut/ })).toHaveAccessibleName(
        `Mencapai batas cabut ≤ 30 hari ${summary.counts['due-soon'].toLocaleString('id-ID')} ban`,
      );
      await card.scrollIntoViewIfNeeded();
      await card.screenshot({ path: path.join(shots, 'dashboard-card-desktop.png') });
      await card.getByRole('link', { name: /^Mencapai batas cabut/ }).click();
      await expect(page).toHaveURL(/\/ban-kritis\?kind=due-soon$/);
      await expect(countCard(page, /^Mencapai batas cabut/)).toHaveAttribute('aria-pressed', 'true');
    });
  });

  test.describe('phone 390x844', () => {
    test.use(PHONE);

    test('the screens fit a phone', async ({ page, request }) => {
      await loginAs(page, ACCOUNTS.edp);
      await expect(page.getByRole('region', { name: 'Ban Kritis' })).toBeVisible({ timeout: 30_000 });
      await page.getByRole('region', { name: 'Ban Kritis' }).screenshot({
        path: path.join(shots, 'dashboard-card-phone.png'),
      });
      await page.goto('/ban-kritis');
      await screenReady(page, 'Ban Kritis');
      await expect(
        page.getByRole('list', { name: 'Daftar ban kritis' }).getByRole('listitem').first(),
      ).toBeVisible();
      await noOverflow(page);
      await shot(page, 'ban-kritis-phone');
      await page.getByRole('button', { name: 'Tekanan Referensi' }).click();
      await expect(
        page.getByRole('dialog', { name: 'Tekanan Referensi per Size' }).getByRole('spinbutton').first(),
      ).toBeVisible();
      await shot(page, 'tekanan-referensi-phone');
      await page.getByRole('button', { name: 'Tutup' }).last().click();

      const target = await tireWithForecast(page, request);
      await page.goto(`/kartu-stok?tire=${target.tire_id}`);
      await expect(page.getByRole('region', { name: 'Umur & Prediksi Ban' }).getByRole('img')).toBeVisible({
        timeout: 30_000,
      });
      await noOverflow(page);
      await shot(page, 'kartu-stok-umur-phone');

      await page.goto('/analitik-ban');
      await screenReady(page, 'Analitik Performa Ban');
      await expect(
        page.getByRole('list', { name: 'Km per mm per Brand' }).getByRole('listitem').first(),
      ).toBeVisible({
        timeout: 30_000,
      });
      await noOverflow(page);
      await shot(page, 'analitik-ban-phone');
    });
  });
});
