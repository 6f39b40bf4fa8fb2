import { API } from '@itms/contracts/api';
import { menuForRole } from '@itms/contracts/routes';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  emptyPortal,
  emptyWorkshopQueue,
  mockApi,
  renderApp,
  replyTo,
  signIn,
  testUser,
} from '../../test/render-app';
import { viewport } from '../../test/setup';

vi.mock('../../lib/socket', () => ({
  connectSocket: vi.fn(() => new Promise(() => {})),
  disconnectSocket: vi.fn(),
  getSocket: vi.fn(() => null),
}));

afterEach(() => vi.unstubAllGlobals());

const FEATURE = [
  'Dashboard',
  'Validasi Pengecekan',
  'Validasi Pergantian',
  // issue 22 (not in the spec): the workshop signature of validated work
  'Tanda Tangan Workshop',
  'Form Pengecekan',
  'Form Pergantian',
  'BKB',
  'Warehouse',
  // issue 11 (not in the spec): tire alerts and brand performance
  'Ban Kritis',
  'Storing',
];
const LAPORAN = [
  'Leaderboard',
  'Summary Pengecekan',
  'Absensi Pengecekan',
  'Tugas Lapangan',
  'Temuan',
  'Analitik Ban',
];
const DATABASE = [
  'Tire Man',
  'SOP',
  'Tambah Ban',
  'Ban',
  'Rekam BKB',
  'Rekam Pengecekan',
  'Rekam Pergantian',
  'Banner',
  'Berita',
  'Ban Terpasang Aktif',
  'Quality Control',
  'Customer',
  'Project',
  'Scrap',
  'Unit',
  // issue 22 (not in the spec): regions with PIC, manpower and Target Check, and their locations
  'Region & Lokasi',
  'Kartu Stok Ban',
];

describe('side menu', () => {
  it('admin: Feature, Laporan, Database with every screen, in order', () => {
    const menu = menuForRole('admin');
    expect(menu.map((s) => s.label)).toEqual(['Feature', 'Laporan', 'Database']);
    expect(menu[0].items.map((i) => i.label)).toEqual(FEATURE);
    expect(menu[1].items.map((i) => i.label)).toEqual(LAPORAN);
    // admin-only extras: the BKB categories and the defect catalogue after the regions, the audit
    // log after the spec's screens
    const regions = DATABASE.indexOf('Region & Lokasi') + 1;
    expect(menu[2].items.map((i) => i.label)).toEqual([
      ...DATABASE.slice(0, regions),
      'Kategori BKB',
      'Katalog Kerusakan',
      ...DATABASE.slice(regions),
      'Log Audit',
    ]);
  });

  it('staff: everything except the Tire Man admin screen', () => {
    const menu = menuForRole('staff');
    expect(menu[2].items.map((i) => i.label)).toEqual(DATABASE.filter((l) => l !== 'Tire Man'));
    expect(menu[0].items).toHaveLength(FEATURE.length);
  });

  it('tire man: no back-office menu', () => {
    expect(menuForRole('tire-man')).toEqual([]);
  });

  it('workshop (issue 40): Feature with Tanda Tangan Workshop only', () => {
    expect(menuForRole('workshop')).toEqual([
      {
        group: 'feature',
        label: 'Feature',
        items: [{ path: '/tanda-tangan', label: 'Tanda Tangan Workshop' }],
      },
    ]);
  });

  it('workshop: the menu on screen holds the one link, Tanda Tangan Workshop', async () => {
    viewport.width = 1440;
    signIn('workshop');
    mockApi([replyTo(API.getCredential, () => ({ body: testUser('workshop') })), emptyWorkshopQueue()]);
    renderApp('/tanda-tangan');
    const nav = await screen.findByRole('navigation', { name: 'Menu utama' });
    expect(within(nav).getByText('Feature')).toBeTruthy();
    expect(within(nav).queryByText('Laporan')).toBeNull();
    expect(within(nav).queryByText('Database')).toBeNull();
    const links = within(nav).getAllByRole('link');
    expect(links.map((l) => [l.textContent, l.getAttribute('href')])).toEqual([
      ['Tanda Tangan Workshop', '/tanda-tangan'],
    ]);
  });

  it('customer (issue 40): Feature with Armada only; the office reaches the portal from Customer, not its menu', () => {
    expect(menuForRole('customer')).toEqual([
      { group: 'feature', label: 'Feature', items: [{ path: '/portal', label: 'Armada' }] },
    ]);
    for (const role of ['admin', 'staff'] as const) {
      expect(menuForRole(role).flatMap((s) => s.items.map((i) => i.label))).not.toContain('Armada');
    }
  });

  it.each([1440, 390])(
    'customer at %ipx: the menu on screen holds the one link, Armada, with its icon; Profil saya is in the user menu',
    async (width) => {
      viewport.width = width;
      signIn('customer');
      mockApi([replyTo(API.getCredential, () => ({ body: testUser('customer') })), ...emptyPortal()]);
      renderApp('/portal');
      const user = userEvent.setup({ delay: null });
      if (width < 960) await user.click(await screen.findByRole('button', { name: 'Buka menu' }));
      const nav = await screen.findByRole('navigation', { name: 'Menu utama' });
      expect(within(nav).getByText('Feature')).toBeTruthy();
      expect(within(nav).queryByText('Laporan')).toBeNull();
      expect(within(nav).queryByText('Database')).toBeNull();
      const links = within(nav).getAllByRole('link');
      expect(links.map((l) => [l.textContent, l.getAttribute('href')])).toEqual([['Armada', '/portal']]);
      const items = [...nav.querySelectorAll('li.ant-menu-item')];
      expect(items.map((item) => Boolean(item.querySelector('.anticon')))).toEqual([true]);

      await user.click(screen.getByRole('button', { name: 'Menu pengguna: Citra Pelanggan' }));
      expect(await screen.findByRole('menuitem', { name: /Profil saya/ })).toBeTruthy();
      expect(screen.getByRole('menuitem', { name: /Log Out/ })).toBeTruthy();
    },
  );

  it('desktop (>= 960px): a fixed menu with the three group titles and links; staff sees no Tire Man', async () => {
    viewport.width = 1440;
    signIn('staff');
    mockApi([replyTo(API.getCredential, () => ({ body: testUser('staff') }))]);
    renderApp('/');
    const nav = await screen.findByRole('navigation', { name: 'Menu utama' });
    for (const group of ['Feature', 'Laporan', 'Database']) expect(within(nav).getByText(group)).toBeTruthy();
    expect(within(nav).getByRole('link', { name: 'Validasi Pengecekan' }).getAttribute('href')).toBe(
      '/validasi',
    );
    expect(within(nav).getByRole('link', { name: 'Ban Terpasang Aktif' }).getAttribute('href')).toBe(
      '/active-tire',
    );
    expect(within(nav).queryByRole('link', { name: 'Tire Man' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Buka menu' })).toBeNull();
    // every screen has its icon, so the column of icons has no holes
    const noIcon = [...nav.querySelectorAll('li.ant-menu-item')]
      .filter((item) => !item.querySelector('.anticon'))
      .map((item) => item.textContent);
    expect(noIcon).toEqual([]);
  });

  it('phone (< 960px): the menu hides behind the hamburger and opens as a drawer', async () => {
    viewport.width = 390;
    signIn('admin');
    mockApi([replyTo(API.getCredential, () => ({ body: testUser('admin') }))]);
    const { router } = renderApp('/');
    const burger = await screen.findByRole('button', { name: 'Buka menu' });
    expect(screen.queryByRole('navigation', { name: 'Menu utama' })).toBeNull();

    const user = userEvent.setup({ delay: null });
    await user.click(burger);
    const nav = await screen.findByRole('navigation', { name: 'Menu utama' });
    await user.click(within(nav).getByRole('link', { name: 'Tire Man' }));
    expect(await screen.findByRole('heading', { name: 'Tire Man', level: 2 })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/user');
  });
});
