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
const row = (code: number, name: string | null, usage: number, unsafe = false) => ({
  code,
  name,
  unsafe,
  usage,
  updated_at: at,
});
const ROWS = [row(1, 'Crown Cut', 12), row(2, null, 0), row(23, 'Sidewall Cut', 30, true), row(24, null, 3)];

function mocks() {
  return mockApi([
    replyTo(API.getCredential, () => ({ body: testUser('admin') })),
    replyTo(API.listDefectCodes, () => ({ body: ROWS })),
    replyTo(API.createDefectCode, () => ({
      status: 201,
      body: { message: 'Kode kerusakan berhasil Ditambahkan', data: row(41, 'Bead rusak', 0, true) },
    })),
    replyTo(API.updateDefectCode, () => ({
      body: { message: 'Kode kerusakan berhasil di update', data: row(24, 'Dinding sobek', 3, true) },
    })),
  ]);
}

/** The OK button of the topmost confirmation. */
const confirmWith = async (user: ReturnType<typeof userEvent.setup>, name: string) => {
  await waitFor(() => expect(screen.getAllByRole('dialog').length).toBeGreaterThan(0));
  await user.click(within(screen.getAllByRole('dialog').at(-1)!).getByRole('button', { name }));
};

describe('Katalog Kerusakan', () => {
  it('lists the codes with their names, unsafe tags and usage; adds a code and names one', {
    timeout: 120_000,
  }, async () => {
    viewport.width = 1440;
    signIn('admin');
    const { calls } = mocks();
    renderApp('/katalog-kerusakan');
    const user = userEvent.setup({ delay: null });

    expect(await screen.findByRole('heading', { name: 'Katalog Kerusakan', level: 2 })).toBeTruthy();
    expect(screen.getByText(/0 = tidak dicek, 99 = normal/)).toBeTruthy();
    const table = await screen.findByRole('table');
    const cut = (await within(table).findByText('Sidewall Cut')).closest('tr')!;
    expect(within(cut).getByText('30')).toBeTruthy();
    expect(within(cut).getByText('Tidak aman')).toBeTruthy();
    // unnamed: 'Kode N', no unsafe tag
    const unnamed = within(table).getByText('Kode 24').closest('tr')!;
    expect(within(unnamed).queryByText('Tidak aman')).toBeNull();
    expect(within(unnamed).getByText('3')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('4 kode · 1 tidak aman');

    // search by name or code
    await user.type(screen.getByRole('searchbox', { name: 'Cari kode atau nama' }), 'crown');
    await waitFor(() => expect(within(table).queryByText('Sidewall Cut')).toBeNull());
    expect(within(table).getByText('Crown Cut')).toBeTruthy();
    await user.clear(screen.getByRole('searchbox', { name: 'Cari kode atau nama' }));
    await within(table).findByText('Sidewall Cut');

    // add: a code already in the catalogue is refused before sending
    await user.click(screen.getByRole('button', { name: /Tambah kode/ }));
    const form = await screen.findByRole('dialog');
    await user.type(within(form).getByLabelText('Kode'), '23');
    await user.type(within(form).getByLabelText('Nama'), '  Bead rusak ');
    await user.click(within(form).getByRole('button', { name: 'Simpan' }));
    expect(await within(form).findByText('Kode ini sudah ada di katalog')).toBeTruthy();
    await user.clear(within(form).getByLabelText('Kode'));
    await user.type(within(form).getByLabelText('Kode'), '41');
    await user.click(within(form).getByLabelText('Membuat ban tidak aman (kritis)'));
    await user.click(within(form).getByRole('button', { name: 'Simpan' }));
    await confirmWith(user, 'Tambah');
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST' && c.url.endsWith('/api/defect-code'))?.body).toEqual({
        code: 41,
        name: 'Bead rusak',
        unsafe: true,
      }),
    );

    // Ubah: name an unnamed code and mark it unsafe
    await user.click(screen.getByRole('button', { name: 'Ubah kode 24' }));
    // (dialogs in tests share one label id: found by their text)
    const edit = await waitFor(() => {
      const found = screen.getAllByRole('dialog').find((d) => within(d).queryByText('Ubah Kode 24: Kode 24'));
      expect(found).toBeDefined();
      return found!;
    });
    expect(within(edit).queryByLabelText('Kode')).toBeNull();
    await user.type(within(edit).getByLabelText('Nama'), 'Dinding sobek');
    await user.click(within(edit).getByLabelText('Membuat ban tidak aman (kritis)'));
    await user.click(within(edit).getByRole('button', { name: 'Update' }));
    await confirmWith(user, 'Update');
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT' && c.url.endsWith('/api/defect-code/24'))?.body).toEqual({
        name: 'Dinding sobek',
        unsafe: true,
      }),
    );
  });

  it('an emptied name goes back to Kode N; leaving a changed form asks first', {
    timeout: 120_000,
  }, async () => {
    viewport.width = 1440;
    signIn('admin');
    const { calls } = mocks();
    renderApp('/katalog-kerusakan');
    const user = userEvent.setup({ delay: null });

    await user.click(await screen.findByRole('button', { name: 'Ubah kode 1' }));
    const edit = await screen.findByRole('dialog');
    expect(within(edit).getByText(/12 data pengecekan memakai kode ini/)).toBeTruthy();
    await user.clear(within(edit).getByLabelText('Nama'));
    // Keluar with a change: asked first, and staying keeps the form
    await user.click(within(edit).getByRole('button', { name: 'Keluar' }));
    await confirmWith(user, 'Lanjut mengisi');
    await user.click(within(edit).getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(screen.getByText(/Crown Cut menjadi Kode 1/)).toBeTruthy());
    await confirmWith(user, 'Update');
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT' && c.url.endsWith('/api/defect-code/1'))?.body).toEqual({
        name: '',
        unsafe: false,
      }),
    );
  });

  it('shows cards on a phone, each with its usage, unsafe tag and Ubah', { timeout: 120_000 }, async () => {
    viewport.width = 390;
    signIn('admin');
    mocks();
    renderApp('/katalog-kerusakan');
    expect(await screen.findByText('Sidewall Cut')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getByRole('button', { name: 'Ubah kode 23' })).toBeTruthy();
    expect(screen.getAllByText('Dipakai:').length).toBe(4);
    expect(screen.getAllByText('Tidak aman').length).toBe(1);
  });

  it('is refused to staff', { timeout: 60_000 }, async () => {
    viewport.width = 1440;
    signIn('staff');
    mockApi([replyTo(API.getCredential, () => ({ body: testUser('staff') }))]);
    renderApp('/katalog-kerusakan');
    expect(await screen.findByText('Anda tidak memiliki akses ke halaman ini.')).toBeTruthy();
  });
});
