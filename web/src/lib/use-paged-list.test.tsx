import { API } from '@itms/contracts/api';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { expect, it } from 'vitest';
import { usePagedList } from './use-paged-list';

it('two URL updates before the page renders again keep both (a chip cleared, then a search)', () => {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter initialEntries={['/ban-kritis?kind=below-pull']}>{children}</MemoryRouter>
    </QueryClientProvider>
  );
  const { result } = renderHook(
    () => ({
      list: usePagedList({
        endpoint: API.listTireAlerts,
        sizes: { options: [10], default: 10 },
        enabled: false,
      }),
      location: useLocation(),
    }),
    { wrapper },
  );
  act(() => {
    result.current.list.update({ kind: undefined, page: undefined });
    result.current.list.setSearch('BS2609M7358');
  });
  const params = new URLSearchParams(result.current.location.search);
  expect(params.get('kind')).toBeNull();
  expect(params.get('q')).toBe('BS2609M7358');
});
