import { API } from '@itms/contracts/api';
import type { TCallRow } from '@itms/contracts/storing';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { breakdownCall } from '../../test/breakdown-call';
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

/** A call assigned 45 minutes ago, past its project's 45-minute response target. */
const callRow = (over: Partial<TCallRow>): TCallRow =>
  breakdownCall({
    called_at: minutesAgo(50),
    assigned_at: minutesAgo(45),
    target: { response_minutes: 45, roll_minutes: 120, scope: 'project' },
    breach: { response: true, roll: false },
    ...over,
  });

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
