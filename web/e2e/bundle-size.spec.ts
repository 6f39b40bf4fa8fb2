import { expect, test } from './fixtures';
import { scriptSizes } from './script-sizes';

// The login page must stay light (270 KB of JavaScript gzip): lazy routes and split vendor chunks.
const LOGIN_JS_BUDGET_GZIP = 270 * 1024;

test('the JavaScript that /login loads stays within budget', async ({ page }) => {
  const { total, files } = await scriptSizes(page, '/login', async () => {
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
  });
  test.info().annotations.push({ type: 'login-js-gzip-bytes', description: String(total) });

  // no back-office code on the login page
  expect(files.some((n) => /shell|socket|engine/.test(n))).toBe(false);
  expect(total).toBeLessThan(LOGIN_JS_BUDGET_GZIP);
});
