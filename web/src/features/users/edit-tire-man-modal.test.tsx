import { API } from '@itms/contracts/api';
import { fillPath } from '@itms/contracts/endpoint';
import type { TProjectRow } from '@itms/contracts/master-data';
import type { TTireManRow } from '@itms/contracts/users';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildUrl } from '../../lib/api-client';
import { expectKeluarAsks, expectKeluarClosesAtOnce } from '../../test/close-guard';
import { mockApi, renderApp, replyTo, signIn, testUser } from '../../test/render-app';
import { viewport } from '../../test/setup';

vi.mock('../../lib/socket', () => ({
  connectSocket: vi.fn(() => new Promise(() => {})),
  disconnectSocket: vi.fn(),
  getSocket: vi.fn(() => null),
}));

afterEach(() => vi.unstubAllGlobals());

const project = (id: number, name: string): TProjectRow => ({
  id,
  name,
  customer_id: 1,
  Customer: { id: 1, name: 'PT A' },
  createdAt: '2025-01-01T00:00:00.000Z',
  unitCount: 3,
});
const tono: TTireManRow = {
  id: 7,
  name: 'Tono Tireman',
  nik: '3201',
  phone: '081100000004',
  email: 'tono@itms.local',
  role: 'tire-man',
  photo: '-',
  signature: '-',
  department: 'Lapangan',
  isLogin: false,
  createdAt: '2025-01-01T00:00:00.000Z',
  project_ids: [3],
};

/** The URL of one account's record: its read and its update. */
const tireManUrl = (id: number) => buildUrl(fillPath(API.getTireMan.path, { id }));
/** GET /tire-man/:id answered for these accounts only (another id: 404). */
const tireMen = (...rows: TTireManRow[]) =>
  replyTo(API.getTireMan, ({ url }) => {
    const row = rows.find((r) => url === tireManUrl(r.id));
    return row ? { body: row } : undefined;
  });

describe('Tire Man edit modal', () => {
  it("links a tire man to projects (Proyek) and sends the set with Update; other roles don't show it", {
    timeout: 240_000,
  }, async () => {
    viewport.width = 1440;
    signIn('admin');
    const puts: unknown[] = [];
    mockApi([
      replyTo(API.getCredential, () => ({ body: testUser('admin') })),
      replyTo(API.listTireMen, () => ({ body: { data: [tono], total: 1, page: 1, pageSize: 10 } })),
      tireMen(tono),
      replyTo(API.listProjects, () => ({
        body: {
          data: [project(4, 'Distribusi Semen'), project(3, 'Hauling Batubara')],
          total: 2,
          page: 1,
          pageSize: 200,
        },
      })),
      replyTo(API.updateTireMan, (init) => {
        if (init.url !== tireManUrl(7)) return undefined;
        puts.push(JSON.parse(String(init.body)));
        return { body: { message: 'Data Tireman Berhasil Diedit', data: tono } };
      }),
    ]);
    renderApp('/user');
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('cell', { name: 'Tono Tireman' }));
    const dialog = await screen.findByRole('dialog');
    // the stored link shows by name
    const proyek = await within(dialog).findByRole('combobox', { name: 'Proyek' });
    await waitFor(() => expect(within(dialog).getByTitle('Hauling Batubara')).toBeTruthy());

    await user.click(proyek);
    await user.click(await screen.findByTitle('Distribusi Semen'));
    await waitFor(() => user.click(within(dialog).getByRole('button', { name: 'Update' })));
    await screen.findAllByText('Update data Tire Man ?');
    await waitFor(() =>
      user.click(within(screen.getAllByRole('dialog').at(-1)!).getByRole('button', { name: 'Update' })),
    );
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]).toMatchObject({ name: 'Tono Tireman', role: 'tire-man', project_ids: [3, 4] });
  });

  it('hides Proyek for a staff account and sends no project change', { timeout: 240_000 }, async () => {
    viewport.width = 1440;
    signIn('admin');
    const staff: TTireManRow = { ...tono, id: 8, name: 'Edi EDP', role: 'staff', project_ids: [] };
    mockApi([
      replyTo(API.getCredential, () => ({ body: testUser('admin') })),
      replyTo(API.listTireMen, () => ({ body: { data: [staff], total: 1, page: 1, pageSize: 10 } })),
      tireMen(staff),
    ]);
    renderApp('/user');
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('cell', { name: 'Edi EDP' }));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByDisplayValue('Edi EDP');
    expect(within(dialog).queryByRole('combobox', { name: 'Proyek' })).toBeNull();

    // as loaded, Keluar closes at once; a changed name asks first (issue 42, item 1)
    await expectKeluarClosesAtOnce(user, dialog);
    await user.click(await screen.findByRole('cell', { name: 'Edi EDP' }));
    const again = await screen.findByRole('dialog');
    const name = await within(again).findByDisplayValue('Edi EDP');
    await user.type(name, ' Baru');
    await expectKeluarAsks(user, again);
    expect(within(again).getByDisplayValue('Edi EDP Baru')).toBeTruthy();
  });

  it('makes a staff account a Workshop account (the role replaced the signatory switch) with Update', {
    timeout: 240_000,
  }, async () => {
    viewport.width = 1440;
    signIn('admin');
    const staff: TTireManRow = { ...tono, id: 8, name: 'Edi EDP', role: 'staff', project_ids: [] };
    const puts: unknown[] = [];
    mockApi([
      replyTo(API.getCredential, () => ({ body: testUser('admin') })),
      replyTo(API.listTireMen, () => ({ body: { data: [staff, tono], total: 2, page: 1, pageSize: 10 } })),
      tireMen(staff, tono),
      replyTo(API.listProjects, () => ({ body: { data: [], total: 0, page: 1, pageSize: 200 } })),
      replyTo(API.updateTireMan, (init) => {
        if (init.url !== tireManUrl(8)) return undefined;
        puts.push(JSON.parse(String(init.body)));
        return { body: { message: 'Data Tireman Berhasil Diedit', data: { ...staff, role: 'workshop' } } };
      }),
    ]);
    renderApp('/user');
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('cell', { name: 'Edi EDP' }));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByDisplayValue('Edi EDP');
    // no 'Penanda tangan Workshop' switch any more: the Workshop role signs
    expect(within(dialog).queryByRole('switch')).toBeNull();
    expect(within(dialog).queryByText('Penanda tangan Workshop')).toBeNull();
    expect(within(dialog).getByTitle('Staff')).toBeTruthy();

    // the role picker offers every role by its label
    await user.click(within(dialog).getByRole('combobox', { name: 'Role' }));
    await screen.findByTitle('Workshop');
    const options = [...document.querySelectorAll('.ant-select-item-option')].map((o) => o.textContent);
    expect(options).toEqual(['Admin', 'Staff', 'Tire Man', 'Workshop']);
    await user.click(await screen.findByTitle('Workshop'));
    expect(
      await within(dialog).findByText(/Workshop: khusus menandatangani pengecekan dan pergantian/),
    ).toBeTruthy();
    expect(within(dialog).queryByRole('combobox', { name: 'Proyek' })).toBeNull();

    await waitFor(() => user.click(within(dialog).getByRole('button', { name: 'Update' })));
    await screen.findAllByText('Update data Tire Man ?');
    await waitFor(() =>
      user.click(within(screen.getAllByRole('dialog').at(-1)!).getByRole('button', { name: 'Update' })),
    );
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]).toMatchObject({ name: 'Edi EDP', role: 'workshop' });
    expect(puts[0]).not.toHaveProperty('workshop_signatory');
    expect(puts[0]).not.toHaveProperty('project_ids');
  });

  it('shows no workshop switch for a tire man', { timeout: 240_000 }, async () => {
    viewport.width = 1440;
    signIn('admin');
    mockApi([
      replyTo(API.getCredential, () => ({ body: testUser('admin') })),
      replyTo(API.listTireMen, () => ({ body: { data: [tono], total: 1, page: 1, pageSize: 10 } })),
      tireMen(tono),
      replyTo(API.listProjects, () => ({ body: { data: [], total: 0, page: 1, pageSize: 200 } })),
    ]);
    renderApp('/user');
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('cell', { name: 'Tono Tireman' }));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByDisplayValue('Tono Tireman');
    expect(within(dialog).queryByRole('switch', { name: 'Penanda tangan Workshop' })).toBeNull();
    // the role shows by its label
    expect(within(dialog).getByTitle('Tire Man')).toBeTruthy();
  });
});
