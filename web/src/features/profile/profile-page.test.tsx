import { API } from '@itms/contracts/api';
import type { TProfile } from '@itms/contracts/profile';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getStoredUser } from '../../lib/storage';
import { emptyWorkshopQueue, mockApi, renderApp, replyTo, signIn, testUser } from '../../test/render-app';
import { viewport } from '../../test/setup';

vi.mock('../../lib/socket', () => ({
  connectSocket: vi.fn(() => new Promise(() => {})),
  disconnectSocket: vi.fn(),
  getSocket: vi.fn(() => null),
}));

afterEach(() => vi.unstubAllGlobals());

const profile = (over: Partial<TProfile> = {}): TProfile => ({
  ...testUser('staff'),
  nik: '',
  createdAt: '2026-01-05T02:00:00.000Z',
  ...over,
});

async function fill(user: ReturnType<typeof userEvent.setup>, input: HTMLElement, value: string) {
  await user.click(input);
  await user.paste(value);
}

describe('Profil saya', () => {
  it('opens from the user menu and saves name and phone; the top bar shows the new name', {
    timeout: 90_000,
  }, async () => {
    viewport.width = 1440;
    signIn('staff');
    const { calls } = mockApi([
      replyTo(API.getCredential, () => ({ body: testUser('staff') })),
      replyTo(API.getProfile, () => ({ body: profile() })),
      replyTo(API.updateProfile, (init) => {
        const body = JSON.parse(String(init.body));
        return {
          body: {
            message: 'Profil berhasil disimpan',
            data: profile({ name: body.name, phone: body.phone }),
          },
        };
      }),
    ]);
    const { router } = renderApp('/');
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Menu pengguna: Dewi EDP' }));
    await user.click(await screen.findByRole('menuitem', { name: /Profil saya/ }));
    expect(await screen.findByRole('heading', { name: 'Profil saya', level: 2 })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/profil');

    const personal = await screen.findByRole('region', { name: 'Data diri' });
    const name = within(personal).getByLabelText('Nama');
    await waitFor(() => expect((name as HTMLInputElement).value).toBe('Dewi EDP'));
    await user.clear(name);
    await fill(user, name, 'Dewi Lestari');
    await user.click(within(personal).getByRole('button', { name: 'Simpan' }));
    expect(await screen.findByText('Profil berhasil disimpan')).toBeTruthy();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      name: 'Dewi Lestari',
      phone: '081234567890',
      photo: '',
    });
    expect(await screen.findByRole('button', { name: 'Menu pengguna: Dewi Lestari' })).toBeTruthy();
    expect(getStoredUser()?.name).toBe('Dewi Lestari');
  });

  it('checks the new password twice before sending, and puts the server refusal on the field', {
    timeout: 90_000,
  }, async () => {
    signIn('staff');
    const { calls } = mockApi([
      replyTo(API.getCredential, () => ({ body: testUser('staff') })),
      replyTo(API.getProfile, () => ({ body: profile() })),
      replyTo(API.changePassword, () => ({
        status: 400,
        body: {
          statusCode: 400,
          code: 'VALIDATION',
          message: 'Password lama salah',
          fields: [{ field: 'current_password', message: 'Password lama salah' }],
        },
      })),
    ]);
    renderApp('/profil');
    const user = userEvent.setup({ delay: null });
    const card = await screen.findByRole('region', { name: 'Ubah password' });
    await fill(user, within(card).getByLabelText('Password lama'), 'itms12345');
    await fill(user, within(card).getByLabelText('Password baru'), 'pendek');
    await fill(user, within(card).getByLabelText('Ulangi password baru'), 'lain-lagi');
    await user.click(within(card).getByRole('button', { name: 'Ubah password' }));
    expect(await within(card).findByText('Password baru minimal 10 karakter')).toBeTruthy();
    expect(await within(card).findByText('Konfirmasi password tidak sama')).toBeTruthy();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);

    await user.clear(within(card).getByLabelText('Password baru'));
    await fill(user, within(card).getByLabelText('Password baru'), 'rahasia-baru');
    await user.clear(within(card).getByLabelText('Ulangi password baru'));
    await fill(user, within(card).getByLabelText('Ulangi password baru'), 'rahasia-baru');
    await user.click(within(card).getByRole('button', { name: 'Ubah password' }));
    expect(await within(card).findByText('Password lama salah')).toBeTruthy();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      current_password: 'itms12345',
      new_password: 'rahasia-baru',
    });
  });

  it('a Workshop account opens Profil saya from Tanda Tangan Workshop: its role, no signatory line', {
    timeout: 90_000,
  }, async () => {
    viewport.width = 1440;
    signIn('workshop');
    mockApi([
      replyTo(API.getCredential, () => ({ body: testUser('workshop') })),
      emptyWorkshopQueue(),
      replyTo(API.getProfile, () => ({
        body: profile({ ...testUser('workshop'), department: 'Workshop' }),
      })),
    ]);
    const { router } = renderApp('/tanda-tangan');
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Menu pengguna: Wawan Workshop' }));
    await user.click(await screen.findByRole('menuitem', { name: /Profil saya/ }));
    expect(await screen.findByRole('heading', { name: 'Profil saya', level: 2 })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/profil');

    const personal = await screen.findByRole('region', { name: 'Data diri' });
    await waitFor(() =>
      expect((within(personal).getByLabelText('Nama') as HTMLInputElement).value).toBe('Wawan Workshop'),
    );
    const role = within(personal).getByText('Role').closest('tr')!;
    expect(within(role).getByText('Workshop')).toBeTruthy();
    expect(screen.queryByText(/Penanda tangan Workshop/i)).toBeNull();
  });
});
