import type { Endpoint, ReplyOf } from '@itms/contracts/endpoint';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TablePaginationConfig, TableProps } from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import { type ReactNode, useCallback, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { listEmptyText } from '../components/load-error';
import { type CallInput, call, endpointKey } from './api-client';

type Scalar = string | number | boolean | null | undefined;

/** A row of a paged list operation's reply (`{ data: T[], total }`). */
export type RowOf<E extends Endpoint> = ReplyOf<E> extends { data: readonly (infer T)[] } ? T : never;

export interface PagedListOptions<E extends Endpoint> {
  /** The list operation (contracts/src/api/): GET with the query, or a record search by POST. */
  endpoint: E;
  /** Path parameters of the list (the stock card of one tire: `{ id }`). */
  params?: Record<string, string | number>;
  sizes: { readonly options: readonly number[]; readonly default: number };
  /** Filters sent with every request (besides page, pageSize, sort, q). */
  filters?: Record<string, Scalar>;
  enabled?: boolean;
  /** What the table says when the list really has no rows. */
  emptyText?: ReactNode;
}

/**
 * A server-paged list whose page, size, sort and search live in the URL, so that reload and
 * links restore it. Returns the data and ready-made props for an antd Table.
 */
export function usePagedList<E extends Endpoint, T extends object = RowOf<E> & object>(
  o: PagedListOptions<E>,
) {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const sizeParam = Number(params.get('pageSize'));
  const pageSize = o.sizes.options.includes(sizeParam) ? sizeParam : o.sizes.default;
  const sort = params.get('sort') ?? undefined;
  const q = params.get('q') ?? undefined;
  const query = { page, pageSize, sort, q, ...o.filters };
  // a record search takes its query in the body
  const input = {
    params: o.params,
    ...(o.endpoint.method === 'POST' ? { body: query } : { query }),
  } as CallInput<E>;

  const result = useQuery({
    queryKey: endpointKey(o.endpoint, input),
    queryFn: ({ signal }) => call(o.endpoint, input, { signal }),
    placeholderData: keepPreviousData,
    enabled: o.enabled ?? true,
    // the table shows the failure in place of its rows, with 'Coba lagi'
    meta: { silent: true },
  });
  const reply = result.data as { data: T[]; total: number } | undefined;

  // react-router hands a setter's callback the params of the last render. A second update before
  // the first navigation renders (a chip click, then a search, on a busy page) would build on
  // those and bring back what the first one removed, so each update builds on the last one made.
  const rendered = useRef(params);
  rendered.current = params;
  const lastUpdate = useRef<{ from: string; to: URLSearchParams } | null>(null);
  // once the URL has moved on (the update rendered, or Back), the last update is history
  if (lastUpdate.current && lastUpdate.current.from !== params.toString()) lastUpdate.current = null;
  const update = useCallback(
    (next: Record<string, string | number | undefined>) => {
      const now = rendered.current;
      const pending = lastUpdate.current?.from === now.toString() ? lastUpdate.current.to : null;
      const p = new URLSearchParams(pending ?? now);
      for (const [k, v] of Object.entries(next)) {
        if (v === undefined || v === '') p.delete(k);
        else p.set(k, String(v));
      }
      lastUpdate.current = { from: now.toString(), to: p };
      setParams(p, { replace: true });
    },
    [setParams],
  );

  const setSearch = useCallback(
    (text: string) => update({ q: text.trim() || undefined, page: undefined }),
    [update],
  );

  const onChange: TableProps<T>['onChange'] = (pagination: TablePaginationConfig, _f, sorter) => {
    const s = (Array.isArray(sorter) ? sorter[0] : sorter) as SorterResult<T> | undefined;
    const field = s?.order ? String(s.columnKey ?? s.field) : undefined;
    const nextSize = pagination.pageSize ?? pageSize;
    update({
      page: nextSize !== pageSize ? undefined : pagination.current,
      pageSize: nextSize === o.sizes.default ? undefined : nextSize,
      sort: field ? `${s?.order === 'descend' ? '-' : ''}${field}` : undefined,
    });
  };

  const { refetch } = result;
  const retry = useCallback(() => void refetch(), [refetch]);
  // a failed page shows the failure, not the rows of the page before it
  const failed = result.isError && !result.isFetching;
  const tableProps: TableProps<T> = {
    dataSource: failed ? [] : (reply?.data ?? []),
    loading: result.isFetching,
    onChange,
    pagination: {
      current: page,
      pageSize,
      total: failed ? 0 : (reply?.total ?? 0),
      pageSizeOptions: o.sizes.options.map(String),
      showSizeChanger: o.sizes.options.length > 1,
      showTotal: (total, [from, to]) => `${from}-${to} dari ${total}`,
    },
    scroll: { x: 'max-content' },
    locale: { emptyText: listEmptyText(result, retry, o.emptyText) },
  };

  /** antd's sortOrder of a column, from the URL. */
  const sortOrder = (column: string) =>
    sort === column ? ('ascend' as const) : sort === `-${column}` ? ('descend' as const) : null;

  return { ...result, page, pageSize, sort, q, setSearch, update, tableProps, sortOrder };
}
