import { API } from '@itms/contracts/api';
import type { TCallRow } from '@itms/contracts/storing';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { mockApi, renderApp, replyTo, signIn, testUser } from '../../test/render-app';
import { viewport } from '../../test/setup';

vi.mock('../../lib/socket', () => ({
  connectSocket: vi.fn(() => new Promise(() => {})),
  disconnectSocket: vi.fn(),
  getSocket: vi.fn(() => null),
}));

beforeAll(async () => {
  await import('./storing-page');
}, 120_000);
afterEach(() => vi.unstubAllGlobals());

const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();

function callRow(over: Partial<TCallRow>): TCallRow {
  return {
    id: 1,
    status: 'assigned',
    priority: 'normal',
    cause: 'bocor',
    unit_id: 7,
    plate_number: 'B 1234 XX',
    project_name: 'Distribusi Semen',
    positions: [],
    location_text: 'Tol Cikampek KM 47',
    lat: null,
    lng: null,
    caller_name: 'Pak Darto',
    caller_phone: '081234567890',
    note: '',
    tireman_id: 5,
    tireman_name: 'Slamet',
    called_at: minutesAgo(50),
    assigned_at: minutesAgo(45),
    accepted_at: null,
    departed_at: null,
    arrived_at: null,
    done_at: null,
    cancelled_at: null,
    cancel_reason: null,
    replacement_id: null,
    mismatch_id: null,
    response_minutes: null,
    roll_minutes: null,
    target: { response_minutes: 45, roll_minutes: 120, scope: 'project' },
    breach: { response: true, roll: false },
    ...over,
  };
}

describe('Storing list', () => {
  it('marks the targets each open call has missed, and nothing on a call without targets or within them', {
    timeout: 120_000,
  }, async () => {
    viewport.width = 1440;
    signIn('staff');
    mockApi([
      replyTo(API.getCredential, () => ({ body: testUser('staff') })),
      replyTo(API.listCalls, () => ({
        body: {
          data: [
            callRow({ id: 1, plate_number: 'B 1 LATE' }),
            // arrived within the target, rolling for 130 minutes: only roll time missed
            callRow({
              id: 2,
              plate_number: 'B 2 ROLL',
              status: 'arrived',
              called_at: minutesAgo(130),
              arrived_at: minutesAgo(100),
            }),
            callRow({ id: 3, plate_number: 'B 3 FINE', called_at: minutesAgo(10) }),
            callRow({
              id: 4,
              plate_number: 'B 4 NONE',
              target: null,
              breach: { response: false, roll: false },
            }),
          ],
          total: 4,
          page: 1,
          pageSize: 25,
        },
      })),
    ]);
    renderApp('/storing');
    const table = await screen.findByRole('table', { name: 'Panggilan storing' });
    const row = async (plate: string) => (await within(table).findByText(plate)).closest('tr') as HTMLElement;
    const tags = async (plate: string) =>
      within(await row(plate))
        .queryAllByText(/^Lewat target/)
        .map((el) => el.textContent);
    expect(await tags('B 1 LATE')).toEqual(['Lewat target respons']);
    expect(await tags('B 2 ROLL')).toEqual(['Lewat target roll time']);
    expect(await tags('B 3 FINE')).toEqual([]);
    expect(await tags('B 4 NONE')).toEqual([]);
    // the office reads the targets: the button is there for the EDP too
    expect(screen.getByRole('button', { name: /Target waktu/ })).toBeTruthy();
  });
});
