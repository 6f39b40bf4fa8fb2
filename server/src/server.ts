import { fork } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';
import { refreshTireWearIfMissing } from './db/read-models/tire-wear/wear';
import { DEMO_PASSWORD } from './db/seed/demo';
import { seedDemoIfEmpty } from './db/seed/seed';
import { DataDirLockedError } from './lib/data-dir-lock';
import { createStorage } from './lib/storage';
import { productionConfigProblem, productionDatabaseProblem } from './ops/production-guard';

/**
 * A server that must not run does not start, and says why: a production server that anyone who
 * read the README could sign in to, or a DATA_DIR whose embedded database another process holds.
 */
function refuse(problem: string): never {
  console.error(`Refusing to start: ${problem}`);
  process.exit(1);
}

async function main() {
  const started = Date.now();
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const configProblem = productionConfigProblem(config);
  if (configProblem) refuse(configProblem);
  if (config.demoSeed && !config.databaseUrl && !fs.existsSync(path.join(config.dataDir, 'pgdata'))) {
    await seedInChild();
  }
  const database = await openDatabase(config).catch((err: unknown) => {
    if (err instanceof DataDirLockedError) refuse(err.message);
    throw err;
  });
  await database.migrate();
  const databaseProblem = await productionDatabaseProblem(config, database.db);
  if (databaseProblem) {
    await database.close();
    refuse(databaseProblem);
  }
  const app = await buildApp({ config, database });
  if (config.demoSeed) {
    const seeded = await seedDemoIfEmpty(database.db, app.storage, app.log);
    if (seeded) app.log.info('demo data seeded');
  }
  // tire life and wear statistics of a database that predates them (issue 11), in the background
  void refreshTireWearIfMissing(database.db, app.log);
  await app.listen({ port: config.port, host: config.host });
  const url = `http://localhost:${(app.server.address() as { port: number }).port}`;
  console.log(
    `\nITMS is running at ${url}  (Node ${process.version}, database: ${database.driver}, ready in ${Date.now() - started} ms)`,
  );
  if (config.demoSeed) {
    console.log(
      `Demo logins (password ${DEMO_PASSWORD}): admin@itms.local, edp@itms.local, tireman@itms.local, workshop@itms.local, pelanggan@itms.local\n`,
    );
  }

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => process.exit(1), 10_000);
    timer.unref();
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

/** Set in the child process that seeds a new embedded database. */
const SEED_CHILD = 'ITMS_DEMO_SEED_CHILD';

/**
 * A new embedded database gets the demo fleet from a child process of this file: seeding grows
 * PGlite's WASM heap and the allocator's arenas by ~170 MB that a process never gives back (nor
 * does a worker thread's exit), and a child's go when it exits (issue 41, item 4: the embedded
 * default's memory). The server then opens the seeded files.
 */
function seedInChild(): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = fork(fileURLToPath(import.meta.url), { env: { ...process.env, [SEED_CHILD]: '1' } });
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`demo seed exited with ${code}`)),
    );
  });
}

async function seedDemoChild() {
  const config = loadConfig();
  const database = await openDatabase(config);
  try {
    await database.migrate();
    const log = pino({ level: config.logLevel });
    if (await seedDemoIfEmpty(database.db, createStorage(config), log)) log.info('demo data seeded');
  } finally {
    await database.close();
  }
}

(process.env[SEED_CHILD] ? seedDemoChild() : main()).catch((err) => {
  console.error(err);
  process.exit(1);
});
