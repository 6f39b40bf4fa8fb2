import { API } from '@itms/contracts/api';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, it, vi } from 'vitest';
import { mockApi, renderApp, replyTo, signIn, testUser } from '../../test/render-app';

vi.mock('../../lib/socket', () => ({
  connectSocket: vi.fn(() => new Promise(() => {})),
  disconnectSocket: vi.fn(),
  getSocket: vi.fn(() => null),
}));

afterEach(() => vi.unstubAllGlobals());

vi.setConfig({ testTimeout: 60_000 });

it("a failed month says so in place of the table with 'Coba lagi', which asks again; no Oops dialog", async () => {
  signIn('staff');
  const { calls } = mockApi([
    replyTo(API.getCredential, () => ({ body: testUser('staff') })),
    replyTo(API.getUnitAbsence, () => ({
      status: 500,
      body: { statusCode: 500, code: 'INTERNAL', message: 'Terjadi kesalahan pada server' },
    })),
  ]);
  const asked = () => calls.filter((c) => c.url === '/api/tire-check/absent').length;
  renderApp('/absensi-unit?month=2026-11');

  const alert = await screen.findByRole('alert', {}, { timeout: 10_000 });
  expect(alert.textContent).toContain('Tidak dapat memuat data');
  expect(alert.textContent).toContain('Terjadi kesalahan pada server');
  expect(screen.queryByText('Mengambil Data ...')).toBeNull();
  expect(screen.queryByText('Tidak ada data')).toBeNull();
  expect(screen.queryByRole('dialog')).toBeNull();

  const before = asked();
  await userEvent.setup({ delay: null }).click(within(alert).getByRole('button', { name: /Coba lagi/ }));
  await waitFor(() => expect(asked()).toBeGreaterThan(before));
});
