import { ACCOUNTS, APP_TITLE, expect, loginAs, test } from './fixtures';

test.describe('phone 390x844', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the menu hides behind the hamburger and opens as a 240px drawer', async ({ page }) => {
    await loginAs(page, ACCOUNTS.admin);
    await expect(page.getByRole('heading', { name: APP_TITLE })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Menu utama' })).toHaveCount(0);

    await page.getByRole('button', { name: 'Buka menu' }).click();
    const nav = page.getByRole('navigation', { name: 'Menu utama' });
    await expect(nav).toBeVisible();
    const drawer = page.getByRole('dialog').filter({ has: nav });
    await expect(drawer).toBeVisible();
    // once the slide-in animation is over: flush left, 240px wide
    await expect.poll(async () => (await drawer.boundingBox())?.x).toBe(0);
    expect((await drawer.boundingBox())?.width).toBe(240);

    // nothing overflows the phone's width
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);

    await nav.getByRole('link', { name: 'Summary Pengecekan' }).click();
    await expect(page).toHaveURL(/\/summary$/);
    await expect(page.getByRole('heading', { name: 'Summary Pengecekan', level: 2 })).toBeVisible();
    await expect(nav).toBeHidden();
  });
});

test.describe('desktop 1440x900', () => {
  test('a fixed 240px side menu and no hamburger', async ({ page }) => {
    await loginAs(page, ACCOUNTS.admin);
    const nav = page.getByRole('navigation', { name: 'Menu utama' });
    await expect(nav).toBeVisible();
    await expect(page.getByRole('button', { name: 'Buka menu' })).toHaveCount(0);
    const box = await nav.boundingBox();
    expect(box?.x).toBe(0);
    expect(box?.width).toBeLessThanOrEqual(240);
    await expect(nav.getByRole('link', { name: 'Tire Man' })).toBeVisible();
  });
});
