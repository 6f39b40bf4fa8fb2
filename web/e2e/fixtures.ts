import { type APIRequestContext, test as base, expect, type Locator, type Page } from '@playwright/test';

export const PASSWORD = 'itms12345';
export const ACCOUNTS = {
  admin: 'admin@itms.local',
  edp: 'edp@itms.local',
  tireman: 'tireman@itms.local',
  workshop: 'workshop@itms.local',
} as const;

export const APP_TITLE = 'Integrated Tire Management Solutions';

export async function tokenOf(page: Page): Promise<string | null> {
  return page.evaluate(() => window.localStorage.getItem('access_token')).catch(() => null);
}

/** Ends a session through the API; a token that is already dead is fine. */
export async function logoutToken(request: APIRequestContext, token: string | null) {
  if (!token) return;
  await request.post('/api/tire-man-logout', { headers: { access_token: token } });
}

/** Signs in through the login form and waits for the back-office shell. */
export async function loginAs(page: Page, email: string, password = PASSWORD) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/$/);
}

/**
 * One session per account on the server: every test signs its pages out at the end (through the
 * API), so that the next test can sign in with the same demo account. Every page of the browser,
 * not only the test's own context: a test that also opens the office beside the phone
 * (`browser.newPage()`) and runs out of time never reaches its own sign-out, and its session would
 * refuse every later test's sign-in with that account.
 */
export const test = base.extend<{ signOutAfter: undefined }>({
  signOutAfter: [
    async ({ browser, context, request }, use) => {
      await use(undefined);
      const contexts = new Set([context, ...browser.contexts()]);
      for (const c of contexts) for (const page of c.pages()) await logoutToken(request, await tokenOf(page));
    },
    { auto: true },
  ],
});

export { expect };

/**
 * The element's box once the opening animation of its modal or menu is over (three reads 100 ms
 * apart agree): a stroke drawn mid-animation could start on the mask, which closes the modal, and a
 * click on a dialog's button or a menu item still zooming in can land beside it and be lost.
 */
export async function settledBox(page: Page, el: Locator) {
  let last = await el.boundingBox();
  let still = 0;
  for (let i = 0; i < 50; i++) {
    await page.waitForTimeout(100);
    const box = await el.boundingBox();
    // three still samples: on a busy machine the opening zoom can skip a frame and look still once
    const same = box && last && box.x === last.x && box.y === last.y && box.width === last.width;
    still = same ? still + 1 : 0;
    if (still >= 3) return box!;
    last = box;
  }
  throw new Error(`${el} did not settle in 5 s`);
}

/**
 * Searches a list for a text only one row has, and waits for its answer ('1-1 dari 1'): until
 * then the list shows the rows of before under its loading veil, which takes the clicks.
 */
export async function searchOne(page: Page, text: string) {
  const search = page.getByRole('searchbox', { name: 'Cari' });
  await search.fill(text);
  await search.press('Enter');
  await expect(page.getByText('1-1 dari 1', { exact: true })).toBeVisible();
}

/**
 * Draws two strokes on the signature pad of `dialog` until its Submit button is enabled: the pad
 * attaches once signature_pad's chunk has loaded, and a stroke drawn before that is not taken.
 */
export async function drawSignature(page: Page, dialog: Locator) {
  const canvas = dialog.getByLabel('Area tanda tangan');
  const submit = dialog.getByRole('button', { name: 'Submit', exact: true });
  await expect(canvas).toBeVisible();
  await expect(async () => {
    const box = await settledBox(page, canvas);
    const at = (fx: number, fy: number) => [box.x + box.width * fx, box.y + box.height * fy] as const;
    await page.mouse.move(...at(0.15, 0.6));
    await page.mouse.down();
    for (const [fx, fy] of [
      [0.25, 0.3],
      [0.35, 0.7],
      [0.45, 0.35],
      [0.55, 0.65],
    ] as const)
      await page.mouse.move(...at(fx, fy), { steps: 6 });
    await page.mouse.up();
    await page.mouse.move(...at(0.6, 0.5));
    await page.mouse.down();
    await page.mouse.move(...at(0.85, 0.45), { steps: 8 });
    await page.mouse.up();
    await expect(submit).toBeEnabled({ timeout: 1000 });
  }).toPass({ timeout: 20_000 });
}
