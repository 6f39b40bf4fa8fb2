import { API } from '@itms/contracts/api';
import type { TTireLife, TWearForecast } from '@itms/contracts/tire-intelligence';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { mockApi, renderApp, replyTo, signIn, testUser } from '../../test/render-app';
import { viewport } from '../../test/setup';

vi.mock('../../lib/socket', () => ({
  connectSocket: vi.fn(() => new Promise(() => {})),
  disconnectSocket: vi.fn(),
  getSocket: vi.fn(() => null),
}));

beforeAll(async () => {
  await import('./stock-card-page');
}, 120_000);
afterEach(() => vi.unstubAllGlobals());

const noForecast: TWearForecast = {
  readings: 1,
  state: 'not-enough-data',
  wear_rate: null,
  wear_rate_low: null,
  wear_rate_high: null,
  pull_km: null,
  pull_km_early: null,
  pull_km_late: null,
  pull_date: null,
  pull_date_early: null,
  pull_date_late: null,
  km_per_day: null,
};

const life = (over: Partial<TTireLife>): TTireLife => ({
  tire_id: 41,
  serial_number: 'BS-0041',
  km_total: 42_500,
  days_in_service: 180,
  retreads: 1,
  rotations: 2,
  groove_lowest: 12,
  mm_worn: 6.5,
  purchase_price: null,
  retread_cost: null,
  cost_per_km: null,
  cost_per_mm: null,
  history: [{ date: '2026-05-01', km: 40_000, groove: 12 }],
  rtd_rise: false,
  pull_point_mm: 3,
  forecast: noForecast,
  ...over,
});

function setup(reply: TTireLife) {
  viewport.width = 1440;
  signIn('staff');
  return mockApi([
    replyTo(API.getCredential, () => ({ body: testUser('staff') })),
    replyTo(API.getTireStockCard, () => ({
      body: {
        tire: {
          id: 41,
          serial_number: 'BS-0041',
          ir_brand: 'BRIDGESTONE',
          ori_brand: 'BRIDGESTONE',
          size: '11.00-20',
          pattern: 'R150',
          status: 'INSTALLED',
          production_no: '2424',
        },
        data: [],
        total: 0,
        page: 1,
        pageSize: 50,
      },
    })),
    replyTo(API.getTireLife, () => ({ body: reply })),
  ]);
}

describe('KARTU STOK BAN: Umur & Prediksi Ban', () => {
  it('says "Data belum cukup" with one reading, and "-" for costs without a price', {
    timeout: 120_000,
  }, async () => {
    setup(life({}));
    renderApp('/kartu-stok?tire=41');
    const panel = await screen.findByRole('region', { name: 'Umur & Prediksi Ban' });
    expect(await within(panel).findByText('Data belum cukup')).toBeTruthy();
    const row = (label: string) => within(panel).getByText(label).closest('tr') as HTMLElement;
    expect(row('Km total').textContent).toContain('42.500 Km');
    expect(row('Hari pemakaian').textContent).toContain('180 hari');
    expect(row('Biaya per km').textContent).toContain('-');
    expect(within(panel).queryByText(/Rp/)).toBeNull();
  });

  it('says a tire at the pull point has reached it, rather than a forecast in the past', {
    timeout: 120_000,
  }, async () => {
    setup(
      life({
        groove_lowest: 2,
        history: [
          { date: '2026-01-10', km: 10_000, groove: 6 },
          { date: '2026-05-01', km: 40_000, groove: 2 },
        ],
        forecast: {
          ...noForecast,
          readings: 2,
          state: 'ok',
          wear_rate: 0.13,
          pull_km: 32_000,
          pull_km_early: 30_000,
          pull_km_late: 34_000,
          pull_date: '2026-03-01',
        },
      }),
    );
    renderApp('/kartu-stok?tire=41');
    const panel = await screen.findByRole('region', { name: 'Umur & Prediksi Ban' });
    expect(await within(panel).findByText('Sudah mencapai batas cabut')).toBeTruthy();
    expect(within(panel).queryByText(/01 Maret 2026/)).toBeNull();
  });

  it('shows the wear rate, the forecast km and date with its band, rupiah costs and the chart', {
    timeout: 120_000,
  }, async () => {
    setup(
      life({
        purchase_price: 4_250_000,
        retread_cost: 1_200_000,
        cost_per_km: 128.24,
        cost_per_mm: 838_461.5,
        history: [
          { date: '2026-01-10', km: 10_000, groove: 15 },
          { date: '2026-03-10', km: 25_000, groove: 13.2 },
          { date: '2026-05-01', km: 40_000, groove: 11.5 },
        ],
        forecast: {
          readings: 3,
          state: 'ok',
          wear_rate: 0.117,
          wear_rate_low: 0.1,
          wear_rate_high: 0.13,
          pull_km: 114_000,
          pull_km_early: 105_000,
          pull_km_late: 125_000,
          pull_date: '2027-03-15',
          pull_date_early: '2027-01-20',
          pull_date_late: '2027-05-30',
          km_per_day: 230,
        },
      }),
    );
    renderApp('/kartu-stok?tire=41');
    const panel = await screen.findByRole('region', { name: 'Umur & Prediksi Ban' });
    expect(await within(panel).findByText('114.000 Km · 15 Maret 2027')).toBeTruthy();
    expect(
      within(panel).getByText('Rentang 105.000 – 125.000 Km (20 Januari 2027 – 30 Mei 2027)'),
    ).toBeTruthy();
    expect(within(panel).getByText('0,12 mm/1.000 km')).toBeTruthy();
    expect(within(panel).getByText('Rp 128,24')).toBeTruthy();
    expect(within(panel).getByText('Rp 838.462')).toBeTruthy();
    expect(within(panel).getByText('Rp 4.250.000 / Rp 1.200.000')).toBeTruthy();
    const chart = within(panel).getByRole('img', { name: /Grafik RTD terendah/ });
    expect(chart.getAttribute('aria-label')).toContain('114.000 Km');
    expect(chart.querySelectorAll('circle')).toHaveLength(3);
    expect(chart.querySelector('line[stroke-dasharray="6 4"]')).toBeTruthy();
  });
});
