import { API } from '@itms/contracts/api';
import { QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, replyTo } from '../test/render-app';
import { call, endpointKey } from './api-client';
import { createQueryClient } from './query-client';
import { useEndpoint } from './use-endpoint';

afterEach(() => vi.unstubAllGlobals());

describe('typed API calls', () => {
  it('calls an operation by its declaration and caches the reply under its key', async () => {
    const { calls } = mockApi([
      replyTo(API.getHealth, () => ({ body: { status: 'ok', database: 'pglite' } })),
    ]);
    const client = createQueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(() => useEndpoint(API.getHealth, {}), { wrapper });
    await waitFor(() => expect(result.current.data).toEqual({ status: 'ok', database: 'pglite' }));
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual(['GET /api/health']);
    expect(client.getQueryData(endpointKey(API.getHealth, {}))).toEqual({ status: 'ok', database: 'pglite' });
    expect(endpointKey(API.getHealth, {})).toEqual(['system', 'getHealth', null, null]);
  });

  it('fills path parameters, encoded, and refuses a call without them', async () => {
    const { fillPath } = await import('@itms/contracts/endpoint');
    expect(fillPath('/tire-check/:id', { id: 'a/b' })).toBe('/tire-check/a%2Fb');
    expect(() => fillPath('/tire-check/:id', {})).toThrow(/id missing/);
    mockApi([]);
    await expect(call(API.getHealth, {})).rejects.toMatchObject({ status: 404 });
  });
});
