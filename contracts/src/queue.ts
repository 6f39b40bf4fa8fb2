// Search, filters and order shared by the three validation queues (Validasi Pengecekan, Validasi
// Pergantian, BKB): one query shape, one server helper (server/src/lib/queue-filters.ts), one
// filter bar (web/src/components/queue-filter-bar.tsx).
import { z } from 'zod';
import { optionalFilterId as optionalId } from './list';

/** How long an item has waited since the server received it: over 24 hours, over 3 days. */
export const QUEUE_AGES = { '24h': 24, '3d': 72 } as const;
export type TQueueAge = keyof typeof QUEUE_AGES;
export const QUEUE_AGE_LABELS: Record<TQueueAge, string> = {
  '24h': 'Lebih dari 24 jam',
  '3d': 'Lebih dari 3 hari',
};

/**
 * Oldest received first (the default: the work waiting longest comes first), or newest first.
 * Records and history lists keep their own newest-first order.
 */
export const QUEUE_ORDERS = ['oldest', 'newest'] as const;
export type TQueueOrder = (typeof QUEUE_ORDERS)[number];
/** The order of a queue opened without one: what the server applies and the web shows. */
export const QUEUE_DEFAULT_ORDER: TQueueOrder = 'oldest';
export const QUEUE_ORDER_LABELS: Record<TQueueOrder, string> = {
  newest: 'Terbaru dulu',
  oldest: 'Terlama dulu',
};

/** The filter fields of a queue's query; each list spreads them next to its paging fields. */
export const queueFilterFields = {
  /** Plate or tire man (and location), case-insensitive, anywhere in the text. */
  q: z.string().trim().max(100, 'Pencarian maksimal 100 karakter').optional(),
  location_id: optionalId('Lokasi'),
  region_id: optionalId('Region'),
  tireman_id: optionalId('Tire man'),
  age: z
    .enum(Object.keys(QUEUE_AGES) as [TQueueAge, ...TQueueAge[]], {
      error: 'Umur harus 24h atau 3d',
    })
    .optional(),
  order: z.enum(QUEUE_ORDERS, { error: 'Urutan harus newest atau oldest' }).default(QUEUE_DEFAULT_ORDER),
};
export const ZQueueFilters = z.object(queueFilterFields);
export type TQueueFilters = z.output<typeof ZQueueFilters>;
/** The filter names as the web keeps them in the URL. */
export const QUEUE_FILTER_KEYS = Object.keys(queueFilterFields) as (keyof TQueueFilters)[];
