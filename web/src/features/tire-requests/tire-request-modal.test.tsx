import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { mockApi, renderApp, signIn, testUser } from '../../test/render-app';
import { viewport } from '../../test/setup';

vi.mock('../../lib/socket', () => ({
  connectSocket: vi.fn(() => new Promise(() => {})),
  disconnectSocket: vi.fn(),
  getSocket: vi.fn(() => null),
}));

beforeAll(async () => {
  await import('./tire-request-page');
}, 120_000);
afterEach(() => vi.unstubAllGlobals());

describe('Tambah Ban: prices', () => {
  it('sends Harga Beli as whole rupiah and a blank Biaya Vulkanisir as null', {
    timeout: 120_000,
  }, async () => {
    viewport.width = 1440;
    signIn('staff');
    const { calls } = mockApi({
      'POST /api/tire-man/credential': () => ({ body: testUser('staff') }),
      'GET /api/tire/request/findAll': () => ({ body: { data: [], total: 0, page: 1, pageSize: 10 } }),
      'POST /api/tire/request': () => ({
        body: { message: 'Permintaan ban berhasil ditambahkan', data: {} },
      }),
    });
    renderApp('/tire-request');
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: /Tambah Ban/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Form Tambah Ban Baru' });
    await user.type(within(dialog).getByLabelText('Nomor Seri (S/N)'), 'BS-9001');
    await user.type(within(dialog).getByRole('spinbutton', { name: 'Harga Beli (Rp)' }), '3750000');
    await user.click(within(dialog).getByRole('button', { name: /Tambah/ }));
    await screen.findAllByText('Tambah ban baru ?');
    const buttons = screen.getAllByRole('button', { name: 'Tambah' });
    await user.click(buttons[buttons.length - 1]);
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST' && c.url === '/api/tire/request')).toBeTruthy(),
    );
    const body = calls.find((c) => c.url === '/api/tire/request')?.body as Record<string, unknown>;
    expect(body).toMatchObject({ serial_number: 'BS-9001', purchase_price: 3_750_000, retread_cost: null });
  });
});
