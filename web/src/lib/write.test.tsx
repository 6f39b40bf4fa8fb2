import { API } from '@itms/contracts/api';
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, replyTo } from '../test/render-app';
import { createQueryClient } from './query-client';
import { useAction } from './use-action';
import { staleAfter, useWrite } from './write';

afterEach(() => vi.unstubAllGlobals());

/** A client holding one read of each resource; returns which of them a write left stale. */
function setup() {
  const client = createQueryClient();
  for (const tag of ['tire-requests', 'tires', 'stock', 'regions', 'reports', 'mismatches', 'sop'])
    client.setQueryData([tag, 'read', null, null], { tag });
  const stale = () =>
    client
      .getQueryCache()
      .getAll()
      .filter((q) => q.state.isInvalidated)
      .map((q) => q.queryKey[0])
      .sort();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return { client, stale, wrapper };
}

const refused = (status: number, code: 'VALIDATION' | 'CONFLICT') => () => ({
  status,
  body: { statusCode: status, code, message: 'Ditolak' },
});

describe('invalidation from the endpoint table (issue 36, item 3)', () => {
  it('reads a write declaration: its own resource and the declared ones; nothing for a sign-in', () => {
    expect(staleAfter(API.approveTireRequest)).toEqual(['tire-requests', 'tires', 'stock']);
    expect(staleAfter(API.loginUser)).toEqual([]);
  });

  it('useAction refreshes what the writes sent through `send` declare, after success only', async () => {
    const { stale, wrapper } = setup();
    mockApi([
      replyTo(API.updateTireRequest, () => ({ body: { message: 'ok' } as never })),
      replyTo(API.approveTireRequest, refused(400, 'VALIDATION')),
      replyTo(API.deleteTireRequest, () => ({ body: { message: 'Dihapus' } as never })),
    ]);
    const { result } = renderHook(() => useAction(), { wrapper });
    // a failed write invalidates nothing
    await act(() =>
      result.current.run({ request: (send) => send(API.approveTireRequest, { params: { id: 1 } }) }),
    );
    expect(stale()).toEqual([]);
    await act(() =>
      result.current.run({ request: (send) => send(API.deleteTireRequest, { params: { id: 1 } }) }),
    );
    expect(stale()).toEqual(['stock', 'tire-requests', 'tires']);
  });

  it('useWrite refreshes the declaration on success or a 409, not on another refusal', async () => {
    const { stale, wrapper } = setup();
    let status = 400;
    mockApi([
      replyTo(API.deleteMismatch, () => refused(status, status === 409 ? 'CONFLICT' : 'VALIDATION')()),
      replyTo(API.updateRegion, () => ({ body: { message: 'ok' } as never })),
    ]);
    const { result } = renderHook(() => useWrite(API.deleteMismatch, (id: number) => ({ params: { id } })), {
      wrapper,
    });
    await act(() => result.current.mutateAsync(1).catch(() => undefined));
    expect(stale()).toEqual([]);
    status = 409;
    await act(() => result.current.mutateAsync(1).catch(() => undefined));
    expect(stale()).toEqual(['mismatches', 'reports']);
    const fresh = setup();
    const region = renderHook(
      () => useWrite(API.updateRegion, (id: number) => ({ params: { id }, body: { target_check: 3 } })),
      { wrapper: fresh.wrapper },
    );
    await act(() => region.result.current.mutateAsync(4));
    expect(fresh.stale()).toEqual(['regions', 'reports']);
  });

  it('useWrite answers when the server does, not after the screens reload (a slow list holds no toast)', async () => {
    const { wrapper } = setup();
    mockApi([replyTo(API.reopenMismatch, () => ({ body: { message: 'BKB dikembalikan' } as never }))]);
    // an open list: its first read answers, its reload never does
    let reads = 0;
    const list = renderHook(
      () =>
        useQuery({
          queryKey: ['mismatches', 'list'],
          queryFn: () => (++reads === 1 ? Promise.resolve([]) : new Promise<never>(() => {})),
        }),
      { wrapper },
    );
    await waitFor(() => expect(list.result.current.isSuccess).toBe(true));
    const { result } = renderHook(() => useWrite(API.reopenMismatch, (id: number) => ({ params: { id } })), {
      wrapper,
    });
    const reply = await act(() => result.current.mutateAsync(1));
    expect(reply.message).toBe('BKB dikembalikan');
    // the reload was asked for, and is still on its way
    expect(reads).toBe(2);
  });
});
