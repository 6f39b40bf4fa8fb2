import { ACCOUNTS, expect, loginAs, PASSWORD, test } from './fixtures';

/**
 * The built SPA under the server's Content-Security-Policy: it loads and works without a single
 * CSP violation, and text people type (news, banners, names) containing HTML shows as text.
 */

declare global {
  interface Window {
    __cspViolations: string[];
    __xss?: number;
  }
}

const STAMP = Date.now().toString(36);
const HTML_NEWS = `<img src=x onerror="window.__xss=1">Berita <b>tebal</b> ${STAMP}`;
const HTML_BANNER = `<script>window.__xss=1</script>Banner ${STAMP}`;
const HTML_NAME = `<i>Budi</i><img src=x onerror="window.__xss=1"> ${STAMP}`;

test.beforeEach(async ({ page }) => {
  // recorded before any page script runs (init scripts are not subject to the page's CSP)
  await page.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) =>
      window.__cspViolations.push(`${e.violatedDirective} ${e.blockedURI}`),
    );
  });
});

test('the SPA loads and runs under the CSP without violations', async ({ page }) => {
  test.setTimeout(150_000);
  const consoleCsp: string[] = [];
  page.on('console', (msg) => {
    if (/Content Security Policy|Refused to (load|execute|apply|connect)/i.test(msg.text()))
      consoleCsp.push(msg.text());
  });
  const first = await page.goto('/login');
  const csp = first!.headers()['content-security-policy'] ?? '';
  expect(csp).toContain("script-src 'self'");
  expect(csp).not.toContain("script-src 'self' 'unsafe-inline'");
  // connections and frames to named hosts only, never to any ws:/wss:/https: address
  expect(csp).toMatch(/connect-src 'self'( wss?:\/\/[^\s;]+)?;/);
  expect(csp).toMatch(
    /frame-src 'self' https:\/\/www\.youtube\.com https:\/\/player\.vimeo\.com https:\/\/drive\.google\.com[^;]*;/,
  );
  expect(csp).not.toMatch(/(connect|frame)-src[^;]* (ws|wss|https):[ ;]/);
  expect(first!.headers()['x-content-type-options']).toBe('nosniff');

  // each page load starts a fresh list: collect them page by page
  const violations: string[] = [];
  const collect = async () => {
    violations.push(...(await page.evaluate(() => window.__cspViolations)));
  };
  await loginAs(page, ACCOUNTS.admin);
  await collect();
  for (const [path, title] of [
    ['/', 'Dashboard'],
    ['/berita', 'Berita Aplikasi'],
    ['/banner', 'Banner Aplikasi'],
    ['/user', 'Tire Man'],
    ['/sop', 'Standard Operational Procedures'],
    ['/audit', 'Log Audit'],
    ['/mismatch-record', 'Rekam BKB'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: title, level: 2 })).toBeVisible({ timeout: 30_000 });
    // the socket connects under connect-src ('self', or the ws origin of PUBLIC_URL)
    await page.waitForLoadState('networkidle');
    await collect();
  }
  expect(violations).toEqual([]);
  expect(consoleCsp).toEqual([]);
});

test('news, banners and names containing HTML render as text', async ({ page, request }) => {
  test.setTimeout(120_000);
  // written through the API by an admin, as a hostile user of the forms would
  const login = await request.post('/api/tire-man/login', {
    data: { email: ACCOUNTS.admin, password: PASSWORD },
  });
  expect(login.ok()).toBe(true);
  const token = (await login.json()).access_token as string;
  const headers = { access_token: token };
  try {
    expect(
      (
        await request.post('/api/news', {
          headers,
          data: { title: HTML_NEWS, news: `${HTML_NEWS} isi`, author: HTML_NAME },
        })
      ).status(),
    ).toBe(201);
    expect(
      (
        await request.post('/api/banners', {
          headers,
          data: { name: HTML_BANNER, image: '2026/01/0123456789abcdef0123456789abcdef.png' },
        })
      ).status(),
    ).toBe(201);
    const phone = `0812${String(Date.now()).slice(-8)}`;
    expect(
      (
        await request.post('/api/tire-man/register', {
          headers,
          data: {
            name: HTML_NAME,
            email: `html-${STAMP}@itms.local`,
            phone,
            password: 'Velg-Tambang-Kalimantan-77',
            nik: '3201000000000001',
            role: 'tire-man',
          },
        })
      ).status(),
    ).toBe(201);
  } finally {
    await request.post('/api/tire-man-logout', { headers });
  }

  await loginAs(page, ACCOUNTS.admin);
  for (const [path, text] of [
    [`/berita?q=${STAMP}`, HTML_NEWS],
    [`/banner?q=${STAMP}`, HTML_BANNER],
    [`/user?q=${STAMP}`, HTML_NAME],
  ] as const) {
    await page.goto(path);
    // the cell shows the exact characters typed
    await expect(page.locator('td', { hasText: text }).first()).toBeVisible({ timeout: 30_000 });
    // none of it became markup, nothing ran
    await expect(page.locator('img[src="x"]')).toHaveCount(0);
    await expect(page.locator('b', { hasText: 'tebal' })).toHaveCount(0);
    await expect(page.locator('i', { hasText: 'Budi' })).toHaveCount(0);
    expect(await page.evaluate(() => window.__xss)).toBeUndefined();
  }
  expect(await page.evaluate(() => window.__cspViolations)).toEqual([]);
});
