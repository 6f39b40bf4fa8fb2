import { API } from '@itms/contracts/api';
import type { TReplacementRow } from '@itms/contracts/tire-replacements';
import { onlineManager } from '@tanstack/react-query';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderApp, replyTo, signIn, testUser } from '../test/render-app';

vi.mock('../lib/socket', () => ({
  connectSocket: vi.fn(() => new Promise(() => {})),
  disconnectSocket: vi.fn(),
  getSocket: vi.fn(() => null),
}));

afterEach(() => {
  vi.unstubAllGlobals();
  onlineManager.setOnline(true);
});

vi.setConfig({ testTimeout: 60_000 });

const row: TReplacementRow = {
  id: 58,
  createdAt: '2026-11-19T09:35:02.000Z',
  performed_at: '2026-11-19T09:35:02.000Z',
  late_days: 0,
  date: '2026-11-19',
  time: '16:35',
  status: 'pending',
  returned_at: null,
  Unit: { id: 50, plate_number: 'BK 9954 AA' },
  Location: { name: 'Pool Belawan' },
  Tire_Man: { name: 'Rizky Siregar' },
};

/** Validasi Pergantian, a list of the shared paged-list machinery, its list failing until `mend()`. */
function failingList() {
  let failing = true;
  const { calls } = mockApi([
    replyTo(API.getCredential, () => ({ body: testUser('staff') })),
    replyTo(API.listReplacementQueue, () =>
      failing
        ? { status: 500, body: { statusCode: 500, code: 'INTERNAL', message: 'Database sedang sibuk' } }
        : { body: { data: [row], total: 1, page: 1, pageSize: 15 } },
    ),
  ]);
  const listCalls = () => calls.filter((c) => c.url.startsWith('/api/tire-replace/pending')).length;
  return { mend: () => (failing = false), listCalls };
}

describe('a list whose request fails', () => {
  it("says what failed with the server's message and 'Coba lagi', never 'Tidak ada data'; Coba lagi loads the rows", async () => {
    signIn('staff');
    const { mend, listCalls } = failingList();
    renderApp('/validasi-pergantian');

    const alert = await screen.findByRole('alert', {}, { timeout: 10_000 });
    expect(alert.textContent).toContain('Tidak dapat memuat data');
    expect(alert.textContent).toContain('Database sedang sibuk');
    expect(screen.queryByText('Tidak ada data')).toBeNull();
    // the table says it in place: no 'Oops...' dialog on top
    expect(screen.queryByRole('dialog')).toBeNull();
    const before = listCalls();

    mend();
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: /Coba lagi/ }));
    expect(await screen.findByText('BK 9954 AA')).toBeTruthy();
    expect(listCalls()).toBe(before + 1);
    expect(screen.queryByText('Tidak dapat memuat data')).toBeNull();
  });
});

describe('offline', () => {
  it("shows 'Koneksi terputus', a list waits for the connection instead of saying it is empty, and loads once back", async () => {
    signIn('staff');
    mockApi([
      replyTo(API.getCredential, () => ({ body: testUser('staff') })),
      replyTo(API.listReplacementQueue, () => ({ body: { data: [row], total: 1, page: 1, pageSize: 15 } })),
      replyTo(API.listTireCheckQueue, () => ({ body: { data: [], total: 0, page: 1, pageSize: 15 } })),
    ]);
    const { router } = renderApp('/validasi-pergantian');
    expect(await screen.findByText('BK 9954 AA')).toBeTruthy();
    expect(screen.queryByText('Koneksi terputus')).toBeNull();

    act(() => onlineManager.setOnline(false));
    expect(await screen.findByText('Koneksi terputus')).toBeTruthy();
    await act(() => router.navigate('/validasi'));
    expect(await screen.findByText('Menunggu koneksi ...')).toBeTruthy();
    expect(screen.queryByText('Tidak ada data')).toBeNull();

    act(() => onlineManager.setOnline(true));
    expect(await screen.findByText('Tidak ada data')).toBeTruthy();
    expect(screen.queryByText('Menunggu koneksi ...')).toBeNull();
    expect(screen.queryByText('Koneksi terputus')).toBeNull();
  });
});
