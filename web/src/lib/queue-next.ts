import type { Endpoint } from '@itms/contracts/endpoint';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { queueQueryOf } from '../components/queue-filter-bar';
import { call } from './api-client';
import { toast } from './feedback';

/** Said when 'Validasi & berikutnya' finds nothing left in the filtered queue. */
export const QUEUE_DONE_MESSAGE =
  'Antrean selesai: tidak ada lagi yang menunggu validasi dengan saringan ini';

/**
 * The id of the first item of a validation queue (its list operation, `{ data: [{ id }] }`) for
 * the search, filters and order of `params`, or null when the queue is empty. `fixed` are the
 * list's own filters (the replacement queue's `status=edp`).
 */
export async function firstOfQueue(
  endpoint: Endpoint,
  params: URLSearchParams,
  fixed: Record<string, string> = {},
): Promise<number | null> {
  const reply = (await call(endpoint, {
    query: { ...fixed, ...queueQueryOf(params), page: 1, pageSize: 1 },
  })) as { data: { id: number }[] };
  return reply.data[0]?.id ?? null;
}

export interface QueueNextOptions {
  /** The queue's list operation. */
  endpoint: Endpoint;
  fixed?: Record<string, string>;
  /** Opens an item (prefetch, then navigate or show it). */
  open: (id: number) => unknown;
  /** Back to the list: the queue is empty, or reading it failed (its dialog already says why). */
  leave: () => void;
}

/**
 * 'Validasi & berikutnya' of a validation queue: after an item is validated it has left the queue,
 * so the first item of the same filtered, ordered queue (the URL's) is the next one. `going` is true
 * while it is looked up and opened.
 */
export function useQueueNext({ endpoint, fixed, open, leave }: QueueNextOptions) {
  const [params] = useSearchParams();
  const [going, setGoing] = useState(false);
  const openNext = async () => {
    setGoing(true);
    try {
      const id = await firstOfQueue(endpoint, params, fixed);
      if (id === null) {
        toast().info(QUEUE_DONE_MESSAGE);
        leave();
      } else await open(id);
    } catch {
      // the failed query already showed its dialog; the list is the way on
      leave();
    } finally {
      setGoing(false);
    }
  };
  return { going, openNext };
}
