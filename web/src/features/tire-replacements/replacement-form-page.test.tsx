import { API } from '@itms/contracts/api';
import type { TSessionUser } from '@itms/contracts/auth';
import type { TReplacementDetail } from '@itms/contracts/tire-replacements';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { expectKeluarAsks, expectKeluarClosesAtOnce } from '../../test/close-guard';
import { uploadSignature, validateWithDrawnSignature } from '../../test/draw-signature';
import { signedUrl, signFileUrls } from '../../test/file-urls';
import { type EndpointMock, mockApi, renderApp, replyTo, signIn, testUser } from '../../test/render-app';
import { detail, recordDetail, tire } from './test/fixtures';

vi.mock('../../lib/socket', () => ({
  connectSocket: vi.fn(() => new Promise(() => {})),
  disconnectSocket: vi.fn(),
  getSocket: vi.fn(() => null),
}));

afterEach(() => vi.unstubAllGlobals());

// the whole app around a big form: generous on 2 shared cores
vi.setConfig({ testTimeout: 90_000 });

const emptyList = { data: [], total: 0, page: 1, pageSize: 15 };

function openForm(
  d: TReplacementDetail = detail(),
  user: TSessionUser = testUser('staff'),
  extra: EndpointMock[] = [],
) {
  signIn(user.role);
  const api = mockApi([
    ...extra,
    signFileUrls(),
    replyTo(API.getCredential, () => ({ body: user })),
    replyTo(API.listReplacementQueue, () => ({ body: emptyList })),
    replyTo(API.getReplacement, ({ url }) => (url.endsWith(`/${d.id}`) ? { body: d } : undefined)),
    replyTo(API.listActiveTires, () => ({ body: emptyList })),
  ]);
  const app = renderApp(`/pergantian/${d.id}`);
  return { ...api, ...app, user: userEvent.setup({ delay: null }) };
}

const card = (p: string) => screen.getByRole('group', { name: `Posisi ${p}` });

// Role queries over the whole form (a big DOM) are slow in happy-dom: find dialogs and the page's
// buttons by their text, then check the role on the element found.
async function dialog(title: string | RegExp): Promise<HTMLElement> {
  const found = await screen.findAllByText(title, {}, { timeout: 20_000 });
  const box = found.map((el) => el.closest<HTMLElement>('[role="dialog"]')).findLast(Boolean);
  expect(box, `dialog ${title}`).toBeTruthy();
  return box!;
}
async function pageButton(text: string): Promise<HTMLButtonElement> {
  const label = await screen.findByText(text, { selector: 'button span' }, { timeout: 20_000 });
  return label.closest('button')!;
}

describe('Form Pergantian', () => {
  it('without a chosen replacement points to the list', async () => {
    signIn('staff');
    mockApi([replyTo(API.getCredential, () => ({ body: testUser('staff') }))]);
    renderApp('/pergantian');
    expect(await screen.findByText('Belum ada pergantian yang dipilih')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Pilih Pergantian' }).getAttribute('href')).toBe(
      '/validasi-pergantian',
    );
  });

  it('shows the header and each position on its side with status, Before and After', async () => {
    openForm();
    expect(await screen.findByRole('img', { name: /^Diagram Tronton:/ })).toBeTruthy();
    expect(screen.getByText('Wahyu Hidayat')).toBeTruthy();
    expect(screen.getByRole('link', { name: /WhatsApp Wahyu Hidayat/ }).getAttribute('href')).toBe(
      'https://wa.me/6285241087622',
    );
    expect(screen.getByText('165.849 Km')).toBeTruthy();
    expect(screen.getByText('20 Ton')).toBeTruthy();
    // a pending replacement says what it waits for (it said 'Form Edit', a control that did nothing)
    expect(screen.getByText('Menunggu validasi')).toBeTruthy();
    expect(screen.queryByText('Form Edit')).toBeNull();

    const left = screen.getByRole('group', { name: 'Sisi kiri' });
    const one = within(left).getByRole('group', { name: 'Posisi 1' });
    expect(within(one).getByText('Pergantian')).toBeTruthy();
    expect(within(one).getByText('DL2542A9691')).toBeTruthy();
    expect(within(one).getByText('DL2624M5578')).toBeTruthy();
    const two = within(screen.getByRole('group', { name: 'Sisi kanan' })).getByRole('group', {
      name: 'Posisi 2',
    });
    expect(within(two).getByText('Normal')).toBeTruthy();
    // no record at position 3: nothing to open
    expect(within(card('3')).getByRole('button', { name: 'Before' })).toHaveProperty('disabled', true);
    expect(within(card('3')).getByRole('button', { name: 'After' })).toHaveProperty('disabled', true);
    expect(within(one).getByRole('button', { name: 'After' })).toHaveProperty('disabled', false);
  });

  it('shows what the server found worth a second look, as on a check (issue 42, item 3)', async () => {
    const message = 'Posisi 1: RTD lebih tinggi dari sebelumnya (6,5 mm), ban vulkanisir?';
    openForm(detail({ field_warnings: [{ kind: 'rtd-higher', position: '1', message }] }));
    const alert = (await screen.findByText('Peringatan dari lapangan: periksa sebelum validasi')).closest(
      '[role="alert"]',
    ) as HTMLElement;
    expect(within(alert).getByText(message)).toBeTruthy();
  });

  it('answers an unknown replacement with a way back to the list', async () => {
    signIn('staff');
    mockApi([replyTo(API.getCredential, () => ({ body: testUser('staff') }))]);
    renderApp('/pergantian/999');
    expect(await screen.findByText('Pergantian tidak ditemukan')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ke Validasi Pergantian' })).toBeTruthy();
  });

  it('VALIDASI PEGANTIAN: SUBMIT waits for a signature, with the hint; SETUJUI opens the pad', async () => {
    const { user } = openForm();
    await user.click(await pageButton('Validasi'));
    const modal = await dialog('VALIDASI PEGANTIAN');
    expect(within(modal).getByRole('button', { name: 'SUBMIT' })).toHaveProperty('disabled', true);
    expect(within(modal).getByText('harap tanda tangan terlebih dahulu')).toBeTruthy();
    expect(within(modal).getByText('SPK/H/202611/0038')).toBeTruthy();
    expect(within(modal).getByText('Sri Wahyuni')).toBeTruthy();
    expect(within(modal).getByText('Dewi EDP')).toBeTruthy();
    await user.click(within(modal).getByRole('button', { name: /SETUJUI/ }));
    const pad = await dialog('Tanda Tangan');
    expect(within(pad).getByRole('button', { name: 'Submit' })).toHaveProperty('disabled', true);
  });

  it('validates with the stored signature after one Yakin mengirim data ?, then returns to the list', async () => {
    const edp = { ...testUser('staff'), signature: 'sign/edp.png' };
    const { user, calls, router } = openForm(detail(), edp, [
      replyTo(API.validateReplacement, () => ({ body: { message: 'Pergantian ban sukses' } })),
    ]);
    await user.click(await pageButton('Validasi'));
    const modal = await dialog('VALIDASI PEGANTIAN');
    expect(within(modal).getByRole('button', { name: /SETUJUI/ })).toHaveProperty('disabled', true);
    expect((await within(modal).findByRole('img', { name: 'Tanda tangan EDP' })).getAttribute('src')).toBe(
      signedUrl('sign/edp.png'),
    );
    await user.click(within(modal).getByRole('button', { name: 'SUBMIT' }));
    // nothing was signed on screen: asked once, and nothing is sent before Kirim
    const confirm = await dialog('Yakin mengirim data ?');
    expect(calls.some((c) => c.url === '/api/tire-replacement/7/validate')).toBe(false);
    await user.click(within(confirm).getByRole('button', { name: 'Kirim' }));
    // and only once: Kirim sends
    expect(await screen.findByText('Pergantian ban sukses')).toBeTruthy();
    const post = calls.filter((c) => c.url === '/api/tire-replacement/7/validate');
    expect(post.map((c) => c.body)).toEqual([{ edp_sign: 'sign/edp.png' }]);
    await waitFor(() => expect(router.state.location.pathname).toBe('/validasi-pergantian'));
  });

  it('with a drawn signature: signing and SUBMIT are the confirmation, no second question', async () => {
    const { user, calls, router } = openForm(detail(), testUser('staff'), [
      uploadSignature('sign/drawn.png'),
      replyTo(API.validateReplacement, () => ({ body: { message: 'Pergantian ban sukses' } })),
    ]);
    await user.click(await pageButton('Validasi'));
    const modal = await dialog('VALIDASI PEGANTIAN');
    await validateWithDrawnSignature(user, modal, 'Pergantian ban sukses');
    // the drawn signature is the one sent
    const post = calls.filter((c) => c.url === '/api/tire-replacement/7/validate');
    expect(post.map((c) => c.body)).toEqual([{ edp_sign: 'sign/drawn.png' }]);
    await waitFor(() => expect(router.state.location.pathname).toBe('/validasi-pergantian'));
  });

  it('Return asks first and for a reason, then gives the replacement back to the tire man', async () => {
    const { user, calls, router } = openForm(detail(), testUser('staff'), [
      replyTo(API.updateReplacement, () => ({
        body: { message: 'Returned! Pergantian telah dikembalikan.' },
      })),
    ]);
    await user.click(await pageButton('Return'));
    const ask = await dialog('Yakin? Pergantian ini akan kembali ke List Ganti Tireman!');
    const giveBack = within(ask).getByRole('button', { name: 'Kembalikan' });
    expect(giveBack).toHaveProperty('disabled', true);
    await user.type(within(ask).getByRole('textbox', { name: 'Alasan' }), ' SPK tidak sesuai');
    expect(giveBack).toHaveProperty('disabled', false);
    await user.click(giveBack);
    expect(await screen.findByText('Returned! Pergantian telah dikembalikan.')).toBeTruthy();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      pic_sign: '-',
      itms_sign: '-',
      reason: 'SPK tidak sesuai',
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/validasi-pergantian'));
  });

  it('shows the reason of the Return on a returned replacement', async () => {
    openForm(
      detail({ stage: 'returned', returned_at: '2026-11-15T01:00:00.000Z', return_reason: 'Foto SPK buram' }),
    );
    expect(await screen.findByText('Pergantian ini sudah dikembalikan ke tire man.')).toBeTruthy();
    expect(screen.getByText('Alasan: Foto SPK buram')).toBeTruthy();
    expect(await pageButton('Return')).toHaveProperty('disabled', true);
  });

  it('an approved replacement is read-only', async () => {
    openForm(
      detail({
        status: 'approved',
        stage: 'validated',
        Validator: { id: 2, name: 'Dewi EDP' },
        edp_sign: 'x.png',
      }),
    );
    expect(await screen.findByText(/sudah divalidasi oleh Dewi EDP/)).toBeTruthy();
    expect(await pageButton('Validasi')).toHaveProperty('disabled', true);
    expect(await pageButton('Return')).toHaveProperty('disabled', true);
    expect(within(card('1')).getByRole('button', { name: 'Ganti ban posisi 1' })).toHaveProperty(
      'disabled',
      true,
    );
  });
});

describe('Form Rekam Pergantian', () => {
  it('refuses an empty search, finds by serial after the pause, confirms with the before/after table', async () => {
    const d = detail();
    const replace = d.Tire_Replace_Records.find((r) => r.status === 'replace')!;
    const { user, calls } = openForm(d, testUser('staff'), [
      // paged on the server: 23 matches, 10 a page
      replyTo(API.listTireSerials, ({ url }) => {
        const q = new URL(url, 'http://x').searchParams;
        const page = Number(q.get('page'));
        const size = Number(q.get('pageSize'));
        const all = Array.from({ length: 23 }, (_, i) => ({
          id: 77 + i,
          serial_number: i === 0 ? 'GT2630B1352' : `GT2630C${String(i).padStart(4, '0')}`,
          ir_brand: 'GT RADIAL',
          size: '11.00-20',
          status: 'UNINSTALLED',
        }));
        return { body: { data: all.slice((page - 1) * size, page * size), total: 23, page, pageSize: size } };
      }),
      replyTo(API.updateReplaceRecord, ({ url }) =>
        url.endsWith(`/${replace.id}`)
          ? {
              body: {
                message: 'Rekam pergantian sukses diperbarui',
                changed: true,
                data: recordDetail(replace, { tire_id: 77, serial_number: 'GT2630B1352' }),
              },
            }
          : undefined,
      ),
    ]);
    await user.click(await screen.findByRole('button', { name: 'Ganti ban posisi 1' }));
    const box = await dialog(/Form Rekam Pergantian/);
    const search = within(box).getByRole('searchbox', { name: 'Cari nomor seri ban' });
    await user.type(search, 'x');
    await user.clear(search);
    expect(await within(box).findByText('Pencarian tidak boleh kosong')).toBeTruthy();

    await user.type(search, 'GT26');
    // debounced: one search for the whole text
    await within(box).findByText('GT2630B1352', {}, { timeout: 3000 });
    const searches = () => calls.filter((c) => c.url.startsWith('/api/tire-sn?'));
    expect(searches()).toHaveLength(1);
    expect(searches()[0]!.url).toContain('q=GT26');
    expect(searches()[0]!.url).toContain('pageSize=10');
    expect(within(box).getByText('23 ban')).toBeTruthy();
    // page 3 is asked of the server: the last three matches
    await user.click(within(box).getByTitle('3'));
    expect(await within(box).findByText('GT2630C0022')).toBeTruthy();
    expect(searches().at(-1)!.url).toContain('page=3');
    await user.click(within(box).getByTitle('1'));
    await within(box).findByText('GT2630B1352');

    await user.click(within(box).getByRole('button', { name: 'Pilih GT2630B1352' }));
    const confirm = await dialog('Ganti rekam pergantian dengan ban ini ?');
    const row = within(confirm).getByRole('row', { name: /S\/N/ });
    expect(row.textContent).toContain('DL2624M5578');
    expect(row.textContent).toContain('GT2630B1352');
    await user.click(within(confirm).getByRole('button', { name: 'Ganti' }));
    expect(await screen.findByText('Rekam pergantian sukses diperbarui')).toBeTruthy();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      tire_id: 77,
      serial_number: 'GT2630B1352',
    });
  });
});

describe('Form Detail Ban', () => {
  it('closes at once as opened (X), and on Batal after Ubah with nothing changed; a changed value asks first', async () => {
    const { user } = openForm(detail(), testUser('staff'));
    const one = await screen.findByRole('group', { name: 'Posisi 1' });
    await user.click(within(one).getByRole('button', { name: 'Before' }));
    await expectKeluarClosesAtOnce(user, await dialog(/Form Detail Ban/), 'Tutup');

    await user.click(within(one).getByRole('button', { name: 'Before' }));
    const form = await dialog(/Form Detail Ban/);
    await user.click(within(form).getByRole('button', { name: 'Ubah' }));
    await expectKeluarClosesAtOnce(user, form, 'Batal');

    await user.click(within(one).getByRole('button', { name: 'Before' }));
    const again = await dialog(/Form Detail Ban/);
    await user.click(within(again).getByRole('button', { name: 'Ubah' }));
    await user.type(within(again).getByLabelText('Merk Tube'), 'x');
    await expectKeluarAsks(user, again, 'Batal');
  });

  it('Before edits the tire: upper-cased values, Update informasi ban ?, Data Ban Berhasil di Edit', async () => {
    const { user, calls } = openForm(detail(), testUser('staff'), [
      replyTo(API.updateTireDetail, ({ url }) =>
        url.endsWith('/11')
          ? {
              body: {
                message: 'Data Ban Berhasil di Edit',
                data: tire({ id: 11, serial_number: 'DL2542A9691', ir_brand: 'DUNLOP', tube_brand: 'GAJAH' }),
              },
            }
          : undefined,
      ),
    ]);
    const one = await screen.findByRole('group', { name: 'Posisi 1' });
    await user.click(within(one).getByRole('button', { name: 'Before' }));
    const form = await dialog(/Form Detail Ban/);
    const tube = within(form).getByLabelText('Merk Tube');
    // the tire opens read-only; 'Ubah' makes it editable
    expect((tube as HTMLInputElement).disabled).toBe(true);
    expect(within(form).queryByRole('button', { name: 'Simpan' })).toBeNull();
    await user.click(within(form).getByRole('button', { name: 'Ubah' }));
    expect((tube as HTMLInputElement).disabled).toBe(false);
    await user.clear(tube);
    await user.paste('gajah');
    expect((tube as HTMLInputElement).value).toBe('GAJAH');
    await user.click(within(form).getByRole('button', { name: 'Simpan' }));
    const confirm = await dialog('Update informasi ban ?');
    await user.click(within(confirm).getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('Data Ban Berhasil di Edit')).toBeTruthy();
    const put = calls.find((c) => c.url.endsWith('/11'));
    expect(put?.body).toMatchObject({ tube_brand: 'GAJAH', serial_number: 'DL2542A9691', groove_1: 10 });
  });

  it('After edits the record that the validation applies', async () => {
    const d = detail();
    const replace = d.Tire_Replace_Records.find((r) => r.status === 'replace')!;
    const { user, calls } = openForm(d, testUser('staff'), [
      replyTo(API.updateReplaceRecord, ({ url }) =>
        url.endsWith(`/${replace.id}`)
          ? {
              body: {
                message: 'Rekam pergantian sukses diperbarui',
                changed: true,
                data: recordDetail(replace, { pressure: 115 }),
              },
            }
          : undefined,
      ),
    ]);
    const one = await screen.findByRole('group', { name: 'Posisi 1' });
    await user.click(within(one).getByRole('button', { name: 'After' }));
    const form = await dialog(/Form Detail Ban/);
    await user.click(within(form).getByRole('button', { name: 'Ubah' }));
    const psi = within(form).getByLabelText('PSI');
    // out of bounds: refused at the field with its message, not turned into 200
    await user.clear(psi);
    await user.paste('250');
    await user.click(within(form).getByRole('button', { name: 'Simpan' }));
    expect(await within(form).findByText('PSI harus 0 sampai 200')).toBeTruthy();
    expect((psi as HTMLInputElement).value).toBe('250');
    expect(screen.queryByText('Update informasi ban ?')).toBeNull();
    await user.clear(psi);
    await user.paste('115');
    await user.click(within(form).getByRole('button', { name: 'Simpan' }));
    const confirm = await dialog('Update informasi ban ?');
    await user.click(within(confirm).getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('Data Ban Berhasil di Edit')).toBeTruthy();
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.body).toMatchObject({ pressure: 115 });
    expect(put?.body).not.toHaveProperty('serial_number');
  });
});
