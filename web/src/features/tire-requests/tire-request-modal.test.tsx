import { API } from '@itms/contracts/api';
import type { TTireRequest } from '@itms/contracts/tire-requests';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildUrl } from '../../lib/api-client';
import { signedUrl, signFileUrls } from '../../test/file-urls';
import { mockApi, renderApp, replyTo, signIn, testUser } from '../../test/render-app';
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

/** The pending request the server answers after the add. */
const created: TTireRequest = {
  id: 1,
  position: '',
  odometer: 0,
  serial_number: 'BS-9001',
  serial_number_img: '-',
  ir_brand: '',
  ori_brand: '',
  pattern: '',
  size: '',
  is_original: 'ORI',
  groove_1: null,
  groove_2: null,
  groove_3: null,
  groove_4: null,
  groove_lowest: null,
  pressure: null,
  casing_status: '',
  tube_brand: '',
  tube_size: '',
  tube_status: '',
  flap_brand: '',
  flap_size: '',
  flap_status: '',
  velg_brand: '',
  velg_size: '',
  velg_holes: null,
  velg_status: '',
  information: '',
  status: 'pending',
  condition: '-',
  tube_url: '-',
  flap_url: '-',
  inner_tube_url: '-',
  purchase_price: 3_750_000,
  retread_cost: null,
  performed_at: '2026-11-25T08:00:00.000Z',
  late_days: null,
  createdAt: '2026-11-25T08:00:00.000Z',
  updatedAt: '2026-11-25T08:00:00.000Z',
  tire_id: null,
  requested_by: 2,
};

describe('Tambah Ban: prices', () => {
  it('sends Harga Beli as whole rupiah and a blank Biaya Vulkanisir as null', {
    timeout: 120_000,
  }, async () => {
    viewport.width = 1440;
    signIn('staff');
    const { calls } = mockApi([
      replyTo(API.getCredential, () => ({ body: testUser('staff') })),
      replyTo(API.listTireRequests, () => ({ body: { data: [], total: 0, page: 1, pageSize: 10 } })),
      replyTo(API.createTireRequest, () => ({
        body: { message: 'Permintaan ban berhasil ditambahkan', data: created },
      })),
    ]);
    const createUrl = buildUrl(API.createTireRequest.path);
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
    await waitFor(() => expect(calls.find((c) => c.method === 'POST' && c.url === createUrl)).toBeTruthy());
    const body = calls.find((c) => c.url === createUrl)?.body as Record<string, unknown>;
    expect(body).toMatchObject({ serial_number: 'BS-9001', purchase_price: 3_750_000, retread_cost: null });
  });
});

describe('Form Edit Ban Baru: the serial photo from the field', () => {
  async function openRequest(photo: string) {
    viewport.width = 1440;
    signIn('staff');
    const row = { ...created, date: '2026-11-25', time: '15:00' };
    mockApi([
      replyTo(API.getCredential, () => ({ body: testUser('staff') })),
      signFileUrls(),
      replyTo(API.listTireRequests, () => ({ body: { data: [row], total: 1, page: 1, pageSize: 10 } })),
      replyTo(API.getTireRequest, () => ({ body: { ...created, serial_number_img: photo } })),
    ]);
    renderApp('/tire-request');
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('row', { name: /BS-9001/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Form Edit Ban Baru')).toBeTruthy();
    return dialog;
  }

  it('shows the photo the tire man took, to compare with the serial', { timeout: 120_000 }, async () => {
    const photo = 'req/2026/11/sn-bs-9001.jpg';
    const dialog = await openRequest(photo);
    const img = await within(dialog).findByRole('img', { name: 'Foto nomor seri BS-9001' });
    expect(img.getAttribute('src')).toBe(signedUrl(photo));
    expect(within(dialog).getByText(/Cocokkan dengan Nomor Seri/)).toBeTruthy();
  });

  it('says so when the request has no photo', { timeout: 120_000 }, async () => {
    const dialog = await openRequest('-');
    expect(
      await within(dialog).findByRole('img', { name: 'Foto nomor seri BS-9001: tidak ada foto' }),
    ).toBeTruthy();
  });
});
