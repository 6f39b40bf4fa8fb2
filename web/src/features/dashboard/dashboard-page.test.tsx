import { API } from '@itms/contracts/api';
import type { TSummaryReply } from '@itms/contracts/reports';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { mockApi, renderApp, replyTo, signIn, testUser } from '../../test/render-app';

type Listener = (...args: unknown[]) => void;
const fakeSocket = vi.hoisted(() => {
  const listeners = new Map<string, Set<Listener>>();
  return {
    listeners,
    on(event: string, fn: Listener) {
      if (!listeners.has(event)) listeners.set(event, new Set());
      listeners.get(event)?.add(fn);
    },
    off(event: string, fn: Listener) {
      listeners.get(event)?.delete(fn);
    },
    emit(event: string, ...args: unknown[]) {
      for (const fn of listeners.get(event) ?? []) fn(...args);
    },
    disconnect: vi.fn(),
  };
});
vi.mock('../../lib/socket', () => ({
  connectSocket: vi.fn(async () => fakeSocket),
  disconnectSocket: vi.fn(),
  getSocket: vi.fn(() => fakeSocket),
}));
vi.mock('../../lib/notify-sound', () => ({ playNotificationSound: vi.fn() }));

// the first render of the lazy page transforms its modules: do it once, outside the timed tests
beforeAll(async () => {
  await import('./dashboard-page');
}, 120_000);

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  fakeSocket.listeners.clear();
});

const counters = (today: number) => ({
  today,
  pending: 7,
  bkb: 2,
  returned: 1,
  pergantian: 4,
  tireMen: 12,
  storing: 5,
  storingBreached: 2,
  now: new Date().toISOString(),
  timezone: 'Asia/Jakarta',
  todayDate: '2025-03-10',
});

const summary: TSummaryReply = {
  dateStart: '2025-03-01',
  dateEnd: '2025-03-31',
  days: 31,
  daysToDate: 31,
  data: [
    {
      id: 3,
      region: 'Jawa Barat',
      pic: 'Yayan',
      manpower: 2,
      tire_men: 2,
      total: 40,
      approved: 30,
      awaiting_pic: 1,
      awaiting_edp: 9,
      awaiting_workshop: 30,
      leader: 'Ujang',
      target_check: null,
      expected: 992,
      expected_to_date: 992,
      percentage: 4.03,
      approved_percentage: 3.02,
    },
  ],
};

function dashboardApi(
  today: () => number,
  belowPull: () => number = () => 2,
  noRef: () => boolean = () => false,
) {
  return mockApi([
    replyTo(API.getTireAlertSummary, () => ({
      body: {
        pull_point_mm: 3,
        counts: {
          'unsafe-defect': 0,
          'below-pull': belowPull(),
          'due-soon': 6,
          pressure: noRef() ? 0 : 11,
          'rtd-rise': 1,
          'rtd-zero': 2,
        },
        total: 17,
        no_reference: { sizes: noRef() ? 3 : 1, tires: 80, of_sizes: 3 },
      },
    })),
    replyTo(API.getCredential, () => ({ body: testUser('staff') })),
    replyTo(API.getDashboardCounters, () => ({ body: counters(today()) })),
    replyTo(API.listBanners, () => ({ body: { data: [], total: 0, page: 1, pageSize: 20 } })),
    replyTo(API.listNews, () => ({ body: { data: [], total: 0, page: 1, pageSize: 5 } })),
    replyTo(API.getLeaderboard, () => ({
      body: [{ rank: 1, id: 5, userName: 'Slamet', highScore: 9 }],
    })),
    replyTo(API.getProductivity, () => ({
      body: { firstDate: '2020-01-01', lastDate: '2025-03-10', total: 10, approved: 8, tire_man: [] },
    })),
    replyTo(API.getCheckSummary, () => ({ body: summary })),
  ]);
}

const card = (name: string) => screen.getByRole('group', { name });

describe('dashboard', () => {
  it('greets by the hour in Asia/Jakarta: 10:00 is Selamat Pagi', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2025-03-10T03:00:00Z'));
    signIn('staff');
    dashboardApi(() => 3);
    renderApp('/');
    expect(await screen.findByText('Selamat Pagi,')).toBeTruthy();
    expect(screen.getByText('Senin, 10 Maret 2025')).toBeTruthy();
    expect(screen.getByRole('timer', { name: 'Jam' }).textContent).toContain('10:00:00');
  });

  it('greets Selamat Malam at 21:00 Jakarta time', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2025-03-10T14:00:00Z'));
    signIn('staff');
    dashboardApi(() => 3);
    renderApp('/');
    expect(await screen.findByText('Selamat Malam,')).toBeTruthy();
  });

  it('shows the counters, the region summary, and refreshes the counts on new-notification', async () => {
    let today = 3;
    signIn('staff');
    const { calls } = dashboardApi(() => today);
    renderApp('/');
    await waitFor(() => expect(within(card('Hari ini')).getByText('3')).toBeTruthy());
    expect(within(card('Pending')).getByText('7')).toBeTruthy();
    expect(within(card('BKB')).getByText('2')).toBeTruthy();
    expect(within(card('Dikembalikan')).getByText('1')).toBeTruthy();
    expect(within(card('Pergantian')).getByText('4')).toBeTruthy();
    expect(within(card('Tire Man')).getByText('12')).toBeTruthy();
    expect(within(card('Storing')).getByText('5')).toBeTruthy();
    expect(screen.getByText('Pengecekan hari ini:').textContent).toContain('3');
    // the cards link to their lists
    expect(screen.getByRole('link', { name: /Hari ini/ }).getAttribute('href')).toBe('/validasi');
    expect(screen.getByRole('link', { name: /BKB/ }).getAttribute('href')).toBe('/mismatch');
    expect(screen.getByRole('link', { name: /Storing/ }).getAttribute('href')).toBe('/storing');
    // the open calls past a target are said on the card
    expect(within(screen.getByRole('group', { name: 'Storing' })).getByText('· 2 lewat target')).toBeTruthy();
    expect(screen.getByRole('link', { name: /Dikembalikan/ }).getAttribute('href')).toBe(
      '/validasi?view=dikembalikan',
    );
    // the summary table's Detail opens that region on /summary
    expect(await screen.findByText('Jawa Barat')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Detail Jawa Barat' }).getAttribute('href')).toBe(
      '/summary?region=3',
    );
    // the current month is asked for
    const body = calls.find((c) => c.url.endsWith(API.getCheckSummary.path))?.body as { dateStart: string };
    expect(body.dateStart).toMatch(/^\d{4}-\d{2}-01$/);

    await waitFor(() => expect(fakeSocket.listeners.get('new-notification')?.size).toBe(1));
    today = 4;
    fakeSocket.emit('new-notification', { kind: 'tire-check', id: 99 });
    await waitFor(() => expect(within(card('Hari ini')).getByText('4')).toBeTruthy());
  });

  it("shows the Ban Kritis counts, each linking to /ban-kritis by kind, refreshed on 'tire-alerts'", async () => {
    let belowPull = 2;
    signIn('staff');
    dashboardApi(
      () => 3,
      () => belowPull,
    );
    renderApp('/');
    const region = await screen.findByRole('region', { name: 'Ban Kritis' });
    const below = await within(region).findByRole('link', { name: 'Di bawah batas cabut 2 ban' });
    expect(below.getAttribute('href')).toBe('/ban-kritis?kind=below-pull');
    expect(
      within(region).getByRole('link', { name: 'Tekanan di luar ±10% 11 ban' }).getAttribute('href'),
    ).toBe('/ban-kritis?kind=pressure');
    expect(within(region).getByRole('link', { name: /Lihat semua/ }).textContent).toContain('17 ban');

    await waitFor(() => expect(fakeSocket.listeners.get('tire-alerts')?.size).toBe(1));
    belowPull = 3;
    fakeSocket.emit('tire-alerts', {
      pull_point_mm: 3,
      counts: {
        'unsafe-defect': 0,
        'below-pull': 3,
        'due-soon': 6,
        pressure: 11,
        'rtd-rise': 1,
        'rtd-zero': 2,
      },
      total: 18,
      no_reference: { sizes: 1, tires: 80, of_sizes: 3 },
    });
    expect(await within(region).findByRole('link', { name: 'Di bawah batas cabut 3 ban' })).toBeTruthy();
    // 0 mm readings have their own count, apart from the tread below the pull point
    expect(
      within(region).getByRole('link', { name: 'RTD 0 mm: periksa data 2 ban' }).getAttribute('href'),
    ).toBe('/ban-kritis?kind=rtd-zero');
  });

  it('says no reference pressure is set instead of a pressure count of 0', async () => {
    signIn('staff');
    dashboardApi(
      () => 3,
      () => 2,
      () => true,
    );
    renderApp('/');
    const region = await screen.findByRole('region', { name: 'Ban Kritis' });
    expect(
      await within(region).findByRole('link', { name: 'Tekanan di luar ±10% Belum ada tekanan acuan' }),
    ).toBeTruthy();
    expect(within(region).queryByRole('link', { name: 'Tekanan di luar ±10% 0 ban' })).toBeNull();
  });

  it('a panel that fails says so in place, with Coba lagi, and opens no Oops dialog', async () => {
    signIn('staff');
    let fail = true;
    mockApi([
      replyTo(API.getCredential, () => ({ body: testUser('staff') })),
      replyTo(API.getDashboardCounters, () =>
        fail
          ? {
              status: 500,
              body: { statusCode: 500, code: 'INTERNAL', message: 'Terjadi kesalahan pada server' },
            }
          : { body: counters(5) },
      ),
      replyTo(API.listBanners, () => ({ body: { data: [], total: 0, page: 1, pageSize: 20 } })),
      replyTo(API.listNews, () => ({ body: { data: [], total: 0, page: 1, pageSize: 5 } })),
      replyTo(API.getLeaderboard, () => ({ body: [] })),
      replyTo(API.getProductivity, () => ({
        body: { firstDate: '2020-01-01', lastDate: '2025-03-10', total: 0, approved: 0, tire_man: [] },
      })),
      replyTo(API.getCheckSummary, () => ({ body: summary })),
    ]);
    renderApp('/');
    const alert = await screen.findByRole('alert', {}, { timeout: 30_000 });
    expect(alert.textContent).toContain('Tidak dapat memuat data');
    expect(alert.textContent).toContain('Terjadi kesalahan pada server');
    expect(screen.queryByRole('dialog', { name: 'Oops...' })).toBeNull();
    fail = false;
    within(alert)
      .getByRole('button', { name: /Coba lagi/ })
      .click();
    await waitFor(() => expect(within(card('Hari ini')).getByText('5')).toBeTruthy());
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
