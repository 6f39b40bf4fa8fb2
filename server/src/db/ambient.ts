import { AsyncLocalStorage } from 'node:async_hooks';
import type { Db, Tx } from './client';

// A transaction that the services of one request join without being handed it: the
// Idempotency-Key store writes its row in the same transaction as the record the route creates.

interface Ambient {
  tx: Tx;
  /** False once the transaction has ended: work the request left running uses the plain database. */
  open: boolean;
  afterCommit: (() => void)[];
}

const ambient = new AsyncLocalStorage<Ambient>();

/**
 * The database the modules get: outside a request's ambient transaction it is `db` itself; inside,
 * every call goes to that transaction (`transaction()` becomes a savepoint), so a service's own
 * transaction commits or rolls back with the request's.
 */
export function ambientAware(db: Db): Db {
  return new Proxy(db, {
    get(target, prop) {
      const a = ambient.getStore();
      const base: object = a?.open ? a.tx : target;
      const value = Reflect.get(base, prop, base);
      return typeof value === 'function' ? value.bind(base) : value;
    },
  });
}

/** Runs `fn` in one transaction of `db` that `ambientAware` databases join; then the after-commit work. */
export async function inAmbientTransaction<T>(db: Db, fn: (tx: Tx) => Promise<T>): Promise<T> {
  const afterCommit: (() => void)[] = [];
  const result = await db.transaction(async (tx) => {
    const state: Ambient = { tx, open: true, afterCommit };
    try {
      return await ambient.run(state, () => fn(tx));
    } finally {
      state.open = false;
    }
  });
  for (const run of afterCommit) run();
  return result;
}

/**
 * Runs `run` once the ambient transaction has committed (never if it rolls back), or now when there
 * is none: events must not announce a record that is not there yet.
 */
export function afterCommit(run: () => void): void {
  const a = ambient.getStore();
  if (a?.open) a.afterCommit.push(run);
  else run();
}
