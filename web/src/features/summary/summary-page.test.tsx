import { API } from '@itms/contracts/api';
import type { TSummaryReply, TSummaryRow } from '@itms/contracts/reports';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { mockApi, renderApp, replyTo, signIn, testUser } from '../../test/render-app';

vi.mock('../../lib/socket', () => ({
  connectSocket: vi.fn(async () => ({ on() {}, off() {}, disconnect() {} })),
  disconnectSocket: vi.fn(),
  getSocket: vi.fn(() => null),
}));

beforeAll(async () => {
  await import('./summary-page');
}, 120_000);

afterEach(() => vi.unstubAllGlobals());

const row = (over: Partial<TSummaryRow>): TSummaryRow => ({
  id: 1,
  region: 'Kalimantan Timur',
  pic: 'Pak Andi',
  manpower: 3,
  tire_men: 3,
  total: 624,
  approved: 500,
  awaiting_pic: 0,
  awaiting_edp: 0,
  awaiting_workshop: 0,
  leader: 'Slamet',
  target_check: null,
  expected: 16 * 3 * 30,
  expected_to_date: 16 * 3 * 26,
  percentage: 50,
  approved_percentage: 40.06,
  ...over,
});

function summaryApi(reply: TSummaryReply) {
  return mockApi([
    replyTo(API.getCredential, () => ({ body: testUser('staff') })),
    replyTo(API.getCheckSummary, () => ({ body: reply })),
  ]);
}

describe('Summary Pengecekan', () => {
  it('measures a running range against the target up to today, and says so', async () => {
    signIn('staff');
    summaryApi({ dateStart: '2026-11-01', dateEnd: '2026-11-30', days: 30, daysToDate: 26, data: [row({})] });
    renderApp('/summary?start=2026-11-01&end=2026-11-30');
    const card = await screen.findByRole('region', { name: 'Kalimantan Timur' });
    expect(within(card).getByText('Target s.d. hari ini')).toBeTruthy();
    expect(within(card).getByText('1.248 dari 1.440')).toBeTruthy();
    expect(card.textContent).toContain(
      'Presentase dihitung terhadap target s.d. hari ini (26 dari 30 hari).',
    );
    expect(within(card).getByRole('img', { name: /Presentase 50%/ })).toBeTruthy();
  });

  it('a past range is measured whole: plain Ekspektasi, no proration note', async () => {
    signIn('staff');
    summaryApi({
      dateStart: '2026-10-01',
      dateEnd: '2026-10-31',
      days: 31,
      daysToDate: 31,
      data: [row({ expected: 1488, expected_to_date: 1488, percentage: 41.94 })],
    });
    renderApp('/summary?start=2026-10-01&end=2026-10-31');
    const card = await screen.findByRole('region', { name: 'Kalimantan Timur' });
    expect(within(card).getByText('Ekspektasi')).toBeTruthy();
    expect(within(card).getByText('1.488')).toBeTruthy();
    expect(within(card).queryByText('Target s.d. hari ini')).toBeNull();
    expect(card.textContent).not.toContain('s.d. hari ini');
  });
});
