import { API } from '@itms/contracts/api';
import type { Role } from '@itms/contracts/enums';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { expectKeluarAsks, expectKeluarClosesAtOnce } from '../../test/close-guard';
import { type EndpointMock, mockApi, renderApp, replyTo, signIn, testUser } from '../../test/render-app';
import { viewport } from '../../test/setup';

vi.mock('../../lib/socket', () => ({
  connectSocket: vi.fn(() => new Promise(() => {})),
  disconnectSocket: vi.fn(),
  getSocket: vi.fn(() => null),
}));

afterEach(() => vi.unstubAllGlobals());

/** Opens the wizard on /user; `next` presses Lanjut or Daftar, `step` fills a step and goes on. */
async function openWizard() {
  renderApp('/user');
  const user = userEvent.setup({ delay: null });
  await user.click(await screen.findByRole('button', { name: /Registrasi/ }));
  const dialog = await screen.findByRole('dialog');
  // antd modals ignore the pointer while they animate in or out: click once the button takes it
  const clickWhenReady = (button: () => HTMLElement) => waitFor(() => user.click(button()));
  const next = () => clickWhenReady(() => within(dialog).getByRole('button', { name: /Lanjut|Daftar/ }));
  const field = (label: string) => within(dialog).getByLabelText(label);
  const step = async (label: string, value: string) => {
    await waitFor(() => expect(field(label)).toBeTruthy());
    fireEvent.change(field(label), { target: { value } });
    await next();
  };
  /** Daftar in the confirmation; the server's answer shows. */
  const confirmDaftar = async () => {
    await clickWhenReady(() =>
      within(screen.getAllByRole('dialog').at(-1)!).getByRole('button', { name: 'Daftar' }),
    );
    expect(await screen.findByText('Sukses / User Ditambahkan')).toBeTruthy();
  };
  return { user, dialog, clickWhenReady, next, field, step, confirmDaftar };
}

/** An admin on /user whose registrations are kept (the bodies returned) and answered 201 with `account`. */
function acceptRegistrations(
  account: { id: number; name: string; email: string; phone: string; nik: string; role: Role },
  extra: readonly EndpointMock[] = [],
) {
  signIn('admin');
  const bodies: unknown[] = [];
  mockApi([
    replyTo(API.getCredential, () => ({ body: testUser('admin') })),
    replyTo(API.listTireMen, () => ({ body: { data: [], total: 0, page: 1, pageSize: 10 } })),
    ...extra,
    replyTo(API.registerTireMan, (init) => {
      bodies.push(JSON.parse(String(init.body)));
      const { nik: _, ...data } = account;
      return { status: 201, body: { message: 'Sukses / User Ditambahkan', data } };
    }),
  ]);
  return bodies;
}

/** Fills the five steps before Role. */
async function fillUpToRole(
  step: (label: string, value: string) => Promise<void>,
  v: { name: string; email: string; phone: string; nik: string },
) {
  await step('Nama lengkap', v.name);
  await step('Email aktif', v.email);
  await step('Nomor WhatsApp', v.phone);
  await step('Password default', 'rahasia123');
  await step('NIK', v.nik);
}

describe('Tire Man registration wizard', () => {
  it('Keluar before anything is typed closes at once; after a name is typed it asks first', {
    timeout: 120_000,
  }, async () => {
    viewport.width = 1440;
    signIn('admin');
    mockApi([
      replyTo(API.getCredential, () => ({ body: testUser('admin') })),
      replyTo(API.listTireMen, () => ({ body: { data: [], total: 0, page: 1, pageSize: 10 } })),
    ]);
    renderApp('/user');
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: /Registrasi/ }));
    await expectKeluarClosesAtOnce(user, await screen.findByRole('dialog'));

    await user.click(screen.getByRole('button', { name: /Registrasi/ }));
    const dialog = (await screen.findAllByRole('dialog')).at(-1)!;
    fireEvent.change(within(dialog).getByLabelText('Nama lengkap'), { target: { value: 'Rudi' } });
    await expectKeluarAsks(user, dialog);
    expect(within(dialog).getByDisplayValue('Rudi')).toBeTruthy();
  });

  it('one field per step, checked before going on; a refused email sends the user back to its step', {
    timeout: 240_000,
  }, async () => {
    viewport.width = 1440;
    signIn('admin');
    const bodies: unknown[] = [];
    mockApi([
      replyTo(API.getCredential, () => ({ body: testUser('admin') })),
      replyTo(API.listTireMen, () => ({ body: { data: [], total: 0, page: 1, pageSize: 10 } })),
      replyTo(API.registerTireMan, (init) => {
        bodies.push(JSON.parse(String(init.body)));
        if (bodies.length === 1) {
          return {
            status: 409,
            body: {
              statusCode: 409,
              code: 'USER_CONTACT_TAKEN',
              message: 'Email sudah terdaftar, gunakan email lain',
              fields: [{ field: 'email', message: 'Email sudah terdaftar, gunakan email lain' }],
            },
          };
        }
        return {
          status: 201,
          body: {
            message: 'Sukses / User Ditambahkan',
            data: {
              id: 20,
              name: 'Rudi',
              email: 'rudi2@itms.local',
              phone: '081299887766',
              role: 'tire-man',
            },
          },
        };
      }),
    ]);
    const { dialog, clickWhenReady, next, field, step } = await openWizard();
    const confirm = () =>
      clickWhenReady(() =>
        within(screen.getAllByRole('dialog').at(-1)!).getByRole('button', { name: 'Daftar' }),
      );

    await next();
    expect(await within(dialog).findByText('Nama wajib diisi')).toBeTruthy();
    fireEvent.change(field('Nama lengkap'), { target: { value: 'Rudi Hartono' } });
    await next();
    await waitFor(() => expect(field('Email aktif')).toBeTruthy());
    fireEvent.change(field('Email aktif'), { target: { value: 'bukan-email' } });
    await next();
    expect(await within(dialog).findByText('Email tidak valid')).toBeTruthy();
    fireEvent.change(field('Email aktif'), { target: { value: 'rudi@itms.local' } });
    await next();
    await step('Nomor WhatsApp', '081299887766');
    await step('Password default', 'rahasia123');
    await step('NIK', '3174000011112222');
    expect(await within(dialog).findByText('Periksa kembali sebelum mendaftar:')).toBeTruthy();
    await next();
    await screen.findAllByText('Daftarkan user baru ?');
    await confirm();

    // refused: back on the Email step with the server's message
    expect(await within(dialog).findByText('Email sudah terdaftar, gunakan email lain')).toBeTruthy();
    expect(bodies[0]).toEqual({
      name: 'Rudi Hartono',
      email: 'rudi@itms.local',
      phone: '081299887766',
      password: 'rahasia123',
      nik: '3174000011112222',
      role: 'tire-man',
    });
    fireEvent.change(field('Email aktif'), { target: { value: 'rudi2@itms.local' } });
    for (let i = 0; i < 5; i++) await next();
    await screen.findAllByText('Daftarkan user baru ?');
    await confirm();
    expect(await screen.findByText('Sukses / User Ditambahkan')).toBeTruthy();
    expect((bodies[1] as { email: string }).email).toBe('rudi2@itms.local');
  });

  it('offers the Workshop role beside Admin, Staff and Tire Man, without a signatory switch, and sends role workshop', {
    timeout: 240_000,
  }, async () => {
    viewport.width = 1440;
    const wawan = {
      name: 'Wawan',
      email: 'wawan@itms.local',
      phone: '081299887700',
      nik: '3174000011113333',
    };
    const bodies = acceptRegistrations({ id: 21, role: 'workshop', ...wawan });
    const { user, dialog, next, step, confirmDaftar } = await openWizard();
    await fillUpToRole(step, wawan);

    // the role step: the five roles by their labels, Tire Man chosen first; no workshop switch
    expect(await within(dialog).findByText('Periksa kembali sebelum mendaftar:')).toBeTruthy();
    const roles = within(dialog).getAllByRole('radio');
    expect(roles.map((r) => r.closest('label')?.textContent)).toEqual([
      'Admin',
      'Staff',
      'Tire Man',
      'Workshop',
      'Pelanggan',
    ]);
    expect(within(dialog).getByRole('radio', { name: 'Tire Man' })).toHaveProperty('checked', true);
    expect(
      within(dialog).getByText(/Workshop: khusus menandatangani pengecekan dan pergantian/),
    ).toBeTruthy();
    // the radio input itself takes no pointer: the user clicks its button (the label)
    await user.click(within(dialog).getByRole('radio', { name: 'Workshop' }).closest('label')!);
    expect(within(dialog).getByRole('radio', { name: 'Workshop' })).toHaveProperty('checked', true);
    expect(within(dialog).queryByRole('switch')).toBeNull();
    expect(within(dialog).queryByText('Penanda tangan Workshop')).toBeNull();
    // the review says what will be registered
    const review = within(within(dialog).getByRole('table')).getByText('Role').closest('tr')!;
    expect(within(review).getByText('Workshop')).toBeTruthy();

    await next();
    await screen.findAllByText('Daftarkan user baru ?');
    expect(screen.getByText('Wawan (Workshop) akan dapat login dengan wawan@itms.local.')).toBeTruthy();
    await confirmDaftar();
    expect(bodies).toEqual([{ ...wawan, password: 'rahasia123', role: 'workshop' }]);
  });

  it('the role Pelanggan asks for its customer before Daftar and sends customer_id; other roles have no customer', {
    timeout: 240_000,
  }, async () => {
    viewport.width = 1440;
    const customer = {
      id: 9,
      name: 'PT Sinar Tambang',
      createdAt: '2025-01-01T00:00:00.000Z',
      projectCount: 2,
    };
    const citra = {
      name: 'Citra',
      email: 'citra@sinar.co.id',
      phone: '081299887711',
      nik: '3174000011114444',
    };
    const bodies = acceptRegistrations({ id: 22, role: 'customer', ...citra }, [
      replyTo(API.listCustomers, () => ({ body: { data: [customer], total: 1, page: 1, pageSize: 50 } })),
    ]);
    const { user, dialog, next, step, confirmDaftar } = await openWizard();
    await fillUpToRole(step, citra);

    expect(await within(dialog).findByText('Periksa kembali sebelum mendaftar:')).toBeTruthy();
    // Tire Man (the default) has no customer
    expect(within(dialog).queryByRole('combobox', { name: 'Pelanggan' })).toBeNull();
    await user.click(within(dialog).getByRole('radio', { name: 'Pelanggan' }).closest('label')!);
    const select = await within(dialog).findByRole('combobox', { name: 'Pelanggan' });
    expect(within(dialog).getByText(/Pelanggan: hanya melihat armada/)).toBeTruthy();

    // Daftar without a customer: said on the field, nothing asked or sent
    await next();
    expect(await within(dialog).findByText('Pelanggan wajib dipilih untuk akun pelanggan')).toBeTruthy();
    expect(screen.queryByText('Daftarkan user baru ?')).toBeNull();
    expect(bodies).toEqual([]);

    await user.click(select);
    await user.click(await screen.findByTitle('PT Sinar Tambang'));
    const review = (label: string) =>
      within(within(dialog).getByRole('table')).getByText(label, { selector: 'th span' }).closest('tr')!
        .textContent;
    await waitFor(() => expect(review('Pelanggan')).toContain('PT Sinar Tambang'));
    expect(review('Role')).toContain('Pelanggan');

    await next();
    await screen.findAllByText('Daftarkan user baru ?');
    await confirmDaftar();
    expect(bodies).toEqual([{ ...citra, password: 'rahasia123', role: 'customer', customer_id: 9 }]);
  });
});
