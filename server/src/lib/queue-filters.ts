import { QUEUE_AGES, QUEUE_DEFAULT_ORDER, type TQueueFilters } from '@itms/contracts/queue';
import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { likePattern, plateContains } from './list-query';

/** The columns of a validation queue's table that its filters and order look at. */
export interface QueueColumns {
  id: AnyPgColumn;
  /** When the server received it: the queue's age and order. */
  created_at: AnyPgColumn;
  unit_id: AnyPgColumn;
  tireman_id: AnyPgColumn;
  location_id: AnyPgColumn;
  /** More text columns the search also looks in (a BKB's category). */
  searchAlso?: AnyPgColumn[];
}

/**
 * The WHERE parts of the shared queue filters. A text is matched in the small master tables first:
 * `unit_id = any(array(select id from units ...))` is computed once, before the queue is read, so
 * the ids reach the indexes on unit_id, tireman_id and location_id (a BitmapOr), where an
 * `in (select ...)` is a filter on every row of the queue. Age compares created_at with a computed
 * bound, so the queue's partial index on created_at still orders it.
 */
export function queueConditions(c: QueueColumns, f: Partial<TQueueFilters>): SQL[] {
  const out: SQL[] = [];
  const text = f.q?.trim();
  if (text) {
    const like = likePattern(text);
    const also = (c.searchAlso ?? []).map((col) => sql` or ${col} ilike ${like}`);
    out.push(sql`(${c.unit_id} = any(array(select u.id from units u where ${plateContains(sql`u.plate_number`, text)}))
      or ${c.tireman_id} = any(array(select u.id from users u where u.name ilike ${like}))
      or ${c.location_id} = any(array(select l.id from locations l where l.name ilike ${like}))${sql.join(also)})`);
  }
  if (f.location_id) out.push(sql`${c.location_id} = ${f.location_id}`);
  if (f.region_id)
    out.push(sql`${c.location_id} in (select l.id from locations l where l.region_id = ${f.region_id})`);
  if (f.tireman_id) out.push(sql`${c.tireman_id} = ${f.tireman_id}`);
  if (f.age) out.push(sql`${c.created_at} < now() - make_interval(hours => ${QUEUE_AGES[f.age]}::int)`);
  return out;
}

/**
 * Oldest received first (the default), or newest first. Both read the queues' partial indexes on
 * (created_at desc nulls last, id desc nulls last): oldest first is the same index backwards.
 */
export function queueOrder(c: QueueColumns, order: TQueueFilters['order'] | undefined): SQL[] {
  return (order ?? QUEUE_DEFAULT_ORDER) === 'oldest'
    ? [sql`${c.created_at} asc nulls first`, sql`${c.id} asc nulls first`]
    : [sql`${c.created_at} desc nulls last`, sql`${c.id} desc nulls last`];
}

/** Whether any filter narrows the queue (else its stored row count is the total). */
export const isFiltered = (f: Partial<TQueueFilters>) =>
  Boolean(f.q?.trim() || f.location_id || f.region_id || f.tireman_id || f.age);
