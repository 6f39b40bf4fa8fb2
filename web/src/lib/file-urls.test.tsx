import { API } from '@itms/contracts/api';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, renderHook, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ImageZoom } from '../components/image-zoom';
import { signedUrl, signFileUrls } from '../test/file-urls';
import { mockApi, replyTo } from '../test/render-app';
import { useFileUrls } from './file-urls';
import { createQueryClient } from './query-client';

afterEach(() => vi.unstubAllGlobals());

const wrapper = () => {
  const client = createQueryClient();
  return ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
};

describe('signed file URLs', () => {
  it("asks once for a screen's photos and shows each through its signed link", async () => {
    const { calls } = mockApi([signFileUrls()]);
    const Wrapper = wrapper();
    render(
      <Wrapper>
        <ImageZoom path="2026/11/aaaa1111.png" alt="Foto plat" />
        <ImageZoom path="2026/11/bbbb2222.png" alt="Foto odometer" />
        <ImageZoom path="2026/11/aaaa1111.png" alt="Foto plat lagi" />
        <ImageZoom path="-" alt="Foto ban" />
      </Wrapper>,
    );
    expect(screen.getByRole('img', { name: 'Foto ban: tidak ada foto' })).toBeTruthy();
    expect((await screen.findByRole('img', { name: 'Foto odometer' })).getAttribute('src')).toBe(
      signedUrl('2026/11/bbbb2222.png'),
    );
    expect(screen.getByRole('img', { name: 'Foto plat' }).getAttribute('src')).toBe(
      signedUrl('2026/11/aaaa1111.png'),
    );
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual(['POST /api/files/sign']);
    expect(calls[0]!.body).toEqual({ paths: ['2026/11/aaaa1111.png', '2026/11/bbbb2222.png'] });
  });

  it('uses an http(s) address as it is, and "-" or empty as no file, without asking', () => {
    const { calls } = mockApi([]);
    const { result } = renderHook(() => useFileUrls(['https://cdn.example.com/v.mp4', '-', '', null]), {
      wrapper: wrapper(),
    });
    expect(result.current('https://cdn.example.com/v.mp4')).toBe('https://cdn.example.com/v.mp4');
    expect(result.current('-')).toBeUndefined();
    expect(result.current(null)).toBeUndefined();
    expect(calls).toEqual([]);
  });

  it('asks again before the links expire, so a page left open keeps its photos', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      let n = 0;
      const { calls } = mockApi([
        replyTo(API.signFileUrls, () => {
          n += 1;
          return {
            body: {
              urls: { '2026/11/aaaa1111.png': `/files/2026/11/aaaa1111.png?exp=${n}&sig=s${n}` },
              expires_at: new Date(Date.now() + 60_000).toISOString(),
            },
          };
        }),
      ]);
      const { result } = renderHook(() => useFileUrls(['2026/11/aaaa1111.png']), { wrapper: wrapper() });
      await waitFor(() => expect(result.current('2026/11/aaaa1111.png')).toMatch(/sig=s1$/));
      await vi.advanceTimersByTimeAsync(40_000);
      expect(calls.length).toBe(1);
      // three quarters of its minute later, a new link replaces it
      await vi.advanceTimersByTimeAsync(6_000);
      await waitFor(() => expect(result.current('2026/11/aaaa1111.png')).toMatch(/sig=s2$/));
      expect(calls.length).toBe(2);
    } finally {
      vi.useRealTimers();
    }
  });
});
