import { z } from 'zod';
import { MAX_PAGE_SIZE } from './constants';
import { zNumeric, zOptionalId, zPage } from './numeric';

/** Query every paged list accepts. Filters of a list extend this object. */
export const ZListQuery = z.object({
  page: zPage,
  pageSize: zNumeric(z.number().int().min(1).max(MAX_PAGE_SIZE).default(10)),
  sort: z.string().max(60).optional(),
  q: z.string().max(200).optional(),
});
export type TListQuery = z.infer<typeof ZListQuery>;

export function listResult<T extends z.ZodTypeAny>(item: T) {
  return z.object({ data: z.array(item), total: z.number(), page: z.number(), pageSize: z.number() });
}
export type TListResult<T> = { data: T[]; total: number; page: number; pageSize: number };

/** An id filter of a list: blank means none; anything but a positive int32 is refused by name. */
export const optionalFilterId = (what: string) => zOptionalId(`${what} tidak valid`);
