import { expect, test } from '../fixtures';
import { scriptSizes } from '../script-sizes';

// Issue 21: the first visit to /lapangan/login loads at most 200 KB of JavaScript (gzip), on a
// phone over a weak signal.
const FIELD_LOGIN_JS_BUDGET_GZIP = 200 * 1024;

test('the JavaScript that /lapangan/login loads stays within 200 KB gzip', async ({ page }) => {
  const { total, files } = await scriptSizes(page, '/lapangan/login', async () => {
    await page.goto('/lapangan/login');
    await expect(page.getByRole('button', { name: 'Masuk' })).toBeVisible();
  });
  test.info().annotations.push({ type: 'field-login-js-gzip-bytes', description: String(total) });
  // the field app's own bundle: nothing of the back-office (antd) comes with it
  expect(files.every((n) => n.startsWith('/lapangan/'))).toBe(true);
  expect(total).toBeLessThan(FIELD_LOGIN_JS_BUDGET_GZIP);
});
