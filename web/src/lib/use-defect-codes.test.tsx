import { API } from '@itms/contracts/api';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, replyTo } from '../test/render-app';
import { createQueryClient } from './query-client';
import { useDefectCodes } from './use-defect-codes';
import { invalidateAfter } from './write';

afterEach(() => vi.unstubAllGlobals());

const at = '2026-12-01T03:00:00.000Z';
const entry = (code: number, name: string | null, unsafe = false) => ({
  code,
  name,
  unsafe,
  usage: 0,
  updated_at: at,
});

describe('useDefectCodes', () => {
  it("names codes from the catalogue ('Kode N' unnamed), offers 0, 99 and every code; a rename refreshes it", async () => {
    let rows = [entry(1, 'Tapak robek'), entry(2, null), entry(45, 'Bead lepas', true)];
    const { calls } = mockApi([replyTo(API.listDefectCodes, () => ({ body: rows }))]);
    const client = createQueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(() => useDefectCodes(), { wrapper });
    // before the catalogue arrives: the seed's names
    expect(result.current.label(23)).toBe('Sidewall Cut');
    await waitFor(() => expect(result.current.rows).toHaveLength(3));
    const { label, options } = result.current;
    expect([0, 99, 1, 2, 45, 23].map(label)).toEqual([
      'Tidak dicek',
      'Normal',
      'Tapak robek',
      'Kode 2',
      'Bead lepas',
      'Kode 23',
    ]);
    expect(options).toEqual([
      { value: 0, label: '0 - Tidak dicek' },
      { value: 99, label: '99 - Normal' },
      { value: 1, label: '1 - Tapak robek' },
      { value: 2, label: '2 - Kode 2' },
      { value: 45, label: '45 - Bead lepas' },
    ]);
    expect(calls.filter((c) => c.url === '/api/defect-code')).toHaveLength(1);

    // an admin's rename makes it stale: read again
    rows = [entry(1, 'Crown Cut'), entry(2, null), entry(45, 'Bead lepas', true)];
    await act(() => invalidateAfter(client, [API.updateDefectCode]));
    await waitFor(() => expect(result.current.label(1)).toBe('Crown Cut'));
  });
});
