import { API } from '@itms/contracts/api';
import type { TProjectRow, TUnitRow } from '@itms/contracts/master-data';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { API_BASE } from '../../lib/api-client';
import { type EndpointMock, mockApi, renderApp, replyTo, signIn, testUser } from '../../test/render-app';
import { viewport } from '../../test/setup';

vi.mock('../../lib/socket', () => ({
  connectSocket: vi.fn(() => new Promise(() => {})),
  disconnectSocket: vi.fn(),
  getSocket: vi.fn(() => null),
}));

afterEach(() => vi.unstubAllGlobals());

const project: TProjectRow = {
  id: 3,
  name: 'Hauling Batubara Kariangau',
  customer_id: 1,
  Customer: { id: 1, name: 'PT A' },
  createdAt: '2025-01-01T00:00:00.000Z',
  unitCount: 1,
};
const unit: TUnitRow = {
  id: 60,
  plate_number: 'KT 9944 AJ',
  unit_type: 'DUMP TRUCK',
  project_id: 3,
  Project: { id: 3, name: project.name },
  plan_project: '-',
  handled_date: '2025-03-15',
  tonnage: 30,
  status: 'active',
  createdAt: '2025-03-15T00:00:00.000Z',
};
/** Where the unit list is asked (its query follows). */
const LIST_URL = `${API_BASE}${API.listUnits.path}?`;
const page = <T,>(data: T[]) => ({ body: { data, total: data.length, page: 1, pageSize: 10 } });

function setup(extra: readonly EndpointMock[] = []) {
  viewport.width = 1440;
  signIn('admin');
  return mockApi([
    ...extra,
    replyTo(API.getCredential, () => ({ body: testUser('admin') })),
    replyTo(API.listUnits, () => page([unit])),
    replyTo(API.listProjects, () => page([project])),
    replyTo(API.getUnit, () => ({ body: unit })),
  ]);
}

describe('Unit screen', () => {
  it('lists units server-paged with the master page size and keeps search and sort in the URL', {
    timeout: 120_000,
  }, async () => {
    const { calls } = setup();
    const { router } = renderApp('/unit?q=kt&sort=-plate_number');
    expect(await screen.findByRole('heading', { name: 'Unit', level: 2 })).toBeTruthy();
    expect(await screen.findByRole('cell', { name: 'KT 9944 AJ' })).toBeTruthy();
    const list = calls.find((c) => c.url.startsWith(LIST_URL))!;
    expect(list.url).toContain('pageSize=10');
    expect(list.url).toContain('q=kt');
    expect(list.url).toContain('sort=-plate_number');
    expect((screen.getByRole('searchbox', { name: 'Cari' }) as HTMLInputElement).value).toBe('kt');

    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('columnheader', { name: /Tipe Unit/ }));
    await waitFor(() => expect(router.state.location.search).toContain('sort=unit_type'));
  });

  it('add: Simpan waits for the required fields and says which; the plate is upper-cased as typed', {
    timeout: 120_000,
  }, async () => {
    setup();
    renderApp('/unit');
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: /Tambah Unit/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Tambah Unit')).toBeTruthy();
    const save = within(dialog).getByRole('button', { name: 'Simpan' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    expect(within(dialog).getByRole('status').textContent).toBe(
      'Lengkapi dahulu: nomor polisi, tipe unit, tonase, project, tanggal handle',
    );
    fireEvent.change(within(dialog).getByLabelText('Nomor Polisi'), { target: { value: 'b 1234 xyz' } });
    fireEvent.change(within(dialog).getByLabelText('Tonase'), { target: { value: '20' } });
    expect((within(dialog).getByLabelText('Nomor Polisi') as HTMLInputElement).value).toBe('B 1234 XYZ');
    await waitFor(() =>
      expect(within(dialog).getByRole('status').textContent).toBe(
        'Lengkapi dahulu: tipe unit, project, tanggal handle',
      ),
    );
    expect(save.disabled).toBe(true);
  });

  it('edit: asks first, sends the handled date as dd/mm/yy, shows the server text and reloads the list', {
    timeout: 120_000,
  }, async () => {
    let put: unknown;
    let putUrl = '';
    const { calls } = setup([
      replyTo(API.updateUnit, (init) => {
        putUrl = init.url;
        put = JSON.parse(String(init.body));
        return { body: { message: 'Unit berhasil di update', data: unit } };
      }),
    ]);
    renderApp('/unit');
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Ubah KT 9944 AJ' }));
    const dialog = await screen.findByRole('dialog');
    await waitFor(() =>
      expect((within(dialog).getByLabelText('Nomor Polisi') as HTMLInputElement).value).toBe('KT 9944 AJ'),
    );
    fireEvent.change(within(dialog).getByLabelText('Tonase'), { target: { value: '32' } });
    const listCalls = () => calls.filter((c) => c.method === 'GET' && c.url.startsWith(LIST_URL)).length;
    const before = listCalls();
    await user.click(within(dialog).getByRole('button', { name: 'Update' }));
    await screen.findAllByText('Update data Unit ?');
    await user.click(within(screen.getAllByRole('dialog').at(-1)!).getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('Unit berhasil di update')).toBeTruthy();
    expect(putUrl).toBe(`${API_BASE}/unit/${unit.id}`);
    expect(put).toEqual({
      plate_number: 'KT 9944 AJ',
      unit_type: 'DUMP TRUCK',
      tonnage: 32,
      project_id: 3,
      plan_project: '-',
      handled_date: '15/03/25',
      status: 'active',
    });
    await waitFor(() => expect(listCalls()).toBeGreaterThan(before));
  });

  it('the server field message lands on its field; Batal on a confirmation says Changes are not saved', {
    timeout: 120_000,
  }, async () => {
    setup([
      replyTo(API.updateUnit, () => ({
        status: 409,
        body: {
          statusCode: 409,
          code: 'PLATE_TAKEN',
          message: 'Nomor polisi sudah terdaftar',
          fields: [{ field: 'plate_number', message: 'Nomor polisi sudah terdaftar' }],
        },
      })),
    ]);
    renderApp('/unit');
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Ubah KT 9944 AJ' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Ubah Unit: KT 9944 AJ')).toBeTruthy();
    await waitFor(() =>
      expect((within(dialog).getByLabelText('Nomor Polisi') as HTMLInputElement).value).toBe('KT 9944 AJ'),
    );
    expect(within(dialog).getByRole('button', { name: /Hapus/ })).toBeTruthy();

    await user.click(within(dialog).getByRole('button', { name: /Hapus/ }));
    await user.click(await screen.findByRole('button', { name: 'Batal' }));
    expect(await screen.findByText('Changes are not saved')).toBeTruthy();

    await user.click(within(dialog).getByRole('button', { name: 'Update' }));
    await screen.findAllByText('Update data Unit ?');
    await user.click(within(screen.getAllByRole('dialog').at(-1)!).getByRole('button', { name: 'Update' }));
    expect(await within(dialog).findByText('Nomor polisi sudah terdaftar')).toBeTruthy();
  });

  it('a row opens the unit page, whose Ubah opens the same edit form', { timeout: 120_000 }, async () => {
    setup([
      replyTo(API.getUnitOverview, () => ({
        body: {
          unit: {
            ...unit,
            Customer: { id: 1, name: 'PT A' },
            Location: null,
            last_check_at: null,
          },
          pull_point_mm: 3,
          tires: [
            {
              position: '1',
              tire_id: 501,
              serial_number: 'BS-LOW-1',
              size: '11.00-20',
              ir_brand: 'BRIDGESTONE',
              groove_lowest: 2.5,
              pressure: 80,
              reference_psi: 100,
              measured_at: '2025-03-14T03:00:00.000Z',
            },
          ],
          trends: [
            {
              position: '1',
              readings: [
                {
                  performed_at: '2025-03-01T03:00:00.000Z',
                  check_id: 1,
                  serial_number: 'BS-LOW-1',
                  groove_lowest: 4,
                  pressure: 98,
                },
                {
                  performed_at: '2025-03-14T03:00:00.000Z',
                  check_id: 2,
                  serial_number: 'BS-LOW-1',
                  groove_lowest: 2.5,
                  pressure: 80,
                },
              ],
            },
          ],
          attendance: { month: '2025-03', days: 'N'.repeat(31), total: 0 },
        },
      })),
      replyTo(API.listUnitRecords, () => page([])),
    ]);
    renderApp('/unit');
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('cell', { name: 'KT 9944 AJ' }));
    expect(await screen.findByRole('heading', { name: 'Unit KT 9944 AJ' })).toBeTruthy();
    // the tire below the pull point and under-inflated: its card links to its stock card
    const card = screen.getByRole('link', { name: 'Kartu stok ban BS-LOW-1' });
    expect(card.getAttribute('href')).toBe('/kartu-stok?tire=501');
    expect(within(card).getByText('PSI rendah')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'RTD terendah posisi 1: 2 pembacaan terakhir' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: /^(edit )?Ubah$/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Ubah Unit: KT 9944 AJ')).toBeTruthy();
    await waitFor(() =>
      expect((within(dialog).getByLabelText('Nomor Polisi') as HTMLInputElement).value).toBe('KT 9944 AJ'),
    );
  });
});
