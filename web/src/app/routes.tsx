import { APP_ROUTES } from '@itms/contracts/routes';
import { lazy, Suspense } from 'react';
import { type RouteObject, useRouteError } from 'react-router';
import { FullPageSpin } from '../components/full-page-spin';
import { GuestOnly, RequireSignIn } from './guards';
import { PAGES } from './pages';

// rare: loaded only when a page fails (keeps antd's Result out of the first download), but
// fetched once the app is idle, so it can still be shown when a page fails for want of signal
const importRouteError = () => import('./route-error');
const RouteErrorPage = lazy(importRouteError);

let errorPagePreloaded = false;
/** Fetches the error page's code ahead, once, when the browser is idle (from the back office only). */
function preloadRouteError(): void {
  if (errorPagePreloaded) return;
  errorPagePreloaded = true;
  const load = () => void importRouteError().catch(() => (errorPagePreloaded = false));
  if ('requestIdleCallback' in window) requestIdleCallback(load, { timeout: 5000 });
  else setTimeout(load, 3000);
}
function RouteError() {
  console.error(useRouteError());
  return (
    <Suspense fallback={null}>
      <RouteErrorPage />
    </Suspense>
  );
}

/** A back-office screen that fails is caught inside the layout: the menu and top bar stay. */
function PageError() {
  console.error(useRouteError());
  return (
    <Suspense fallback={null}>
      <RouteErrorPage inLayout />
    </Suspense>
  );
}

import type { RouteHandle } from '../lib/route-meta';

/** The whole route tree: guest pages, every back-office route of the spec's table, then 404. */
export function buildRoutes(): RouteObject[] {
  return [{ id: 'root', HydrateFallback: FullPageSpin, ErrorBoundary: RouteError, children: appRoutes() }];
}

function appRoutes(): RouteObject[] {
  return [
    {
      Component: GuestOnly,
      children: [
        {
          path: '/login',
          lazy: async () => ({ Component: (await import('../features/auth/login-page')).default }),
        },
      ],
    },
    {
      path: '/reset-password',
      lazy: async () => ({ Component: (await import('../features/auth/reset-password-page')).default }),
    },
    {
      Component: RequireSignIn,
      children: APP_ROUTES.map((meta) => ({
        path: meta.path,
        handle: { meta } satisfies RouteHandle,
        ErrorBoundary: PageError,
        // a page whose code cannot be fetched (no signal) waits for it in place; the loader is
        // fetched with the first back-office page (and kept), never by /login
        lazy: async () => {
          const { loadPage } = await import('./page-loader');
          preloadRouteError();
          return { Component: await loadPage(PAGES[meta.path]) };
        },
      })),
    },
    { path: '*', lazy: async () => ({ Component: (await import('./not-found-route')).default }) },
  ];
}
