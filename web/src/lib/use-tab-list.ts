import type { Endpoint } from '@itms/contracts/endpoint';
import { keepPreviousData } from '@tanstack/react-query';
import type { TableProps } from 'antd';
import { type ReactNode, useState } from 'react';
import { listEmptyText } from '../components/load-error';
import type { CallInput } from './api-client';
import { useEndpoint } from './use-endpoint';
import type { RowOf } from './use-paged-list';

/**
 * A paged list in a tab (a unit's checks, replacements, BKB, calls): 10, 20 or 50 rows, the page
 * kept in the tab (not the URL); a new page size starts again at page 1. The previous page stays
 * while the next loads, and a failure is said by the table in place (listEmptyText), not in the
 * 'Oops...' dialog. Returns the query and ready-made props for its table (rows, loading, empty
 * text, pagination).
 */
export function useTabList<E extends Endpoint, T extends object = RowOf<E> & object>(
  endpoint: E,
  input: (page: { page: number; pageSize: number }) => CallInput<E>,
  emptyText?: ReactNode,
) {
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(10);
  const list = useEndpoint(endpoint, input({ page, pageSize }), {
    placeholderData: keepPreviousData,
    meta: { silent: true },
  });
  const reply = list.data as { data: T[]; total: number } | undefined;
  const tableProps: TableProps<T> = {
    dataSource: reply?.data ?? [],
    loading: list.isFetching,
    locale: { emptyText: listEmptyText(list, () => list.refetch(), emptyText) },
    pagination: {
      current: page,
      pageSize,
      total: reply?.total ?? 0,
      showSizeChanger: true,
      pageSizeOptions: [10, 20, 50],
      onChange: (p: number, size: number) => {
        setPage(size === pageSize ? p : 1);
        setPageSize(size);
      },
    },
  };
  return { list, tableProps };
}
