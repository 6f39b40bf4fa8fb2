import type { TSopEntry } from '@itms/contracts/master-data';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderApp, signIn, testUser } from '../../test/render-app';
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
  mockApi({
    'POST /api/tire-man/credential': () => ({ body: testUser(role) }),
    'GET /api/sop': () => ({ body: SOP }),
  });
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

  it('staff watch but do not edit', { timeout: 120_000 }, async () => {
    setup('staff');
    renderApp('/sop');
    expect(await screen.findByText('Deskripsi Profile Company')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Ubah SOP/ })).toBeNull();
  });
});
