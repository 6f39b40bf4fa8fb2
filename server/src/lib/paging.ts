import type { TListQuery, TListResult } from '@itms/contracts/list';

/** OFFSET/LIMIT of a page (pages start at 1). */
export function pageWindow(q: Pick<TListQuery, 'page' | 'pageSize'>): { offset: number; limit: number } {
  return { offset: (q.page - 1) * q.pageSize, limit: q.pageSize };
}

export function pageResult<T>(
  data: T[],
  total: number,
  q: Pick<TListQuery, 'page' | 'pageSize'>,
): TListResult<T> {
  return { data, total, page: q.page, pageSize: q.pageSize };
}
