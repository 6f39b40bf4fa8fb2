import { API } from '@itms/contracts/api';
import type { TSessionUser } from '@itms/contracts/auth';
import type { TMismatchDetail, TMismatchPendingRow } from '@itms/contracts/mismatches';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../app/providers';
import { API_BASE } from '../../lib/api-client';
import { createQueryClient } from '../../lib/query-client';
import { saveSignIn } from '../../lib/storage';
import { uploadSignature, validateWithDrawnSignature } from '../../test/draw-signature';
import { mockApi, replyTo } from '../../test/render-app';
import MismatchListPage from './mismatch-list-page';

vi.mock('../../lib/socket', () => ({
  connectSocket: vi.fn(() => new Promise(() => {})),
  disconnectSocket: vi.fn(),
  getSocket: vi.fn(() => null),
}));

afterEach(() => vi.unstubAllGlobals());

const edp: TSessionUser = {
  id: 2,
  name: 'Dewi EDP',
  email: 'edp@itms.local',
  role: 'staff',
  phone: '081234567890',
  photo: '-',
  signature: '-',
  department: 'EDP',
};

const row: TMismatchPendingRow = {
  id: 7,
  createdAt: '2026-11-21T07:55:49.000Z',
  performed_at: '2026-11-21T07:55:49.000Z',
  late_days: null,
  tireman_bkb: { name: 'Agus Setiawan' },
  Unit: { plate_number: 'B 9946 TXB' },
  location: 'Pool Cakung',
  project: 'TIDAK PASTI',
  category: 'Serial tidak sesuai',
};

const detail: TMismatchDetail = {
  id: 7,
  createdAt: row.createdAt,
  performed_at: row.performed_at,
  late_days: null,
  status: 'pending',
  stage: 'sent',
  category: row.category,
  information: 'Posisi 2 berbeda',
  driver: null,
  driverPhone: '',
  driverPhoto: '-',
  imageUrl: '-',
  signatureUrl: '-',
  validatedAt: null,
  tireman_bkb: { id: 4, name: 'Agus Setiawan', phone: '087880538481' },
  itms_bkb: null,
  Unit: { id: 6, plate_number: 'B 9946 TXB', unit_type: 'ENGKEL' },
  location: 'Pool Cakung',
  project: 'TIDAK PASTI',
  positions: [
    {
      id: 1,
      position: '1',
      originTire: { id: 36, serialNumber: 'MC2609A8366', irBrand: 'MICHELIN' },
      found_serial: 'BS2624M9689',
      newTire: { id: 600, serialNumber: 'BS2624M9689', irBrand: 'BRIDGESTONE' },
      action: null,
    },
    {
      id: 2,
      position: '2',
      originTire: { id: 37, serialNumber: 'DL2514A1415', irBrand: 'DUNLOP' },
      found_serial: 'TIDAK-TERBACA',
      newTire: null,
      action: null,
    },
  ],
};

function setup(signature: string) {
  // the page alone (not the whole route table, which other features change): the stored user signs
  saveSignIn('token-staff', 'session-staff', { ...edp, signature });
  const api = mockApi([
    replyTo(API.listPendingMismatches, () => ({ body: { data: [row], total: 1, page: 1, pageSize: 15 } })),
    replyTo(API.getMismatch, ({ url }) => (url.endsWith('/detail/7') ? { body: detail } : undefined)),
    replyTo(API.findTireSerials, ({ url }) =>
      url.endsWith('/findSnLite/MC')
        ? {
            body: [
              {
                id: 36,
                serial_number: 'MC2609A8366',
                ir_brand: 'MICHELIN',
                status: 'INSTALLED',
                size: '11.00-20',
                groove_1: 9,
                groove_2: 9,
                groove_3: 9,
                groove_4: 9,
                groove_lowest: 9,
                pressure: 100,
              },
            ],
          }
        : undefined,
    ),
    replyTo(API.validateMismatch, () => ({
      body: { message: 'Berhasil Validasi Data BKB...', id: 7, positions: [] },
    })),
    uploadSignature('sig/drawn.png'),
  ]);
  const router = createMemoryRouter([{ path: '/mismatch', element: <MismatchListPage /> }], {
    initialEntries: ['/mismatch'],
  });
  const utils = render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...utils, ...api, user: userEvent.setup({ delay: null }) };
}

/** antd gives every dialog the same aria-labelledby id under test: find it by its title text. */
async function dialogWith(title: string): Promise<HTMLElement> {
  const found = await screen.findAllByText(title);
  const dialog = found[0]!.closest<HTMLElement>('[role="dialog"]');
  if (!dialog) throw new Error(`no dialog around ${title}`);
  return dialog;
}

async function openDetail(u: ReturnType<typeof userEvent.setup>) {
  // a phone (390px, the tests' default) shows the list as cards
  await u.click(await screen.findByRole('listitem', { name: /BKB 7 B 9946 TXB/ }));
  const dialog = await dialogWith('Berita Ketidaksesuaian Ban #7');
  await within(dialog).findByText('Posisi 2 berbeda');
  return dialog;
}

// the whole modal renders in happy-dom: slow on a busy machine
describe('BKB list and validation modal', { timeout: 60_000 }, () => {
  it('lists pending BKB and opens the detail with Sebelum, Sesudah and the computed actions', async () => {
    const { user } = setup('-');
    expect(await screen.findByRole('heading', { name: /Berita Ketidaksesuaian Ban/ })).toBeTruthy();
    const dialog = await openDetail(user);
    expect(within(dialog).getAllByText('TIDAK PASTI').length).toBeGreaterThan(0);
    expect(within(dialog).getByText('MC2609A8366')).toBeTruthy();
    const sesudah1 = within(dialog).getByRole('combobox', { name: 'Sesudah posisi 1' }) as HTMLInputElement;
    expect(sesudah1.value).toBe('BS2624M9689');
    const aksi1 = within(dialog).getByRole('radiogroup', { name: 'Aksi posisi 1' });
    expect((within(aksi1).getByRole('radio', { name: 'Update' }) as HTMLInputElement).checked).toBe(true);

    // no stored signature: SUBMIT waits for one, SETUJUI opens the pad
    expect(within(dialog).getByText('harap tanda tangan terlebih dahulu')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'SUBMIT' })).toHaveProperty('disabled', true);
    await user.click(within(dialog).getByRole('button', { name: /SETUJUI/ }));
    expect(await dialogWith('Tanda Tangan')).toBeTruthy();
  });

  it('submits Update and Kosong with the stored signature after one Yakin mengirim data ?', async () => {
    const { user, calls } = setup('sig/edp.png');
    const dialog = await openDetail(user);
    expect(within(dialog).getByRole('button', { name: /SETUJUI/ })).toHaveProperty('disabled', true);
    const aksi2 = within(dialog).getByRole('radiogroup', { name: 'Aksi posisi 2' });
    await user.click(within(aksi2).getByText('Kosong'));
    await waitFor(() =>
      expect((within(aksi2).getByRole('radio', { name: 'Kosong' }) as HTMLInputElement).checked).toBe(true),
    );

    await user.click(within(dialog).getByRole('button', { name: 'SUBMIT' }));
    // nothing was signed on screen: asked once, and nothing is sent before Kirim
    const confirm = await dialogWith('Yakin mengirim data ?');
    const validations = () =>
      calls.filter((c) => c.method === 'POST' && c.url.endsWith(`${API_BASE}/mismatch/7/validate`));
    expect(validations()).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Kirim' }));
    // and only once: Kirim sends
    expect(await screen.findByText('Berhasil Validasi Data BKB...')).toBeTruthy();

    expect(validations()).toHaveLength(1);
    const sent = validations()[0];
    expect(sent?.body).toEqual({
      positions: [
        { position: '1', action: 'update', serial_number: 'BS2624M9689', tire_id: 600 },
        { position: '2', action: 'delete' },
      ],
    });
    // the list is asked again
    await waitFor(() =>
      expect(calls.filter((c) => c.url.includes(`${API_BASE}/mismatch-validation`)).length).toBeGreaterThan(
        1,
      ),
    );
  });

  it('with a drawn signature: signing and SUBMIT are the confirmation, no second question', async () => {
    const { user, calls } = setup('-');
    const dialog = await openDetail(user);
    await validateWithDrawnSignature(user, dialog, 'Berhasil Validasi Data BKB...');
    // the drawn signature is the one sent
    const sent = calls.filter(
      (c) => c.method === 'POST' && c.url.endsWith(`${API_BASE}/mismatch/7/validate`),
    );
    expect(sent).toHaveLength(1);
    expect(sent[0]?.body).toMatchObject({ signatureUrl: 'sig/drawn.png' });
  });

  it('asks for serial suggestions once, 500 ms after the last keystroke', async () => {
    const { user, calls } = setup('-');
    const dialog = await openDetail(user);
    const input = within(dialog).getByRole('combobox', { name: 'Sesudah posisi 2' });
    const searches = () => calls.filter((c) => c.url.includes(`${API_BASE}/tire/findSnLite/`));
    // two keystrokes in the same tick: nothing is asked yet, whatever the machine's load
    fireEvent.change(input, { target: { value: 'M' } });
    fireEvent.change(input, { target: { value: 'MC' } });
    expect(searches()).toHaveLength(0);
    await waitFor(() => expect(searches()).toHaveLength(1), { timeout: 3000 });
    expect(searches()[0]?.url).toMatch(/findSnLite\/MC$/);
    await new Promise((r) => setTimeout(r, 700));
    expect(searches()).toHaveLength(1);
    // the typed serial is exactly a listed tire but it is Sebelum of position 1, not of 2: Update
    const aksi2 = within(dialog).getByRole('radiogroup', { name: 'Aksi posisi 2' });
    expect((within(aksi2).getByRole('radio', { name: 'Update' }) as HTMLInputElement).checked).toBe(true);
  });
});
