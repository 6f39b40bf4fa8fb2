// Drains tire_wear_stale after validations commit: one drain at a time per process, in batches,
// then one callback (the tire-alerts broadcast). A slow poll picks up what a crashed process or a
// kick that came before its transaction committed left queued. Between batches the drain rests as
// long as the batch took: under a burst of validations it keeps at most half of one database
// connection's time, and the requests keep the rest (the statistics follow a few seconds later).
import type { Db } from '../../db/client';
import { refreshQueuedTireWear } from '../../db/read-models/tire-wear/wear';

export interface WearRefresher {
  /** Starts a drain now, or right after the running one. */
  kick(): void;
  /** Drains the queue and resolves when it is empty (tests, the tire life view). */
  drain(): Promise<void>;
  /** The tire's own queued refresh, done now: a reader of one tire sees its latest validation. */
  refreshTire(tireId: number): Promise<void>;
  close(): Promise<void>;
}

export interface WearRefresherOptions {
  log: { error: (o: object, m: string) => void };
  /** After a drain that refreshed at least one tire. */
  onRefreshed?: () => void;
  batchSize?: number;
  pollMs?: number;
  /** Rest after each batch, as a share of the batch's own time (default 1: half the time busy). */
  restRatio?: number;
}

export function createWearRefresher(db: Db, opts: WearRefresherOptions): WearRefresher {
  // small batches: the refresh's cost per tire grows with the batch (about 2 ms per tire at 12,
  // 3 ms at 100 on the L fleet), and a batch holds its rows' locks until it commits
  const batchSize = opts.batchSize ?? 20;
  let running: Promise<void> | null = null;
  let again = false;
  let closed = false;

  const restRatio = opts.restRatio ?? 1;

  async function drainOnce(): Promise<void> {
    let refreshed = 0;
    try {
      for (;;) {
        const started = performance.now();
        const { rows: n } = await refreshQueuedTireWear(db, { limit: batchSize });
        refreshed += n;
        if (n < batchSize || closed) break;
        await new Promise((r) => setTimeout(r, (performance.now() - started) * restRatio));
      }
    } catch (err) {
      opts.log.error({ err }, 'tire wear refresh failed; the tires stay queued');
    }
    if (refreshed > 0) opts.onRefreshed?.();
  }

  function start(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        await drainOnce();
      } while (again && !closed);
      running = null;
    })();
    return running;
  }

  const poll = setInterval(() => void start(), opts.pollMs ?? 10_000);
  poll.unref();

  return {
    kick: () => {
      if (!closed) void start();
    },
    // a drain already running runs once more, so rows committed before this call are covered
    drain: async () => {
      if (!closed) await start();
    },
    refreshTire: async (tireId) => {
      await refreshQueuedTireWear(db, { tireId, limit: 1000 });
    },
    close: async () => {
      closed = true;
      clearInterval(poll);
      await running;
    },
  };
}
