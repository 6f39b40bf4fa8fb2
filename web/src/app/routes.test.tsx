import { API } from '@itms/contracts/api';
import type { Role } from '@itms/contracts/enums';
import { APP_ROUTES } from '@itms/contracts/routes';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bellLabel } from '../features/inbox/inbox-bell';
import { STORAGE_KEYS } from '../lib/storage';
import {
  emptyPortal,
  emptyWorkshopQueue,
  endpointOf,
  mockApi,
  renderApp,
  replyTo,
  signIn,
  testUser,
} from '../test/render-app';
import { viewport } from '../test/setup';
import { SEARCH_PLACEHOLDER } from './layout/global-search';

vi.mock('../lib/socket', () => ({
  connectSocket: vi.fn(() => new Promise(() => {})),
  disconnectSocket: vi.fn(),
  getSocket: vi.fn(() => null),
}));

// the news screen throws while `crash.on`: the layout's error boundary must catch it
const crash = vi.hoisted(() => ({ on: false }));
vi.mock('../features/news/news-page', async (importActual) => {
  const actual = await importActual<typeof import('../features/news/news-page')>();
  return {
    default: () => {
      if (crash.on) throw new Error('render failed');
      return actual.default();
    },
  };
});

afterEach(() => vi.unstubAllGlobals());

const credentialOk = (role: Role) => [replyTo(API.getCredential, () => ({ body: testUser(role) }))];

describe('route guards', () => {
  it('sends a signed-out visitor of a back-office route to /login', async () => {
    const { router } = renderApp('/validasi');
    expect(await screen.findByRole('button', { name: 'Login' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('needs both access_token and session: a token alone is not signed in', async () => {
    window.localStorage.setItem(STORAGE_KEYS.token, 'tok');
    const { router } = renderApp('/');
    await screen.findByRole('button', { name: 'Login' });
    expect(router.state.location.pathname).toBe('/login');
  });

  it('sends a signed-in user from /login to the dashboard', async () => {
    signIn('staff');
    mockApi(credentialOk('staff'));
    const { router } = renderApp('/login');
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
  });

  it('validates the stored token on load, then shows the screen inside the layout', async () => {
    signIn('staff');
    const { calls } = mockApi(credentialOk('staff'));
    renderApp('/validasi');
    expect(await screen.findByText('Validasi kredensial ...')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Validasi Pengecekan' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Integrated Tire Management Solutions' })).toBeTruthy();
    expect(screen.getByRole('button', { name: /Log Out/ })).toBeTruthy();
    expect(calls.filter((c) => c.url === '/api/tire-man/credential')).toHaveLength(1);
    expect(calls[0].headers.access_token).toBe('token-staff');
  });

  it('clears a refused token and goes to /login', async () => {
    signIn('staff');
    mockApi([
      replyTo(API.getCredential, () => ({
        status: 401,
        body: { statusCode: 401, code: 'UNAUTHORIZED', message: 'Sesi berakhir, silakan login kembali' },
      })),
    ]);
    // the app's own 401 handler is registered in main.tsx; do the same here
    const { setUnauthorizedHandler } = await import('../lib/api-client');
    const { endLocalSession } = await import('../lib/session');
    setUnauthorizedHandler(() => endLocalSession());
    const { router } = renderApp('/tire');
    await screen.findByRole('button', { name: 'Login' });
    expect(router.state.location.pathname).toBe('/login');
    expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(window.localStorage.getItem(STORAGE_KEYS.session)).toBeNull();
    setUnauthorizedHandler(() => {});
  });

  it.each(APP_ROUTES.map((r) => [r.path.replace(':id', '12'), r.title] as const))(
    'route %s shows its screen title "%s" to an admin',
    async (path, title) => {
      signIn('admin');
      mockApi(credentialOk('admin'));
      renderApp(path);
      expect(await screen.findByRole('heading', { name: title, level: 2 })).toBeTruthy();
    },
  );

  it('shows the 404 page for an unknown path, with a link to the dashboard', async () => {
    signIn('staff');
    mockApi(credentialOk('staff'));
    renderApp('/tidak-ada');
    expect(await screen.findByText('Halaman tidak ditemukan')).toBeTruthy();
    const link = screen.getByRole('link', { name: 'Kembali ke Dashboard' });
    expect(link.getAttribute('href')).toBe('/');
  });

  it('shows the 404 page to signed-out visitors as well', async () => {
    renderApp('/apa/ini');
    expect(await screen.findByText('Halaman tidak ditemukan')).toBeTruthy();
  });

  it('refuses the Tire Man admin screen to staff', async () => {
    signIn('staff');
    mockApi(credentialOk('staff'));
    renderApp('/user');
    expect(await screen.findByText('Anda tidak memiliki akses ke halaman ini.')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Tire Man', level: 2 })).toBeNull();
    expect(screen.getByRole('link', { name: 'Kembali ke Dashboard' }).getAttribute('href')).toBe('/');
  });

  it('sends a tire man on to the field app, signed in, without the back-office menu', async () => {
    signIn('tire-man');
    mockApi(credentialOk('tire-man'));
    renderApp('/');
    const link = await screen.findByRole('link', { name: 'Buka ITMS Lapangan' });
    expect(link.getAttribute('href')).toBe('/lapangan/');
    expect(screen.queryByRole('navigation', { name: 'Menu utama' })).toBeNull();
    await waitFor(() => expect(window.location.pathname).toBe('/lapangan/'));
  });

  it('a screen that throws shows its error inside the layout: the menu stays and leads elsewhere', async () => {
    signIn('staff');
    mockApi(credentialOk('staff'));
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
    crash.on = true;
    try {
      const { router } = renderApp('/berita');
      expect(await screen.findByText('Halaman ini gagal ditampilkan')).toBeTruthy();
      expect(screen.getByRole('button', { name: 'Muat ulang' })).toBeTruthy();
      expect(screen.getByRole('heading', { name: 'Integrated Tire Management Solutions' })).toBeTruthy();
      expect(screen.getByRole('button', { name: /Log Out/ })).toBeTruthy();
      await router.navigate('/validasi');
      expect(await screen.findByRole('heading', { name: 'Validasi Pengecekan' })).toBeTruthy();
      expect(screen.queryByText('Halaman ini gagal ditampilkan')).toBeNull();
    } finally {
      crash.on = false;
      quiet.mockRestore();
    }
  });

  it('Log Out calls the API, clears storage and returns to /login', async () => {
    signIn('staff');
    const { calls } = mockApi([
      ...credentialOk('staff'),
      replyTo(API.logoutUser, () => ({ body: { message: 'Berhasil logout' } })),
    ]);
    const { router } = renderApp('/');
    (await screen.findByRole('button', { name: /Log Out/ })).click();
    await screen.findByRole('button', { name: 'Login' });
    expect(router.state.location.pathname).toBe('/login');
    expect(calls.some((c) => c.method === 'POST' && c.url === '/api/tire-man-logout')).toBe(true);
    expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(window.localStorage.getItem('user')).toBeNull();
  });

  it('a failed Log Out shows the error with footer Contact admin and keeps the session', async () => {
    signIn('staff');
    mockApi([
      ...credentialOk('staff'),
      replyTo(API.logoutUser, () => ({
        status: 500,
        body: { statusCode: 500, code: 'INTERNAL', message: 'Terjadi kesalahan pada server' },
      })),
    ]);
    renderApp('/');
    (await screen.findByRole('button', { name: /Log Out/ })).click();
    const dialog = await screen.findByRole('dialog', { name: 'Oops...' });
    expect(within(dialog).getByText('Terjadi kesalahan pada server')).toBeTruthy();
    expect(within(dialog).getByText('Contact admin')).toBeTruthy();
    await waitFor(() => expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBe('token-staff'));
  });
});

/** The top bar's search: a box from 1280px, an icon button below. */
const searchControl = (width: number) =>
  width >= 1280
    ? screen.queryByRole('combobox', { name: SEARCH_PLACEHOLDER })
    : screen.queryByRole('button', { name: SEARCH_PLACEHOLDER });

describe('the workshop role (issue 40)', () => {
  it('opening / lands on Tanda Tangan Workshop, not on a 403 page', async () => {
    signIn('workshop');
    mockApi([...credentialOk('workshop'), emptyWorkshopQueue()]);
    const { router } = renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Tanda Tangan Workshop', level: 2 })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/tanda-tangan');
    expect(screen.queryByText('Anda tidak memiliki akses ke halaman ini.')).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Dashboard', level: 2 })).toBeNull();
  });

  it('a signed-in workshop user on /login goes to Tanda Tangan Workshop', async () => {
    signIn('workshop');
    mockApi([...credentialOk('workshop'), emptyWorkshopQueue()]);
    const { router } = renderApp('/login');
    expect(await screen.findByRole('heading', { name: 'Tanda Tangan Workshop', level: 2 })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/tanda-tangan');
  });

  it('another office screen still shows the 403 page, with the way back to its screen', async () => {
    signIn('workshop');
    mockApi(credentialOk('workshop'));
    const { router } = renderApp('/validasi');
    expect(await screen.findByText('Anda tidak memiliki akses ke halaman ini.')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/validasi');
    expect(screen.queryByRole('heading', { name: 'Validasi Pengecekan', level: 2 })).toBeNull();
    const back = screen.getByRole('link', { name: 'Kembali ke Tanda Tangan Workshop' });
    expect(back.getAttribute('href')).toBe('/tanda-tangan');
  });

  it('the 404 page leads a workshop user back to its screen', async () => {
    signIn('workshop');
    mockApi(credentialOk('workshop'));
    renderApp('/tidak-ada');
    expect(await screen.findByText('Halaman tidak ditemukan')).toBeTruthy();
    const back = screen.getByRole('link', { name: 'Kembali ke Tanda Tangan Workshop' });
    expect(back.getAttribute('href')).toBe('/tanda-tangan');
  });

  it.each([1440, 390])(
    'an office user (staff) at %ipx has the global search and the inbox bell',
    async (width) => {
      viewport.width = width;
      signIn('staff');
      mockApi([
        ...credentialOk('staff'),
        emptyWorkshopQueue(),
        replyTo(API.getInboxUnreadCount, () => ({ body: { unread: 2 } })),
      ]);
      renderApp('/tanda-tangan');
      expect(await screen.findByText('0 data menunggu tanda tangan workshop')).toBeTruthy();
      expect(await screen.findByRole('button', { name: bellLabel(2) })).toBeTruthy();
      expect(searchControl(width)).toBeTruthy();
    },
  );
});

describe('the customer role (issue 40)', () => {
  const home = 'Armada PT Sinar Tambang';

  it('opening / lands on Armada, its portal, not on the Dashboard or a 403 page', async () => {
    signIn('customer');
    mockApi([...credentialOk('customer'), ...emptyPortal()]);
    const { router } = renderApp('/');
    expect(await screen.findByRole('heading', { name: home, level: 2 })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/portal');
    expect(screen.queryByText('Anda tidak memiliki akses ke halaman ini.')).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Dashboard', level: 2 })).toBeNull();
  });

  it('a customer signed in on /login goes to Armada', async () => {
    signIn('customer');
    mockApi([...credentialOk('customer'), ...emptyPortal()]);
    const { router } = renderApp('/login');
    expect(await screen.findByRole('heading', { name: home, level: 2 })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/portal');
  });

  it.each(['/unit', '/unit/12', '/validasi', '/tanda-tangan', '/customer', '/notifikasi'])(
    'the office screen %s shows the 403 page, with the way back to Armada, and asks nothing of it',
    async (path) => {
      signIn('customer');
      const { calls } = mockApi(credentialOk('customer'));
      const { router } = renderApp(path);
      expect(await screen.findByText('Anda tidak memiliki akses ke halaman ini.')).toBeTruthy();
      expect(router.state.location.pathname).toBe(path);
      const back = screen.getByRole('link', { name: 'Kembali ke Armada' });
      expect(back.getAttribute('href')).toBe('/portal');
      expect(calls.map((c) => c.url)).toEqual(['/api/tire-man/credential']);
    },
  );

  it('the 404 page leads a customer back to Armada', async () => {
    signIn('customer');
    mockApi(credentialOk('customer'));
    renderApp('/tidak-ada');
    expect(await screen.findByText('Halaman tidak ditemukan')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Kembali ke Armada' }).getAttribute('href')).toBe('/portal');
  });
});

/** The roles that open one screen of their own besides Profil (issue 40), and the access it needs. */
const ONE_SCREEN_ROLES = [
  {
    role: 'workshop',
    access: 'workshop',
    home: '/tanda-tangan',
    replies: () => [emptyWorkshopQueue()],
    ready: () => screen.findByText('0 data menunggu tanda tangan workshop'),
  },
  {
    role: 'customer',
    access: 'portal',
    home: '/portal',
    replies: emptyPortal,
    ready: () => screen.findByRole('heading', { name: 'Armada PT Sinar Tambang', level: 2 }),
  },
] as const;

describe('the top bar of a role with one screen (issue 40)', () => {
  it.each(ONE_SCREEN_ROLES.flatMap((r) => [1440, 390].map((width) => ({ ...r, width }))))(
    '$role at $widthpx: no global search and no inbox bell; Profil saya and Log Out stay; only its own calls',
    async ({ role, access, home, replies, ready, width }) => {
      viewport.width = width;
      signIn(role);
      const { calls } = mockApi([
        ...credentialOk(role),
        ...replies(),
        replyTo(API.getProfile, () => ({
          body: { ...testUser(role), nik: '', createdAt: '2026-01-05T02:00:00.000Z' },
        })),
      ]);
      const { router } = renderApp(home);
      expect(await ready()).toBeTruthy();
      expect(searchControl(width)).toBeNull();
      expect(screen.queryByRole('button', { name: /^Notifikasi/ })).toBeNull();
      expect(screen.getByRole('button', { name: /Log Out/ })).toBeTruthy();

      const user = userEvent.setup({ delay: null });
      await user.click(screen.getByRole('button', { name: `Menu pengguna: ${testUser(role).name}` }));
      await user.click(await screen.findByRole('menuitem', { name: /Profil saya/ }));
      expect(await screen.findByRole('heading', { name: 'Profil saya', level: 2 })).toBeTruthy();
      expect(router.state.location.pathname).toBe('/profil');

      // every call the shell and its screens made is one the server lets the role make
      const refused = calls
        .map((c) => ({ call: `${c.method} ${c.url}`, access: endpointOf(c)?.access }))
        .filter((c) => c.access !== 'account' && c.access !== access);
      expect(refused).toEqual([]);
      expect(calls.some((c) => c.url.startsWith('/api/inbox') || c.url.startsWith('/api/search'))).toBe(
        false,
      );
    },
  );
});
