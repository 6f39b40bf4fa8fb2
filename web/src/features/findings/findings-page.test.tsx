import { API } from '@itms/contracts/api';
import type { TFindingsReply } from '@itms/contracts/reports';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { mockApi, renderApp, replyTo, signIn, testUser } from '../../test/render-app';

vi.mock('../../lib/socket', () => ({
  connectSocket: vi.fn(async () => ({ on() {}, off() {}, disconnect() {} })),
  disconnectSocket: vi.fn(),
  getSocket: vi.fn(() => null),
}));

beforeAll(async () => {
  await import('./findings-page');
}, 120_000);

afterEach(() => vi.unstubAllGlobals());

const byCode: TFindingsReply = {
  dateStart: '2026-11-01',
  dateEnd: '2026-11-30',
  group: 'code',
  data: [
    { key: '36', label: 'Running Flat', defects: 1200, tires: 700, unsafe: 1200 },
    { key: '1', label: 'Crown Cut', defects: 40, tires: 30, unsafe: 0 },
    { key: '12', label: 'Kode 12', defects: 3, tires: 3, unsafe: 0 },
  ],
  totals: { defects: 1243, tires: 720, unsafe: 1200 },
};
const byBrand: TFindingsReply = {
  ...byCode,
  group: 'brand',
  data: [{ key: 'BRIDGESTONE', label: 'BRIDGESTONE', defects: 1243, tires: 720, unsafe: 1200 }],
};

describe('Temuan', () => {
  it('shows the defects per code with totals and the top bars, and regroups by brand', async () => {
    signIn('staff');
    const asked: string[] = [];
    mockApi([
      replyTo(API.getCredential, () => ({ body: testUser('staff') })),
      replyTo(API.getFindings, (req) => {
        const group = new URL(req.url, 'http://x').searchParams.get('group');
        asked.push(String(group));
        return { body: group === 'brand' ? byBrand : byCode };
      }),
    ]);
    renderApp('/temuan?start=2026-11-01&end=2026-11-30');
    const table = await screen.findByRole('table');
    await within(table).findByText('Running Flat');
    expect(within(table).getByRole('columnheader', { name: 'Kode kerusakan' })).toBeTruthy();
    const cells = (tr: HTMLElement) =>
      within(tr)
        .getAllByRole('cell')
        .map((c) => c.textContent);
    const rows = within(table)
      .getAllByRole('row')
      .filter((tr) => within(tr).queryAllByRole('cell').length > 0);
    expect(rows.map(cells)).toEqual([
      ['Running Flat', '1.200', '700', '1.200'],
      ['Crown Cut', '40', '30', '0'],
      ['Kode 12', '3', '3', '0'],
      ['Total', '1.243', '720', '1.200'],
    ]);
    expect(screen.getByRole('status').textContent).toContain(
      '1.243 kerusakan pada 720 ban · 1.200 tidak aman',
    );
    const bars = within(screen.getByRole('figure', { name: '10 teratas' })).getAllByRole('img');
    expect(bars.map((b) => b.getAttribute('aria-label'))).toEqual([
      'Running Flat: 1.200 kerusakan, 1.200 tidak aman',
      'Crown Cut: 40 kerusakan, 0 tidak aman',
      'Kode 12: 3 kerusakan, 0 tidak aman',
    ]);
    expect(screen.getByRole('button', { name: /Export XLSX/ })).toBeTruthy();

    fireEvent.click(screen.getByText('Merek'));
    await waitFor(() => expect(asked).toContain('brand'));
    const regrouped = await screen.findByRole('table');
    expect(await within(regrouped).findByRole('columnheader', { name: 'Merek' })).toBeTruthy();
    expect(
      within(regrouped)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toContain('BRIDGESTONE1.2437201.200');
  });

  it('says so when the period has no defect', async () => {
    signIn('staff');
    mockApi([
      replyTo(API.getCredential, () => ({ body: testUser('staff') })),
      replyTo(API.getFindings, () => ({
        body: { ...byCode, data: [], totals: { defects: 0, tires: 0, unsafe: 0 } },
      })),
    ]);
    renderApp('/temuan?start=2026-11-01&end=2026-11-30');
    expect(await screen.findByText('Tidak ada kerusakan pada periode ini')).toBeTruthy();
  });
});
