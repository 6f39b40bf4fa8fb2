import { gzipSync } from 'node:zlib';
import { expect, test } from './fixtures';

// The login page must stay light: lazy routes and split vendor chunks (ARCHITECTURE.md).
const LOGIN_JS_BUDGET_GZIP = 270 * 1024;

test('the JavaScript that /login loads stays within budget', async ({ page }) => {
  const scripts = new Map<string, number>();
  page.on('response', async (res) => {
    if (res.request().resourceType() !== 'script') return;
    const body = await res.body().catch(() => null);
    if (body) scripts.set(new URL(res.url()).pathname, gzipSync(body, { level: 9 }).length);
  });
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
  await page.waitForLoadState('networkidle');

  const total = [...scripts.values()].reduce((a, b) => a + b, 0);
  const lines = [...scripts.entries()]
    .sort((a, b) => b[1] - a[1])
    .map(([name, size]) => `  ${(size / 1024).toFixed(1).padStart(6)} KB  ${name}`);
  console.log(
    `/login JavaScript (gzip): ${(total / 1024).toFixed(1)} KB in ${scripts.size} files\n${lines.join('\n')}`,
  );
  test.info().annotations.push({ type: 'login-js-gzip-bytes', description: String(total) });

  // no back-office code on the login page
  expect([...scripts.keys()].some((n) => /shell|socket|engine/.test(n))).toBe(false);
  expect(total).toBeLessThan(LOGIN_JS_BUDGET_GZIP);
});
