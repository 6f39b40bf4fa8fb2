import { API } from '@itms/contracts/api';
import type { TPortalPhotos, TPortalRecordRow, TPortalUnit } from '@itms/contracts/portal';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { endpointOf, mockApi, renderApp, replyTo, signIn, testUser } from '../../test/render-app';
import { viewport } from '../../test/setup';

vi.mock('../../lib/socket', () => ({
  connectSocket: vi.fn(() => new Promise(() => {})),
  disconnectSocket: vi.fn(),
  getSocket: vi.fn(() => null),
}));

beforeAll(async () => {
  await import('./portal-unit-page');
}, 120_000);
afterEach(() => vi.unstubAllGlobals());

const tire = (position: '1' | '2', serial: string, groove: number, pressure: number) => ({
  position,
  tire_id: 500 + Number(position),
  serial_number: serial,
  size: '11.00-20',
  ir_brand: 'BRIDGESTONE',
  groove_lowest: groove,
  pressure,
  reference_psi: 100,
  measured_at: '2026-03-14T03:00:00.000Z',
});
const unit: TPortalUnit = {
  unit: {
    id: 60,
    plate_number: 'KT 9944 AJ',
    unit_type: 'DUMP TRUCK',
    project: 'Hauling Batubara',
    customer: 'PT Sinar Tambang',
    status: 'active',
    last_check_at: '2026-03-14T03:00:00.000Z',
  },
  pull_point_mm: 3,
  // the first at the pull point (due to come off), the second well above it
  tires: [tire('1', 'BS-LOW-1', 3, 80), tire('2', 'BS-OK-2', 9, 100)],
  trends: [
    {
      position: '1',
      readings: [
        {
          performed_at: '2026-03-01T03:00:00.000Z',
          check_id: 1,
          serial_number: 'BS-LOW-1',
          groove_lowest: 4,
          pressure: 98,
        },
        {
          performed_at: '2026-03-14T03:00:00.000Z',
          check_id: 2,
          serial_number: 'BS-LOW-1',
          groove_lowest: 3,
          pressure: 80,
        },
      ],
    },
  ],
};
const record = (over: Partial<TPortalRecordRow>): TPortalRecordRow => ({
  id: 2,
  performed_at: '2026-03-14T03:00:00.000Z',
  tireman: 'Budi Tireman',
  location: 'Pit Kariangau',
  odometer: 120500,
  category: null,
  positions: ['1', '2'],
  ...over,
});

describe('a unit in Armada (the customer portal)', () => {
  it('shows the unit, its tires on the diagram and its validated work by tab, with nothing to change', {
    timeout: 120_000,
  }, async () => {
    viewport.width = 1440;
    signIn('customer');
    const { calls } = mockApi([
      replyTo(API.getCredential, () => ({ body: testUser('customer') })),
      replyTo(API.getPortalUnit, () => ({ body: unit })),
      replyTo(API.listPortalUnitRecords, ({ url }) => {
        const kind = new URL(url, 'http://x').searchParams.get('kind');
        const data =
          kind === 'mismatch'
            ? [record({ id: 5, odometer: null, category: 'Ban hilang', positions: ['2'] })]
            : kind === 'check'
              ? [record({})]
              : [];
        return { body: { data, total: data.length, page: 1, pageSize: 10 } };
      }),
    ]);
    renderApp('/portal/unit/60');
    expect(await screen.findByRole('heading', { name: 'Unit KT 9944 AJ', level: 2 })).toBeTruthy();
    const facts = (label: string) => screen.getByText(label, { selector: '.ant-descriptions-item-label' });
    const value = (label: string) => facts(label).nextElementSibling?.textContent;
    expect(value('Tipe Unit')).toBe('DUMP TRUCK');
    expect(value('Proyek')).toBe('Hauling Batubara');
    expect(value('Pelanggan')).toBe('PT Sinar Tambang');
    expect(value('Status')).toBe('Aktif');
    expect(value('Pengecekan terakhir')).toBe('14 Maret 2026');
    expect(screen.getByRole('link', { name: /Kembali ke Armada/ }).getAttribute('href')).toBe('/portal');

    // each tire: serial, brand and size, its lowest tread (red at the pull point) and pressure;
    // the office's stock card is not the customer's
    expect(screen.getByText('BS-LOW-1', { selector: 'strong' })).toBeTruthy();
    expect(screen.getAllByText('BRIDGESTONE · 11.00-20')).toHaveLength(2);
    const tread = (text: string) => screen.getByText(text).closest('.ant-typography')?.className;
    expect(tread('RTD terendah 3 mm')).toMatch(/ant-typography-danger/);
    expect(tread('RTD terendah 9 mm')).not.toMatch(/ant-typography-danger/);
    expect(screen.getByText('PSI rendah')).toBeTruthy();
    expect(screen.queryByRole('link', { name: /Kartu stok ban/ })).toBeNull();
    expect(screen.getByRole('img', { name: 'RTD terendah posisi 1: 2 pembacaan terakhir' })).toBeTruthy();

    // the checks, then the BKB: date, tire man, location, odometer or category, positions
    const row = (await screen.findByText('Budi Tireman')).closest('tr')!;
    expect([...row.querySelectorAll('td')].map((td) => td.textContent)).toEqual([
      '14 Maret 2026, 10:00 WIB',
      'Budi Tireman',
      'Pit Kariangau',
      '120.500',
      '1, 2',
      'Foto',
    ]);
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('tab', { name: 'BKB' }));
    const bkb = await screen.findByText('Ban hilang');
    expect(bkb.closest('table')?.textContent).toContain('Kategori');
    expect(within(bkb.closest('tr')!).getByText('2')).toBeTruthy();
    expect(
      calls
        .filter((c) => c.url.startsWith('/api/portal/units/60/records'))
        .map((c) => new URL(c.url, 'http://x').searchParams.get('kind')),
    ).toEqual(['check', 'mismatch']);

    // read-only: no office action, and nothing asked that a customer may not ask
    expect(screen.queryByRole('button', { name: /Ubah|Hapus|Validasi|Cetak|Tanda Tangan/ })).toBeNull();
    expect(calls.filter((c) => !['account', 'portal'].includes(endpointOf(c)?.access ?? ''))).toEqual([]);
  });

  describe("a record's photos", () => {
    const photos: TPortalPhotos = {
      photos: [
        { label: 'Plat nomor', position: null, url: 'https://files.test/plate.jpg?sig=a' },
        { label: 'Nomor seri', position: '1', url: 'https://files.test/serial-1.jpg?sig=b' },
      ],
    };
    const setup = () =>
      mockApi([
        replyTo(API.getCredential, () => ({ body: testUser('customer') })),
        replyTo(API.getPortalUnit, () => ({ body: unit })),
        replyTo(API.listPortalUnitRecords, ({ url }) => {
          const kind = new URL(url, 'http://x').searchParams.get('kind');
          const data =
            kind === 'mismatch'
              ? [record({ id: 5, odometer: null, category: 'Ban hilang', positions: ['2'] })]
              : kind === 'check'
                ? [record({ id: 7 })]
                : [];
          return { body: { data, total: data.length, page: 1, pageSize: 10 } };
        }),
        replyTo(API.getPortalRecordPhotos, ({ url }) => {
          const kind = new URL(url, 'http://x').searchParams.get('kind');
          return { body: kind === 'check' ? photos : { photos: [] } };
        }),
      ]);
    // the dialog's own 'Tutup' (the corner's × is named 'Tutup' too) closes it: gone, or on its way
    // out (the test DOM never ends antd's leave animation)
    const close = async (user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement) => {
      const footer = dialog.querySelector<HTMLElement>('.ant-modal-footer')!;
      await waitFor(() => user.click(within(footer).getByRole('button', { name: 'Tutup' })));
      await waitFor(() => expect(!dialog.isConnected || /-leave\b/.test(dialog.className)).toBe(true));
    };
    const photoCalls = (calls: { url: string }[]) =>
      calls
        .filter((c) => c.url.startsWith('/api/portal/units/60/photos'))
        .map((c) => Object.fromEntries(new URL(c.url, 'http://x').searchParams));

    it("'Foto' on a row opens its photos, captioned, and 'Tutup' closes them", {
      timeout: 120_000,
    }, async () => {
      viewport.width = 1440;
      signIn('customer');
      const { calls } = setup();
      renderApp('/portal/unit/60');
      const row = (await screen.findByText('Budi Tireman')).closest('tr')!;
      // nothing asked before the dialog opens
      expect(photoCalls(calls)).toEqual([]);
      const user = userEvent.setup({ delay: null });
      await user.click(within(row).getByRole('button', { name: /Foto/ }));

      const dialog = await screen.findByRole('dialog');
      expect(within(dialog).getByText('Foto', { selector: '.ant-modal-title' })).toBeTruthy();
      expect(await within(dialog).findByText('Plat nomor')).toBeTruthy();
      expect(within(dialog).getByText('Nomor seri · Posisi 1')).toBeTruthy();
      expect(within(dialog).getByRole('img', { name: 'Plat nomor' }).getAttribute('src')).toBe(
        'https://files.test/plate.jpg?sig=a',
      );
      expect(within(dialog).getByRole('img', { name: 'Nomor seri · Posisi 1' }).getAttribute('src')).toBe(
        'https://files.test/serial-1.jpg?sig=b',
      );
      expect(photoCalls(calls)).toEqual([{ kind: 'check', record_id: '7' }]);
      // the record's PDF beside the photos (the download itself: e2e portal.spec)
      expect(within(dialog).getByRole('button', { name: /Unduh PDF/ })).toBeTruthy();

      await close(user, dialog);
    });

    it('a record without photos says so; on a phone the card has the button', {
      timeout: 120_000,
    }, async () => {
      viewport.width = 390;
      signIn('customer');
      const { calls } = setup();
      renderApp('/portal/unit/60');
      const user = userEvent.setup({ delay: null });
      await user.click(await screen.findByRole('tab', { name: 'BKB' }));
      const card = (await screen.findByText('Ban hilang')).closest('li')!;
      await user.click(within(card).getByRole('button', { name: /Foto/ }));

      const dialog = await screen.findByRole('dialog');
      expect(await within(dialog).findByText('Tidak ada foto untuk data ini')).toBeTruthy();
      expect(within(dialog).queryByRole('img', { name: /Plat nomor/ })).toBeNull();
      expect(photoCalls(calls)).toEqual([{ kind: 'mismatch', record_id: '5' }]);
      await close(user, dialog);
    });
  });

  it('a unit that is not found (or not its own) shows the not-found state with the way back to Armada', {
    timeout: 120_000,
  }, async () => {
    viewport.width = 1440;
    signIn('staff');
    mockApi([
      replyTo(API.getCredential, () => ({ body: testUser('staff') })),
      replyTo(API.getPortalUnit, () => ({
        status: 404,
        body: { statusCode: 404, code: 'NOT_FOUND', message: 'Data tidak ditemukan' },
      })),
    ]);
    renderApp('/portal/unit/999?customer_id=9');
    expect(await screen.findByText('Unit tidak ditemukan')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Armada', level: 2 })).toBeTruthy();
    // the office goes back to the customer it was reading
    await waitFor(() =>
      expect(screen.getByRole('link', { name: /Kembali ke Armada/ }).getAttribute('href')).toBe(
        '/portal?customer_id=9',
      ),
    );
    expect(screen.queryByText('Oops...')).toBeNull();
  });
});
