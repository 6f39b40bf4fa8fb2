import { ACCOUNTS, expect, loginAs, test, tokenOf } from './fixtures';

test.describe('session', () => {
  test('Log Out returns to /login and the old token is refused', async ({ page, request }) => {
    await loginAs(page, ACCOUNTS.edp);
    const token = await tokenOf(page);
    expect(token).toBeTruthy();
    await page.getByRole('button', { name: 'Log Out' }).click();
    await expect(page).toHaveURL(/\/login$/);
    expect(await tokenOf(page)).toBeNull();
    expect(await page.evaluate(() => localStorage.getItem('session'))).toBeNull();

    const res = await request.post('/api/tire-man/credential', { headers: { access_token: token! } });
    expect(res.status()).toBe(401);
    // and the account can sign in again right away
    await loginAs(page, ACCOUNTS.edp);
  });

  test('a reload validates the stored token and keeps the user signed in', async ({ page }) => {
    await loginAs(page, ACCOUNTS.edp);
    await page.goto('/summary');
    await expect(page.getByRole('heading', { name: 'Summary Pengecekan', level: 2 })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Summary Pengecekan', level: 2 })).toBeVisible();
  });

  test('a session ended elsewhere (session-clear) signs the page out on its own', async ({
    page,
    request,
  }) => {
    // the socket.io handshake is done when the server's CONNECT packet ('40...') arrives
    const connected = page
      .waitForEvent('websocket', (ws) => ws.url().includes('/socket.io/'))
      .then((ws) => ws.waitForEvent('framereceived', (f) => String(f.payload).startsWith('40')));
    await loginAs(page, ACCOUNTS.edp);
    await page
      .getByRole('navigation', { name: 'Menu utama' })
      .getByRole('link', { name: 'Rekam BKB' })
      .click();
    await expect(page).toHaveURL(/\/mismatch-record$/);
    await connected;

    const token = await tokenOf(page);
    const res = await request.post('/api/tire-man-logout', { headers: { access_token: token! } });
    expect(res.ok()).toBe(true);

    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByText('Sesi Anda telah diakhiri')).toBeVisible();
    expect(await tokenOf(page)).toBeNull();
  });

  test('a token revoked while the page was closed is caught on the next load', async ({ page, request }) => {
    await loginAs(page, ACCOUNTS.edp);
    const token = await tokenOf(page);
    await page.goto('about:blank');
    await request.post('/api/tire-man-logout', { headers: { access_token: token! } });
    await page.goto('/validasi');
    await expect(page).toHaveURL(/\/login$/);
    expect(await tokenOf(page)).toBeNull();
  });
});
