import { type APIRequestContext, test as base, expect, type Page } from '@playwright/test';

export const PASSWORD = 'itms12345';
export const ACCOUNTS = {
  admin: 'admin@itms.local',
  edp: 'edp@itms.local',
  tireman: 'tireman@itms.local',
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
 * API), so that the next test can sign in with the same demo account.
 */
export const test = base.extend<{ signOutAfter: undefined }>({
  signOutAfter: [
    async ({ context, request }, use) => {
      await use(undefined);
      for (const page of context.pages()) await logoutToken(request, await tokenOf(page));
    },
    { auto: true },
  ],
});

export { expect };
