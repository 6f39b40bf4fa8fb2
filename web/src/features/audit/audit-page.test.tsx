import { API } from '@itms/contracts/api';
import type { TAuditRow } from '@itms/contracts/audit';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildUrl } from '../../lib/api-client';
import { mockApi, renderApp, replyTo, signIn, testUser } from '../../test/render-app';
import { viewport } from '../../test/setup';
import { diffLines } from './audit-diff';

vi.mock('../../lib/socket', () => ({
  connectSocket: vi.fn(() => new Promise(() => {})),
  disconnectSocket: vi.fn(),
  getSocket: vi.fn(() => null),
}));

afterEach(() => vi.unstubAllGlobals());

const row = (over: Partial<TAuditRow>): TAuditRow => ({
  id: 1,
  createdAt: '2025-03-01T03:04:00.000Z',
  user: { id: 2, name: 'Edi EDP', email: 'edp@test.local', role: 'staff' },
  action: 'update',
  entity: 'news',
  entityId: '9',
  entityName: 'Jadwal rotasi',
  before: null,
  after: null,
  detail: null,
  ...over,
});

describe('audit diff', () => {
  it('flattens nested values and marks what changed', () => {
    expect(diffLines({ title: 'a', tires: [{ g: 1 }] }, { title: 'b', tires: [{ g: 1 }], extra: 1 })).toEqual(
      [
        { field: 'title', before: 'a', after: 'b', changed: true },
        { field: 'tires', before: [{ g: 1 }], after: [{ g: 1 }], changed: false },
        { field: 'extra', before: undefined, after: 1, changed: true },
      ],
    );
    expect(diffLines(null, { name: 'x' })).toEqual([
      { field: 'name', before: undefined, after: 'x', changed: true },
    ]);
  });
});

describe('audit page', () => {
  it('lists the log paged on the server, filters in the query, and expands a row to its before/after', {
    timeout: 120_000,
  }, async () => {
    viewport.width = 1440;
    signIn('admin');
    const evil = '<img src=x onerror="alert(1)">Judul';
    const { calls } = mockApi([
      replyTo(API.getCredential, () => ({ body: testUser('admin') })),
      replyTo(API.getAuditOptions, () => ({
        body: {
          users: [{ id: 2, name: 'Edi EDP', email: 'edp@test.local' }],
          entities: ['news', 'tire-check'],
          actions: ['create', 'update'],
        },
      })),
      replyTo(API.listAuditLog, () => ({
        body: {
          data: [
            row({ id: 7, before: { title: 'Lama' }, after: { title: evil } }),
            row({
              id: 8,
              action: 'measure',
              entity: 'tire',
              entityId: '12',
              entityName: 'GT2615K3470',
              before: { groove_1: 12, pressure: 110 },
              after: { groove_1: 10, pressure: 110, tire_check_id: 3 },
            }),
            row({ id: 6, action: 'login', entity: 'session', entityId: 'abc', user: null }),
          ],
          total: 42,
          page: 1,
          pageSize: 20,
        },
      })),
    ]);
    const listUrl = `${buildUrl(API.listAuditLog.path)}?`;
    const { container } = renderApp('/audit?entity=news&start=2025-03-01&end=2025-03-02');
    expect(await screen.findByRole('heading', { name: 'Log Audit', level: 2 })).toBeTruthy();
    expect(await screen.findByText('42 catatan')).toBeTruthy();
    const listCall = calls.find((c) => c.url.startsWith(listUrl))!;
    const query = new URL(listCall.url, 'http://x').searchParams;
    expect(query.get('entity')).toBe('news');
    expect(query.get('dateStart')).toBe('2025-03-01');
    expect(query.get('dateEnd')).toBe('2025-03-02');
    expect(query.get('pageSize')).toBe('20');
    expect(screen.getByText('Sistem')).toBeTruthy();
    // in words: who changed which field of which tire, from what to what; no raw keys
    expect(screen.getByText('Edi EDP mengubah RTD 1 ban GT2615K3470 dari 12 menjadi 10')).toBeTruthy();
    expect(screen.getByText('ban GT2615K3470')).toBeTruthy();
    expect(screen.queryByText(/groove_1/)).toBeNull();

    const [expand] = screen.getAllByRole('button', { name: /expand row|Perluas/i });
    fireEvent.click(expand!);
    const diff = await screen.findByRole('table', { name: 'Perubahan berita Jadwal rotasi' });
    expect(within(diff).getByText('judul')).toBeTruthy();
    expect(within(diff).getByText('Lama')).toBeTruthy();
    expect(within(diff).getByText(evil)).toBeTruthy();
    expect(container.querySelector('table img')).toBeNull();

    // another page asks the server for it
    fireEvent.click(screen.getByTitle('2'));
    await waitFor(() =>
      expect(calls.some((c) => c.url.startsWith(listUrl) && c.url.includes('page=2'))).toBe(true),
    );
  });
});
