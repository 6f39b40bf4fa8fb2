import { API } from '@itms/contracts/api';
import { screen, within } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { mockApi, renderApp, replyTo, signIn, testUser } from '../../test/render-app';

vi.mock('../../lib/socket', () => ({
  connectSocket: vi.fn(() => new Promise(() => {})),
  disconnectSocket: vi.fn(),
  getSocket: vi.fn(() => null),
}));

afterEach(() => vi.unstubAllGlobals());

vi.setConfig({ testTimeout: 60_000 });

it("shows a tire man's 'N dari M unit bulan ini' and his units still to check, as the server orders them", async () => {
  signIn('staff');
  mockApi([
    replyTo(API.getCredential, () => ({ body: testUser('staff') })),
    replyTo(API.listTireManOptions, () => ({
      body: [{ id: 7, name: 'Budi Santoso', phone: '-', photo: '-' }],
    })),
    replyTo(API.getTiremanPlan, () => ({
      body: {
        tireman: { id: 7, name: 'Budi Santoso' },
        month: '2026-12',
        done: 29,
        total: 31,
        todo: [
          {
            id: 2,
            plate_number: 'B 2 NEW',
            unit_type: 'CDE',
            project: { id: 1, name: 'FMCG' },
            last_done_on: null,
          },
          {
            id: 1,
            plate_number: 'B 1 OLD',
            unit_type: 'CDD',
            project: { id: 1, name: 'FMCG' },
            last_done_on: '2026-11-03',
          },
        ],
      },
    })),
  ]);
  renderApp('/tugas-tireman?tireman=7');

  expect(await screen.findByText('29 dari 31 unit bulan ini', {}, { timeout: 10_000 })).toBeTruthy();
  const table = screen.getByRole('table');
  const rows = within(table).getAllByRole('row').slice(1);
  expect(rows.map((r) => within(r).getAllByRole('cell')[1]!.textContent)).toEqual(['B 2 NEW', 'B 1 OLD']);
  expect(rows[0]!.textContent).toContain('Belum pernah dicek');
  expect(rows[1]!.textContent).toContain('03 November 2026');
  expect(within(rows[0]!).getByRole('link', { name: 'B 2 NEW' }).getAttribute('href')).toBe('/unit/2');
});
