import { API } from '@itms/contracts/api';
import type { TCustomerRow } from '@itms/contracts/master-data';
import type { TPortalFleet, TPortalReport, TPortalReportRow, TPortalUnitRow } from '@itms/contracts/portal';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { type EndpointMock, mockApi, renderApp, replyTo, signIn, testUser } from '../../test/render-app';
import { viewport } from '../../test/setup';

vi.mock('../../lib/socket', () => ({
  connectSocket: vi.fn(() => new Promise(() => {})),
  disconnectSocket: vi.fn(),
  getSocket: vi.fn(() => null),
}));

beforeAll(async () => {
  await import('./portal-page');
  await import('./portal-unit-page');
}, 120_000);
afterEach(() => vi.unstubAllGlobals());

const fleet: TPortalFleet = {
  customer: { id: 9, name: 'PT Sinar Tambang' },
  month: '2026-03',
  units: 20,
  tires_mounted: 180,
  critical_tires: 5,
  due_replacements: 7,
  units_checked: 12,
  checks: 34,
  open_calls: 2,
};
const rows: TPortalUnitRow[] = [
  {
    id: 60,
    plate_number: 'KT 9944 AJ',
    unit_type: 'DUMP TRUCK',
    project: 'Hauling Batubara',
    tires_mounted: 10,
    critical_tires: 2,
    checks_month: 3,
    last_check_at: '2026-03-14T03:00:00.000Z',
    open_calls: 1,
  },
  {
    id: 61,
    plate_number: 'KT 1001 AB',
    unit_type: 'TRAILER',
    project: 'Distribusi Semen',
    tires_mounted: 22,
    critical_tires: 0,
    checks_month: 0,
    last_check_at: null,
    open_calls: 0,
  },
];
const reportRow = (over: Partial<TPortalReportRow>): TPortalReportRow => ({
  unit_id: 60,
  plate_number: 'KT 9944 AJ',
  project: 'Hauling Batubara',
  checks: 3,
  replacements: 1,
  tires_replaced: 2,
  mismatches: 0,
  calls: 1,
  calls_done: 1,
  roll_median: 95,
  ...over,
});
const report: TPortalReport = {
  customer: fleet.customer,
  month: '2026-03',
  rows: [
    reportRow({}),
    reportRow({
      unit_id: 61,
      plate_number: 'KT 1001 AB',
      checks: 0,
      replacements: 0,
      tires_replaced: 0,
      calls: 0,
      calls_done: 0,
      roll_median: null,
    }),
  ],
  total: reportRow({ unit_id: null, plate_number: 'Total', project: '' }),
};
const customer: TCustomerRow = {
  id: 9,
  name: 'PT Sinar Tambang',
  createdAt: '2025-01-01T00:00:00.000Z',
  projectCount: 2,
};

/** The query of each recorded call to a portal list or count. */
const queriesOf = (calls: { url: string }[], path: string) =>
  calls
    .filter((c) => c.url.split('?')[0] === `/api${path}`)
    .map((c) => Object.fromEntries(new URL(c.url, 'http://x').searchParams));

function setup(role: 'customer' | 'staff', extra: readonly EndpointMock[] = []) {
  signIn(role);
  return mockApi([
    ...extra,
    replyTo(API.getCredential, () => ({ body: testUser(role) })),
    replyTo(API.getPortalFleet, () => ({ body: fleet })),
    replyTo(API.listPortalUnits, ({ url }) => {
      const q = new URL(url, 'http://x').searchParams.get('q');
      const data = q ? rows.filter((r) => r.plate_number.includes(q.toUpperCase())) : rows;
      return { body: { data, total: data.length, page: 1, pageSize: 10 } };
    }),
    replyTo(API.getPortalReport, () => ({ body: report })),
    replyTo(API.listCustomers, () => ({ body: { data: [customer], total: 1, page: 1, pageSize: 50 } })),
    replyTo(API.getCustomer, () => ({ body: customer })),
  ]);
}

describe('Armada (the customer portal)', () => {
  it("a customer sees its fleet's counts and its units, ten a page, and finds a plate as it types", {
    timeout: 120_000,
  }, async () => {
    viewport.width = 1440;
    const { calls } = setup('customer');
    const { router } = renderApp('/portal');
    expect(await screen.findByRole('heading', { name: 'Armada PT Sinar Tambang', level: 2 })).toBeTruthy();
    // the month's counts, each on its card
    const card = (name: string) => screen.getByRole('group', { name }).textContent;
    expect(card('Unit')).toContain('20');
    expect(card('Ban terpasang')).toContain('180');
    expect(card('Ban kritis')).toContain('5');
    expect(card('Perlu diganti')).toContain('7');
    expect(card('Unit dicek bulan ini')).toContain('12 dari 20');
    expect(card('Unit dicek bulan ini')).toContain('34 pengecekan');
    expect(card('Storing terbuka')).toContain('2');
    expect(screen.getByText(/bulan Maret 2026, hanya dari pekerjaan yang sudah divalidasi/)).toBeTruthy();
    // no customer picker: the account's own fleet, and none is named in the requests
    expect(screen.queryByRole('combobox', { name: 'Pelanggan' })).toBeNull();

    const table = await screen.findByRole('table', { name: 'Daftar unit' });
    const row = (await within(table).findByText('KT 9944 AJ')).closest('tr')!;
    expect(within(row).getByRole('link', { name: 'KT 9944 AJ' }).getAttribute('href')).toBe(
      '/portal/unit/60',
    );
    const cells = [...row.querySelectorAll('td')].map((td) => td.textContent);
    expect(cells).toEqual([
      'KT 9944 AJ',
      'DUMP TRUCK',
      'Hauling Batubara',
      '10',
      '2',
      '3',
      '14 Maret 2026',
      '1',
    ]);
    // a unit with critical tires says so in red; one without has a plain 0
    expect(within(row).getByText('2').closest('.ant-tag-red')).toBeTruthy();
    const other = within(table).getByText('KT 1001 AB').closest('tr')!;
    expect(other.querySelector('.ant-tag')).toBeNull();
    expect(within(other).getByText('Belum pernah')).toBeTruthy();
    expect(queriesOf(calls, '/portal/units')[0]).toEqual({ page: '1', pageSize: '10' });
    expect(queriesOf(calls, '/portal/fleet')).toEqual([{}]);

    // typing searches once it pauses: no Enter needed
    fireEvent.change(screen.getByRole('searchbox', { name: 'Cari' }), { target: { value: 'kt 1001' } });
    await waitFor(() => expect(within(table).queryByText('KT 9944 AJ')).toBeNull());
    expect(within(table).getByText('KT 1001 AB')).toBeTruthy();
    expect(router.state.location.search).toBe('?q=kt+1001');
    expect(queriesOf(calls, '/portal/units').at(-1)).toEqual({ page: '1', pageSize: '10', q: 'kt 1001' });

    // a row opens its unit
    await userEvent.setup({ delay: null }).click(within(table).getByText('Distribusi Semen'));
    expect(router.state.location.pathname).toBe('/portal/unit/61');
  });

  it('on a phone the units are cards that say the same', { timeout: 120_000 }, async () => {
    viewport.width = 390;
    setup('customer');
    renderApp('/portal');
    const list = await screen.findByRole('list', { name: 'Daftar unit' });
    const first = (await within(list).findByText('KT 9944 AJ')).closest('li')!;
    expect(first.textContent).toContain('Proyek: Hauling Batubara');
    expect(first.textContent).toContain('Cek terakhir: 14 Maret 2026');
    expect(first.textContent).toContain('Storing terbuka: 1');
    expect(within(first).getByText('2').closest('.ant-tag-red')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it("the month's report lists every unit with its validated work and calls, the total, and its downloads", {
    timeout: 120_000,
  }, async () => {
    viewport.width = 1440;
    const { calls } = setup('customer');
    renderApp('/portal');
    const table = await screen.findByRole('table', { name: 'Laporan bulanan' });
    expect(await screen.findByText('Laporan bulanan · Maret 2026')).toBeTruthy();
    const row = (await within(table).findByRole('link', { name: 'KT 9944 AJ' })).closest('tr')!;
    expect([...row.querySelectorAll('td')].map((td) => td.textContent)).toEqual([
      'KT 9944 AJ',
      'Hauling Batubara',
      '3',
      '1',
      '2',
      '0',
      '1',
      '1',
      '95',
    ]);
    const quiet = within(table).getByText('KT 1001 AB').closest('tr')!;
    expect(quiet.querySelector('td:last-child')?.textContent).toBe('-');
    expect(
      screen.getByText(
        'Total: Pengecekan 3 · Pergantian 1 · Ban diganti 2 · BKB 0 · Storing 1 · Storing selesai 1 · Roll time median (menit) 95',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: /Unduh Excel/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: /Unduh PDF/ })).toBeTruthy();
    // this month, and the account's own fleet
    expect(queriesOf(calls, '/portal/report')).toEqual([{}]);
  });

  it('the office picks the customer first, then reads the portal as that customer sees it', {
    timeout: 120_000,
  }, async () => {
    viewport.width = 1440;
    const { calls } = setup('staff');
    const { router } = renderApp('/portal');
    expect(await screen.findByRole('heading', { name: 'Armada', level: 2 })).toBeTruthy();
    expect(screen.getByText('Pilih pelanggan', { selector: '.ant-empty-description' })).toBeTruthy();
    expect(calls.some((c) => c.url.startsWith('/api/portal/'))).toBe(false);

    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('combobox', { name: 'Pelanggan' }));
    await user.click(await screen.findByTitle('PT Sinar Tambang'));
    expect(await screen.findByRole('heading', { name: 'Armada PT Sinar Tambang', level: 2 })).toBeTruthy();
    expect(router.state.location.search).toBe('?customer_id=9');
    expect(queriesOf(calls, '/portal/fleet')).toEqual([{ customer_id: '9' }]);
    expect(queriesOf(calls, '/portal/units')[0]).toEqual({ page: '1', pageSize: '10', customer_id: '9' });
    await waitFor(() => expect(queriesOf(calls, '/portal/report')).toEqual([{ customer_id: '9' }]));
    // its links keep the customer
    const units = await screen.findByRole('table', { name: 'Daftar unit' });
    const link = await within(units).findByRole('link', { name: 'KT 9944 AJ' });
    expect(link.getAttribute('href')).toBe('/portal/unit/60?customer_id=9');
  });

  it("Customer's 'Lihat portal' opens the portal for that customer", { timeout: 120_000 }, async () => {
    viewport.width = 1440;
    setup('staff');
    const { router } = renderApp('/customer');
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('link', { name: 'Lihat portal PT Sinar Tambang' }));
    expect(await screen.findByRole('heading', { name: 'Armada PT Sinar Tambang', level: 2 })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/portal');
    expect(router.state.location.search).toBe('?customer_id=9');
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
