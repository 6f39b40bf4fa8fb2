import type { TListResult } from '@itms/contracts/list';
import type { TBannerRow, TNewsRow } from '@itms/contracts/master-data';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET /banners: the newest banners for the carousel. */
export function bannersQuery() {
  return queryOptions({
    queryKey: ['dashboard', 'banners'],
    meta: { silent: true },
    queryFn: ({ signal }) =>
      api.get<TListResult<TBannerRow>>('/banners', { query: { pageSize: 20, sort: '-id' }, signal }),
    staleTime: 5 * 60_000,
  });
}

/** GET /news, one server page of the Berita table. */
export function newsQuery(page: number, pageSize: number) {
  return queryOptions({
    queryKey: ['dashboard', 'news', page, pageSize],
    meta: { silent: true },
    queryFn: ({ signal }) =>
      api.get<TListResult<TNewsRow>>('/news', { query: { page, pageSize, sort: '-id' }, signal }),
    placeholderData: keepPreviousData,
  });
}
