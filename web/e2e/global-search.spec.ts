import path from 'node:path';
import type { Page } from '@playwright/test';
import { ACCOUNTS, expect, loginAs, test, tokenOf } from './fixtures';

// The top bar's global search (issue 25) as EDP against the demo fleet: part of a plate from some
// screen opens the unit's page, part of a serial opens that tire's stock card; on a phone the
// search opens full width from an icon.

const shots = path.resolve(import.meta.dirname, '.tmp', 'global-search');
const shot = (page: Page, name: string) => page.screenshot({ path: path.join(shots, `${name}.png`) });

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } as const;
const DESKTOP = { viewport: { width: 1440, height: 900 } } as const;

/** A unit and a tire of the demo fleet, read through the lists (not through the search). */
async function sample(page: Page) {
  const headers = { access_token: (await tokenOf(page)) ?? '' };
  const units = await page.request.get('/api/unit?sort=id&pageSize=10', { headers });
  const tires = await page.request.get('/api/tire?pageSize=10', { headers });
  expect(units.ok()).toBe(true);
  expect(tires.ok()).toBe(true);
  const unit = (await units.json()).data[3] as { id: number; plate_number: string };
  const tire = (await tires.json()).data[2] as { id: number; serial_number: string };
  return { unit, tire };
}

test.describe('global search', () => {
  test.describe('desktop', () => {
    test.use(DESKTOP);

    test('part of a plate opens the unit page; part of a serial opens its stock card', async ({ page }) => {
      await loginAs(page, ACCOUNTS.edp);
      const { unit, tire } = await sample(page);
      await page.goto('/tire');
      const box = page.getByRole('combobox', { name: 'Cari plat, nomor seri, tire man' });
      await expect(box).toBeVisible();
      await shot(page, 'top-bar-desktop');

      // the plate's number without its letters, in lower case: "B 1004 XY" -> "1004 xy"
      const platePart = unit.plate_number.split(' ').slice(1).join(' ').toLowerCase();
      await page.keyboard.press('Control+k');
      await expect(box).toBeFocused();
      await page.keyboard.type(platePart);
      const unitOption = page.getByRole('option', { name: `Unit ${unit.plate_number}` });
      await expect(unitOption).toBeVisible();
      // the group's heading
      await expect(page.getByTitle('Unit', { exact: true })).toBeVisible();
      await shot(page, 'results-desktop');
      await unitOption.click();
      await expect(page).toHaveURL(new RegExp(`/unit/${unit.id}$`));
      await expect(box).toHaveValue('');

      // all of the serial but its first letter, with the keyboard: the first answer is active,
      // ArrowDown and ArrowUp come back to it, Enter opens it
      await box.click();
      await page.keyboard.type(tire.serial_number.slice(1));
      const tireOption = page.getByRole('option', { name: `Ban ${tire.serial_number}` });
      await expect(tireOption).toBeVisible();
      await expect(page.getByRole('option', { name: /^Unit / })).toHaveCount(0);
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('ArrowUp');
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(new RegExp(`/kartu-stok\\?tire=${tire.id}$`));
      await expect(page.getByText(`Kartu stok ban ${tire.serial_number}`)).toBeVisible();

      // nothing found says so
      await box.click();
      await page.keyboard.type('zzqqxx');
      await expect(page.getByText('Tidak ditemukan')).toBeVisible();
    });
  });

  test.describe('small laptop 1024x768', () => {
    test.use({ viewport: { width: 1024, height: 768 } });

    test('Ctrl+K opens the search over the bar; a tire man leads to the replacements to validate searched by his name', async ({
      page,
    }) => {
      await loginAs(page, ACCOUNTS.edp);
      const box = page.getByRole('combobox', { name: 'Cari plat, nomor seri, tire man' });
      // the title keeps its room: only the icon beside it
      await expect(page.getByRole('button', { name: 'Cari plat, nomor seri, tire man' })).toBeVisible();
      await expect(box).toBeHidden();
      await page.keyboard.press('Control+k');
      await expect(box).toBeFocused();
      // the demo tire man tireman@itms.local
      await page.keyboard.type('santoso');
      const option = page.getByRole('option', { name: 'Tire Man Budi Santoso' });
      await expect(option).toBeVisible();
      await shot(page, 'results-1024');
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(/\/validasi-pergantian\?q=Budi%20Santoso$/);
      await expect(box).toBeHidden();
    });
  });

  test.describe('phone', () => {
    test.use(PHONE);

    test('an icon opens a full-width search; a serial opens its stock card', async ({ page }) => {
      await loginAs(page, ACCOUNTS.edp);
      const { tire } = await sample(page);
      await shot(page, 'top-bar-phone');
      await page.getByRole('button', { name: 'Cari plat, nomor seri, tire man' }).click();
      const box = page.getByRole('combobox', { name: 'Cari plat, nomor seri, tire man' });
      await expect(box).toBeFocused();
      const width = (await box.boundingBox())?.width ?? 0;
      expect(width).toBeGreaterThan(250);
      await page.keyboard.type(tire.serial_number.slice(1));
      const tireOption = page.getByRole('option', { name: `Ban ${tire.serial_number}` });
      await expect(tireOption).toBeVisible();
      // the dropdown stays on the screen
      const popup = await page.getByRole('listbox').boundingBox();
      expect((popup?.x ?? -1) >= 0 && (popup?.x ?? 0) + (popup?.width ?? 0) <= 390).toBe(true);
      await shot(page, 'results-phone');
      await tireOption.click();
      await expect(page).toHaveURL(new RegExp(`/kartu-stok\\?tire=${tire.id}$`));
      await expect(page.getByText(`Kartu stok ban ${tire.serial_number}`)).toBeVisible();
      // the bar is back to its title and icons
      await expect(box).toBeHidden();
    });
  });
});
