import { API } from '@itms/contracts/api';
import type { TSessionUser } from '@itms/contracts/auth';
import type { Endpoint, ReplyOf } from '@itms/contracts/endpoint';
import type { Role } from '@itms/contracts/enums';
import type { TError } from '@itms/contracts/errors';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { AppProviders } from '../app/providers';
import { buildRoutes } from '../app/routes';
import { createQueryClient } from '../lib/query-client';
import { saveSignIn } from '../lib/storage';

const TEST_USERS: Record<Role, { id: number; name: string; department: string }> = {
  admin: { id: 1, name: 'Admin ITMS', department: 'EDP' },
  staff: { id: 2, name: 'Dewi EDP', department: 'EDP' },
  'tire-man': { id: 3, name: 'Budi Tireman', department: 'EDP' },
  workshop: { id: 4, name: 'Wawan Workshop', department: 'Workshop' },
  customer: { id: 5, name: 'Citra Pelanggan', department: 'PT Sinar Tambang' },
};

export function testUser(role: Role = 'staff'): TSessionUser {
  return {
    ...TEST_USERS[role],
    email: `${role}@itms.local`,
    role,
    phone: '081234567890',
    photo: '-',
    signature: '-',
  };
}

export function signIn(role: Role = 'staff', token = `token-${role}`) {
  const user = testUser(role);
  saveSignIn(token, `session-${role}`, user);
  return user;
}

type Handler = (init: RequestInit & { url: string }) => { status?: number; body?: unknown } | undefined;

/** A typed stand-in for one operation of the endpoint table (see `mockApi`). */
export interface EndpointMock {
  readonly endpoint: Endpoint;
  readonly handler: Handler;
}

/** `replyTo(API.getProfile, () => ({ body: profile }))`: the body is checked against the operation's reply type. */
export function replyTo<E extends Endpoint>(
  endpoint: E,
  handler: NoInfer<
    (init: RequestInit & { url: string }) => { status?: number; body?: ReplyOf<E> | TError } | undefined
  >,
): EndpointMock {
  return { endpoint, handler };
}

const pathPattern = (path: string) =>
  new RegExp(`^/api${path.replace(/:[A-Za-z_][A-Za-z0-9_]*/g, '[^/]+')}$`);

/** The operation a recorded call reached (method and path against the endpoint table), as the server routes it. */
export function endpointOf(call: { method: string; url: string }): Endpoint | undefined {
  const path = call.url.split('?')[0] ?? '';
  const all = Object.values(API) as Endpoint[];
  const matches = all.filter((e) => e.method === call.method && pathPattern(e.path).test(path));
  // a literal path wins over a parameter, as on the server
  return matches.sort((a, b) => (a.path.match(/:/g) ?? []).length - (b.path.match(/:/g) ?? []).length)[0];
}

/**
 * Replaces fetch with typed stand-ins of operations:
 * `mockApi([replyTo(API.getProfile, () => ({ body: profile }))])`. A request goes to the mock of
 * its method and path; a literal path wins over a parameter (`/tire-replace/pending` over
 * `/tire-replace/:id`), as on the server. Anything else answers 404.
 */
export function mockApi(mocks: readonly EndpointMock[]) {
  const byParams = (m: EndpointMock) => (m.endpoint.path.match(/:/g) ?? []).length;
  const typed = [...mocks]
    .sort((a, b) => byParams(a) - byParams(b))
    .map((m) => ({ ...m, pattern: pathPattern(m.endpoint.path) }));
  const calls: { method: string; url: string; headers: Record<string, string>; body?: unknown }[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    const method = (init.method ?? 'GET').toUpperCase();
    const headers = (init.headers ?? {}) as Record<string, string>;
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : init.body;
    calls.push({ method, url, headers, body });
    const path = url.split('?')[0];
    const handler = typed.find((m) => m.endpoint.method === method && m.pattern.test(path ?? ''))?.handler;
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

/** The workshop role's Tanda Tangan Workshop with nothing waiting: its home screen, for the shell's tests. */
export const emptyWorkshopQueue = () =>
  replyTo(API.listWorkshopQueue, () => ({
    body: {
      data: [],
      total: 0,
      page: 1,
      pageSize: 15,
      can_sign: true,
      has_signature: false,
      signature: null,
    },
  }));

/** The customer role's Armada with a fleet of no units: its home screen, for the shell's tests. */
export const emptyPortal = () => [
  replyTo(API.getPortalFleet, () => ({
    body: {
      customer: { id: 9, name: 'PT Sinar Tambang' },
      month: '2026-03',
      units: 0,
      tires_mounted: 0,
      critical_tires: 0,
      due_replacements: 0,
      units_checked: 0,
      checks: 0,
      open_calls: 0,
    },
  })),
  replyTo(API.listPortalUnits, () => ({ body: { data: [], total: 0, page: 1, pageSize: 10 } })),
];
