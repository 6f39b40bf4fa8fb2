import { API } from '@itms/contracts/api';
import { fillPath } from '@itms/contracts/endpoint';
import type { TProjectRow } from '@itms/contracts/master-data';
import { type TTireManRow, USER_MESSAGES } from '@itms/contracts/users';
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
    await updateConfirmed(user, dialog);
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
    expect(options).toEqual(['Admin', 'Staff', 'Tire Man', 'Workshop', 'Pelanggan']);
    await user.click(await screen.findByTitle('Workshop'));
    expect(
      await within(dialog).findByText(/Workshop: khusus menandatangani pengecekan dan pergantian/),
    ).toBeTruthy();
    expect(within(dialog).queryByRole('combobox', { name: 'Proyek' })).toBeNull();

    await updateConfirmed(user, dialog);
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

  it("a customer's account shows its customer (Pelanggan), required, and Update sends it", {
    timeout: 240_000,
  }, async () => {
    const citra: TTireManRow = {
      ...tono,
      id: 9,
      name: 'Citra Pelanggan',
      role: 'customer',
      project_ids: [],
      customer_id: 9,
    };
    const { user, dialog, puts } = await editAccount(citra);
    expect(within(dialog).getByRole('combobox', { name: 'Pelanggan' })).toBeTruthy();
    await waitFor(() => expect(within(dialog).getByTitle('PT Sinar Tambang')).toBeTruthy());
    expect(within(dialog).queryByRole('combobox', { name: 'Proyek' })).toBeNull();

    await updateConfirmed(user, dialog);
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]).toMatchObject({ name: 'Citra Pelanggan', role: 'customer', customer_id: 9 });
    expect(puts[0]).not.toHaveProperty('project_ids');
  });

  it("'Undang via WhatsApp' asks first, sends the invitation once and says whether it went", {
    timeout: 240_000,
  }, async () => {
    const citra: TTireManRow = {
      ...tono,
      id: 9,
      name: 'Citra Pelanggan',
      role: 'customer',
      project_ids: [],
      customer_id: 9,
    };
    const invites: string[] = [];
    let gatewayDown = false;
    const { user, dialog } = await editAccount(citra, [
      replyTo(API.inviteTireMan, ({ url }) => {
        invites.push(url);
        return gatewayDown
          ? {
              status: 502,
              body: { statusCode: 502, code: 'WHATSAPP_FAILED', message: USER_MESSAGES.inviteFailed },
            }
          : {
              body: {
                message: USER_MESSAGES.inviteSent,
                data: { id: 9, phone: citra.phone, expires_at: '2026-12-14T00:00:00.000Z' },
              },
            };
      }),
    ]);
    const send = async () => {
      await user.click(within(dialog).getByRole('button', { name: /Undang via WhatsApp/ }));
      // (the confirmation before may still be closing)
      await screen.findAllByText('Kirim undangan ke Citra Pelanggan ?');
      expect(screen.getAllByText(new RegExp(`ke ${citra.phone}`)).length).toBeGreaterThan(0);
      await user.click(
        within(screen.getAllByRole('dialog').at(-1)!).getByRole('button', { name: /Kirim Undangan/ }),
      );
    };
    await send();
    expect(await screen.findByText(USER_MESSAGES.inviteSent)).toBeTruthy();
    expect(invites).toEqual([buildUrl(fillPath(API.inviteTireMan.path, { id: 9 }))]);
    gatewayDown = true;
    await send();
    expect(await screen.findByText(USER_MESSAGES.inviteFailed)).toBeTruthy();
    expect(invites).toHaveLength(2);
  });

  it('making a staff account a customer account asks for its customer before anything is sent', {
    timeout: 240_000,
  }, async () => {
    const { user, dialog, puts } = await editAccount({
      ...tono,
      id: 8,
      name: 'Edi EDP',
      role: 'staff',
      project_ids: [],
    });
    expect(within(dialog).queryByRole('combobox', { name: 'Pelanggan' })).toBeNull();
    await user.click(within(dialog).getByRole('combobox', { name: 'Role' }));
    await user.click(await screen.findByTitle('Pelanggan'));
    expect(await within(dialog).findByRole('combobox', { name: 'Pelanggan' })).toBeTruthy();
    await waitFor(() => user.click(within(dialog).getByRole('button', { name: 'Update' })));
    expect(await within(dialog).findByText('Pelanggan wajib dipilih untuk akun pelanggan')).toBeTruthy();
    expect(screen.queryByText('Update data Tire Man ?')).toBeNull();
    expect(puts).toEqual([]);
  });
});

/**
 * An admin opens the account on /user (the customers' list holds PT Sinar Tambang, id 9); the
 * bodies of its updates are kept in `puts`.
 */
async function editAccount(row: TTireManRow, extra: Parameters<typeof mockApi>[0] = []) {
  viewport.width = 1440;
  signIn('admin');
  const sinar = { id: 9, name: 'PT Sinar Tambang', createdAt: '2025-01-01T00:00:00.000Z', projectCount: 2 };
  const puts: unknown[] = [];
  mockApi([
    replyTo(API.getCredential, () => ({ body: testUser('admin') })),
    replyTo(API.listTireMen, () => ({ body: { data: [row], total: 1, page: 1, pageSize: 10 } })),
    tireMen(row),
    replyTo(API.listCustomers, () => ({ body: { data: [sinar], total: 1, page: 1, pageSize: 50 } })),
    replyTo(API.updateTireMan, (init) => {
      puts.push(JSON.parse(String(init.body)));
      return { body: { message: 'Data Tireman Berhasil Diedit', data: row } };
    }),
    ...extra,
  ]);
  renderApp('/user');
  const user = userEvent.setup({ delay: null });
  await user.click(await screen.findByRole('cell', { name: row.name }));
  const dialog = await screen.findByRole('dialog');
  await within(dialog).findByDisplayValue(row.name);
  return { user, dialog, puts };
}

/** Update, then Update again in the confirmation. */
async function updateConfirmed(user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement) {
  await waitFor(() => user.click(within(dialog).getByRole('button', { name: 'Update' })));
  await screen.findAllByText('Update data Tire Man ?');
  await waitFor(() =>
    user.click(within(screen.getAllByRole('dialog').at(-1)!).getByRole('button', { name: 'Update' })),
  );
}
