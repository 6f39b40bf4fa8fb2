import path from 'node:path';
import type { TPushPayload } from '@itms/contracts/push';
import type { CDPSession, Page } from '@playwright/test';
import { browserKeys, decryptPush, pushServiceStandIn } from '../../../server/test/push-stand-in';
import { ACCOUNTS, expect, logoutToken, test, tokenOf } from '../fixtures';
import {
  apiToken,
  makeCheck,
  officeChecks,
  ownTireMan,
  serviceWorkerControls,
  signInOwn,
  signPad,
} from './field-helpers';

// Issue 39, item 1: Web Push to ITMS Lapangan on a Pixel 7. The tire man turns notifications on in
// Profil (the permission granted), the office returns his check, the server sends a real Web Push
// message (VAPID, aes128gcm) to a push service stand-in in this test, which reads it with the
// subscription's keys and hands it to the app's service worker through the DevTools protocol, as
// the phone's push service would. The notification shows, and its tap opens the returned check.
//
// A browser here cannot reach a real push service (FCM), so PushManager.subscribe answers a
// subscription of the stand-in whose keys this test holds; everything after it is the app's own.

const shots = path.resolve(import.meta.dirname, '../../../screenshots/lapangan');
const standInPort = Number(process.env.ITMS_E2E_PORT ?? 3210) + 32;
const push = pushServiceStandIn();
const keys = browserKeys();

test.beforeAll(async () => {
  await new Promise<void>((resolve) => push.server.listen(standInPort, '127.0.0.1', resolve));
});
test.afterAll(async () => {
  await new Promise((resolve) => push.server.close(resolve));
});

/** The message the stand-in receives after its first `seen` ones, decrypted as the phone would. */
async function messageAfter(seen: number): Promise<{ payload: TPushPayload; body: string }> {
  await expect.poll(() => push.received.length, { timeout: 15_000 }).toBeGreaterThan(seen);
  const body = decryptPush(push.received[seen]!.body, keys.ecdh, keys.auth);
  return { payload: JSON.parse(body) as TPushPayload, body };
}

/** The app's service worker registration id, as DevTools knows it. */
async function registrationId(cdp: CDPSession, origin: string): Promise<string> {
  const found = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const reg = registrations.find((r) => r.scopeURL === `${origin}/lapangan/` && !r.isDeleted);
      if (reg) resolve(reg.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  return found;
}

/** The notifications the app shows now (title and body). */
const shown = (page: Page) =>
  page.evaluate(async () => {
    const reg = await navigator.serviceWorker.getRegistration('/lapangan/');
    return (await reg!.getNotifications()).map((n) => ({ title: n.title, body: n.body, tag: n.tag }));
  });

test('notifications turned on in Profil: a returned check reaches the phone as a notification, and its tap opens it', async ({
  page,
  context,
  request,
}) => {
  test.slow();
  const me = await ownTireMan(request, 'engkel');
  const origin = new URL(test.info().project.use.baseURL!).origin;
  await context.grantPermissions(['notifications'], { origin });
  const endpoint = `http://127.0.0.1:${standInPort}/send/${me.id}`;
  await page.addInitScript(
    ({ endpoint, p256dh, auth }) => {
      const stored = 'e2e-push-subscription';
      const subscription = (applicationServerKey: ArrayBuffer) => ({
        endpoint,
        expirationTime: null,
        options: { applicationServerKey, userVisibleOnly: true },
        toJSON: () => ({ endpoint, expirationTime: null, keys: { p256dh, auth } }),
        unsubscribe: async () => {
          localStorage.removeItem(stored);
          return true;
        },
      });
      PushManager.prototype.subscribe = async (options?: PushSubscriptionOptionsInit) => {
        const key = new Uint8Array(options!.applicationServerKey as ArrayBuffer);
        localStorage.setItem(stored, JSON.stringify([...key]));
        return subscription(key.buffer) as unknown as PushSubscription;
      };
      PushManager.prototype.getSubscription = async () => {
        const key = localStorage.getItem(stored);
        return key
          ? (subscription(new Uint8Array(JSON.parse(key) as number[]).buffer) as unknown as PushSubscription)
          : null;
      };
    },
    {
      endpoint,
      p256dh: keys.ecdh.getPublicKey().toString('base64url'),
      auth: keys.auth.toString('base64url'),
    },
  );
  await signInOwn(page, me);
  await serviceWorkerControls(page);
  const cdp = await context.newCDPSession(page);
  const swRegistration = await registrationId(cdp, origin);
  const deliver = (body: string) =>
    cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId: swRegistration, data: body });

  // off until he turns it on; the permission is asked at that tap
  await page.getByRole('link', { name: 'Profil' }).click();
  const card = page.getByRole('region', { name: 'Notifikasi' });
  await expect(card).toContainText('Mati: Anda baru tahu data dikembalikan saat membuka aplikasi');
  await card.getByRole('button', { name: 'Aktifkan notifikasi' }).click();
  await expect(card.getByRole('status')).toHaveText('Notifikasi diaktifkan');
  await expect(card).toContainText('Aktif di HP ini');

  // 'Kirim notifikasi uji': the stand-in gets it, the phone shows it, Profil says it went through
  let seen = push.received.length;
  await card.getByRole('button', { name: 'Kirim notifikasi uji' }).click();
  await expect(card.getByRole('status')).toHaveText('Notifikasi uji dikirim');
  const test1 = await messageAfter(seen);
  expect(test1.payload).toMatchObject({
    kind: 'test',
    title: 'ITMS Lapangan',
    body: 'Notifikasi ITMS Lapangan aktif',
  });
  await deliver(test1.body);
  await expect
    .poll(() => shown(page))
    .toContainEqual({ title: 'ITMS Lapangan', body: 'Notifikasi ITMS Lapangan aktif', tag: 'test' });
  await page.reload();
  await expect(card).toContainText('Terakhir: "ITMS Lapangan" diterima layanan notifikasi');
  await page.screenshot({ path: `${shots}/profil-notifications-412.png`, fullPage: true });

  // his check, returned by the office while he is on Beranda
  const odometer = 800_000 + (Date.now() % 90_000);
  // he has no signature stored: he signs this check on the pad
  const plate = await makeCheck(page, odometer, undefined, undefined, () =>
    signPad(page, page.getByRole('group', { name: 'Tanda tangan tire man', exact: true })),
  );
  await expect(page.getByText('0 belum terkirim')).toBeVisible({ timeout: 20_000 });
  const [sent] = await officeChecks(request, plate, odometer);
  expect(sent).toBeDefined();
  const reason = `Foto odometer buram (${odometer})`;
  const edp = await apiToken(request, ACCOUNTS.edp);
  seen = push.received.length;
  try {
    const res = await request.put(`/api/tire-check/${sent!.id}`, {
      headers: { access_token: edp },
      data: { reason },
    });
    expect(res.ok(), await res.text()).toBe(true);
  } finally {
    await logoutToken(request, edp);
  }
  const returned = await messageAfter(seen);
  expect(returned.payload).toEqual({
    kind: 'returned',
    title: `Pengecekan ${plate} dikembalikan`,
    body: `Alasan: ${reason}`,
    url: `/lapangan/riwayat?status=returned&buka=tire-check-${sent!.id}`,
  });
  await deliver(returned.body);
  await expect
    .poll(() => shown(page))
    .toContainEqual({
      title: `Pengecekan ${plate} dikembalikan`,
      body: `Alasan: ${reason}`,
      tag: 'returned',
    });

  // the tap: the app opens on the returned check, marked, with the way to redo it
  const worker = context.serviceWorkers().find((w) => w.url().endsWith('/lapangan/sw.js'));
  expect(worker, 'the app service worker').toBeDefined();
  await worker!.evaluate(async () => {
    // the worker's own globals (this file is typed for pages)
    const sw = self as unknown as {
      registration: ServiceWorkerRegistration;
      NotificationEvent: new (type: string, init: { notification: Notification }) => Event;
    };
    const [notification] = await sw.registration.getNotifications({ tag: 'returned' });
    self.dispatchEvent(new sw.NotificationEvent('notificationclick', { notification: notification! }));
  });
  await expect(page).toHaveURL(
    new RegExp(`/lapangan/riwayat\\?status=returned&buka=tire-check-${sent!.id}$`),
  );
  const item = page.locator('.lp-queue-item[aria-current="true"]');
  await expect(item).toContainText(`Pengecekan ${plate}`);
  await expect(item).toContainText(`Alasan: ${reason}`);
  await expect(item.getByRole('link', { name: 'Kerjakan ulang' })).toBeVisible();
  expect(await shown(page)).not.toContainEqual(expect.objectContaining({ tag: 'returned' }));
  await page.screenshot({ path: `${shots}/notification-opens-returned-412.png` });

  // off again: the server no longer has his subscription
  await page.getByRole('link', { name: 'Profil' }).click();
  await card.getByRole('button', { name: 'Matikan' }).click();
  await expect(card.getByRole('status')).toHaveText('Notifikasi dimatikan');
  await expect(card.getByRole('button', { name: 'Aktifkan notifikasi' })).toBeVisible();
  const status = await request.get('/api/push/status', { headers: { access_token: (await tokenOf(page))! } });
  expect(await status.json()).toMatchObject({ subscribed: false, subscriptions: 0 });
});
