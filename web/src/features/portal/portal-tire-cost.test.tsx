import { API } from '@itms/contracts/api';
import type { TCustomerRow } from '@itms/contracts/master-data';
import {
  NO_SCRAP_REASON,
  type TPortalFleet,
  type TPortalTireCost,
  type TPortalTireCostRow,
} from '@itms/contracts/portal';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { mockApi, renderApp, replyTo, signIn, testUser } from '../../test/render-app';
import { viewport } from '../../test/setup';

vi.mock('../../lib/socket', () => ({
  connectSocket: vi.fn(() => new Promise(() => {})),
  disconnectSocket: vi.fn(),
  getSocket: vi.fn(() => null),
}));

beforeAll(async () => {
  await import('./portal-page');
}, 120_000);
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const fleet: TPortalFleet = {
  customer: { id: 9, name: 'PT Sinar Tambang' },
  month: '2026-03',
  units: 2,
  tires_mounted: 16,
  critical_tires: 0,
  due_replacements: 0,
  units_checked: 1,
  checks: 1,
  open_calls: 0,
};
const costRow = (over: Partial<TPortalTireCostRow>): TPortalTireCostRow => ({
  key: 'KT 9944 AJ',
  tires: 3,
  km_total: 90000,
  mm_worn: 22.5,
  priced_tires: 2,
  cost: 5200000,
  cost_per_km: 57.78,
  cost_per_mm: 231111.11,
  ...over,
});
const byUnit: TPortalTireCost = {
  groupBy: 'unit',
  rows: [
    costRow({}),
    costRow({
      key: 'KT 1001 AB',
      tires: 1,
      km_total: 0,
      mm_worn: 0,
      priced_tires: 1,
      cost: 2600000,
      cost_per_km: null,
      cost_per_mm: null,
    }),
  ],
  total: costRow({
    key: null,
    tires: 4,
    priced_tires: 3,
    cost: 7800000,
    cost_per_km: 86.67,
    cost_per_mm: 346666.67,
  }),
  scrapped: [
    { reason: 'Sobek samping', tires: 2, km_avg: 45000 },
    { reason: NO_SCRAP_REASON, tires: 1, km_avg: null },
  ],
};
const byBrand: TPortalTireCost = {
  groupBy: 'brand',
  rows: [costRow({ key: 'BRIDGESTONE', tires: 4, priced_tires: 3, cost: 7800000, cost_per_km: 86.67 })],
  total: byUnit.total,
  scrapped: [],
};

const customer: TCustomerRow = {
  id: 9,
  name: 'PT Sinar Tambang',
  createdAt: '2025-01-01T00:00:00.000Z',
  projectCount: 2,
};

/** The query of each recorded call to the tire cost report. */
const costQueries = (calls: { url: string }[]) =>
  calls
    .filter((c) => c.url.split('?')[0] === '/api/portal/tire-cost')
    .map((c) => Object.fromEntries(new URL(c.url, 'http://x').searchParams));

const cellsOf = (row: Element) => [...row.querySelectorAll('td')].map((td) => td.textContent);

function setup(role: 'customer' | 'staff') {
  signIn(role);
  return mockApi([
    replyTo(API.getCredential, () => ({ body: testUser(role) })),
    replyTo(API.getPortalFleet, () => ({ body: fleet })),
    replyTo(API.listPortalUnits, () => ({ body: { data: [], total: 0, page: 1, pageSize: 10 } })),
    replyTo(API.getPortalTireCost, ({ url }) => {
      const groupBy = new URL(url, 'http://x').searchParams.get('groupBy');
      return { body: groupBy === 'brand' ? byBrand : byUnit };
    }),
    replyTo(API.listCustomers, () => ({ body: { data: [customer], total: 1, page: 1, pageSize: 50 } })),
    replyTo(API.getCustomer, () => ({ body: customer })),
  ]);
}

describe('Umur & Biaya Ban (the customer portal)', () => {
  it("lists the tires' life and cost per unit over the last twelve months, the total and the scrapped tires", {
    timeout: 120_000,
  }, async () => {
    // 10:00 WIB, 15 March 2026
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-03-15T03:00:00Z'));
    viewport.width = 1440;
    const { calls } = setup('customer');
    renderApp('/portal');

    expect(await screen.findByText('Umur & Biaya Ban')).toBeTruthy();
    expect(
      screen.getByText(
        'Ban yang terpasang di unit Anda dalam periode ini; km dan aus dihitung sepanjang umur ban, biaya dari harga beli dan vulkanisir.',
      ),
    ).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Umur & biaya ban' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual([
      'Unit',
      'Ban',
      'Km total',
      'Aus (mm)',
      'Ban berharga',
      'Biaya',
      'Biaya per km',
      'Biaya per mm',
    ]);
    const row = (await within(table).findByText('KT 9944 AJ')).closest('tr')!;
    expect(cellsOf(row)).toEqual([
      'KT 9944 AJ',
      '3',
      '90.000',
      '22,5',
      '2',
      'Rp 5.200.000',
      'Rp 57,78',
      'Rp 231.111',
    ]);
    // a unit whose tires ran nothing has no cost per km or per mm
    const idle = within(table).getByText('KT 1001 AB').closest('tr')!;
    expect(cellsOf(idle)).toEqual(['KT 1001 AB', '1', '0', '0', '1', 'Rp 2.600.000', '-', '-']);
    // the total is a line, not a row
    expect(
      screen.getByText(
        'Total: Ban 4 · Km total 90.000 · Aus (mm) 22,5 · Ban berharga 3 · Biaya Rp 7.800.000 · Biaya per km Rp 86,67 · Biaya per mm Rp 346.667',
      ),
    ).toBeTruthy();
    expect(within(table).queryByText('Total')).toBeNull();

    // the tires scrapped in the period, by reason
    const scrap = screen.getByRole('table', { name: 'Ban scrap dalam periode' });
    expect(
      within(scrap)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Alasan', 'Ban', 'Rata-rata km']);
    expect(cellsOf(within(scrap).getByText('Sobek samping').closest('tr')!)).toEqual([
      'Sobek samping',
      '2',
      '45.000',
    ]);
    expect(cellsOf(within(scrap).getByText(NO_SCRAP_REASON).closest('tr')!)).toEqual([
      NO_SCRAP_REASON,
      '1',
      '-',
    ]);

    // the last twelve months up to today (app time), grouped by unit, the account's own tires
    expect(screen.getByDisplayValue('16 Mar 2025')).toBeTruthy();
    expect(screen.getByDisplayValue('15 Mar 2026')).toBeTruthy();
    expect(costQueries(calls)).toEqual([{ dateStart: '2025-03-16', dateEnd: '2026-03-15', groupBy: 'unit' }]);
  });

  it('grouped by brand, the first column is the brand', { timeout: 120_000 }, async () => {
    viewport.width = 1440;
    const { calls } = setup('customer');
    renderApp('/portal');
    const table = await screen.findByRole('table', { name: 'Umur & biaya ban' });
    await within(table).findByText('KT 9944 AJ');

    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('combobox', { name: 'Kelompokkan' }));
    await user.click(await screen.findByTitle('Brand'));

    const row = (await within(table).findByText('BRIDGESTONE')).closest('tr')!;
    expect(cellsOf(row)).toEqual([
      'BRIDGESTONE',
      '4',
      '90.000',
      '22,5',
      '3',
      'Rp 7.800.000',
      'Rp 86,67',
      'Rp 231.111',
    ]);
    expect(within(table).getAllByRole('columnheader')[0]?.textContent).toBe('Brand');
    expect(within(table).queryByText('KT 9944 AJ')).toBeNull();
    const last = costQueries(calls).at(-1);
    expect(last?.groupBy).toBe('brand');
    expect(last?.dateStart).toBe(costQueries(calls)[0]?.dateStart);
    expect(last?.dateEnd).toBe(costQueries(calls)[0]?.dateEnd);
    // no scrapped tire in the period: said so
    const scrap = screen.getByRole('table', { name: 'Ban scrap dalam periode' });
    expect(await within(scrap).findByText('Tidak ada ban scrap dalam periode ini')).toBeTruthy();
  });

  it('the office reads it for the customer it picked', { timeout: 120_000 }, async () => {
    viewport.width = 1440;
    const { calls } = setup('staff');
    renderApp('/portal?customer_id=9');
    const table = await screen.findByRole('table', { name: 'Umur & biaya ban' });
    expect(await within(table).findByText('KT 9944 AJ')).toBeTruthy();
    await waitFor(() => expect(costQueries(calls)).toHaveLength(1));
    expect(costQueries(calls)[0]).toMatchObject({ customer_id: '9', groupBy: 'unit' });
  });

  it('a failed request is said in the table, with Coba lagi', { timeout: 120_000 }, async () => {
    viewport.width = 1440;
    signIn('customer');
    mockApi([
      replyTo(API.getCredential, () => ({ body: testUser('customer') })),
      replyTo(API.getPortalFleet, () => ({ body: fleet })),
      replyTo(API.listPortalUnits, () => ({ body: { data: [], total: 0, page: 1, pageSize: 10 } })),
      replyTo(API.getPortalTireCost, () => ({
        status: 500,
        body: { statusCode: 500, code: 'INTERNAL', message: 'Server sedang bermasalah' },
      })),
    ]);
    renderApp('/portal');
    const table = await screen.findByRole('table', { name: 'Umur & biaya ban' });
    expect(await within(table).findByText('Tidak dapat memuat data', {}, { timeout: 30_000 })).toBeTruthy();
    expect(within(table).getByRole('button', { name: /Coba lagi/ })).toBeTruthy();
    expect(screen.queryByText(/^Total:/)).toBeNull();
  });

  it('on a phone the groups are cards that say the same', { timeout: 120_000 }, async () => {
    viewport.width = 390;
    setup('customer');
    renderApp('/portal');
    const list = await screen.findByRole('list', { name: 'Umur & biaya ban' });
    const first = (await within(list).findByText('KT 9944 AJ')).closest('li')!;
    expect(first.textContent).toContain('Km total: 90.000');
    expect(first.textContent).toContain('Biaya: Rp 5.200.000');
    const idle = within(list).getByText('KT 1001 AB').closest('li')!;
    expect(idle.textContent).toContain('Biaya per km: -');
  });
});
