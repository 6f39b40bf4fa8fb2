import { API } from '@itms/contracts/api';
import type { TReplacementRow } from '@itms/contracts/tire-replacements';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type EndpointMock, mockApi, renderApp, replyTo, signIn, testUser } from '../../test/render-app';
import { viewport } from '../../test/setup';
import { detail } from './test/fixtures';

vi.mock('../../lib/socket', () => ({
  connectSocket: vi.fn(() => new Promise(() => {})),
  disconnectSocket: vi.fn(),
  getSocket: vi.fn(() => null),
}));

afterEach(() => vi.unstubAllGlobals());

vi.setConfig({ testTimeout: 60_000 });

const row: TReplacementRow = {
  id: 58,
  // done on the 19th, received on the 21st: listed on the 19th and tagged late
  createdAt: '2026-11-21T09:35:02.000Z',
  performed_at: '2026-11-19T09:35:02.000Z',
  late_days: 2,
  date: '2026-11-19',
  time: '16:35',
  status: 'pending',
  returned_at: null,
  Unit: { id: 50, plate_number: 'BK 9954 AA' },
  Location: { name: 'Pool Belawan' },
  Tire_Man: { name: 'Rizky Siregar' },
};

/** Signed in as EDP on a desktop (the queue's table; a phone shows cards), the queue holding `row`. */
function queueWithOneRow(more: EndpointMock[] = []) {
  viewport.width = 1440;
  signIn('staff');
  return mockApi([
    replyTo(API.getCredential, () => ({ body: testUser('staff') })),
    replyTo(API.listReplacementQueue, () => ({ body: { data: [row], total: 1, page: 1, pageSize: 15 } })),
    ...more,
  ]);
}

describe('Validasi Pergantian', () => {
  it('lists pending replacements, 15 per page, and opens the chosen one after the wait dialog', async () => {
    const { calls } = queueWithOneRow([
      replyTo(API.getReplacement, () => ({ body: detail({ id: 58 }) })),
      replyTo(API.listActiveTires, () => ({ body: { data: [], total: 0, page: 1, pageSize: 20 } })),
    ]);
    const { router } = renderApp('/validasi-pergantian');
    const r = (await screen.findByText('BK 9954 AA')).closest('tr')!;
    expect(r.textContent).toContain('Rizky Siregar');
    expect(r.textContent).toContain('19 November 2026');
    expect(r.textContent).toContain('16:35');
    expect(within(r).getByText('Terlambat dikirim (2 hari)')).toBeTruthy();
    const list = calls.find((c) => c.url.startsWith('/api/tire-replace/pending'))!;
    expect(list.url).toContain('status=edp');
    expect(list.url).toContain('pageSize=15');

    await userEvent.setup({ delay: null }).click(r);
    const wait = (await screen.findByText('Mohon tunggu')).closest<HTMLElement>('[role="dialog"]')!;
    expect(within(wait).getByText(/Anda akan diarahkan ke form validasi pergantian/)).toBeTruthy();
    expect(wait.textContent).toContain('ID Pergantian: 58');
    expect(wait.textContent).toContain('ID Unit: 50');
    expect(router.state.location.pathname).toBe('/validasi-pergantian');
    await waitFor(() => expect(router.state.location.pathname).toBe('/pergantian/58'), { timeout: 5000 });
  });

  it('opens oldest first (issue 36, item 6); Urutan still offers Terbaru dulu', async () => {
    const { calls } = queueWithOneRow();
    const { router } = renderApp('/validasi-pergantian');
    await screen.findByText('BK 9954 AA');
    // opened without parameters: the server's default order, oldest first, and the select says so
    const asked = () => calls.filter((c) => c.url.startsWith('/api/tire-replace/pending'));
    expect(asked()[0]!.url).not.toContain('order=');
    const order = screen.getByRole('combobox', { name: 'Urutan' });
    // the closed select shows its choice (titled), and no other
    expect(screen.getByTitle('Terlama dulu')).toBeTruthy();
    expect(screen.queryByTitle('Terbaru dulu')).toBeNull();

    const user = userEvent.setup({ delay: null });
    await user.click(order);
    await user.click(await screen.findByTitle('Terbaru dulu'));
    await waitFor(() => expect(router.state.location.search).toContain('order=newest'));
    await waitFor(() => expect(asked().at(-1)!.url).toContain('order=newest'));
    // back to Terlama dulu: the default again, out of the URL
    await user.click(order);
    await user.click(await screen.findByTitle('Terlama dulu'));
    await waitFor(() => expect(router.state.location.search).not.toContain('order='));
  });

  it('says Tidak ada data when nothing waits', async () => {
    signIn('staff');
    mockApi([
      replyTo(API.getCredential, () => ({ body: testUser('staff') })),
      replyTo(API.listReplacementQueue, () => ({ body: { data: [], total: 0, page: 1, pageSize: 15 } })),
    ]);
    renderApp('/validasi-pergantian');
    expect(await screen.findByText('Tidak ada data')).toBeTruthy();
  });
});
