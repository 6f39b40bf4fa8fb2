import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openPglite, openPostgres } from '../src/db/client';
import { seedFixtures } from './fixtures';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    pgTemplateDb: string;
    dbDriver: 'pglite' | 'postgres';
  }
}

/**
 * Builds one migrated database with the test fixtures, once per run; each test file then copies
 * it (PGlite: load the dumped data directory; PostgreSQL: CREATE DATABASE ... TEMPLATE).
 */
export default async function setup(project: TestProject) {
  // server-pg and server-pg-timed run on PostgreSQL; server-pglite and server-pglite-timed on PGlite
  const driver = /^server-pg(-timed)?$/.test(project.name) ? 'postgres' : 'pglite';
  project.provide('dbDriver', driver);
  if (driver === 'postgres') {
    const url = process.env.TEST_DATABASE_URL;
    if (!url) throw new Error('TEST_DATABASE_URL is required for the PostgreSQL suite');
    const name = `itms_tpl_${process.pid}_${project.name.replaceAll('-', '_')}`;
    const admin = openPostgres(url, 1);
    await admin.pool!.query(`DROP DATABASE IF EXISTS ${name}`);
    await admin.pool!.query(`CREATE DATABASE ${name}`);
    const tpl = openPostgres(withDatabase(url, name), 2);
    await tpl.migrate();
    await seedFixtures(tpl.db);
    await tpl.close();
    project.provide('pgTemplateDb', name);
    return async () => {
      await admin.pool!.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.close();
    };
  }
  const database = await openPglite();
  await database.migrate();
  await seedFixtures(database.db);
  const blob = await database.client!.dumpDataDir('none');
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'itms-test-')), 'template.tar');
  fs.writeFileSync(file, Buffer.from(await blob.arrayBuffer()));
  await database.close();
  project.provide('pgliteTemplate', file);
  return () => fs.rmSync(path.dirname(file), { recursive: true, force: true });
}

export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}
