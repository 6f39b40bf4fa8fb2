import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect, inject } from 'vitest';
import { buildApp } from '../src/app';
import { type Config, testConfig } from '../src/config';
import { type Database, type DbOrTx, openPglite, openPostgres, rowsOf } from '../src/db/client';
import { describeDifference, verifyReadModels } from '../src/db/read-models/read-models';
import { READ_MODELS, readModelSql } from '../src/db/read-models/registry';
import type { WhatsappGateway } from '../src/lib/whatsapp';
import { FX } from './fixtures';
import { withDatabase } from './global-setup';

export { FX };

/** A fresh copy of the fixture database, on the driver this suite runs on. */
export async function openTestDatabase(): Promise<Database> {
  if (inject('dbDriver') === 'postgres') {
    const url = process.env.TEST_DATABASE_URL!;
    const name = `itms_t_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
    const admin = openPostgres(url, 1);
    await admin.pool!.query(`CREATE DATABASE ${name} TEMPLATE ${inject('pgTemplateDb')}`);
    await admin.close();
    const database = openPostgres(withDatabase(url, name), 5);
    const close = database.close;
    database.close = async () => {
      await close();
      const again = openPostgres(url, 1);
      await again.pool!.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await again.close();
    };
    return database;
  }
  const tar = fs.readFileSync(inject('pgliteTemplate'));
  return openPglite({ loadDataDir: new Blob([tar]) });
}

/**
 * A copy of the fixture database for a server process the test starts: a PostgreSQL database
 * (`env.DATABASE_URL`) or a PGlite data directory under `dataDir` (the process's DATA_DIR). On
 * PGlite `open` it only while that process is down (the directory has one owner); `drop` removes
 * the PostgreSQL copy (the PGlite one goes with `dataDir`).
 */
export async function fixtureDatabaseForProcess(
  dataDir: string,
  tag: string,
): Promise<{ env: Record<string, string>; open: () => Promise<Database>; drop: () => Promise<void> }> {
  if (inject('dbDriver') === 'postgres') {
    const url = process.env.TEST_DATABASE_URL!;
    const name = `itms_${tag}_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
    const admin = openPostgres(url, 1);
    await admin.pool!.query(`CREATE DATABASE ${name} TEMPLATE ${inject('pgTemplateDb')}`);
    await admin.close();
    const dbUrl = withDatabase(url, name);
    const drop = async () => {
      const again = openPostgres(url, 1);
      await again.pool!.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await again.close();
    };
    return { env: { DATABASE_URL: dbUrl }, open: async () => openPostgres(dbUrl, 2), drop };
  }
  const pgdata = path.join(dataDir, 'pgdata');
  const seeded = await openPglite({
    dir: pgdata,
    loadDataDir: new Blob([fs.readFileSync(inject('pgliteTemplate'))]),
  });
  await seeded.close();
  return { env: {}, open: () => openPglite({ dir: pgdata }), drop: async () => {} };
}

/**
 * A migrated database without any rows (not even the fixtures), on the driver this suite runs on:
 * a fresh fixture copy with every table emptied and the id sequences reset.
 */
export async function openEmptyTestDatabase(): Promise<Database> {
  const database = await openTestDatabase();
  const tables = rowsOf<{ name: string }>(
    await database.db.execute(sql`select tablename as name from pg_tables where schemaname = 'public'`),
  );
  await database.db.execute(
    sql.raw(`truncate table ${tables.map((t) => `"${t.name}"`).join(', ')} restart identity cascade`),
  );
  return database;
}

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: Config;
  /** Messages the app sent over WhatsApp. */
  whatsappOutbox: { phone: string; text: string }[];
  /** While true, the WhatsApp stand-in refuses every message (a gateway that is down). */
  whatsappDown: { value: boolean };
  /** Logs in and returns the access token. */
  login(email: string, password?: string): Promise<string>;
  close(): Promise<void>;
}

export async function createTestApp(overrides: Partial<Config> = {}): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'itms-app-'));
  const base = testConfig({ dataDir });
  const config: Config = {
    ...base,
    storage: { ...base.storage, localDir: path.join(dataDir, 'uploads') },
    // API tests do not depend on whether the SPA happens to be built
    webDist: path.join(dataDir, 'no-web-dist'),
    ...overrides,
  };
  const database = await openTestDatabase();
  const whatsappOutbox: { phone: string; text: string }[] = [];
  const whatsappDown = { value: false };
  const whatsapp: WhatsappGateway = {
    send: async (phone, text) => {
      if (whatsappDown.value) throw new Error('WhatsApp gateway answered 503');
      whatsappOutbox.push({ phone, text });
    },
  };
  const app = await buildApp({ config, database, whatsapp });
  await app.ready();
  return {
    app,
    database,
    config,
    whatsappOutbox,
    whatsappDown,
    async login(email, password = FX.password) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/tire-man/login',
        payload: { email, password },
      });
      if (res.statusCode !== 200) throw new Error(`login ${email} failed: ${res.statusCode} ${res.body}`);
      return res.json().access_token as string;
    },
    async close() {
      await app.close();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The repository's root: where `npm run` scripts run. */
/**
 * Waits until the writes an accepted request left to the background have landed: the wear refresh,
 * Web Push deliveries, inbox items and the digest's messages (each after its commit). A test that
 * compares tables around a refusal settles first, so a late background row is not taken for it.
 */
export async function backgroundSettled(app: TestApp['app']): Promise<void> {
  await app.tireWear.drain();
  await Promise.all([app.push.idle(), app.inbox.idle(), app.digest.idle()]);
}

export const REPO_ROOT = path.resolve(import.meta.dirname, '../..');

/** Runs a TypeScript CLI of the repo (`npm run db:verify`'s script, say) as npm would: its exit code and its output. */
export function runScript(script: string, args: string[], env: Record<string, string>) {
  return new Promise<{ code: number | null; out: string }>((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
      cwd: REPO_ROOT,
      env: { ...process.env, LOG_LEVEL: 'warn', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (c) => {
      out += c;
    });
    child.stderr.on('data', (c) => {
      out += c;
    });
    child.on('exit', (code) => resolve({ code, out }));
  });
}

/** The read models (all, or those named) equal their recount from the base tables (db/read-models). */
export async function expectReadModelsRecounted(db: DbOrTx, names?: readonly string[]): Promise<void> {
  const models = names ? READ_MODELS.filter((m) => names.includes(m.name)) : READ_MODELS;
  expect(models.length).toBe(names?.length ?? READ_MODELS.length);
  expect((await verifyReadModels(db, models)).map(describeDifference)).toEqual([]);
}

/** Every read model's rows as the screens read them (its stored.sql), as sorted JSON text, by model. */
export async function readModelRows(db: DbOrTx): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {};
  for (const m of READ_MODELS) {
    out[m.name] = rowsOf<{ j: string }>(
      await db.execute(
        sql.raw(`select to_jsonb(x)::text as j from (${readModelSql(m, 'stored.sql')}) x order by 1`),
      ),
    ).map((r) => r.j);
  }
  return out;
}
