import type { TListQuery, TListResult } from '@itms/contracts/list';
import { type AnyColumn, asc, desc, ilike, or, type SQL, sql } from 'drizzle-orm';
import { badRequest } from './errors';
import { pageResult, pageWindow } from './paging';

/** Sort keys a list accepts (the names the client sees) and the column or expression behind each. */
export type SortColumns = Record<string, AnyColumn | SQL>;

/**
 * ORDER BY of a list from `sort` (`name`, `+name` or `-createdAt`). Only whitelisted keys are
 * accepted (400 otherwise); the id breaks ties so that pages never overlap or skip rows.
 */
export function orderBy(
  sort: string | undefined,
  columns: SortColumns,
  fallback: string,
  id: AnyColumn,
): SQL[] {
  const spec = sort?.trim() || fallback;
  const descending = spec.startsWith('-');
  const key = spec.replace(/^[-+]/, '');
  // own keys only: `__proto__`, `constructor` or `toString` are not columns
  const column = Object.hasOwn(columns, key) ? columns[key] : undefined;
  if (!column) {
    throw badRequest(`Urutan "${key}" tidak dikenal`, [
      { field: 'sort', message: `Urutan harus salah satu dari: ${Object.keys(columns).join(', ')}` },
    ]);
  }
  const dir = descending ? desc : asc;
  return column === id ? [dir(column)] : [dir(column), dir(id)];
}

/** The user's text with the LIKE wildcards (and the escape character) taken literally. */
function escapeLike(q: string): string {
  return q.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** `%q%` for (I)LIKE "contains", the user's text taken literally. */
export function likePattern(q: string): string {
  return `%${escapeLike(q)}%`;
}

/** `q%` for (I)LIKE "starts with", the user's text taken literally. */
export function prefixPattern(q: string): string {
  return `${escapeLike(q)}%`;
}

/**
 * A plate that contains the user's text, case and spaces ignored ("b9001" finds "B 9001 TR"): served
 * by the trigram index on the squashed plate (units_plate_trgm_idx).
 */
export function plateContains(plate: AnyColumn | SQL, q: string): SQL {
  return ilike(sql`replace(${plate}, ' ', '')`, likePattern(q.replace(/\s+/g, '')));
}

/** `plateContains` as the index sees it, for an ORDER BY that puts plates starting with q first. */
export function plateStartsWith(plate: AnyColumn | SQL, q: string): SQL {
  return ilike(sql`replace(${plate}, ' ', '')`, prefixPattern(q.replace(/\s+/g, '')));
}

/** Case-insensitive "contains" over several columns; undefined when there is nothing to search. */
export function searchAny(q: string | undefined, columns: (AnyColumn | SQL)[]): SQL | undefined {
  const text = q?.trim();
  if (!text) return undefined;
  const pattern = likePattern(text);
  return or(...columns.map((c) => ilike(c as AnyColumn, pattern)));
}

/**
 * Runs the page and the count of a list and shapes `{ data, total, page, pageSize }`.
 * `rows` gets LIMIT and OFFSET; both callbacks must apply the same filter.
 */
export async function pagedList<T>(
  q: Pick<TListQuery, 'page' | 'pageSize'>,
  rows: (limit: number, offset: number) => Promise<T[]>,
  total: () => Promise<number>,
): Promise<TListResult<T>> {
  const { limit, offset } = pageWindow(q);
  const [data, n] = await Promise.all([rows(limit, offset), total()]);
  return pageResult(data, n, q);
}
