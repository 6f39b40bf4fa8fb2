import { API } from '@itms/contracts/api';
import type { TWorkshopQueuePage, TWorkshopQueueRow } from '@itms/contracts/workshop';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderApp, replyTo, signIn, testUser } from '../../test/render-app';
import { viewport } from '../../test/setup';
import { detail } from '../tire-replacements/test/fixtures';

vi.mock('../../lib/socket', () => ({
  connectSocket: vi.fn(() => new Promise(() => {})),
  disconnectSocket: vi.fn(),
  getSocket: vi.fn(() => null),
}));

afterEach(() => vi.unstubAllGlobals());

const row = (kind: TWorkshopQueueRow['kind'], id: number, plate: string): TWorkshopQueueRow => ({
  kind,
  id,
  plate_number: plate,
  tireman: { id: 4, name: 'Tono Tireman' },
  location: 'Pool Cikarang',
  project: 'Distribusi Semen',
  performed_at: '2026-03-05T03:00:00.000Z',
  date: '2026-03-05',
  time: '10:00',
  validated_at: '2026-03-06T02:00:00.000Z',
  validator: 'Edi EDP',
});
const rows = [
  row('tire-check', 11, 'B 9001 TR'),
  row('tire-replacement', 7, 'B 9002 EN'),
  row('tire-check', 10, 'B 9003 XX'),
];
const page = (over: Partial<TWorkshopQueuePage>): TWorkshopQueuePage => ({
  data: rows,
  total: rows.length,
  page: 1,
  pageSize: 15,
  can_sign: true,
  has_signature: true,
  signature: '2026/03/ttd.png',
  ...over,
});

describe('Tanda Tangan Workshop', () => {
  it('an admin (who may sign) selects two rows and signs them with the stored signature', {
    timeout: 240_000,
  }, async () => {
    viewport.width = 1440;
    signIn('admin');
    const signed: unknown[] = [];
    const queries: string[] = [];
    mockApi([
      replyTo(API.getCredential, () => ({ body: testUser('admin') })),
      replyTo(API.listWorkshopQueue, (init) => {
        queries.push(init.url);
        return { body: page({}) };
      }),
      replyTo(API.signWorkshopItems, (init) => {
        signed.push(JSON.parse(String(init.body)));
        return {
          body: {
            message: '2 data berhasil ditandatangani workshop',
            signed: 2,
            workshop_sign: '2026/03/ttd.png',
            items: [],
          },
        };
      }),
    ]);
    renderApp('/tanda-tangan');
    const user = userEvent.setup({ delay: null });
    expect(await screen.findByText('3 data menunggu tanda tangan workshop')).toBeTruthy();
    await user.click(screen.getByRole('checkbox', { name: 'Pilih B 9001 TR #11' }));
    await user.click(screen.getByRole('checkbox', { name: 'Pilih B 9002 EN #7' }));
    await user.click(screen.getByRole('button', { name: /Tanda Tangani \(2\)/ }));
    await screen.findByText('Tanda Tangan Workshop: 2 data');
    const dialog = screen.getAllByRole('dialog').at(-1)!;
    expect(within(dialog).getByText('Tanda tangan tersimpan Anda')).toBeTruthy();
    await waitFor(() => user.click(within(dialog).getByRole('button', { name: 'Tanda Tangani' })));
    await waitFor(() => expect(signed).toHaveLength(1));
    expect(signed[0]).toEqual({
      items: [
        { kind: 'tire-check', id: 11 },
        { kind: 'tire-replacement', id: 7 },
      ],
    });
    expect(await screen.findByText('2 data berhasil ditandatangani workshop')).toBeTruthy();
    // the list reloads after signing
    await waitFor(() => expect(queries.length).toBeGreaterThanOrEqual(2));
  });

  it('staff (can_sign false) read the list without checkboxes or a sign button', {
    timeout: 240_000,
  }, async () => {
    viewport.width = 1440;
    signIn('staff');
    mockApi([
      replyTo(API.getCredential, () => ({ body: testUser('staff') })),
      replyTo(API.listWorkshopQueue, () => ({
        body: page({ can_sign: false, has_signature: false, signature: null }),
      })),
    ]);
    renderApp('/tanda-tangan');
    expect(await screen.findByText('3 data menunggu tanda tangan workshop')).toBeTruthy();
    expect(
      screen.getByText(
        'Hanya akun dengan role Workshop (atau Admin) yang dapat menandatangani. Admin mengatur role akun di menu Tire Man.',
      ),
    ).toBeTruthy();
    expect(screen.queryByText(/Penanda tangan Workshop/i)).toBeNull();
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(screen.queryByRole('button', { name: /Tanda Tangani/ })).toBeNull();
    expect(screen.getAllByRole('button', { name: /^Detail / })).toHaveLength(3);
  });

  it('a Workshop account reads a row detail (no Hapus), then selects it and signs with its stored signature', {
    timeout: 240_000,
  }, async () => {
    viewport.width = 1440;
    signIn('workshop');
    const signed: unknown[] = [];
    mockApi([
      replyTo(API.getCredential, () => ({ body: testUser('workshop') })),
      replyTo(API.listWorkshopQueue, () => ({ body: page({}) })),
      replyTo(API.getReplacement, () => ({ body: detail({ id: 7 }) })),
      replyTo(API.signWorkshopItems, (init) => {
        signed.push(JSON.parse(String(init.body)));
        return {
          body: {
            message: '1 data berhasil ditandatangani workshop',
            signed: 1,
            workshop_sign: '2026/03/ttd.png',
            items: [],
          },
        };
      }),
    ]);
    renderApp('/tanda-tangan');
    const user = userEvent.setup({ delay: null });
    expect(await screen.findByText('3 data menunggu tanda tangan workshop')).toBeTruthy();
    expect(screen.queryByText(/Hanya akun dengan role Workshop/)).toBeNull();
    // what it signs: the validated record, with Cetak; deleting it is the office's
    expect(screen.getAllByRole('button', { name: /^Detail / })).toHaveLength(3);
    await user.click(screen.getByRole('button', { name: 'Detail B 9002 EN #7' }));
    await screen.findByText('Detail Pergantian #7');
    const record = screen.getAllByRole('dialog').at(-1)!;
    expect(await within(record).findByRole('button', { name: /Cetak/ })).toBeTruthy();
    expect(within(record).queryByRole('button', { name: /Hapus/ })).toBeNull();
    // antd modals ignore the pointer while they animate in; closing leaves them on their way out
    await waitFor(() => user.click(within(record).getByRole('button', { name: 'Keluar' })));
    await waitFor(() => expect(!record.isConnected || /-leave\b/.test(record.className)).toBe(true));

    await user.click(screen.getByRole('checkbox', { name: 'Pilih B 9002 EN #7' }));
    await user.click(screen.getByRole('button', { name: /Tanda Tangani \(1\)/ }));
    await screen.findByText('Tanda Tangan Workshop: 1 data');
    const dialog = screen.getAllByRole('dialog').at(-1)!;
    expect(within(dialog).getByText('Tanda tangan tersimpan Anda')).toBeTruthy();
    await waitFor(() => user.click(within(dialog).getByRole('button', { name: 'Tanda Tangani' })));
    await waitFor(() => expect(signed).toHaveLength(1));
    expect(signed[0]).toEqual({ items: [{ kind: 'tire-replacement', id: 7 }] });
    expect(await screen.findByText('1 data berhasil ditandatangani workshop')).toBeTruthy();
  });
});
