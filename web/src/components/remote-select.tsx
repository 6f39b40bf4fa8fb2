import type { Endpoint } from '@itms/contracts/endpoint';
import type { TListResult } from '@itms/contracts/list';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Select, type SelectProps } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { call, endpointKey } from '../lib/api-client';

export interface RemoteSelectProps<T extends { id: number }>
  extends Omit<SelectProps<number>, 'options' | 'showSearch' | 'value' | 'onChange'> {
  /** A paged list operation with `q` search, e.g. `API.listProjects`. */
  list: Endpoint;
  /** The operation giving one record by `{ id }`, e.g. `API.getProject`. */
  get: Endpoint;
  /** Text of an option. */
  labelOf: (row: T) => string;
  /** Sort of the options (a server sort name). */
  sort?: string;
  value?: number | null;
  onChange?: (value: number | undefined, row?: T) => void;
}

const PAGE = 50;

/**
 * A select over a server list: types to search on the server (debounced), shows the chosen
 * record's name even when it is not on the first page of options.
 */
export function RemoteSelect<T extends { id: number }>({
  list,
  get,
  labelOf,
  sort = 'name',
  value,
  onChange,
  ...rest
}: RemoteSelectProps<T>) {
  const [search, setSearch] = useState('');
  const [q, setQ] = useState('');
  useEffect(() => {
    const t = setTimeout(() => setQ(search.trim()), 300);
    return () => clearTimeout(t);
  }, [search]);

  const optionsQuery = { q: q || undefined, pageSize: PAGE, sort };
  const options = useQuery({
    queryKey: endpointKey(list, { query: optionsQuery }),
    queryFn: ({ signal }) => call(list, { query: optionsQuery }, { signal }) as Promise<TListResult<T>>,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
  const rows = options.data?.data ?? [];
  const chosenListed = value == null || rows.some((r) => r.id === value);
  const chosen = useQuery({
    queryKey: endpointKey(get, { params: { id: value } }),
    queryFn: ({ signal }) => call(get, { params: { id: value } }, { signal }) as Promise<T>,
    enabled: !chosenListed && !options.isFetching,
    staleTime: 60_000,
  });

  const merged = useMemo(() => {
    const list = [...rows];
    const one = chosen.data;
    if (one && !list.some((r) => r.id === one.id)) list.unshift(one);
    return list;
  }, [rows, chosen.data]);

  return (
    <Select<number>
      {...rest}
      value={value ?? undefined}
      showSearch={{ filterOption: false, onSearch: setSearch }}
      onChange={(v) => {
        setSearch('');
        onChange?.(
          v ?? undefined,
          merged.find((r) => r.id === v),
        );
      }}
      loading={options.isFetching}
      notFoundContent={options.isFetching ? 'Mengambil Data ...' : 'Tidak ada data'}
      options={merged.map((r) => ({ value: r.id, label: labelOf(r) }))}
    />
  );
}
