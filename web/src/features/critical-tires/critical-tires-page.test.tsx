import { API } from '@itms/contracts/api';
import type { TAlertRow, TAlertSummary, TSizePressure } from '@itms/contracts/tire-intelligence';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildUrl } from '../../lib/api-client';
import { mockApi, renderApp, replyTo, signIn, testUser } from '../../test/render-app';
import { viewport } from '../../test/setup';

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

beforeAll(async () => {
  await import('./critical-tires-page');
}, 120_000);

afterEach(() => {
  vi.unstubAllGlobals();
  fakeSocket.listeners.clear();
});

const summary = (pressure = 4, noRefSizes = 1): TAlertSummary => ({
  pull_point_mm: 3,
  counts: { 'unsafe-defect': 1, 'below-pull': 2, 'due-soon': 5, pressure, 'rtd-rise': 1, 'rtd-zero': 1 },
  total: 10,
  no_reference: { sizes: noRefSizes, tires: 40, of_sizes: 2 },
});

const rows: TAlertRow[] = [
  {
    tire_id: 41,
    serial_number: 'BS-0041',
    ir_brand: 'BRIDGESTONE',
    pattern: 'R150',
    size: '11.00-20',
    unit_id: 7,
    plate_number: 'KT 8812 AB',
    position: '3',
    groove_lowest: 2.5,
    pressure: 90,
    reference_psi: 110,
    kinds: ['below-pull', 'pressure'],
    pull_date: '2026-10-02',
    pull_date_early: '2026-09-20',
    pull_date_late: '2026-10-15',
    wear_rate: 0.12,
    unsafe_defects: [],
  },
  {
    tire_id: 42,
    serial_number: 'GT-0042',
    ir_brand: 'GT RADIAL',
    pattern: 'GT688',
    size: '11.00-20',
    unit_id: 8,
    plate_number: 'KT 1234 CD',
    position: '5',
    groove_lowest: 9,
    pressure: 150,
    reference_psi: 110,
    kinds: ['pressure'],
    pull_date: null,
    pull_date_early: null,
    pull_date_late: null,
    wear_rate: null,
    unsafe_defects: [],
  },
  {
    tire_id: 43,
    serial_number: 'DL-0043',
    ir_brand: 'DUNLOP',
    pattern: 'SP320',
    size: '7.50-16',
    unit_id: 9,
    plate_number: 'B 9001 TR',
    position: '2',
    groove_lowest: 4.5,
    pressure: 85,
    reference_psi: null,
    kinds: ['due-soon'],
    pull_date: '2026-10-02',
    pull_date_early: '2026-09-20',
    pull_date_late: '2026-10-15',
    wear_rate: 0.12,
    unsafe_defects: [],
  },
  {
    tire_id: 44,
    serial_number: 'BS-0044',
    ir_brand: 'BRIDGESTONE',
    pattern: 'R150',
    size: '11.00-20',
    unit_id: 9,
    plate_number: 'B 9001 TR',
    position: '4',
    groove_lowest: 0,
    pressure: 105,
    reference_psi: 110,
    kinds: ['rtd-zero'],
    pull_date: null,
    pull_date_early: null,
    pull_date_late: null,
    wear_rate: null,
    unsafe_defects: [],
  },
  {
    tire_id: 45,
    serial_number: 'GT-0045',
    ir_brand: 'GT RADIAL',
    pattern: 'GT688',
    size: '11.00-20',
    unit_id: 8,
    plate_number: 'KT 1234 CD',
    position: '6',
    groove_lowest: 8,
    pressure: 110,
    reference_psi: 110,
    kinds: ['unsafe-defect'],
    pull_date: null,
    pull_date_early: null,
    pull_date_late: null,
    wear_rate: null,
    unsafe_defects: ['Dinding: 23 Sidewall Cut'],
  },
];

const pressures: TSizePressure[] = [
  { size: '11.00-20', tires: 120, reference_psi: 110 },
  { size: '12.00-24', tires: 40, reference_psi: null },
];

function setup() {
  viewport.width = 1440;
  signIn('staff');
  let pressureCount = 4;
  const api = mockApi([
    replyTo(API.getCredential, () => ({ body: testUser('staff') })),
    replyTo(API.listTireAlerts, ({ url }) => {
      const kind = new URL(url, 'http://x').searchParams.get('kind');
      const data = kind ? rows.filter((r) => r.kinds.includes(kind as TAlertRow['kinds'][number])) : rows;
      return { body: { data, total: data.length, page: 1, pageSize: 10, summary: summary(pressureCount) } };
    }),
    replyTo(API.listSizePressures, () => ({ body: pressures })),
    replyTo(API.updateSizePressure, ({ body }) => {
      const parsed = JSON.parse(String(body)) as { size: string; reference_psi: number };
      pressureCount = 1;
      return {
        body: {
          message: 'Tekanan referensi disimpan',
          data: { size: parsed.size, tires: 40, reference_psi: parsed.reference_psi },
        },
      };
    }),
  ]);
  return api;
}

const alertCalls = (calls: { url: string }[]) =>
  calls.filter((c) => c.url.startsWith(buildUrl(API.listTireAlerts.path)));

describe('/ban-kritis', () => {
  it('shows the counts, the pull point and the rows with their links, forecast and tags', {
    timeout: 120_000,
  }, async () => {
    setup();
    renderApp('/ban-kritis');
    expect(await screen.findByRole('heading', { name: 'Ban Kritis', level: 2 })).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Di bawah batas cabut 2 ban' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Tekanan di luar ±10% 4 ban' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain('Batas cabut: 3 mm');

    const table = screen.getByRole('table');
    const serial = within(table).getByRole('link', { name: 'BS-0041' });
    expect(serial.getAttribute('href')).toBe('/kartu-stok?tire=41');
    expect(within(table).getByRole('link', { name: 'KT 8812 AB' }).getAttribute('href')).toBe(
      '/unit?q=KT%208812%20AB',
    );
    const first = serial.closest('tr') as HTMLElement;
    expect(within(first).getByText('2,5 mm')).toBeTruthy();
    // at or below the pull point: no forecast date in the past
    expect(within(first).getByText('Sudah di batas cabut')).toBeTruthy();
    expect(within(first).getByText('Di bawah batas cabut')).toBeTruthy();
    const third = within(table).getByRole('link', { name: 'DL-0043' }).closest('tr') as HTMLElement;
    expect(within(third).getByText('02 Oktober 2026')).toBeTruthy();
    expect(within(third).getByText('20 September 2026 – 15 Oktober 2026')).toBeTruthy();
    expect(within(third).getByText('Mencapai batas cabut ≤ 30 hari')).toBeTruthy();
    const second = within(table).getByRole('link', { name: 'GT-0042' }).closest('tr') as HTMLElement;
    expect(within(second).getByText('Data belum cukup')).toBeTruthy();
    expect(within(second).getByText(/150 \/ 110 PSI/).textContent).toContain('+36%');
  });

  it('an unsafe defect of the latest validated check has its count and names the defect in the row', {
    timeout: 120_000,
  }, async () => {
    setup();
    renderApp('/ban-kritis');
    expect(await screen.findByRole('button', { name: 'Kerusakan tidak aman 1 ban' })).toBeTruthy();
    const row = (await screen.findByRole('link', { name: 'GT-0045' })).closest('tr') as HTMLElement;
    expect(within(row).getByText('Kerusakan tidak aman')).toBeTruthy();
    expect(within(row).getByText('Dinding: 23 Sidewall Cut')).toBeTruthy();
  });

  it('keeps 0 mm readings apart (their own count and tag, not at the pull point)', {
    timeout: 120_000,
  }, async () => {
    setup();
    renderApp('/ban-kritis');
    expect(await screen.findByRole('button', { name: 'RTD 0 mm: periksa data 1 ban' })).toBeTruthy();
    const table = screen.getByRole('table');
    const zero = within(table).getByRole('link', { name: 'BS-0044' }).closest('tr') as HTMLElement;
    expect(within(zero).getByText('0 mm: periksa data')).toBeTruthy();
    expect(within(zero).getByText('RTD 0 mm: periksa data')).toBeTruthy();
    expect(within(zero).getByText('Periksa data RTD')).toBeTruthy();
    expect(within(zero).queryByText('Sudah di batas cabut')).toBeNull();
    expect(within(zero).queryByText('Di bawah batas cabut')).toBeNull();
  });

  it("a size without a reference pressure says 'Belum ada tekanan acuan' with the way to set it", {
    timeout: 120_000,
  }, async () => {
    setup();
    renderApp('/ban-kritis');
    const user = userEvent.setup({ delay: null });
    const notice = await screen.findByText('Belum ada tekanan acuan untuk 1 size (40 ban terpasang)');
    expect(notice).toBeTruthy();
    const table = screen.getByRole('table');
    const row = within(table).getByRole('link', { name: 'DL-0043' }).closest('tr') as HTMLElement;
    expect(within(row).getByText('85 PSI')).toBeTruthy();
    expect(row.textContent).toContain('Belum ada tekanan acuan');
    expect(row.textContent).not.toMatch(/\b0 PSI/);
    await user.click(within(row).getByRole('button', { name: 'Atur tekanan acuan 7.50-16' }));
    expect(await screen.findByRole('dialog', { name: 'Tekanan Referensi per Size' })).toBeTruthy();
  });

  it('a count card filters the list by its kind (in the URL); Semua clears it', {
    timeout: 120_000,
  }, async () => {
    const { calls } = setup();
    const { router } = renderApp('/ban-kritis');
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: /^Di bawah batas cabut/ }));
    await waitFor(() => expect(router.state.location.search).toContain('kind=below-pull'));
    await waitFor(() => expect(alertCalls(calls).at(-1)?.url).toContain('kind=below-pull'));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'GT-0042' })).toBeNull());
    expect(screen.getByRole('link', { name: 'BS-0041' })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Semua' }));
    await waitFor(() => expect(router.state.location.search).not.toContain('kind='));
    expect(await screen.findByRole('link', { name: 'GT-0042' })).toBeTruthy();
  });

  it('the search box sends q', { timeout: 120_000 }, async () => {
    const { calls } = setup();
    renderApp('/ban-kritis');
    const user = userEvent.setup({ delay: null });
    await user.type(await screen.findByRole('searchbox', { name: 'Cari' }), 'kt 88{Enter}');
    await waitFor(() => expect(alertCalls(calls).at(-1)?.url).toContain('q=kt+88'));
  });

  it('Tekanan Referensi: 500 PSI is refused in Indonesian; a valid value is saved and the list refreshed', {
    timeout: 120_000,
  }, async () => {
    const { calls } = setup();
    renderApp('/ban-kritis');
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: /Tekanan Referensi/ }));
    const dialog = await screen.findByRole('dialog');
    const input = await within(dialog).findByRole('spinbutton', { name: 'Tekanan referensi 12.00-24' });
    await user.type(input, '500');
    await user.click(within(dialog).getByRole('button', { name: /Simpan 12.00-24/ }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Tekanan referensi harus 1 sampai 200 PSI',
    );
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);

    const before = alertCalls(calls).length;
    await user.clear(input);
    await user.type(input, '120');
    await user.click(within(dialog).getByRole('button', { name: /Simpan 12.00-24/ }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ size: '12.00-24', reference_psi: 120 }),
    );
    expect(await screen.findByText('Tekanan referensi 12.00-24 disimpan')).toBeTruthy();
    await waitFor(() => expect(alertCalls(calls).length).toBeGreaterThan(before));
    expect(await screen.findByRole('button', { name: 'Tekanan di luar ±10% 1 ban' })).toBeTruthy();
  });

  it("refetches on the 'tire-alerts' socket event", { timeout: 120_000 }, async () => {
    const { calls } = setup();
    renderApp('/ban-kritis');
    await screen.findByRole('link', { name: 'BS-0041' });
    await waitFor(() => expect(fakeSocket.listeners.get('tire-alerts')?.size).toBeGreaterThan(0));
    const before = alertCalls(calls).length;
    fakeSocket.emit('tire-alerts', summary(7));
    await waitFor(() => expect(alertCalls(calls).length).toBeGreaterThan(before));
  });
});
