import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { ACCOUNTS, drawSignature, expect, loginAs, test, tokenOf } from './fixtures';

// Issue 25 item 8: below 768px every office list (600px until issue 40) is a list of cards (no table scrolled sideways),
// a tap on a card opens the item as a click on its row does; the signature pad fits a phone; at
// 1440px no table cuts its last column.

const shotsDir = path.resolve(import.meta.dirname, '../../screenshots');
const shot = (page: Page, name: string) =>
  page.screenshot({ path: path.join(shotsDir, `${name}.png`), fullPage: true });
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };
const DESKTOP = { viewport: { width: 1440, height: 900 } };
const SLOW = { timeout: 30_000 };

/** Nothing on the page is wider than the phone: no sideways scrolling. */
async function noSidewaysScroll(page: Page, soft = false) {
  const width = await page.evaluate(() => document.scrollingElement?.scrollWidth ?? 0);
  (soft ? expect.soft(width, page.url()) : expect(width)).toBeLessThanOrEqual(390);
}

/** The cards of a list named `name`, once loaded; and no table on the page. */
async function cardsOf(page: Page, name: string): Promise<Locator> {
  const cards = page.getByRole('list', { name }).getByRole('listitem');
  await expect(cards.first()).toBeVisible(SLOW);
  await expect(page.getByRole('table')).toHaveCount(0);
  await noSidewaysScroll(page);
  return cards;
}

test.describe('office lists on a phone 390x844', () => {
  test.use(PHONE);

  test('the check queue, Rekam Pengecekan, the tire list and the units are cards that open on a tap', async ({
    page,
  }) => {
    test.slow();
    await loginAs(page, ACCOUNTS.edp);

    await test.step('Validasi Pengecekan: a tap on a card opens its Form Pengecekan', async () => {
      await page.goto('/validasi');
      const card = page.getByRole('listitem', { name: /^Buka pengecekan \d+$/ }).first();
      await expect(card).toBeVisible(SLOW);
      await expect(page.getByRole('table')).toHaveCount(0);
      await expect(card).toContainText('Tire Man:');
      await noSidewaysScroll(page);
      await shot(page, 'phone-cards-validasi');
      const id = Number((await card.getAttribute('aria-label'))!.replace(/\D/g, ''));
      await card.tap();
      await expect(page).toHaveURL(new RegExp(`/pengecekan/${id}$`), SLOW);
      await expect(page.getByRole('heading', { name: 'Form Pengecekan', level: 2 })).toBeVisible();
    });

    await test.step('Rekam Pengecekan: a tap on a card opens the check detail', async () => {
      await page.goto('/tirecheck-record');
      const card = (await cardsOf(page, 'Daftar pengecekan')).first();
      await expect(card).toContainText(/Id: \d+/);
      await shot(page, 'phone-cards-rekam-pengecekan');
      const id = /Id: (\d+)/.exec((await card.textContent()) ?? '')![1];
      await card.tap();
      await expect(page.getByRole('dialog', { name: `Detail Pengecekan #${id}` })).toBeVisible(SLOW);
    });

    await test.step('List Data Ban: a tap on a card opens Form Edit Ban of that tire', async () => {
      await page.goto('/tire');
      const card = (await cardsOf(page, 'List Data Ban')).first();
      await expect(card).toContainText('Size:');
      await shot(page, 'phone-cards-tire');
      const serial = (await card.locator('strong').first().textContent())!;
      await card.tap();
      await expect(page.getByRole('dialog', { name: `Form Edit Ban · ${serial}` })).toBeVisible(SLOW);
    });

    await test.step('Unit: a tap on a card opens the unit page', async () => {
      await page.goto('/unit');
      const card = (await cardsOf(page, 'Daftar Unit')).first();
      await expect(card).toContainText('Tipe Unit:');
      await shot(page, 'phone-cards-unit');
      const plate = (await card.locator('strong').first().textContent())!;
      await card.tap();
      await expect(page).toHaveURL(/\/unit\/\d+$/, SLOW);
      await expect(page.getByText(plate).first()).toBeVisible();
    });
  });

  test('the signature pad fits the phone and takes a drawn signature', async ({ page }) => {
    test.slow();
    await loginAs(page, ACCOUNTS.edp);
    // the demo EDP account signs by drawing (no stored signature)
    await page.request.put('/api/tire-man/me/signature', {
      headers: { access_token: (await tokenOf(page))! },
      data: { signature: '-' },
    });
    await page.reload();
    await page.goto('/validasi');
    await page
      .getByRole('listitem', { name: /^Buka pengecekan \d+$/ })
      .first()
      .tap(SLOW);
    await expect(page.getByRole('heading', { name: 'Form Pengecekan', level: 2 })).toBeVisible(SLOW);
    await page.getByRole('button', { name: 'Validasi' }).click();
    const confirm = page.getByRole('dialog', { name: 'Konfirmasi Validasi Pengecekan' });
    await confirm.getByRole('button', { name: 'SETUJUI' }).click();

    const pad = page.getByRole('dialog', { name: 'Tanda Tangan EDP' });
    const canvas = pad.getByLabel('Area tanda tangan');
    await expect(canvas).toBeVisible();
    await drawSignature(page, pad);
    // the pad and its buttons are inside the screen, with nothing to scroll sideways
    const box = (await canvas.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    for (const name of ['Hapus', 'Batal', 'Submit']) {
      const b = (await pad.getByRole('button', { name, exact: true }).boundingBox())!;
      expect(b.x + b.width).toBeLessThanOrEqual(390);
    }
    // the pad, its border included, within the modal: nothing to scroll sideways there either
    const past = await canvas.evaluate((c) => {
      const body = c.parentElement!;
      return Math.max(
        body.scrollWidth - body.clientWidth,
        c.getBoundingClientRect().right - body.getBoundingClientRect().right,
      );
    });
    expect(past).toBeLessThanOrEqual(0);
    await noSidewaysScroll(page);
    await page.screenshot({ path: path.join(shotsDir, 'phone-signature-pad.png') });

    await pad.getByRole('button', { name: 'Submit', exact: true }).click();
    await expect(pad).toBeHidden(SLOW);
    await expect(confirm.getByRole('img', { name: 'Tanda tangan EDP', exact: true })).toBeVisible();
    await expect(confirm.getByRole('button', { name: 'SUBMIT' })).toBeEnabled();
    // leave the check pending
    await confirm.getByRole('button', { name: 'BATAL' }).click();
  });
});

/** Every office list switched to cards (the kartu stok and unit page need a tire and a unit). */
const LISTS = [
  '/validasi',
  '/validasi?view=dikembalikan',
  '/validasi-pergantian',
  '/mismatch',
  '/tanda-tangan',
  '/warehouse',
  '/ban-kritis',
  '/user',
  '/tire-request',
  '/tire',
  '/mismatch-record',
  '/tirecheck-record',
  '/replacement-record',
  '/banner',
  '/berita',
  '/active-tire',
  '/quality-control',
  '/customer',
  '/project',
  '/scrap',
  '/unit',
  '/audit',
  '/storing',
  '/notifikasi',
  '/kartu-stok?tire=:tire',
  '/unit/:unit',
] as const;

async function eachList(page: Page, lists: readonly string[], visit: (name: string) => Promise<void>) {
  await loginAs(page, ACCOUNTS.admin);
  const token = (await tokenOf(page))!;
  const first = async (url: string) =>
    (
      (await (await page.request.get(url, { headers: { access_token: token } })).json()) as {
        data: { id: number }[];
      }
    ).data[0]!.id;
  const tire = await first('/api/tire?pageSize=1');
  const unit = await first('/api/unit?pageSize=1');
  for (const list of lists) {
    await page.goto(list.replace(':tire', String(tire)).replace(':unit', String(unit)));
    await expect(page.getByRole('heading', { level: 2 }).first()).toBeVisible(SLOW);
    await expect(page.locator('.ant-spin-spinning')).toHaveCount(0, SLOW);
    await visit(list.replace(/[/?=:]+/g, '-').replace(/^-|-$/g, '') || 'dashboard');
  }
}

// two halves per size: on a busy machine one pass over all of them takes longer than a test may
const HALVES = [LISTS.slice(0, 12), LISTS.slice(12)] as const;

test.describe('every office list', () => {
  for (const [half, lists] of HALVES.entries()) {
    test.describe(`on a phone (${half + 1}/2)`, () => {
      // full-page shots of long card lists: at scale 1
      test.use({ ...PHONE, deviceScaleFactor: 1 });
      test('shows no table scrolled sideways', async ({ page }) => {
        test.setTimeout(600_000);
        await eachList(page, lists, async (name) => {
          await noSidewaysScroll(page, true);
          await shot(page, `phone-list-${name}`);
        });
      });
    });

    test.describe(`at 1440x900 (${half + 1}/2)`, () => {
      test.use(DESKTOP);
      test('cuts no last column', async ({ page }) => {
        test.setTimeout(600_000);
        await eachList(page, lists, async (name) => {
          // how far each table's last header reaches past what its table (or the screen) shows
          const past = await page.evaluate(() =>
            [...document.querySelectorAll('.ant-table-container')].map((table) => {
              const last = [...table.querySelectorAll('thead th:not(.ant-table-cell-scrollbar)')].at(-1);
              const shown = Math.min(window.innerWidth, table.getBoundingClientRect().right);
              return last ? last.getBoundingClientRect().right - shown : 0;
            }),
          );
          expect
            .soft(
              past.every((px) => px <= 0.5),
              `${name}: ${past.join(', ')}`,
            )
            .toBe(true);
          await shot(page, `desktop-list-${name}`);
        });
      });
    });
  }
});

test.describe('wide lists at 1440x900', () => {
  test.use(DESKTOP);

  test('the last column of the tire list and of Rekam Pengecekan is inside the screen', async ({ page }) => {
    test.slow();
    await loginAs(page, ACCOUNTS.edp);
    for (const [url, last] of [
      ['/tire', 'Unit'],
      ['/tirecheck-record', 'Status'],
    ] as const) {
      await page.goto(url);
      await expect(page.getByRole('row').nth(1)).toBeVisible(SLOW);
      const header = page.getByRole('columnheader', { name: last, exact: true });
      const box = (await header.boundingBox())!;
      const shown = (await header
        .locator('xpath=ancestor::div[contains(@class,"ant-table-container")][1]')
        .boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(Math.min(1440, shown.x + shown.width) + 0.5);
    }
  });
});
