import type {
  TAbsenceReply,
  TCheckRecordPage,
  TLeaderboardPage,
  TReplacementRecordPage,
  TSummaryReply,
} from '@itms/contracts/reports';
import type { Page } from '@playwright/test';
import { ACCOUNTS, expect, loginAs, test } from './fixtures';
import {
  apiAs,
  dayTitle,
  periodTitle,
  rangeHeader,
  readWorkbook,
  SHORTCUTS,
  screenReady,
  scrollToRegionSummary,
  shortcutRange,
  someUnitAndLocation,
  submitFieldCheck,
} from './reports-helpers';

/** Clicks each shortcut and checks the request, the URL, the header and the count against the reply. */
async function searchEachShortcut(
  page: Page,
  o: {
    /** The request of a search for the range. */
    matches: (
      url: URL,
      body: Record<string, unknown> | null,
      range: { start: string; end: string },
    ) => boolean;
    /** What a reply total counts, e.g. '12 pengecekan'. */
    countText: (total: number) => string;
  },
) {
  for (const shortcut of SHORTCUTS) {
    const range = shortcutRange(shortcut);
    const reply = page.waitForResponse((r) => {
      const req = r.request();
      return o.matches(new URL(r.url()), req.method() === 'POST' ? req.postDataJSON() : null, range);
    });
    await page.getByRole('button', { name: shortcut, exact: true }).click();
    const res = await reply;
    expect(res.ok()).toBe(true);
    const body = (await res.json()) as { total: number; data: unknown[] };
    await expect(page).toHaveURL(new RegExp(`start=${range.start}&end=${range.end}`));
    // the header names the range of the rows shown
    await expect(page.getByRole('status').filter({ hasText: /^Menampilkan / })).toHaveText(
      rangeHeader(o.countText(body.total), range),
    );
    expect(body.data.length).toBe(Math.min(body.total, 15));
  }
}

test.describe.configure({ timeout: 120_000 });

test.describe('Rekam Pengecekan', () => {
  test('first load is the current month; each shortcut searches its range', async ({ page, request }) => {
    await loginAs(page, ACCOUNTS.admin);
    const month = shortcutRange('Bulan ini');
    const first = page.waitForResponse((r) => r.url().endsWith('/api/tire-check/querry/record/search'));
    await page.goto('/tirecheck-record');
    await screenReady(page, 'Rekam Pengecekan');
    const firstBody = (await (await first).request().postDataJSON()) as {
      dateStart: string;
      dateEnd: string;
    };
    expect(firstBody).toMatchObject({ dateStart: month.start, dateEnd: month.end, page: 1, pageSize: 15 });
    const api = await apiAs<TCheckRecordPage>(page, request, 'POST', '/api/tire-check/querry/record/search', {
      dateStart: month.start,
      dateEnd: month.end,
      page: 1,
      pageSize: 15,
    });
    await expect(page.getByRole('status').filter({ hasText: /^Menampilkan / })).toHaveText(
      rangeHeader(`${api.total} pengecekan`, month),
    );
    const firstRow = api.data[0];
    await expect(page.getByRole('row', { name: new RegExp(`^Pengecekan ${firstRow.id} `) })).toContainText(
      firstRow.plate_number,
    );

    await searchEachShortcut(page, {
      matches: (url, body, range) =>
        url.pathname === '/api/tire-check/querry/record/search' &&
        body?.dateStart === range.start &&
        body?.dateEnd === range.end,
      countText: (n) => `${n} pengecekan`,
    });
  });

  test('while another range loads, the header names the range of the rows still shown', async ({ page }) => {
    await loginAs(page, ACCOUNTS.admin);
    const month = shortcutRange('Bulan ini');
    const year = shortcutRange('Tahun ini');
    await page.goto('/tirecheck-record');
    await screenReady(page, 'Rekam Pengecekan');
    const header = page.getByRole('status').filter({ hasText: /^Menampilkan / });
    await expect(header).toContainText(` dari ${dayTitle(month.start)} s.d. ${dayTitle(month.end)}`);
    // the year's answer is held back: this month's rows stay on screen meanwhile
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/tire-check/querry/record/search', async (route) => {
      if (route.request().postDataJSON()?.dateStart === year.start) await held;
      await route.continue();
    });
    const asked = page.waitForRequest(
      (r) =>
        r.url().endsWith('/api/tire-check/querry/record/search') &&
        r.postDataJSON()?.dateStart === year.start,
    );
    await page.getByRole('button', { name: 'Tahun ini', exact: true }).click();
    await asked;
    await expect(page).toHaveURL(new RegExp(`start=${year.start}&end=${year.end}`));
    await expect(header).toContainText(` dari ${dayTitle(month.start)} s.d. ${dayTitle(month.end)}`);
    release();
    await expect(header).toContainText(` dari ${dayTitle(year.start)} s.d. ${dayTitle(year.end)}`);
    await page.unroute('**/api/tire-check/querry/record/search');
  });

  test('a field check shows its detail and Hapus deletes it for good', async ({ page, request }) => {
    await loginAs(page, ACCOUNTS.admin);
    const id = await submitFieldCheck(request, await someUnitAndLocation(page, request));
    await page.goto('/tirecheck-record');
    await screenReady(page, 'Rekam Pengecekan');
    await page.getByRole('button', { name: 'Hari ini', exact: true }).click();
    const row = page.getByRole('row', { name: new RegExp(`^Pengecekan ${id} `) });
    await expect(row).toContainText('Pending');
    await row.click();

    const dialog = page.getByRole('dialog', { name: `Detail Pengecekan #${id}` });
    await expect(dialog.getByText('123.456 Km')).toBeVisible();
    await expect(dialog.getByRole('region', { name: 'Posisi Ganjil' }).getByRole('group')).toHaveCount(1);
    await expect(dialog.getByRole('region', { name: 'Posisi Genap' }).getByRole('group')).toHaveCount(1);
    const spare = dialog
      .getByRole('region', { name: 'Ban Serep (ST)' })
      .getByRole('group', { name: 'Posisi ST' });
    await expect(spare).toContainText('E2E-');
    await expect(spare).toContainText('11,5');
    await expect(spare).toContainText('95 PSI');
    // the field check sent no photos: labelled placeholders instead
    await expect(dialog.getByRole('img', { name: 'Foto plat nomor: tidak ada foto' })).toBeVisible();

    // Batal keeps it
    await dialog.getByRole('button', { name: 'Hapus' }).click();
    const ask = page.getByRole('dialog', { name: 'Hapus data pengecekan?' });
    await expect(ask).toContainText('hilang permanen');
    await ask.getByRole('button', { name: 'Batal' }).click();
    await expect(page.getByText('Changes are not saved')).toBeVisible();
    await expect(dialog).toBeVisible();

    await dialog.getByRole('button', { name: 'Hapus' }).click();
    await ask.getByRole('button', { name: 'Hapus' }).click();
    await expect(page.getByText('Berhasil menghapus data pengecekan')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(row).toHaveCount(0);
    const gone = await request.get(`/api/tire-check/detail/${id}`, {
      headers: { access_token: (await page.evaluate(() => localStorage.getItem('access_token'))) ?? '' },
    });
    expect(gone.status()).toBe(404);
  });
});

test.describe('Riwayat Pergantian', () => {
  test('each shortcut searches its range; a row opens the dialog with the four signatures', async ({
    page,
    request,
  }) => {
    await loginAs(page, ACCOUNTS.admin);
    await page.goto('/replacement-record');
    await screenReady(page, 'Riwayat Pergantian');
    await searchEachShortcut(page, {
      matches: (url, _body, range) =>
        url.pathname === '/api/tire-replacement/record/search' &&
        url.searchParams.get('dateStart') === range.start &&
        url.searchParams.get('dateEnd') === range.end,
      countText: (n) => `${n} pergantian`,
    });

    // the year has replacements in the demo data: open the newest
    const year = shortcutRange('Tahun ini');
    const list = await apiAs<TReplacementRecordPage>(
      page,
      request,
      'GET',
      `/api/tire-replacement/record/search?dateStart=${year.start}&dateEnd=${year.end}&page=1&pageSize=15`,
    );
    expect(list.total).toBeGreaterThan(0);
    const newest = list.data[0];
    await page.getByRole('row', { name: new RegExp(`^Pergantian ${newest.id} `) }).click();
    const dialog = page.getByRole('dialog', { name: `Detail Pergantian #${newest.id}` });
    await expect(dialog).toContainText(newest.plate_number);
    for (const label of ['TTD PIC', 'TTD ITMS', 'TTD EDP', 'TTD WORKSHOP']) {
      await expect(dialog.getByRole('group', { name: label })).toBeVisible();
    }
    await expect(dialog.getByRole('group', { name: /^Posisi / }).first()).toBeVisible();
    await dialog.getByRole('button', { name: 'Keluar' }).click();
    await expect(dialog).toBeHidden();
  });
});

test.describe('Leaderboard', () => {
  test('ranks the current month, 10 per page, as the API does', async ({ page, request }) => {
    await loginAs(page, ACCOUNTS.admin);
    await page.goto('/leaderboard');
    await screenReady(page, 'Leaderboard');
    const month = shortcutRange('Bulan ini');
    const api = await apiAs<TLeaderboardPage>(
      page,
      request,
      'GET',
      `/api/tire-check/leader-board?dateStart=${month.start}&dateEnd=${month.end}&page=1&pageSize=10`,
    );
    await expect(page.getByRole('status').filter({ hasText: 'tire man' })).toHaveText(
      rangeHeader(`${api.total} tire man`, month),
    );
    const rows = page.getByRole('row').filter({ has: page.getByRole('cell') });
    await expect(rows).toHaveCount(Math.min(api.total, 10));
    await expect(rows.first()).toContainText(api.data[0].userName);
    await expect(rows.first()).toContainText(String(api.data[0].highScore));

    const reply = page.waitForResponse(
      (r) => r.url().includes('/api/tire-check/leader-board?') && r.url().includes('dateStart=2'),
    );
    await page.getByRole('button', { name: 'Tahun ini', exact: true }).click();
    expect((await reply).ok()).toBe(true);
  });
});

test.describe('Summary Pengecekan', () => {
  test('one card per region; shortcuts reload; Export gives the Summary Pengecekan sheet', async ({
    page,
    request,
  }) => {
    await loginAs(page, ACCOUNTS.admin);
    await page.goto('/summary');
    await screenReady(page, 'Summary Pengecekan');
    const month = shortcutRange('Bulan ini');
    const api = await apiAs<TSummaryReply>(page, request, 'POST', '/api/tire-check/summary', {
      dateStart: month.start,
      dateEnd: month.end,
    });
    for (const r of api.data) {
      const card = page.getByRole('region', { name: r.region });
      await expect(card).toContainText(r.pic);
      await expect(card).toContainText(
        r.percentage === null ? '-' : `${r.percentage.toLocaleString('id-ID')}%`,
      );
      // this month runs past today (unless today is its last day): the target is due up to today
      if (api.daysToDate < api.days) {
        await expect(card).toContainText(
          `Target s.d. hari ini${r.expected_to_date.toLocaleString('id-ID')} dari ${r.expected.toLocaleString('id-ID')}`,
        );
        await expect(card).toContainText(`(${api.daysToDate} dari ${api.days} hari)`);
      }
    }
    expect(api.daysToDate).toBe(
      Number(new Date().toLocaleDateString('en-CA', { timeZone: 'Asia/Jakarta' }).slice(8)),
    );
    const totals = api.data.reduce(
      (a, r) => ({ total: a.total + r.total, approved: a.approved + r.approved }),
      {
        total: 0,
        approved: 0,
      },
    );
    await expect(page.getByRole('status').filter({ hasText: /^Menampilkan / })).toHaveText(
      rangeHeader(
        `${api.data.length} region · ${totals.total.toLocaleString('id-ID')} pengecekan · ${totals.approved.toLocaleString('id-ID')} approved`,
        month,
      ),
    );

    for (const shortcut of ['Kemarin', 'Hari ini', 'Tahun ini', 'Bulan ini'] as const) {
      const range = shortcutRange(shortcut);
      const reply = page.waitForResponse(
        (r) =>
          r.url().endsWith('/api/tire-check/summary') &&
          r.request().postDataJSON()?.dateStart === range.start &&
          r.request().postDataJSON()?.dateEnd === range.end,
      );
      await page.getByRole('button', { name: shortcut, exact: true }).click();
      expect((await reply).ok()).toBe(true);
      await expect(page.getByRole('status').filter({ hasText: /^Menampilkan / })).toContainText(
        ` dari ${dayTitle(range.start)} s.d. ${dayTitle(range.end)}`,
      );
    }

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`summary-pengecekan_${month.start}_${month.end}.xlsx`);
    const book = await readWorkbook(download);
    expect(book.names).toEqual(['Summary Pengecekan']);
    expect(book.rows[0]?.[0]).toBe(`Summary Pengecekan · ${periodTitle(month.start, month.end)}`);
    expect(book.rows[1]).toEqual(['Id', 'Region', 'Total', 'Approved', 'Tireman', 'PIC']);
    expect(book.rows.slice(2)).toEqual(
      api.data.map((r) => [r.id, r.region, r.total, r.approved, r.tire_men, r.pic]),
    );
  });

  test('?region= from the dashboard highlights that region; Target Check is saved', async ({
    page,
    request,
  }) => {
    await loginAs(page, ACCOUNTS.admin);
    await scrollToRegionSummary(page);
    await page
      .getByRole('link', { name: /^Detail / })
      .last()
      .click();
    await expect(page).toHaveURL(/\/summary\?region=\d+$/);
    const regionId = Number(new URL(page.url()).searchParams.get('region'));
    const month = shortcutRange('Bulan ini');
    const api = await apiAs<TSummaryReply>(page, request, 'POST', '/api/tire-check/summary', {
      dateStart: month.start,
      dateEnd: month.end,
    });
    const region = api.data.find((r) => r.id === regionId)!;
    const card = page.getByRole('region', { name: region.region });
    await expect(card).toBeInViewport();

    const input = card.getByRole('spinbutton', { name: 'Target Check' });
    const save = card.getByRole('button', { name: `Simpan Target Check ${region.region}` });
    await expect(save).toBeDisabled();
    await input.fill('777');
    await save.click();
    await expect(page.getByText('Region berhasil di update')).toBeVisible();
    await expect(save).toBeDisabled();
    const after = await apiAs<TSummaryReply>(page, request, 'POST', '/api/tire-check/summary', {
      dateStart: month.start,
      dateEnd: month.end,
    });
    expect(after.data.find((r) => r.id === regionId)?.target_check).toBe(777);

    // back as it was
    await input.fill(region.target_check === null ? '' : String(region.target_check));
    await save.click();
    await expect(save).toBeDisabled();
  });

  test("'Harap refresh page ini' when the regions fail to load", async ({ page }) => {
    await loginAs(page, ACCOUNTS.admin);
    await page.route('**/api/tire-check/summary', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ statusCode: 500, code: 'INTERNAL', message: 'Terjadi kesalahan pada server' }),
      }),
    );
    await page.goto('/summary');
    await screenReady(page, 'Summary Pengecekan');
    await expect(page.getByRole('alert')).toContainText('Harap refresh page ini');
    await page.unroute('**/api/tire-check/summary');
    await page.getByRole('button', { name: 'Muat ulang' }).click();
    await expect(page.getByRole('alert')).toHaveCount(0);
    await expect(page.getByRole('region', { name: /./ }).first()).toBeVisible();
  });
});

test.describe('Absensi Unit Bulanan', () => {
  test('the current month: cards and table match the API; Export opens with a Y/N day grid', async ({
    page,
    request,
  }) => {
    await loginAs(page, ACCOUNTS.admin);
    await page.goto('/absensi-unit');
    await screenReady(page, 'Absensi Unit Bulanan');
    const monthKey = shortcutRange('Bulan ini').start.slice(0, 7);
    const api = await apiAs<TAbsenceReply>(page, request, 'POST', '/api/tire-check/absent', {
      month: monthKey,
      page: 1,
      pageSize: 5000,
    });
    const cards: [string, number][] = [
      ['Dicek 1 kali', api.summary.once],
      ['Dicek 2 kali', api.summary.twice],
      ['Dicek 3 kali', api.summary.thrice],
      ['Dicek 4 kali atau lebih', api.summary.fourPlus],
      ['Total Pengecekan', api.summary.totalChecks],
      ['Unit Dicek', api.summary.distinctUnits],
    ];
    for (const [label, n] of cards) {
      await expect(page.getByRole('group', { name: label })).toContainText(n.toLocaleString('id-ID'));
    }
    const first = api.units[0];
    const row = page.getByRole('row', { name: new RegExp(`^1 ${first.plate_number} `) });
    await expect(row).toContainText(String(first.total));
    expect(await row.getByText('Y', { exact: true }).count()).toBe(first.days.split('Y').length - 1);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`absensi-unit_${monthKey}.xlsx`);
    const book = await readWorkbook(download);
    expect(book.names).toEqual([`Absensi ${monthKey}`]);
    const days = Array.from({ length: api.days }, (_, i) => String(i + 1));
    const month = shortcutRange('Bulan ini');
    expect(book.rows[0]?.[0]).toBe(`Absensi Unit Bulanan · ${periodTitle(month.start, month.end)}`);
    expect(book.rows[1]).toEqual(['No', 'No. Body', ...days, 'Total']);
    expect(book.rows).toHaveLength(api.total + 2);
    expect(book.rows[2]).toEqual([1, first.plate_number, ...first.days, first.total]);
  });

  test("no month: 'Silahkan memilih bulan pengecekan' and Ok goes back to the current month", async ({
    page,
  }) => {
    await loginAs(page, ACCOUNTS.admin);
    await page.goto('/absensi-unit');
    await screenReady(page, 'Absensi Unit Bulanan');
    await page.getByLabel('Bulan').hover();
    await page.getByRole('button', { name: 'Bersih' }).click();
    await page.getByRole('button', { name: 'Cari' }).click();
    await expect(page.getByText('Silahkan memilih bulan pengecekan')).toBeVisible();
    await page.getByRole('button', { name: 'Ok' }).click();
    await expect(page.getByText('Silahkan memilih bulan pengecekan')).toBeHidden();
    await expect(page.getByRole('group', { name: 'Unit Dicek' })).toBeVisible();
  });

  test('5,000 units scroll in a virtualised table', async ({ page }) => {
    await loginAs(page, ACCOUNTS.admin);
    const days = 30;
    const units = Array.from({ length: 5000 }, (_, i) => ({
      unit_id: i + 1,
      plate_number: `UJI ${String(i + 1).padStart(4, '0')}`,
      days: Array.from({ length: days }, (_, d) => ((i + d) % 3 === 0 ? 'Y' : 'N')).join(''),
      total: 10,
    }));
    const zero = { once: 0, twice: 0, thrice: 0, fourPlus: 5000, totalChecks: 50_000, distinctUnits: 5000 };
    await page.route('**/api/tire-check/absent', (route) =>
      route.fulfill({
        contentType: 'application/json',
        body: JSON.stringify({
          month: '2025-06',
          dateStart: '2025-06-01',
          dateEnd: '2025-06-30',
          days,
          units,
          total: 5000,
          page: 1,
          pageSize: 5000,
          summary: {
            ...zero,
            share: { ...zero, fourPlus: 100, totalChecks: 1000, distinctUnits: 100 },
            fleetUnits: 5000,
          },
        } satisfies TAbsenceReply),
      }),
    );
    await page.goto('/absensi-unit?month=2025-06');
    await screenReady(page, 'Absensi Unit Bulanan');
    await expect(page.getByRole('row', { name: /^1 UJI 0001 / })).toBeVisible();
    // only the rows in view are in the page
    expect(await page.getByRole('row').count()).toBeLessThan(100);
    const started = Date.now();
    const table = page.getByRole('row', { name: /^1 UJI 0001 / });
    await table.hover();
    for (let i = 0; i < 40 && !(await page.getByRole('row', { name: /^5000 UJI 5000 / }).isVisible()); i++) {
      await page.mouse.wheel(0, 20_000);
      await page.waitForTimeout(50);
    }
    await expect(page.getByRole('row', { name: /^5000 UJI 5000 / })).toBeVisible();
    expect(await page.getByRole('row').count()).toBeLessThan(100);
    test
      .info()
      .annotations.push({ type: 'absence-scroll-5000-ms', description: String(Date.now() - started) });
  });
});
