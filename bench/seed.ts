// Fleet generator: builds a whole ITMS operation of scale S, M or L with set-based SQL.
//   npm run bench:seed -- --scale S|M|L [--database-url postgres://postgres@127.0.0.1:5432/itms_bench]
//   npm run bench:seed -- --scale M --pglite [bench/data/pglite-M]
// PostgreSQL: (re)creates the target database (its name must contain "bench": the generator never
// touches another database), migrates, loads, recreates the indexes dropped for the load, VACUUM
// ANALYZE. PGlite: a fresh data directory (DATA_DIR layout: <dir>/pgdata, <dir>/uploads).
// Both also seed the demo logins admin@itms.local, edp@itms.local, tireman@itms.local / itms12345.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { type Database, openPglite, openPostgres } from '../server/src/db/client';
import { rebuildReadModels, rebuildScript } from '../server/src/db/read-models/read-models';
import { READ_MODELS, type ReadModel, readModelTableNames } from '../server/src/db/read-models/registry';
import { DEMO_PASSWORD } from '../server/src/db/seed/demo';
import {
  avatar,
  bannerImage,
  odometerPhoto,
  platePhoto,
  signature,
  tirePhoto,
} from '../server/src/db/seed/images';
import { BANNERS, NEWS } from '../server/src/db/seed/names';
import { Random, TIRE_BRANDS } from '../server/src/db/seed/shapes';
import { hashPassword } from '../server/src/lib/password';
import { localStorage, newUploadKey } from '../server/src/lib/storage';
import {
  bkbSql,
  checksSql,
  contentSql,
  countsFor,
  type FleetImages,
  fleetSql,
  lookupSql,
  qcSql,
  recordsSql,
  replacementsSql,
  resetSequencesSql,
  type Scale,
  SERIAL_TABLES,
  storingSql,
} from './fleet-sql';

/**
 * The local PostgreSQL, through its Unix socket where it has one: a server on the same host as its
 * database would be deployed that way (README, "Scaling out"), and loopback TCP costs the 2 cores
 * about a tenth of their time. `--database-url postgres://postgres@127.0.0.1:5432/itms_bench` for TCP.
 */
export const DEFAULT_BENCH_URL = fs.existsSync('/var/run/postgresql/.s.PGSQL.5432')
  ? 'postgres://postgres@localhost/itms_bench?host=/var/run/postgresql'
  : 'postgres://postgres@127.0.0.1:5432/itms_bench';
export const BENCH_DATA_DIR = path.resolve(import.meta.dirname, 'data');

/** The big tables whose secondary indexes are dropped during the load and built afterwards. */
const BULK_TABLES = ['tire_checks', 'tire_check_records'];

interface Sql {
  exec(text: string): Promise<void>;
  rows<T>(text: string): Promise<T[]>;
  /** Runs the statements at once on separate connections where the driver has them (PostgreSQL). */
  parallel(texts: string[]): Promise<void>;
  close(): Promise<void>;
}

const SESSION = `
  set session_replication_role = replica; -- FK triggers off during the load: the data is consistent by construction
  set synchronous_commit = off;
  set maintenance_work_mem = '512MB';
  set work_mem = '64MB';
  select setseed(0.42);`;

/** Rethrows a SQL error with the statement text around the error position. */
function explain(e: { position?: string; message: string }, text: string): never {
  const at = Number(e.position ?? 0);
  throw new Error(
    `${e.message}\n--- near: ${at ? text.slice(Math.max(0, at - 300), at + 100) : text.slice(0, 400)}`,
  );
}

async function postgresSql(url: string): Promise<Sql> {
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  pool.on('connect', (client) => void client.query(SESSION));
  const main = await pool.connect();
  return {
    exec: async (text) => void (await main.query(text).catch((e) => explain(e, text))),
    rows: async <T>(text: string) => (await main.query(text)).rows as T[],
    parallel: async (texts) => {
      const other = await pool.connect();
      try {
        // main and other take turns: two at a time
        const queue = [...texts];
        const worker = async (c: pg.PoolClient) => {
          for (let t = queue.shift(); t; t = queue.shift()) await c.query(t);
        };
        await Promise.all([worker(main), worker(other)]);
      } finally {
        other.release();
      }
    },
    close: async () => {
      main.release();
      await pool.end();
    },
  };
}

function pgliteSql(client: PGlite): Sql {
  return {
    exec: async (text) => void (await client.exec(text)),
    rows: async <T>(text: string) => (await client.query<T>(text)).rows,
    parallel: async (texts) => {
      for (const t of texts) await client.exec(t);
    },
    close: async () => {},
  };
}

async function drawImages(uploadsDir: string): Promise<FleetImages> {
  const storage = localStorage(uploadsDir);
  const rnd = new Random(311);
  const jobs: Promise<void>[] = [];
  const put = (draw: () => Buffer) => {
    const key = newUploadKey('png');
    jobs.push(storage.put(key, draw(), 'image/png'));
    return key;
  };
  const names = [
    'Admin ITMS',
    'Dewi Lestari',
    'Budi Santoso',
    'Agus Setiawan',
    'Slamet Riyadi',
    'Joko Susilo',
  ];
  const images: FleetImages = {
    signatures: Array.from({ length: 16 }, () => put(() => signature(rnd))),
    avatars: Array.from({ length: 12 }, (_, i) => put(() => avatar(names[i % names.length], i))),
    plates: Array.from({ length: 10 }, (_, i) => put(() => platePhoto(`B ${9001 + i * 37} UXT`, rnd))),
    odometers: Array.from({ length: 8 }, () => put(() => odometerPhoto(rnd.int(20_000, 480_000)))),
    tirePhotos: Object.fromEntries(
      TIRE_BRANDS.map((b) => [b.name, put(() => tirePhoto(b.name, b.patterns[0]))]),
    ),
    banners: BANNERS.map((b) => put(() => bannerImage(b.lines, b.from, b.to))),
    news: NEWS.map((n) =>
      n.image ? put(() => bannerImage([n.image ?? ''], '#24292f', '#57606a', 640, 360)) : null,
    ),
  };
  await Promise.all(jobs);
  return images;
}

export function databaseName(url: string): string {
  return decodeURIComponent(new URL(url).pathname.replace(/^\//, ''));
}

/** Drops and creates the bench database; refuses any name without "bench" in it. */
async function recreateDatabase(url: string): Promise<void> {
  const name = databaseName(url);
  if (!/^[a-z0-9_]*bench[a-z0-9_]*$/.test(name)) {
    throw new Error(`refusing to recreate database "${name}": the name must contain "bench" (a-z, 0-9, _)`);
  }
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    await client.query(`drop database if exists ${name} with (force)`);
    await client.query(`create database ${name}`);
  } finally {
    await client.end();
  }
}

export interface SeedOptions {
  scale: Scale;
  databaseUrl?: string;
  /** Build on PGlite in this data directory instead of PostgreSQL. */
  pgliteDir?: string;
  log?: (line: string) => void;
}

export async function seedFleet(opts: SeedOptions): Promise<{ ms: number; phases: Record<string, number> }> {
  const log = opts.log ?? ((l: string) => console.log(l));
  const started = performance.now();
  const phases: Record<string, number> = {};
  let mark = started;
  const phase = (name: string) => {
    const t = performance.now();
    phases[name] = Math.round(t - mark);
    log(`  ${name.padEnd(22)} ${(phases[name] / 1000).toFixed(1).padStart(7)} s`);
    mark = t;
  };
  const counts = countsFor(opts.scale);
  log(`fleet ${opts.scale}: ${JSON.stringify(counts)}`);

  let database: Database;
  let dataDir: string;
  if (opts.pgliteDir) {
    dataDir = path.resolve(opts.pgliteDir);
    fs.rmSync(dataDir, { recursive: true, force: true });
    database = await openPglite({ dir: path.join(dataDir, 'pgdata') });
  } else {
    const url = opts.databaseUrl ?? DEFAULT_BENCH_URL;
    await recreateDatabase(url);
    database = openPostgres(url, 2);
    // the server's DATA_DIR for this database (bench/run.ts uses the same): its own uploads
    dataDir = path.join(BENCH_DATA_DIR, databaseName(url));
    fs.rmSync(path.join(dataDir, 'uploads'), { recursive: true, force: true });
  }
  await database.migrate();
  phase('create + migrate');
  const [hash, img] = await Promise.all([
    hashPassword(DEMO_PASSWORD),
    drawImages(path.join(dataDir, 'uploads')),
  ]);
  phase('images');

  let db: Sql;
  if (database.client) {
    db = pgliteSql(database.client);
    await db.exec(SESSION);
  } else {
    await database.close();
    db = await postgresSql(opts.databaseUrl ?? DEFAULT_BENCH_URL);
  }
  try {
    const indexes = await db.rows<{ name: string; def: string }>(`
      select indexname as name, indexdef as def from pg_indexes
       where schemaname = 'public' and tablename in (${BULK_TABLES.map((t) => `'${t}'`).join(', ')})
         and indexname not like '%_pkey'`);
    await db.exec(indexes.map((i) => `drop index ${i.name};`).join('\n'));

    await db.exec(lookupSql(counts, img, hash));
    phase('people + organisation');
    await db.exec(fleetSql(counts));
    phase('units + tires');
    await db.exec(checksSql(counts));
    phase('checks');
    // records in check-id slices, two connections at a time
    const slices = 8;
    const per = Math.ceil(counts.checks / slices);
    await db.parallel(
      Array.from({ length: slices }, (_, i) =>
        recordsSql(i * per + 1, Math.min(counts.checks, (i + 1) * per)),
      ),
    );
    phase('check records');
    await db.exec(replacementsSql(counts));
    phase('replacements');
    await db.exec(bkbSql(counts));
    phase('bkb');
    await db.exec(qcSql(counts));
    phase('qc');
    await db.exec(storingSql(counts));
    phase('storing');
    await db.exec(contentSql(counts, img));
    await db.exec(resetSequencesSql);
    await db.exec('drop schema bench_gen cascade;');
    phase('content + sequences');
    await db.parallel(indexes.map((i) => `${i.def};`));
    phase('indexes');
    // every trigger-kept read model (their triggers were off during the load), in dependency order;
    // those the server keeps through a queue (tire wear) after the vacuum below, which their rebuild
    // (over every reading of the fleet) needs
    await db.exec(rebuildScript(READ_MODELS.filter((m: ReadModel) => !m.queue)));
    phase('read models');
    // as on a live database, where autovacuum has set the visibility maps: index-only scans work
    await db.parallel([
      // no list reads tire_check_records by an index-only scan: statistics are enough there
      'analyze tire_check_records',
      'vacuum analyze tire_checks',
      `vacuum analyze ${SERIAL_TABLES.filter((t) => !BULK_TABLES.includes(t)).join(', ')}, sessions, login_failures`,
      // the read models of the reports, the warehouse, the stock card and the lists (index-only scans)
      `vacuum analyze ${readModelTableNames().join(', ')}`,
    ]);
    phase('vacuum analyze');
    // tire life and wear statistics of every tire (issue 11): one set-based statement
    const wearDb = database.client ? database : openPostgres(opts.databaseUrl ?? DEFAULT_BENCH_URL, 1);
    try {
      const wearStarted = performance.now();
      await wearDb.db.transaction((tx) =>
        rebuildReadModels(
          tx,
          READ_MODELS.filter((m: ReadModel) => m.queue),
        ),
      );
      const [w] = await db.rows<{ tires: number; fitted: number; readings: number }>(
        `select count(*)::int as tires, count(slope)::int as fitted, coalesce(sum(readings), 0)::int as readings from tire_wear`,
      );
      log(
        `  tire wear of the whole fleet: ${((performance.now() - wearStarted) / 1000).toFixed(1)} s for ${w?.tires} tires, ${w?.readings} current-life readings, ${w?.fitted} fitted`,
      );
      await db.exec('vacuum analyze tire_wear');
    } finally {
      if (!database.client) await wearDb.close();
    }
    phase('tire wear');
    const [n] = await db.rows<Record<string, number>>(`
      select (select count(*) from tire_checks)::int as checks, (select count(*) from tire_check_records)::int as records,
             (select count(*) from tires)::int as tires, (select count(*) from units)::int as units,
             (select count(*) from tire_replacements)::int as replacements, (select count(*) from mismatches)::int as bkb,
             (select count(*) from qc_checks)::int as qc, (select count(*) from tire_events)::int as events,
             (select count(*) from users where role = 'tire-man')::int as tire_men`);
    log(`rows: ${JSON.stringify(n)}`);
  } finally {
    await db.close();
    if (database.client) await database.close();
  }
  const ms = Math.round(performance.now() - started);
  log(
    `fleet ${opts.scale} built in ${(ms / 1000).toFixed(1)} s (load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')})`,
  );
  return { ms, phases };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: {
      scale: { type: 'string', default: 'S' },
      'database-url': { type: 'string' },
      pglite: { type: 'boolean', default: false },
      dir: { type: 'string' },
    },
    allowPositionals: true,
  });
  const scale = (values.scale ?? 'S').toUpperCase();
  if (scale !== 'S' && scale !== 'M' && scale !== 'L') {
    console.error('--scale must be S, M or L');
    process.exit(2);
  }
  await seedFleet({
    scale,
    databaseUrl: values['database-url'],
    pgliteDir: values.pglite ? (values.dir ?? path.join(BENCH_DATA_DIR, `pglite-${scale}`)) : undefined,
  });
}
