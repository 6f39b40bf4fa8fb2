import { API } from '@itms/contracts/api';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { expectKeluarAsks, expectKeluarClosesAtOnce } from '../../test/close-guard';
import { mockApi, renderApp, replyTo, signIn, testUser } from '../../test/render-app';
import { viewport } from '../../test/setup';

vi.mock('../../lib/socket', () => ({
  connectSocket: vi.fn(() => new Promise(() => {})),
  disconnectSocket: vi.fn(),
  getSocket: vi.fn(() => null),
}));

afterEach(() => vi.unstubAllGlobals());

const KALIMANTAN = { id: 1, name: 'Kalimantan', manpower: 4, pic: 'Pak Ahmad', target_check: null };

/** /lokasi for an admin: one region, with these locations. */
function openRegions(locations: { id: number; name: string }[]) {
  viewport.width = 1440;
  signIn('admin');
  mockApi([
    replyTo(API.getCredential, () => ({ body: testUser('admin') })),
    replyTo(API.listRegions, () => ({ body: [KALIMANTAN] })),
    replyTo(API.listLocations, () => ({
      body: locations.map((l) => ({ ...l, region_id: 1, Region: { id: 1, name: 'Kalimantan' } })),
    })),
  ]);
  renderApp('/lokasi');
  return userEvent.setup({ delay: null });
}

describe('Region forms', () => {
  it('Ubah region as loaded closes at once on Keluar; a changed value asks first', {
    timeout: 120_000,
  }, async () => {
    const user = openRegions([{ id: 5, name: 'Pool Balikpapan' }]);
    await user.click(await screen.findByRole('button', { name: 'Ubah region Kalimantan' }));
    await expectKeluarClosesAtOnce(user, await screen.findByRole('dialog'));
    await user.click(screen.getByRole('button', { name: 'Ubah region Kalimantan' }));
    const region = (await screen.findAllByRole('dialog')).at(-1)!;
    await user.type(await within(region).findByLabelText(/^PIC/), ' Baru');
    await expectKeluarAsks(user, region);
    expect(within(region).getByDisplayValue('Pak Ahmad Baru')).toBeTruthy();
  });

  it('Tambah lokasi untouched closes at once', { timeout: 120_000 }, async () => {
    const user = openRegions([]);
    // a region's locations show under its row once opened
    await user.click(await screen.findByRole('cell', { name: 'Kalimantan' }));
    await user.click(await screen.findByRole('button', { name: 'Tambah lokasi di Kalimantan' }));
    await expectKeluarClosesAtOnce(user, await screen.findByRole('dialog'));
  });
});
