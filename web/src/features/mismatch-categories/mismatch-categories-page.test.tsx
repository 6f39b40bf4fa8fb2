import { API } from '@itms/contracts/api';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderApp, replyTo, signIn, testUser } from '../../test/render-app';
import { viewport } from '../../test/setup';

vi.mock('../../lib/socket', () => ({
  connectSocket: vi.fn(() => new Promise(() => {})),
  disconnectSocket: vi.fn(),
  getSocket: vi.fn(() => null),
}));

afterEach(() => vi.unstubAllGlobals());

const at = '2026-12-01T03:00:00.000Z';
const row = (id: number, name: string, usage: number, active = true) => ({
  id,
  name,
  usage,
  active,
  created_at: at,
  updated_at: at,
});
const ROWS = [
  row(1, 'Nomor seri tidak sesuai', 12),
  row(2, 'Serial tidak sesuai', 30),
  row(3, 'Ban hilang', 4),
  row(4, 'Ban tidak terdaftar', 0, false),
];

function mocks() {
  return mockApi([
    replyTo(API.getCredential, () => ({ body: testUser('admin') })),
    replyTo(API.listMismatchCategories, () => ({ body: ROWS })),
    replyTo(API.createMismatchCategory, () => ({
      status: 201,
      body: { message: 'Kategori BKB berhasil Ditambahkan', data: row(5, 'Ban gundul', 0) },
    })),
    replyTo(API.updateMismatchCategory, () => ({
      body: { message: 'Kategori BKB berhasil di update', data: row(3, 'Ban hilang', 4, false) },
    })),
    replyTo(API.mergeMismatchCategories, () => ({
      body: {
        message: 'Kategori BKB berhasil digabung (30 BKB dipindahkan)',
        data: row(1, 'Nomor seri tidak sesuai', 42),
        moved: 30,
      },
    })),
  ]);
}

/** The OK button of the topmost confirmation. */
const confirmWith = async (user: ReturnType<typeof userEvent.setup>, name: string) => {
  await waitFor(() => expect(screen.getAllByRole('dialog').length).toBeGreaterThan(0));
  await user.click(within(screen.getAllByRole('dialog').at(-1)!).getByRole('button', { name }));
};

describe('Kategori BKB', () => {
  it('lists the categories with their BKB; adds, deactivates and merges two into the one chosen', {
    timeout: 120_000,
  }, async () => {
    viewport.width = 1440;
    signIn('admin');
    const { calls } = mocks();
    renderApp('/kategori-bkb');
    const user = userEvent.setup({ delay: null });

    const table = await screen.findByRole('table');
    const serial = (await within(table).findByText('Serial tidak sesuai')).closest('tr')!;
    expect(within(serial).getByText('30')).toBeTruthy();
    expect(within(serial).getByText('Aktif')).toBeTruthy();
    const inactive = within(table).getByText('Ban tidak terdaftar').closest('tr')!;
    expect(within(inactive).getByText('Nonaktif')).toBeTruthy();
    expect(
      within(inactive).getByRole('button', { name: 'Aktifkan kategori Ban tidak terdaftar' }),
    ).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('3 aktif · 4 kategori');

    // add
    await user.click(screen.getByRole('button', { name: /Tambah Kategori/ }));
    const form = await screen.findByRole('dialog');
    await user.type(within(form).getByLabelText('Nama Kategori'), '  Ban gundul ');
    await user.click(within(form).getByRole('button', { name: 'Simpan' }));
    await confirmWith(user, 'Tambah');
    await waitFor(() =>
      expect(
        calls.find((c) => c.method === 'POST' && c.url.endsWith('/api/mismatch-category'))?.body,
      ).toEqual({
        name: 'Ban gundul',
      }),
    );

    // deactivate: asked first
    await user.click(screen.getByRole('button', { name: 'Nonaktifkan kategori Ban hilang' }));
    await confirmWith(user, 'Nonaktifkan');
    await waitFor(() =>
      expect(
        calls.find((c) => c.method === 'PUT' && c.url.endsWith('/api/mismatch-category/3'))?.body,
      ).toEqual({
        active: false,
      }),
    );

    // merge: two chosen, the most used one is offered to stay; the admin keeps the other
    const merge = screen.getByRole('button', { name: /Gabungkan/ });
    expect((merge as HTMLButtonElement).disabled).toBe(true);
    await user.click(screen.getByRole('checkbox', { name: 'Pilih Nomor seri tidak sesuai' }));
    await user.click(screen.getByRole('checkbox', { name: 'Pilih Serial tidak sesuai' }));
    await user.click(screen.getByRole('button', { name: /Gabungkan \(2\)/ }));
    const dialog = (await screen.findAllByRole('dialog')).at(-1)!;
    const keepSerial = within(dialog).getByRole('radio', { name: /Serial tidak sesuai \(30 BKB\)/ });
    expect((keepSerial as HTMLInputElement).checked).toBe(true);
    await user.click(within(dialog).getByRole('radio', { name: /Nomor seri tidak sesuai \(12 BKB\)/ }));
    expect(within(dialog).getByText('30 BKB akan memakai kategori Nomor seri tidak sesuai')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Gabungkan' }));
    await confirmWith(user, 'Gabungkan');
    await waitFor(() =>
      expect(
        calls.find((c) => c.method === 'POST' && c.url.endsWith('/api/mismatch-category/merge'))?.body,
      ).toEqual({
        keep_id: 1,
        merge_ids: [2],
      }),
    );
  });

  it('shows cards on a phone, each with its BKB count and actions', { timeout: 120_000 }, async () => {
    viewport.width = 390;
    signIn('admin');
    mocks();
    renderApp('/kategori-bkb');
    expect(await screen.findByText('Serial tidak sesuai')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getByRole('button', { name: 'Ubah kategori Serial tidak sesuai' })).toBeTruthy();
    expect(screen.getAllByText('Dipakai BKB:').length).toBe(4);
  });
});
