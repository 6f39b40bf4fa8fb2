import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { type ExtractTablesWithRelations, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { lockDataDir } from '../lib/data-dir-lock';
import { SERVER_ROOT } from '../paths';
import * as schema from './schema';

export type Schema = typeof schema;
/** The one database type the services see, whichever driver is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
export type DbOrTx = Db | Tx;

/**
 * Settings of every PostgreSQL session of the app. No JIT: the report CTEs' row estimates are
 * blind, so their costs pass jit_above_cost and each run compiled for ~20 ms, four times the query
 * itself (productivity at fleet scale: 27 ms -> 5 ms).
 */
export const PG_SESSION_OPTIONS = '-c jit=off';

export interface Database {
  db: Db;
  driver: 'pglite' | 'postgres';
  /** The pg pool when on PostgreSQL (the socket.io adapter needs it). */
  pool?: pg.Pool;
  /** The embedded client when on PGlite (tests dump and copy it). */
  client?: PGlite;
  migrate(): Promise<void>;
  close(): Promise<void>;
}

export const MIGRATIONS_DIR = path.join(SERVER_ROOT, 'drizzle');

// PostgreSQL returns int8 (count(*), bigserial) as strings; ours fit in a JS number.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number.parseInt(v, 10));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (v) => Number.parseFloat(v));

/** Statements at least this long are prepared once per connection (see StatementCachingClient). */
const PREPARE_FROM_CHARS = 1000;

/**
 * A pg client that names each long parameterised statement after its text: each connection
 * parses it once and PostgreSQL may reuse its plan (the reports' CTEs cost 1-3 ms to plan and
 * well under 1 ms to run at L). Short statements (a page of a small list) gained nothing in the
 * bench and stay unnamed. The texts are the app's own, so the names stay a bounded set.
 */
export class StatementCachingClient extends pg.Client {
  // biome-ignore lint/suspicious/noExplicitAny: pg's query() is overloaded beyond what its types say
  override query(config: any, values?: any, callback?: any): any {
    if (
      config &&
      typeof config === 'object' &&
      typeof config.text === 'string' &&
      config.text.length >= PREPARE_FROM_CHARS &&
      !config.name
    ) {
      const params = values ?? config.values;
      if (Array.isArray(params) && params.length > 0) {
        config = { ...config, name: `s_${createHash('sha1').update(config.text).digest('base64url')}` };
      }
    }
    return super.query(config, values, callback);
  }
}

export function openPostgres(url: string, poolSize = 10): Database {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    options: PG_SESSION_OPTIONS,
    Client: StatementCachingClient,
  });
  // An idle connection dropped by the server (restart, failover, admin termination) is removed
  // from the pool by pg; without a listener its 'error' event would crash the process.
  pool.on('error', (err) => console.warn(`PostgreSQL idle connection lost: ${err.message}`));
  const db = drizzleNodePg(pool, { schema }) as unknown as Db;
  return {
    db,
    driver: 'postgres',
    pool,
    migrate: () =>
      migrateUnderLock(url, () => migrateNodePg(drizzleNodePg(pool), { migrationsFolder: MIGRATIONS_DIR })),
    close: () => pool.end(),
  };
}

/** Any fixed number: the advisory lock all server processes take around the migrations. */
const MIGRATION_LOCK = 7_400_124;

/**
 * Runs the migrations while holding a cluster-wide advisory lock, on a connection of its own (a
 * pool of one stays free for them): server processes started together on a new version apply
 * them one after another, the later ones finding nothing left to do, instead of racing.
 */
async function migrateUnderLock(url: string, migrate: () => Promise<void>): Promise<void> {
  const lock = new pg.Client({ connectionString: url, options: PG_SESSION_OPTIONS });
  await lock.connect();
  try {
    await lock.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migrate();
  } finally {
    // closing the connection releases the lock, also when the migration failed
    await lock.end();
  }
}

/** When the current HTTP request arrived (the app sets it per request): PGlite's turn order. */
export const requestClock = new AsyncLocalStorage<number>();

/**
 * PGlite runs one statement at a time, first come first served per statement. Under concurrent
 * requests that made each request's second and third statements queue behind every newer
 * request's first one, so a request waited several rounds (p95 twice p50). The gate hands PGlite
 * to the waiting statement of the oldest request instead, so requests finish in arrival order.
 * The next turn is given after the I/O callbacks' microtasks: the request whose statement just
 * finished has sent its next one by then. A transaction holds the turn until it ends (its
 * statements go to PGlite directly); statements outside a request count from when they were sent.
 */
export function gatedPglite(client: PGlite): PGlite {
  const waiting: { since: number; seq: number; go: () => void }[] = [];
  let busy = false;
  let seq = 0;
  const next = () => {
    if (waiting.length === 0) {
      busy = false;
      return;
    }
    let oldest = 0;
    for (let i = 1; i < waiting.length; i++) {
      const w = waiting[i]!;
      const o = waiting[oldest]!;
      if (w.since < o.since || (w.since === o.since && w.seq < o.seq)) oldest = i;
    }
    waiting.splice(oldest, 1)[0]!.go();
  };
  async function turn<T>(run: () => Promise<T>): Promise<T> {
    if (busy) {
      const since = requestClock.getStore() ?? performance.now();
      await new Promise<void>((go) => waiting.push({ since, seq: seq++, go }));
    }
    busy = true;
    try {
      return await run();
    } finally {
      setImmediate(next);
    }
  }
  return {
    query: (...args: Parameters<PGlite['query']>) => turn(() => client.query(...args)),
    transaction: (fn: Parameters<PGlite['transaction']>[0]) => turn(() => client.transaction(fn)),
  } as unknown as PGlite;
}

/** PostgreSQL's shared buffers on PGlite (issue 41, item 4: the embedded default's memory). */
export const PGLITE_SHARED_BUFFERS = '16MB';

/** The embedded database: a directory on disk, or in memory when `dir` is omitted. */
export async function openPglite(options: { dir?: string; loadDataDir?: Blob } = {}): Promise<Database> {
  if (options.dir) fs.mkdirSync(options.dir, { recursive: true });
  // Loaded on demand: a server on PostgreSQL never pays PGlite's ~45 MB of RSS.
  const [{ PGlite }, { pg_trgm }, { drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all(
    [
      import('@electric-sql/pglite'),
      import('@electric-sql/pglite/contrib/pg_trgm'),
      import('drizzle-orm/pglite'),
      import('drizzle-orm/pglite/migrator'),
    ],
  );
  const client = await PGlite.create({
    dataDir: options.dir,
    loadDataDir: options.loadDataDir,
    // the migrations create pg_trgm (the global search's trigram indexes); PGlite must offer it
    extensions: { pg_trgm },
    // PostgreSQL's 128 MB of shared buffers live in the WASM heap, which never shrinks: 16 MB keep
    // the embedded default small (issue 41, item 4); the files are still cached by the OS
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`],
  });
  const db = drizzlePglite({ client: gatedPglite(client), schema }) as unknown as Db;
  return {
    db,
    driver: 'pglite',
    client,
    migrate: () => migratePglite(drizzlePglite(client), { migrationsFolder: MIGRATIONS_DIR }),
    close: () => client.close(),
  };
}

export async function openDatabase(config: {
  databaseUrl?: string;
  databasePoolSize: number;
  dataDir: string;
}): Promise<Database> {
  if (config.databaseUrl) return openPostgres(config.databaseUrl, config.databasePoolSize);
  // the embedded database has one owner: a second server, or a CLI while one runs, is refused
  const unlock = lockDataDir(config.dataDir);
  try {
    const database = await openPglite({ dir: path.join(config.dataDir, 'pgdata') });
    const close = database.close;
    database.close = async () => {
      await close();
      unlock();
    };
    return database;
  } catch (err) {
    unlock();
    throw err;
  }
}

/**
 * One bind parameter holding a whole array, as PostgreSQL's text literal; cast it in the SQL
 * (`${pgArray(ids)}::int[]`). Drizzle expands a JS array into one parameter per element, which
 * makes the statement's text change with the length (no plan reuse) and costs a builder pass each.
 */
export function pgArray(values: readonly (string | number | null | undefined)[]): SQL {
  const items = values.map((v) =>
    v == null ? 'NULL' : typeof v === 'number' ? String(v) : `"${v.replace(/[\\"]/g, (c) => `\\${c}`)}"`,
  );
  return sql`${`{${items.join(',')}}`}`;
}

/**
 * Runs independent INSERT / UPDATE / DELETE statements as one statement (data-modifying CTEs):
 * one round trip instead of one per statement, which is what a busy 2-core server pays for most.
 * They all read the same snapshot, so none may depend on another's effects or touch the same
 * rows; AFTER triggers fire once all of them are done.
 */
export async function executeTogether(db: DbOrTx, statements: readonly SQLWrapper[]): Promise<void> {
  if (statements.length === 0) return;
  if (statements.length === 1) {
    await db.execute(statements[0]!.getSQL());
    return;
  }
  const ctes = statements.map((s, i) => sql`${sql.raw(`w${i}`)} as (${s.getSQL()})`);
  await db.execute(sql`with ${sql.join(ctes, sql`, `)} select 1`);
}

/** Rows of a raw query, whichever driver ran it. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}
