import type { TSessionUser } from '@itms/contracts/auth';
import type { Role } from '@itms/contracts/enums';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { AppProviders } from '../app/providers';
import { buildRoutes } from '../app/routes';
import { createQueryClient } from '../lib/query-client';
import { saveSignIn } from '../lib/storage';

export function testUser(role: Role = 'staff'): TSessionUser {
  return {
    id: role === 'admin' ? 1 : role === 'staff' ? 2 : 3,
    name: role === 'admin' ? 'Admin ITMS' : role === 'staff' ? 'Dewi EDP' : 'Budi Tireman',
    email: `${role}@itms.local`,
    role,
    phone: '081234567890',
    photo: '-',
    signature: '-',
    department: 'EDP',
  };
}

export function signIn(role: Role = 'staff', token = `token-${role}`) {
  const user = testUser(role);
  saveSignIn(token, `session-${role}`, user);
  return user;
}

type Handler = (init: RequestInit & { url: string }) => { status?: number; body?: unknown } | undefined;

/** Replaces fetch: `routes['POST /api/tire-man/credential'] = () => ({ body: user })`. */
export function mockApi(routes: Record<string, Handler>) {
  const calls: { method: string; url: string; headers: Record<string, string>; body?: unknown }[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    const method = (init.method ?? 'GET').toUpperCase();
    const headers = (init.headers ?? {}) as Record<string, string>;
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : init.body;
    calls.push({ method, url, headers, body });
    const path = url.split('?')[0];
    const handler = routes[`${method} ${path}`];
    const res = handler?.({ ...init, url }) ?? {
      status: 404,
      body: { statusCode: 404, code: 'NOT_FOUND', message: 'Alamat tidak ada' },
    };
    const status = res.status ?? 200;
    return new Response(res.body === undefined ? null : JSON.stringify(res.body), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}

/** The whole app (providers + real route tree) at `path`, in memory. */
export function renderApp(path: string) {
  const queryClient = createQueryClient();
  const router = createMemoryRouter(buildRoutes(), { initialEntries: [path] });
  const utils = render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...utils, router, queryClient };
}
