import { API } from '@itms/contracts/api';
import { type Endpoint, fillPath, type ReplyOf } from '@itms/contracts/endpoint';
import type { TError } from '@itms/contracts/errors';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../app/providers';
import { buildUrl } from '../../lib/api-client';
import { createQueryClient } from '../../lib/query-client';
import { saveSignIn } from '../../lib/storage';
import { uploadSignature, validateWithDrawnSignature } from '../../test/draw-signature';
import { signedUrl, signFileUrls } from '../../test/file-urls';
import { mockApi, replyTo } from '../../test/render-app';
import { viewport } from '../../test/setup';
import CheckFormPage from './check-form-page';
import { activeTires, checkDetail, queueRow, record, staffUser } from './test-data';
import ValidationListPage from './validation-list-page';

/** The feature's routes only (no shell): the list and the form. */
function renderApp(path: string) {
  const queryClient = createQueryClient();
  const router = createMemoryRouter(
    [
      { path: '/validasi', Component: ValidationListPage },
      { path: '/pengecekan', Component: CheckFormPage },
      { path: '/pengecekan/:id', Component: CheckFormPage },
    ],
    { initialEntries: [path] },
  );
  const utils = render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...utils, router };
}

function signIn(signature: string) {
  saveSignIn('token-staff', 'session-staff', staffUser(signature));
}

afterEach(() => vi.unstubAllGlobals());

/** Where a call of `e` with these path params goes (the URL the fetch stub records). */
const urlOf = (e: Endpoint, params: Record<string, unknown>) => buildUrl(fillPath(e.path, params));

const records = [record(52, 'ST'), record(50, '1'), record(51, '2', { serial_number: 'BKB-999' })];

/** Check 7 of unit 11: its detail (as given), its records and the unit's mounted tires. */
const checkMocks = (detail = checkDetail(), mounted: [string, string][] = [], recs = records) => [
  replyTo(API.getTireCheck, () => ({ body: detail })),
  replyTo(API.listTireCheckRecords, () => ({ body: recs })),
  replyTo(API.getActiveUnitTires, () => ({ body: activeTires(mounted) })),
];

function api(
  opts: {
    signature?: string;
    detail?: Parameters<typeof checkDetail>[0];
    validate?: () => { status?: number; body?: ReplyOf<typeof API.validateTireCheck> | TError };
    /** The defect catalogue the office reads (else it answers 404: the seed's names stand in). */
    catalogue?: ReplyOf<typeof API.listDefectCodes>;
    recs?: typeof records;
  } = {},
) {
  signIn(opts.signature ?? '-');
  return mockApi([
    signFileUrls(),
    uploadSignature('sig/drawn.png'),
    ...checkMocks(
      checkDetail(opts.detail),
      [
        ['1', 'SN-1'],
        ['2', 'SN-2'],
        ['ST', 'sn-st'],
      ],
      opts.recs,
    ),
    replyTo(API.listTireCheckQueue, () => ({ body: { data: [], total: 0, page: 1, pageSize: 15 } })),
    replyTo(
      API.validateTireCheck,
      opts.validate ?? (() => ({ body: { message: 'Pengecekan tervalidasi', id: 7 } })),
    ),
    ...(opts.catalogue ? [replyTo(API.listDefectCodes, () => ({ body: opts.catalogue }))] : []),
    replyTo(API.returnTireCheck, () => ({
      body: { message: 'Returned! Pengecekan telah dikembalikan.', id: 7 },
    })),
  ]);
}

async function openForm() {
  const utils = renderApp('/pengecekan/7');
  await screen.findByRole('group', { name: 'Posisi 1' });
  return { ...utils, user: userEvent.setup({ delay: null }) };
}

const spin = (name: string) => screen.getByRole('spinbutton', { name }) as HTMLInputElement;
/**
 * The open dialog with this title. Under test antd gives every dialog title the same id, so a
 * second dialog's accessible name is the first one's: pick by the text instead.
 */
async function dialog(title: string) {
  return waitFor(() => {
    const found = screen.getAllByRole('dialog').filter((d) => within(d).queryAllByText(title).length > 0);
    expect(found.length).toBeGreaterThan(0);
    return found[found.length - 1];
  });
}

// antd modals and per-key typing are slow on a busy 2-core machine
describe('Form Pengecekan', { timeout: 60_000 }, () => {
  it('without a chosen check, prompts to choose one from the list', async () => {
    api();
    renderApp('/pengecekan');
    expect(await screen.findByText('Belum ada pengecekan yang dipilih')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Pilih Pengecekan' }).getAttribute('href')).toBe('/validasi');
  });

  it('shows the header, one card per position in order, the BKB ribbon and the hint', async () => {
    api();
    await openForm();
    expect(screen.getByText('Budi Santoso')).toBeTruthy();
    expect(screen.getByRole('link', { name: /WhatsApp Budi Santoso/ }).getAttribute('href')).toBe(
      'https://wa.me/6281227610636',
    );
    expect(screen.getByText('20 Ton')).toBeTruthy();
    expect(screen.getByText(/12\.000 Km/)).toBeTruthy();
    const cards = screen.getAllByRole('group', { name: /^Posisi / }).map((g) => g.getAttribute('aria-label'));
    expect(cards).toEqual(['Posisi 1', 'Posisi 2', 'Posisi ST']);
    // position 2 holds another serial than the unit's active tire; ST differs only in case
    const mounted = await screen.findByText('Ban aktif di unit: SN-2');
    expect(mounted.closest('[role="group"]')?.getAttribute('aria-label')).toBe('Posisi 2');
    expect(screen.getAllByText('BKB')).toHaveLength(1);
    expect(screen.getByText('Pastikan seluruh data pengecekan sudah benar!')).toBeTruthy();
    expect(spin('RTD 2 After posisi 1').value).toBe('7,5');
    expect(spin('KM After posisi ST').value).toBe('12.000');
    // the Before column writes numbers the same way: decimal comma, grouped thousands
    const first = within(screen.getByRole('group', { name: 'Posisi 1' }));
    expect(first.getByText('7,5')).toBeTruthy();
    expect(first.getByText('12.000')).toBeTruthy();
  });

  it('shows each tire at its previous check next to the reading now, and the change before SUBMIT', async () => {
    const previous = (lowest: number, pressure: number) => ({
      check_id: 3,
      performed_at: '2025-02-10T01:00:00.000Z',
      odometer: 11_000,
      groove_1: lowest + 1,
      groove_2: lowest,
      groove_3: lowest + 1,
      groove_4: lowest + 1,
      groove_lowest: lowest,
      pressure,
    });
    // position 1 wore from 8 to 7 mm; position 2 'rose' from 6 to 7 mm; ST has no earlier check
    const withPrevious = [
      record(50, '1', { previous_reading: previous(8, 95) }),
      record(51, '2', { previous_reading: previous(6, 100) }),
      record(52, 'ST'),
    ];
    api();
    mockApi(checkMocks(checkDetail({ records: withPrevious }), [], withPrevious));
    const { user } = await openForm();
    const first = within(screen.getByRole('group', { name: 'Posisi 1' }));
    expect(first.getByText('Pengecekan sebelumnya: 10 Februari 2025')).toBeTruthy();
    expect(first.getByTestId('sebelumnya-groove_2-1').textContent).toBe('8');
    expect(first.getByTestId('sebelumnya-odometer-1').textContent).toBe('11.000');
    expect(first.getByText('turun 0,5 dari pengecekan sebelumnya')).toBeTruthy();
    const spare = within(screen.getByRole('group', { name: 'Posisi ST' }));
    expect(spare.getByText('Belum ada pengecekan sebelumnya')).toBeTruthy();
    expect(spare.getByTestId('sebelumnya-groove_1-ST').textContent).toBe('-');
    // every After value starts as the tire man's: unchanged is not painted as a warning
    expect(spin('RTD 1 After posisi 1').closest('[data-tone]')?.getAttribute('data-tone')).toBe('neutral');

    await user.click(screen.getByRole('button', { name: /Validasi/ }));
    const modal = within(await dialog('Konfirmasi Validasi Pengecekan'));
    const changes = within(modal.getByRole('region', { name: 'Perubahan dari pengecekan sebelumnya' }));
    const rows = changes.getAllByRole('row').map((r) => r.textContent);
    expect(rows).toEqual([
      'PosisiNo. SeriRTD terendah (mm)PSICek lalu',
      '1SN-18 → 795 → 9510 Februari 2025',
      '2SN-26 → 7 (naik)100 → 9510 Februari 2025',
      'STSN-ST795belum ada',
    ]);
  });

  it('an already validated check is shown read-only, without Return and Validasi', async () => {
    api();
    mockApi(
      checkMocks(
        checkDetail({
          status: 'approved',
          stage: 'validated',
          edp_sign: 'sig/x.png',
          validator: { id: 9, name: 'Rina EDP' },
        }),
      ),
    );
    await openForm();
    expect(screen.getByText('Pengecekan ini sudah divalidasi oleh Rina EDP.')).toBeTruthy();
    expect(spin('RTD 1 After posisi 1').disabled).toBe(true);
    expect(screen.queryByRole('button', { name: /Validasi/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Return/ })).toBeNull();
  });

  it('opens Informasi and Detail Posisi with the condition codes by name', async () => {
    api();
    records[0].condition = '1,99,23,0,99';
    const { user } = await openForm();
    await user.click(screen.getByRole('button', { name: 'Detail Posisi ST' }));
    const detail = await dialog('Detail Posisi ST');
    expect(within(detail).getByText('Crown Cut (1)')).toBeTruthy();
    expect(within(detail).getByText('Sidewall Cut (23)')).toBeTruthy();
    expect(within(detail).getByText('Tidak dicek (0)')).toBeTruthy();
    expect(within(detail).getAllByText('Normal (99)')).toHaveLength(2);
  });

  it('Detail Posisi names the defects per zone from the defect catalogue, or says all is normal', async () => {
    const entry = (code: number, name: string | null, unsafe = false) => ({
      code,
      name,
      unsafe,
      usage: 1,
      updated_at: '2026-12-01T03:00:00.000Z',
    });
    api({ catalogue: [entry(1, null), entry(23, 'Dinding sobek', true)] });
    records[0].condition = '1,99,23,0,99';
    const { user } = await openForm();
    await user.click(screen.getByRole('button', { name: 'Detail Posisi ST' }));
    const detail = await dialog('Detail Posisi ST');
    const defects = await within(detail).findByLabelText('Kerusakan per zona');
    await waitFor(() =>
      expect([...defects.children].map((c) => c.textContent)).toEqual([
        'Tapak (crown): Kode 1 (1)',
        'Dinding (sidewall): Dinding sobek (23)',
      ]),
    );
    expect(within(detail).getByText('Dinding (sidewall)')).toBeTruthy();
    expect(within(detail).getByText('Dinding sobek (23)')).toBeTruthy();
    expect(within(detail).getByText('Tidak dicek (0)')).toBeTruthy();
    await user.click(within(detail).getAllByRole('button', { name: 'Tutup' }).at(-1)!);
    // every zone normal
    await user.click(screen.getByRole('button', { name: 'Detail Posisi 1' }));
    const normal = await dialog('Detail Posisi 1');
    expect(within(normal).getByText('Semua normal')).toBeTruthy();
    expect(within(normal).queryByLabelText('Kerusakan per zona')).toBeNull();
  });

  it("each tire's card shows its defects by zone (an unsafe one marked), 'Semua normal', and its photo", async () => {
    const entry = (code: number, name: string | null, unsafe = false) => ({
      code,
      name,
      unsafe,
      usage: 1,
      updated_at: '2026-12-01T03:00:00.000Z',
    });
    api({
      catalogue: [entry(1, 'Crown Cut'), entry(23, 'Sidewall Cut', true)],
      recs: [
        record(60, '1'),
        record(61, '2', { condition: '1,99,23,0,99', serial_number_url: 'foto/ban-2.jpg' }),
      ],
    });
    await openForm();
    const second = screen.getByRole('group', { name: 'Posisi 2' });
    const defects = await within(second).findByRole('list', { name: 'Kerusakan posisi 2' });
    await waitFor(() =>
      expect([...defects.children].map((c) => c.textContent)).toEqual([
        'Tapak: 1 Crown Cut',
        'Dinding: 23 Sidewall Cut (tidak aman)',
      ]),
    );
    expect((await within(second).findByRole('img', { name: 'Foto ban posisi 2' })).getAttribute('src')).toBe(
      signedUrl('foto/ban-2.jpg'),
    );
    const first = screen.getByRole('group', { name: 'Posisi 1' });
    expect(within(first).getByText('Semua normal')).toBeTruthy();
    // no photo taken: no placeholder on the card
    expect(within(first).queryByRole('img', { name: /Foto ban posisi 1/ })).toBeNull();
  });

  it('SUBMIT stays disabled with the hint until there is an EDP signature', async () => {
    api();
    const { user } = await openForm();
    await user.click(screen.getByRole('button', { name: /Validasi/ }));
    const modal = await dialog('Konfirmasi Validasi Pengecekan');
    expect(within(modal).getByRole('button', { name: 'SUBMIT' }).hasAttribute('disabled')).toBe(true);
    expect(within(modal).getByText('harap tanda tangan terlebih dahulu')).toBeTruthy();
    expect(
      within(modal)
        .getByRole('button', { name: /SETUJUI/ })
        .hasAttribute('disabled'),
    ).toBe(false);
    expect(within(modal).getByRole('img', { name: 'Tanda tangan EDP: belum ada' })).toBeTruthy();
    expect(
      (await within(modal).findByRole('img', { name: 'Tanda tangan Tire Man' })).getAttribute('src'),
    ).toBe(signedUrl('sig/tireman.png'));
    expect(within(modal).getByRole('img', { name: 'Tanda tangan PIC: belum ada' })).toBeTruthy();
    await user.click(within(modal).getByRole('button', { name: /SETUJUI/ }));
    expect(await screen.findByLabelText('Area tanda tangan')).toBeTruthy();
  });

  it("shows the tire man's reason where the PIC did not sign (issue 36, item 2)", async () => {
    api({ detail: { pic_absent_reason: 'PIC sedang cuti' } });
    const { user } = await openForm();
    await user.click(screen.getByRole('button', { name: /Validasi/ }));
    const modal = await dialog('Konfirmasi Validasi Pengecekan');
    const pic = within(modal).getByRole('region', { name: 'Tanda tangan PIC' });
    expect(pic.textContent).toContain('PIC tidak di tempat: PIC sedang cuti');
  });

  it('with a stored signature: SETUJUI disabled, one validate call with the After values, then the list', async () => {
    const { calls } = api({ signature: 'sig/edp.png' });
    const { user, router } = await openForm();
    const rtd = spin('RTD 1 After posisi 1');
    await user.tripleClick(rtd);
    await user.keyboard('30');
    await user.tripleClick(spin('PSI After posisi 2'));
    await user.keyboard('90');
    // 30 stays 30, refused at its field and by Validasi
    expect(rtd.value).toBe('30');
    expect(screen.getByText('RTD 1 harus 0 sampai 24 mm')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: /Validasi/ }));
    expect(await screen.findByText('Nilai di luar batas: Posisi 1 RTD 1 (30)')).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Konfirmasi Validasi Pengecekan' })).toBeNull();
    await user.tripleClick(rtd);
    await user.keyboard('24');
    expect(screen.queryByText('RTD 1 harus 0 sampai 24 mm')).toBeNull();

    await user.click(screen.getByRole('button', { name: /Validasi/ }));
    const modal = await dialog('Konfirmasi Validasi Pengecekan');
    expect(
      within(modal)
        .getByRole('button', { name: /SETUJUI/ })
        .hasAttribute('disabled'),
    ).toBe(true);
    expect((await within(modal).findByRole('img', { name: 'Tanda tangan EDP' })).getAttribute('src')).toBe(
      signedUrl('sig/edp.png'),
    );
    await user.click(within(modal).getByRole('button', { name: 'SUBMIT' }));
    // nothing was signed on screen: asked once, and nothing is sent before Kirim
    const ask = await dialog('Yakin mengirim data ?');
    expect(calls.some((c) => c.url.includes('/validate'))).toBe(false);
    await user.click(within(ask).getByRole('button', { name: 'Kirim' }));

    // and only once: Kirim sends
    expect(await screen.findByText('Pengecekan tervalidasi')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/validasi'));
    const sent = calls.filter((c) => c.url === urlOf(API.validateTireCheck, { id: 7 }));
    expect(sent).toHaveLength(1);
    expect(sent[0].body).toEqual({
      records: [
        {
          record_id: 50,
          groove_1: 24,
          groove_2: 7.5,
          groove_3: 7,
          groove_4: 8,
          pressure: 95,
          odometer: 12000,
        },
        {
          record_id: 51,
          groove_1: 8,
          groove_2: 7.5,
          groove_3: 7,
          groove_4: 8,
          pressure: 90,
          odometer: 12000,
        },
        {
          record_id: 52,
          groove_1: 8,
          groove_2: 7.5,
          groove_3: 7,
          groove_4: 8,
          pressure: 95,
          odometer: 12000,
        },
      ],
    });
  });

  it('with a drawn signature: signing and SUBMIT are the confirmation, no second question', async () => {
    const { calls } = api();
    const { user, router } = await openForm();
    await user.click(screen.getByRole('button', { name: /Validasi/ }));
    const modal = await dialog('Konfirmasi Validasi Pengecekan');
    await validateWithDrawnSignature(user, modal, 'Pengecekan tervalidasi');
    // the drawn signature is the one sent
    const sent = calls.filter((c) => c.url === urlOf(API.validateTireCheck, { id: 7 }));
    expect(sent).toHaveLength(1);
    expect(sent[0].body).toMatchObject({ edp_sign: 'sig/drawn.png' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/validasi'));
  });

  it('a refused validation shows the Oops dialog and keeps the form as it was', async () => {
    api({
      signature: 'sig/edp.png',
      validate: () => ({
        status: 409,
        body: {
          statusCode: 409,
          code: 'CHECK_ALREADY_VALIDATED',
          message: 'Pengecekan sudah divalidasi oleh pengguna lain',
        },
      }),
    });
    const { user, router } = await openForm();
    await user.tripleClick(spin('RTD 3 After posisi 2'));
    await user.keyboard('2');
    await user.click(screen.getByRole('button', { name: /Validasi/ }));
    const modal = await dialog('Konfirmasi Validasi Pengecekan');
    await user.click(within(modal).getByRole('button', { name: 'SUBMIT' }));
    await user.click(within(await dialog('Yakin mengirim data ?')).getByRole('button', { name: 'Kirim' }));

    const oops = await dialog('Oops...');
    expect(within(oops).getByText('Pengecekan sudah divalidasi oleh pengguna lain')).toBeTruthy();
    expect(
      within(oops).getByText('Periksa data lalu coba lagi; bila tetap gagal, hubungi admin.'),
    ).toBeTruthy();
    expect(router.state.location.pathname).toBe('/pengecekan/7');
    expect(spin('RTD 3 After posisi 2').value).toBe('2');
  });

  it('cancelling the send says the changes are not saved and sends nothing', async () => {
    const { calls } = api({ signature: 'sig/edp.png' });
    const { user } = await openForm();
    await user.click(screen.getByRole('button', { name: /Validasi/ }));
    const modal = await dialog('Konfirmasi Validasi Pengecekan');
    await user.click(within(modal).getByRole('button', { name: 'SUBMIT' }));
    await user.click(within(await dialog('Yakin mengirim data ?')).getByRole('button', { name: 'Batal' }));
    expect(await screen.findByText('Changes are not saved')).toBeTruthy();
    expect(calls.some((c) => c.url.includes('/validate'))).toBe(false);
  });

  it('Return asks first and for a reason, clears the PIC and ITMS signatures and goes back to the list', async () => {
    const { calls } = api();
    const { user, router } = await openForm();
    await user.click(screen.getByRole('button', { name: /Return/ }));
    const ask = await dialog('Yakin?');
    expect(within(ask).getByText('Pengecekan ini akan kembali ke List Tireman!')).toBeTruthy();
    // Kembalikan waits for the reason (spaces alone are not one)
    const giveBack = within(ask).getByRole('button', { name: 'Kembalikan' });
    expect(giveBack).toHaveProperty('disabled', true);
    const reason = within(ask).getByRole('textbox', { name: 'Alasan' });
    await user.type(reason, '   ');
    expect(giveBack).toHaveProperty('disabled', true);
    await user.type(reason, 'Foto odometer buram ');
    expect(giveBack).toHaveProperty('disabled', false);
    await user.click(giveBack);
    expect(await screen.findByText('Returned! Pengecekan telah dikembalikan.')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/validasi'));
    const put = calls.filter((c) => c.method === 'PUT' && c.url === urlOf(API.returnTireCheck, { id: 7 }));
    expect(put).toHaveLength(1);
    expect(put[0].body).toEqual({ pic_sign: '-', itms_sign: '-', reason: 'Foto odometer buram' });
  });

  it('shows the reason of the Return on a returned check, and on one sent again', async () => {
    signIn('-');
    const returned = checkDetail({
      stage: 'returned',
      returned_at: '2025-03-11T02:00:00.000Z',
      return_reason: 'Foto plat buram',
    });
    mockApi(checkMocks(returned));
    const first = renderApp('/pengecekan/7');
    expect(await screen.findByText('Pengecekan ini sudah dikembalikan ke tire man.')).toBeTruthy();
    expect(screen.getByText('Alasan: Foto plat buram')).toBeTruthy();
    first.unmount();

    mockApi(checkMocks(checkDetail({ stage: 'resubmitted', return_reason: 'Foto plat buram' })));
    renderApp('/pengecekan/7');
    expect(await screen.findByText('Alasan pengembalian: Foto plat buram')).toBeTruthy();
  });

  it('cancelling the Return sends nothing', async () => {
    const { calls } = api();
    const { user } = await openForm();
    await user.click(screen.getByRole('button', { name: /Return/ }));
    const ask = await dialog('Yakin?');
    await user.type(within(ask).getByRole('textbox', { name: 'Alasan' }), 'Salah unit');
    await user.click(within(ask).getByRole('button', { name: 'Batal' }));
    expect(await screen.findByText('Changes are not saved')).toBeTruthy();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });
});

describe('Validasi Pengecekan', () => {
  it('lists the queue and opens a check after loading its detail, records and the unit tires', async () => {
    // the queue's table, with its Jam and Project columns
    viewport.width = 1440;
    signIn('-');
    const rows = [queueRow(7), queueRow(6, { tireman_tire_check: { id: 4, name: 'Slamet Riyadi' } })];
    mockApi([
      replyTo(API.listTireCheckQueue, () => ({ body: { data: rows, total: 2, page: 1, pageSize: 15 } })),
      ...checkMocks(),
    ]);
    const { router } = renderApp('/validasi');
    const row = await screen.findByRole('row', { name: 'Buka pengecekan 7' });
    expect(within(row).getByText('10 Maret 2025')).toBeTruthy();
    expect(within(row).getByText('07:35 WIB')).toBeTruthy();
    expect(within(row).getByText('Distribusi FMCG Nasional')).toBeTruthy();
    const user = userEvent.setup({ delay: null });
    await user.click(row);
    expect(await screen.findByText('Mengambil Data ...')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/pengecekan/7'));
    expect(await screen.findByRole('group', { name: 'Posisi ST' })).toBeTruthy();
  });
});
