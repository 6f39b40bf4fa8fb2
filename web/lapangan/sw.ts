/// <reference lib="webworker" />
// ITMS Lapangan's service worker, scoped to /lapangan/ (built by vite-plugin-pwa, injectManifest:
// the build's file list replaces self.__WB_MANIFEST). It precaches the app, answers every page of
// it from the precached shell (also offline), never touches /api, keeps the /files images it
// has shown, and shows the office's Web Push notifications (issue 39).
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import {
  addPlugins,
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  precacheAndRoute,
} from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import { isBuildFile } from '../src/lapangan/precache-guard';

declare const self: ServiceWorkerGlobalScope;

// a new version waits until the tire man taps 'Muat ulang' (update-prompt.tsx posts SKIP_WAITING)
self.addEventListener('message', (event) => {
  if (event.data?.type === 'SKIP_WAITING') void self.skipWaiting();
});
// the first install takes over the open page: no reload needed to work offline
clientsClaim();

// a version installs only whole: a response that is not the file it names (an error, the SPA's
// HTML, a captive portal's page) fails the install, and the version before stays until the next try
addPlugins([
  {
    cacheWillUpdate: async ({ request, response }) =>
      isBuildFile(request.url, response.status, response.headers.get('content-type')) ? response : null,
  },
]);
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/lapangan/index.html'), { allowlist: [/^\/lapangan(\/|$)/] }),
);
// photos and signatures once seen stay viewable offline
registerRoute(
  ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/files/'),
  new CacheFirst({
    cacheName: 'itms-files',
    // a file is the same whatever signature its link carries (they expire, the file does not)
    matchOptions: { ignoreSearch: true },
    plugins: [
      new ExpirationPlugin({ maxEntries: 500, maxAgeSeconds: 30 * 24 * 60 * 60 }),
      new CacheableResponsePlugin({ statuses: [200] }),
    ],
  }),
);

/** What the server's notifications carry (contracts/src/push.ts, ZPushPayload). */
interface PushPayload {
  kind?: string;
  title?: string;
  body?: string;
  url?: string;
}

/** Only a page of this app opens from a notification. */
const appUrl = (url: unknown) =>
  typeof url === 'string' && /^\/lapangan(\/|$|\?)/.test(url) ? url : '/lapangan/';

// a notification shows even with the app closed; one per kind replaces the one before it
self.addEventListener('push', (event) => {
  let data: PushPayload = {};
  try {
    data = (event.data?.json() ?? {}) as PushPayload;
  } catch {
    data = { body: event.data?.text() };
  }
  event.waitUntil(
    self.registration.showNotification(data.title || 'ITMS Lapangan', {
      body: data.body ?? '',
      icon: '/lapangan/icon-192.png',
      badge: '/lapangan/icon-192.png',
      tag: data.kind,
      data: { url: appUrl(data.url) },
    }),
  );
});

// a tap opens the item: in the app's open window when there is one, else in a new one
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  event.waitUntil(openItem(appUrl((event.notification.data as { url?: unknown } | null)?.url)));
});

async function openItem(url: string) {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const open = windows.find((w) => new URL(w.url).pathname.startsWith('/lapangan'));
  if (!open) {
    await self.clients.openWindow(url);
    return;
  }
  // focus needs the tap's user activation; the page is opened on the item either way
  await open.focus().catch(() => undefined);
  await open.navigate(url);
}
