import { API } from '@itms/contracts/api';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderApp, replyTo, signIn, testUser } from '../../test/render-app';
import { viewport } from '../../test/setup';
import { truncate } from './news-page';

vi.mock('../../lib/socket', () => ({
  connectSocket: vi.fn(() => new Promise(() => {})),
  disconnectSocket: vi.fn(),
  getSocket: vi.fn(() => null),
}));

afterEach(() => vi.unstubAllGlobals());

describe('news list', () => {
  it('truncates long bodies on a word boundary', () => {
    expect(truncate('pendek')).toBe('pendek');
    const long = 'kata '.repeat(60);
    const t = truncate(long, 50);
    expect(t.length).toBeLessThanOrEqual(51);
    expect(t.endsWith('kata…')).toBe(true);
  });

  it('shows HTML written into news as text, never as markup', { timeout: 120_000 }, async () => {
    viewport.width = 1440;
    signIn('staff');
    const evil = '<img src=x onerror="alert(1)"><b>tebal</b>';
    mockApi([
      replyTo(API.getCredential, () => ({ body: testUser('staff') })),
      replyTo(API.listNews, () => ({
        body: {
          data: [
            {
              id: 1,
              title: '<script>alert(1)</script>',
              news: evil,
              author: 'Dewi',
              imageUrl: null,
              createdAt: '2025-01-01T00:00:00.000Z',
              updatedAt: '2025-01-01T00:00:00.000Z',
            },
          ],
          total: 1,
          page: 1,
          pageSize: 10,
        },
      })),
    ]);
    const { container } = renderApp('/berita');
    expect(await screen.findByText('<script>alert(1)</script>')).toBeTruthy();
    expect(screen.getByText(evil)).toBeTruthy();
    expect(container.querySelector('table img, table script, table b')).toBeNull();
  });
});
