import { API } from '@itms/contracts/api';
import { fillPath } from '@itms/contracts/endpoint';
import type { TSopEntry } from '@itms/contracts/master-data';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildUrl } from '../../lib/api-client';
import { expectKeluarAsks, expectKeluarClosesAtOnce } from '../../test/close-guard';
import { signedUrl, signFileUrls } from '../../test/file-urls';
import { mockApi, renderApp, replyTo, signIn, testUser } from '../../test/render-app';
import { viewport } from '../../test/setup';

vi.mock('../../lib/socket', () => ({
  connectSocket: vi.fn(() => new Promise(() => {})),
  disconnectSocket: vi.fn(),
  getSocket: vi.fn(() => null),
}));

afterEach(() => vi.unstubAllGlobals());

const entry = (id: number, title: string, video_url = ''): TSopEntry => ({
  id,
  sort_order: id,
  title,
  video_url,
  video_path: null,
  description: `Deskripsi ${title}`,
  updatedAt: '2025-01-01T00:00:00.000Z',
});
const SOP = [
  entry(1, 'Profile Company', 'https://cdn.example.com/profile.mp4'),
  entry(2, 'Vulkanisir Procedure', 'https://youtu.be/dQw4w9WgXcQ'),
  entry(3, 'Tire Check Procedure'),
  entry(4, 'Tire Retreading Process'),
  entry(5, 'Repairing Tire Procedure'),
];

function setup(role: 'admin' | 'staff') {
  viewport.width = 1440;
  signIn(role);
  mockApi([
    replyTo(API.getCredential, () => ({ body: testUser(role) })),
    replyTo(API.listSop, () => ({ body: SOP })),
  ]);
}

describe('SOP screen', () => {
  it('one procedure open at a time, the first at start; a file plays in <video>, a link in an <iframe>', {
    timeout: 120_000,
  }, async () => {
    setup('admin');
    const { container } = renderApp('/sop');
    expect(await screen.findByText('Deskripsi Profile Company')).toBeTruthy();
    expect(container.querySelector('video')?.getAttribute('src')).toBe('https://cdn.example.com/profile.mp4');
    expect(screen.queryByText('Deskripsi Vulkanisir Procedure')).toBeNull();
    expect(screen.getAllByRole('button', { name: /^Ubah SOP/ })).toHaveLength(5);

    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByText('2. Vulkanisir Procedure'));
    expect(await screen.findByText('Deskripsi Vulkanisir Procedure')).toBeTruthy();
    expect(screen.getByTitle('Video Vulkanisir Procedure').getAttribute('src')).toBe(
      'https://www.youtube.com/embed/dQw4w9WgXcQ',
    );
    await waitFor(() => expect(screen.queryByText('Deskripsi Profile Company')).toBeNull());

    await user.click(screen.getByText('3. Tire Check Procedure'));
    expect(await screen.findByRole('img', { name: /Video belum tersedia/ })).toBeTruthy();
  });

  it('plays an uploaded video from /files before the link; an admin uploads one in the edit form', {
    timeout: 120_000,
  }, async () => {
    viewport.width = 1440;
    signIn('admin');
    const uploaded = { ...SOP[0]!, video_path: '2026/11/abcdef0123456789.webm' };
    const { calls } = mockApi([
      replyTo(API.getCredential, () => ({ body: testUser('admin') })),
      replyTo(API.listSop, () => ({ body: [uploaded, ...SOP.slice(1)] })),
      signFileUrls(),
      replyTo(API.uploadSopVideo, () => ({
        body: {
          message: 'Video SOP berhasil diunggah',
          data: { ...SOP[2]!, video_path: '2026/11/ff00.webm' },
        },
      })),
    ]);
    const { container } = renderApp('/sop');
    expect(await screen.findByText('Deskripsi Profile Company')).toBeTruthy();
    await waitFor(() =>
      expect(container.querySelector('video')?.getAttribute('src')).toBe(
        signedUrl('2026/11/abcdef0123456789.webm'),
      ),
    );

    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: 'Ubah SOP Tire Check Procedure' }));
    const dialog = await screen.findByRole('dialog', { name: /Ubah SOP: Tire Check Procedure/ });
    expect(within(dialog).getByText('Belum ada video unggahan')).toBeTruthy();
    const file = new File([new Uint8Array([0x1a, 0x45, 0xdf, 0xa3])], 'prosedur.webm', {
      type: 'video/webm',
    });
    await user.upload(within(dialog).getByLabelText('Pilih file video'), file);
    expect(await screen.findByText('Video SOP berhasil diunggah')).toBeTruthy();
    const post = calls.find(
      (c) => c.method === 'POST' && c.url === buildUrl(fillPath(API.uploadSopVideo.path, { id: 3 })),
    );
    expect(post?.body).toBeInstanceOf(FormData);
    expect(((post!.body as FormData).get('video') as File).name).toBe('prosedur.webm');
    expect(await within(dialog).findByRole('button', { name: /Hapus video/ })).toBeTruthy();
  });

  it("an admin's Ubah SOP as loaded closes at once on Keluar; a changed title asks first", {
    timeout: 120_000,
  }, async () => {
    setup('admin');
    renderApp('/sop');
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Ubah SOP Tire Check Procedure' }));
    await expectKeluarClosesAtOnce(
      user,
      await screen.findByRole('dialog', { name: /Ubah SOP: Tire Check Procedure/ }),
    );
    await user.click(screen.getByRole('button', { name: 'Ubah SOP Tire Check Procedure' }));
    const dialog = (await screen.findAllByRole('dialog', { name: /Ubah SOP: Tire Check Procedure/ })).at(-1)!;
    await user.type(within(dialog).getByLabelText('Judul'), ' 2');
    await expectKeluarAsks(user, dialog);
    expect(within(dialog).getByDisplayValue('Tire Check Procedure 2')).toBeTruthy();
  });

  it('an admin adds a procedure with Tambah SOP and removes one with Hapus, each asked first', {
    timeout: 120_000,
  }, async () => {
    viewport.width = 1440;
    signIn('admin');
    const { calls } = mockApi([
      replyTo(API.getCredential, () => ({ body: testUser('admin') })),
      replyTo(API.listSop, () => ({ body: SOP })),
      replyTo(API.createSop, () => ({
        status: 201,
        body: { message: 'SOP berhasil Ditambahkan', data: entry(6, 'Prosedur Storing') },
      })),
      replyTo(API.deleteSop, () => ({ body: { message: 'Berhasil menghapus SOP', data: { id: 5 } } })),
    ]);
    renderApp('/sop');
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: /Tambah SOP/ }));
    const add = await screen.findByRole('dialog', { name: 'Tambah SOP' });
    expect(within(add).getByText(/Video dapat diunggah setelah SOP disimpan/)).toBeTruthy();
    await user.type(within(add).getByLabelText('Judul'), 'Prosedur Storing');
    await waitFor(() => user.click(within(add).getByRole('button', { name: 'Simpan' })));
    await screen.findAllByText('Tambah SOP ini ?');
    await waitFor(() =>
      user.click(within(screen.getAllByRole('dialog').at(-1)!).getByRole('button', { name: 'Simpan' })),
    );
    expect(await screen.findByText('SOP berhasil Ditambahkan')).toBeTruthy();
    const post = calls.find((c) => c.method === 'POST' && c.url === buildUrl(API.createSop.path));
    expect(post?.body).toEqual({
      title: 'Prosedur Storing',
      video_url: '',
      description: '',
    });

    await user.click(screen.getByRole('button', { name: 'Ubah SOP Repairing Tire Procedure' }));
    // (under test antd gives every dialog title one id: pick the dialog by its text)
    const edit = await waitFor(() => {
      const found = screen
        .getAllByRole('dialog')
        .filter((d) => within(d).queryByText('Ubah SOP: Repairing Tire Procedure'));
      expect(found.length).toBeGreaterThan(0);
      return found.at(-1)!;
    });
    await waitFor(() => user.click(within(edit).getByRole('button', { name: /Hapus$/ })));
    await screen.findAllByText('Hapus SOP ini ?');
    await waitFor(() =>
      user.click(within(screen.getAllByRole('dialog').at(-1)!).getByRole('button', { name: 'Hapus' })),
    );
    expect(await screen.findByText('Berhasil menghapus SOP')).toBeTruthy();
    expect(
      calls.some((c) => c.method === 'DELETE' && c.url === buildUrl(fillPath(API.deleteSop.path, { id: 5 }))),
    ).toBe(true);
  });

  it('staff watch but do not edit', { timeout: 120_000 }, async () => {
    setup('staff');
    renderApp('/sop');
    expect(await screen.findByText('Deskripsi Profile Company')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Ubah SOP/ })).toBeNull();
  });
});

it("a failed SOP list says so with 'Coba lagi' instead of 'Tidak ada data'; Coba lagi shows the procedures", async () => {
  viewport.width = 1440;
  signIn('staff');
  let failing = true;
  mockApi([
    replyTo(API.getCredential, () => ({ body: testUser('staff') })),
    replyTo(API.listSop, () =>
      failing
        ? {
            status: 500,
            body: { statusCode: 500, code: 'INTERNAL', message: 'Terjadi kesalahan pada server' },
          }
        : { body: SOP },
    ),
  ]);
  renderApp('/sop');
  const alert = await screen.findByRole('alert', {}, { timeout: 10_000 });
  expect(alert.textContent).toContain('Tidak dapat memuat data');
  expect(alert.textContent).toContain('Terjadi kesalahan pada server');
  expect(screen.queryByText('Tidak ada data')).toBeNull();
  expect(screen.queryByRole('dialog')).toBeNull();

  failing = false;
  await userEvent.setup({ delay: null }).click(within(alert).getByRole('button', { name: /Coba lagi/ }));
  expect(await screen.findByText('Deskripsi Profile Company')).toBeTruthy();
  expect(screen.queryByRole('alert')).toBeNull();
});
