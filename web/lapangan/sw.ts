/// <reference lib="webworker" />
// ITMS Lapangan's service worker, scoped to /lapangan/ (built by vite-plugin-pwa, injectManifest:
// the build's file list replaces self.__WB_MANIFEST). It precaches the app, answers every page of
// it from the precached shell (also offline), never touches /api, and keeps the /files images it
// has shown.
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
