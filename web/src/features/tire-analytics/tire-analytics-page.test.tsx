import { API } from '@itms/contracts/api';
import type { PerformanceGroup, TPerformanceReply, TPerformanceRow } from '@itms/contracts/tire-intelligence';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildUrl } from '../../lib/api-client';
import { mockApi, renderApp, replyTo, signIn, testUser } from '../../test/render-app';
import { viewport } from '../../test/setup';

vi.mock('../../lib/socket', () => ({
  connectSocket: vi.fn(() => new Promise(() => {})),
  disconnectSocket: vi.fn(),
  getSocket: vi.fn(() => null),
}));

beforeAll(async () => {
  await import('./tire-analytics-page');
}, 120_000);
afterEach(() => vi.unstubAllGlobals());

const row = (key: string, km_per_mm: number | null, cost_per_km: number | null): TPerformanceRow => ({
  key,
  tires: 10,
  km_total: 500_000,
  mm_worn: km_per_mm ? 500_000 / km_per_mm : 0,
  km_per_mm,
  wear_rate: km_per_mm ? 1000 / km_per_mm : null,
  priced_tires: cost_per_km === null ? 0 : 8,
  cost_per_km,
});

const REPLIES: Record<string, TPerformanceReply> = {
  brand: {
    groupBy: 'brand',
    rows: [row('BRIDGESTONE', 6200, 52.5), row('GT RADIAL', 4800, 61.25), row('CHENG SHIN', null, null)],
  },
  pattern: { groupBy: 'pattern', rows: [row('R150', 6000, 50), row('GT688', 5000, 70)] },
};

function setup() {
  viewport.width = 1440;
  signIn('staff');
  return mockApi([
    replyTo(API.getCredential, () => ({ body: testUser('staff') })),
    replyTo(API.getTirePerformance, ({ url }) => {
      const groupBy = (new URL(url, 'http://x').searchParams.get('groupBy') ?? 'brand') as PerformanceGroup;
      return { body: REPLIES[groupBy] ?? { groupBy, rows: [] } };
    }),
    replyTo(API.listSizePressures, () => ({
      body: [
        { size: '11.00-20', tires: 100, reference_psi: 110 },
        { size: '12.00-24', tires: 40, reference_psi: null },
      ],
    })),
  ]);
}

const perfCalls = (calls: { url: string }[]) =>
  calls.filter((c) => c.url.startsWith(buildUrl(API.getTirePerformance.path)));

describe('/analitik-ban', () => {
  it('shows bars and a table per brand, best km/mm first, with rupiah cost per km', {
    timeout: 120_000,
  }, async () => {
    setup();
    renderApp('/analitik-ban');
    expect(await screen.findByRole('heading', { name: 'Analitik Performa Ban', level: 2 })).toBeTruthy();
    const bars = await screen.findByRole('list', { name: 'Km per mm per Brand' });
    const items = within(bars).getAllByRole('listitem');
    expect(items.map((i) => i.getAttribute('aria-label'))).toEqual([
      'BRIDGESTONE: 6.200 km/mm',
      'GT RADIAL: 4.800 km/mm',
    ]);
    const table = screen.getByRole('table');
    const bs = within(table).getByText('BRIDGESTONE').closest('tr') as HTMLElement;
    expect(within(bs).getByText('Rp 52,50')).toBeTruthy();
    const cs = within(table).getByText('CHENG SHIN').closest('tr') as HTMLElement;
    expect(within(cs).getAllByText('-').length).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: /Export/ })).toBeTruthy();
  });

  it('the Pattern switch and the size filter change the request and the rows', {
    timeout: 120_000,
  }, async () => {
    const { calls } = setup();
    const { router } = renderApp('/analitik-ban');
    await screen.findByText('GT RADIAL', { selector: 'strong' });
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByText('Pattern', { selector: '.ant-segmented-item-label' }));
    await waitFor(() => expect(router.state.location.search).toContain('groupBy=pattern'));
    await waitFor(() => expect(perfCalls(calls).at(-1)?.url).toContain('groupBy=pattern'));
    expect(await screen.findByText('GT688', { selector: 'strong' })).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: /Pattern/ })).toBeTruthy();
    expect(screen.queryByText('BRIDGESTONE', { selector: 'strong' })).toBeNull();

    await user.click(screen.getByRole('combobox', { name: 'Filter size' }));
    await user.click(await screen.findByTitle('12.00-24'));
    await waitFor(() => expect(perfCalls(calls).at(-1)?.url).toContain('size=12.00-24'));
  });
});
