import { API } from '@itms/contracts/api';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '../../lib/storage';
import { mockApi, renderApp, replyTo, testUser } from '../../test/render-app';

vi.mock('../../lib/socket', () => ({
  connectSocket: vi.fn(() => new Promise(() => {})),
  disconnectSocket: vi.fn(),
  getSocket: vi.fn(() => null),
}));

afterEach(() => vi.unstubAllGlobals());

/** Types a whole value at once (paste): per-key typing re-renders the antd form for every character. */
async function fill(user: ReturnType<typeof userEvent.setup>, input: HTMLElement, value: string) {
  await user.click(input);
  await user.paste(value);
}

async function openLogin() {
  const utils = renderApp('/login');
  await screen.findByRole('button', { name: 'Login' });
  return { ...utils, user: userEvent.setup({ delay: null }) };
}

describe('login page', () => {
  it('has an email field of type email and a password field, both required', async () => {
    const { user } = await openLogin();
    const email = screen.getByLabelText('Email');
    expect(email.getAttribute('type')).toBe('email');
    expect(screen.getByLabelText('Password').getAttribute('type')).toBe('password');

    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Email wajib diisi')).toBeTruthy();
    expect(screen.getByText('Password wajib diisi')).toBeTruthy();
  });

  it('refuses a malformed email before calling the server', async () => {
    const { calls } = mockApi([]);
    const { user } = await openLogin();
    await fill(user, screen.getByLabelText('Email'), 'bukan-email');
    await fill(user, screen.getByLabelText('Password'), 'rahasia');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Format email tidak valid')).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it('stores access_token, session and user, then opens the dashboard', async () => {
    const edp = testUser('staff');
    const { calls } = mockApi([
      replyTo(API.loginUser, () => ({
        body: { access_token: 'tok-new', payload: { session: 'sess-new', user: edp } },
      })),
    ]);
    const { user, router } = await openLogin();
    await fill(user, screen.getByLabelText('Email'), 'edp@itms.local');
    await fill(user, screen.getByLabelText('Password'), 'itms12345');
    await user.click(screen.getByRole('button', { name: 'Login' }));

    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
    expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBe('tok-new');
    expect(window.localStorage.getItem(STORAGE_KEYS.session)).toBe('sess-new');
    expect(JSON.parse(window.localStorage.getItem(STORAGE_KEYS.user) ?? '{}').name).toBe(edp.name);
    expect(calls[0].body).toEqual({ email: 'edp@itms.local', password: 'itms12345' });
    // the login reply already proved the token: no extra credential call
    expect(calls.some((c) => c.url === '/api/tire-man/credential')).toBe(false);
  });

  it('shows the Oops... dialog with the server text and Contact admin on a wrong password', async () => {
    mockApi([
      replyTo(API.loginUser, () => ({
        status: 401,
        body: { statusCode: 401, code: 'UNAUTHORIZED', message: 'Email atau password salah' },
      })),
    ]);
    const { user } = await openLogin();
    await fill(user, screen.getByLabelText('Email'), 'edp@itms.local');
    await fill(user, screen.getByLabelText('Password'), 'salah');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    const dialog = await screen.findByRole('dialog', { name: 'Oops...' });
    expect(within(dialog).getByText('Email atau password salah')).toBeTruthy();
    expect(within(dialog).getByText('Contact admin')).toBeTruthy();
    expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
  });

  it('says the account is in use elsewhere for userIsAlreadyLogin', async () => {
    mockApi([
      replyTo(API.loginUser, () => ({
        status: 409,
        body: {
          statusCode: 409,
          code: 'ALREADY_LOGGED_IN',
          message: 'Akun sedang digunakan atau Login di perangkat lain',
          detail: 'userIsAlreadyLogin',
        },
      })),
    ]);
    const { user } = await openLogin();
    await fill(user, screen.getByLabelText('Email'), 'edp@itms.local');
    await fill(user, screen.getByLabelText('Password'), 'itms12345');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    const dialog = await screen.findByRole('dialog', { name: 'Oops...' });
    expect(within(dialog).getByText('Akun sedang digunakan atau Login di perangkat lain')).toBeTruthy();
  });

  it("offers 'Keluarkan sesi lain' on userIsAlreadyLogin: the same login with takeover signs in", async () => {
    const edp = testUser('staff');
    const { calls } = mockApi([
      replyTo(API.loginUser, (init) =>
        JSON.parse(String(init.body)).takeover
          ? { body: { access_token: 'tok-here', payload: { session: 'sess-here', user: edp } } }
          : {
              status: 409,
              body: {
                statusCode: 409,
                code: 'ALREADY_LOGGED_IN',
                message: 'Akun sedang digunakan atau Login di perangkat lain',
                detail: 'userIsAlreadyLogin',
              },
            },
      ),
    ]);
    const { user, router } = await openLogin();
    await fill(user, screen.getByLabelText('Email'), 'edp@itms.local');
    await fill(user, screen.getByLabelText('Password'), 'itms12345');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    const dialog = await screen.findByRole('dialog', { name: 'Oops...' });
    // Batal keeps the offer on the form
    await user.click(within(dialog).getByRole('button', { name: 'Batal' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Akun sedang digunakan atau Login di perangkat lain');
    const offer = within(alert).getByRole('button', { name: /Keluarkan sesi lain/ });
    expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBeNull();

    await user.click(offer);
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
    expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBe('tok-here');
    expect(calls.filter((c) => c.url === '/api/tire-man/login').map((c) => c.body)).toEqual([
      { email: 'edp@itms.local', password: 'itms12345' },
      { email: 'edp@itms.local', password: 'itms12345', takeover: true },
    ]);
  });

  it('drops the offer when the email or password is changed', async () => {
    mockApi([
      replyTo(API.loginUser, () => ({
        status: 409,
        body: {
          statusCode: 409,
          code: 'ALREADY_LOGGED_IN',
          message: 'Akun sedang digunakan atau Login di perangkat lain',
          detail: 'userIsAlreadyLogin',
        },
      })),
    ]);
    const { user } = await openLogin();
    await fill(user, screen.getByLabelText('Email'), 'edp@itms.local');
    await fill(user, screen.getByLabelText('Password'), 'itms12345');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Oops...' })).getByRole('button', { name: 'Batal' }),
    );
    expect(
      within(await screen.findByRole('alert')).getByRole('button', { name: /Keluarkan sesi lain/ }),
    ).toBeTruthy();
    await fill(user, screen.getByLabelText('Password'), 'x');
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });

  it('Lupa password: a malformed number gets the spec text, any other the same WhatsApp notice', async () => {
    // as the server answers (issue 24): 400 for a malformed number, one 200 for every other,
    // 429 past the limit
    const { calls } = mockApi([
      replyTo(API.requestPasswordReset, (init) => {
        const { phone } = JSON.parse(String(init.body));
        if (phone === '0812') {
          return {
            status: 400,
            body: {
              statusCode: 400,
              code: 'VALIDATION',
              message: 'Data tidak valid: phone (Tolong tulis nomor WA dengan benar)',
              fields: [{ field: 'phone', message: 'Tolong tulis nomor WA dengan benar' }],
            },
          };
        }
        if (phone === '081299999999') {
          return {
            status: 429,
            body: {
              statusCode: 429,
              code: 'RATE_LIMITED',
              message: 'Terlalu banyak permintaan reset password. Coba lagi dalam 15 menit.',
            },
          };
        }
        return { body: { message: 'mohon cek whatsapp anda' } };
      }),
    ]);
    const { user } = await openLogin();
    const open = async () => {
      await user.click(screen.getByRole('button', { name: 'Lupa password' }));
      const dialog = await screen.findByRole('dialog', { name: 'Lupa password' });
      return { dialog, phone: within(dialog).getByPlaceholderText('08xxxxxxxxx') };
    };
    let { dialog, phone } = await open();

    await fill(user, phone, '0812');
    await user.click(within(dialog).getByRole('button', { name: 'Kirim' }));
    expect(await within(dialog).findByText('Tolong tulis nomor WA dengan benar')).toBeTruthy();

    await user.clear(phone);
    await fill(user, phone, '081299999999');
    await user.click(within(dialog).getByRole('button', { name: 'Kirim' }));
    expect(
      await within(dialog).findByText('Terlalu banyak permintaan reset password. Coba lagi dalam 15 menit.'),
    ).toBeTruthy();

    // a registered and an unregistered number read the same notice, which promises nothing more
    for (const number of ['081234567890', '089999999999']) {
      if (number !== '081234567890') ({ dialog, phone } = await open());
      await user.clear(phone);
      await fill(user, phone, number);
      await user.click(within(dialog).getByRole('button', { name: 'Kirim' }));
      expect(await within(dialog).findByText('mohon cek whatsapp anda')).toBeTruthy();
      expect(within(dialog).getByText(/^Jika nomor ini terdaftar pada akun ITMS/)).toBeTruthy();
      // the footer's button (the corner X is named 'Tutup' too)
      await user.click(within(dialog).getAllByRole('button', { name: 'Tutup' }).at(-1)!);
      await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Lupa password' })).toBeNull());
    }
    const asked = calls.filter((c) => c.url.includes('/forgot-password'));
    expect(asked.map((c) => (c.body as { phone: string }).phone)).toEqual([
      '0812',
      '081299999999',
      '081234567890',
      '089999999999',
    ]);
  });

  it('Daftar explains that accounts are created by an admin', async () => {
    const { user } = await openLogin();
    await user.click(screen.getByRole('button', { name: 'Daftar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Daftar akun' });
    expect(within(dialog).getByText(/dibuat oleh admin/)).toBeTruthy();
  });

  it('after a redirect, login returns to the page first asked for', async () => {
    mockApi([
      replyTo(API.loginUser, () => ({
        body: { access_token: 't', payload: { session: 's', user: testUser('staff') } },
      })),
    ]);
    const { router } = renderApp('/tire');
    const user = userEvent.setup({ delay: null });
    await screen.findByRole('button', { name: 'Login' });
    await fill(user, screen.getByLabelText('Email'), 'edp@itms.local');
    await fill(user, screen.getByLabelText('Password'), 'itms12345');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/tire'));
    expect(await screen.findByRole('heading', { name: 'List Data Ban' })).toBeTruthy();
  });
});
