import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { type Database, openPglite, openPostgres, rowsOf } from '../src/db/client';
import { syncReportTimezone } from '../src/modules/reports/report-timezone';
import { withDatabase } from './global-setup';
import { runScript } from './helpers';
import { TINY_PNG } from './multipart';

/**
 * `npm run backup` then `npm run restore` into an empty data directory (PGlite) or an empty
 * database (PostgreSQL): every row of every table and every uploaded file comes back.
 */
const driver = inject('dbDriver');
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'itms-backup-'));
const dropDbs: string[] = [];

afterAll(async () => {
  fs.rmSync(work, { recursive: true, force: true });
  if (dropDbs.length) {
    const admin = openPostgres(process.env.TEST_DATABASE_URL!, 1);
    for (const name of dropDbs) await admin.pool!.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.close();
  }
});

/** Every table's rows as JSON text, sorted: two databases with the same content compare equal. */
async function snapshot(database: Database): Promise<Record<string, string[]>> {
  const tables = rowsOf<{ name: string }>(
    await database.db.execute(sql`select tablename as name from pg_tables where schemaname = 'public'`),
  ).map((r) => r.name);
  const out: Record<string, string[]> = {};
  for (const t of tables.sort()) {
    out[t] = rowsOf<{ j: string }>(
      await database.db.execute(sql.raw(`select row_to_json(x)::text as j from "${t}" x order by 1`)),
    ).map((r) => r.j);
  }
  return out;
}

async function sourceDatabase(): Promise<{ env: Record<string, string>; open: () => Promise<Database> }> {
  if (driver === 'postgres') {
    const url = process.env.TEST_DATABASE_URL!;
    const name = `itms_bk_src_${randomBytes(3).toString('hex')}`;
    dropDbs.push(name);
    const admin = openPostgres(url, 1);
    await admin.pool!.query(`CREATE DATABASE ${name} TEMPLATE ${inject('pgTemplateDb')}`);
    await admin.close();
    return {
      env: { DATABASE_URL: withDatabase(url, name) },
      open: async () => openPostgres(withDatabase(url, name), 2),
    };
  }
  const dir = path.join(work, 'source');
  const seeded = await openPglite({
    dir: path.join(dir, 'pgdata'),
    loadDataDir: new Blob([fs.readFileSync(inject('pgliteTemplate'))]),
  });
  await seeded.close();
  return { env: { DATA_DIR: dir }, open: () => openPglite({ dir: path.join(dir, 'pgdata') }) };
}

async function emptyTarget(): Promise<{ env: Record<string, string>; open: () => Promise<Database> }> {
  if (driver === 'postgres') {
    const url = process.env.TEST_DATABASE_URL!;
    const name = `itms_bk_dst_${randomBytes(3).toString('hex')}`;
    dropDbs.push(name);
    const admin = openPostgres(url, 1);
    await admin.pool!.query(`CREATE DATABASE ${name}`);
    await admin.close();
    return {
      env: { DATABASE_URL: withDatabase(url, name), DATA_DIR: path.join(work, 'target-files') },
      open: async () => openPostgres(withDatabase(url, name), 2),
    };
  }
  const dir = path.join(work, 'target');
  return { env: { DATA_DIR: dir }, open: () => openPglite({ dir: path.join(dir, 'pgdata') }) };
}

describe(`backup and restore (${driver})`, () => {
  it('restores a backup into an empty data directory with every record and file', async () => {
    const source = await sourceDatabase();
    const sourceFiles = driver === 'postgres' ? path.join(work, 'source-files') : source.env.DATA_DIR!;
    // uploads referenced by the data, and rows with awkward content
    const files: Record<string, Buffer> = {
      '2026/01/0123456789abcdef0123456789abcdef.png': TINY_PNG,
      '2026/02/fedcba9876543210fedcba9876543210.jpg': randomBytes(70_000),
    };
    for (const [key, data] of Object.entries(files)) {
      fs.mkdirSync(path.dirname(path.join(sourceFiles, 'uploads', key)), { recursive: true });
      fs.writeFileSync(path.join(sourceFiles, 'uploads', key), data);
    }
    let db = await source.open();
    await db.db.execute(sql`update users set signature = ${Object.keys(files)[0]} where role = 'staff'`);
    await db.db.execute(sql`insert into news (title, news, author, image_url) values
      (${'<b>Judul</b> "kutip" \'satu\''}, ${'Baris 1\nBaris 2 \u202Eterbalik\u202C — ✓ 🛞'}, 'EDP', ${Object.keys(files)[1]})`);
    await db.db.execute(sql`insert into audit_log (user_id, action, entity, entity_id, detail, created_at)
      values (null, 'update', 'unit', '7', ${JSON.stringify({ before: { a: [1, 2.5, null] }, after: { a: 'x' } })}::jsonb,
        '2025-03-01T16:30:00.123456Z')`);
    // master data a migration seeds, changed since: the restore brings the operation's list back,
    // not the migration's
    await db.db.execute(sql`insert into mismatch_categories (name) values ('Velg retak')`);
    await db.db.execute(sql`update mismatch_categories set active = false where name = 'Ban hilang'`);
    // checks and ledger entries, which the triggers also sum into the read models (rollups, stock)
    await syncReportTimezone(db.db, 'Asia/Jakarta');
    await db.db.execute(sql`insert into tire_checks (unit_id, plate_number, tireman_id, location_id, odometer, created_at)
      select u.id, u.plate_number, (select id from users where role = 'tire-man' limit 1),
             (select id from locations limit 1), 1000 + g, timestamptz '2025-01-31 16:30Z' + g * interval '5 hours'
        from (select * from units order by id limit 2) u, generate_series(1, 3) g`);
    await db.db.execute(sql`insert into tire_events (tire_id, kind, unit_id, note)
      select t.id, 'received', null, 'restore test' from (select id from tires order by id limit 3) t`);
    for (const model of ['tire_check_daily', 'tire_check_unit_month', 'tire_stock_state']) {
      const [n] = rowsOf<{ n: number }>(
        await db.db.execute(sql.raw(`select count(*)::int as n from ${model}`)),
      );
      expect(n!.n, model).toBeGreaterThan(0);
    }
    // more rows than one part of the archive holds (5,000)
    await db.db.execute(
      sql`insert into audit_log (user_id, action, entity, entity_id) select null, 'login', 'session', g::text from generate_series(1, 5200) g`,
    );
    // one read-model row off by hand, as a bug would leave it: the restore rebuilds that model
    const consistentUnitMonth = (await snapshot(db)).tire_check_unit_month;
    await db.db.execute(sql`update tire_check_unit_month set n = n + 5
      where (month, unit_id) = (select month, unit_id from tire_check_unit_month order by month, unit_id limit 1)`);
    const before = await snapshot(db);
    expect(before.tire_check_unit_month).not.toEqual(consistentUnitMonth);
    if (driver === 'pglite') await db.close();

    const archive = path.join(work, 'itms-test.tar.gz');
    const backup = await runScript('server/src/ops/backup-cli.ts', [archive], {
      ...source.env,
      DATA_DIR: sourceFiles,
    });
    expect(backup.code, backup.out).toBe(0);
    expect(backup.out).toMatch(/Backup written: .*itms-test\.tar\.gz/);
    expect(backup.out).toMatch(/2 files/);
    if (driver === 'postgres') await db.close();

    const target = await emptyTarget();
    const restore = await runScript('server/src/ops/restore-cli.ts', [archive], target.env);
    expect(restore.code, restore.out).toBe(0);
    expect(restore.out).toMatch(/Restored .* 2 files/s);
    expect(restore.out).toContain('read models rebuilt from the restored tables: check-unit-month\n');

    db = await target.open();
    try {
      const after = await snapshot(db);
      expect(Object.keys(after)).toEqual(Object.keys(before));
      for (const table of Object.keys(before)) {
        expect(after[table]!.length, `${table} rows`).toBe(before[table]!.length);
        expect(after[table], table).toEqual(
          table === 'tire_check_unit_month' ? consistentUnitMonth : before[table],
        );
      }
      expect(before.audit_log!.length).toBeGreaterThan(5200);
      // sequences continue after the restored ids
      const [row] = rowsOf<{ id: number }>(
        await db.db.execute(sql`insert into customers (name) values ('Baru') returning id`),
      );
      const maxBefore = Math.max(...before.customers!.map((j) => JSON.parse(j).id as number));
      expect(Number(row!.id)).toBeGreaterThan(maxBefore);
    } finally {
      await db.close();
    }
    for (const [key, data] of Object.entries(files)) {
      const restored = fs.readFileSync(path.join(target.env.DATA_DIR!, 'uploads', key));
      expect(Buffer.compare(restored, data), key).toBe(0);
    }

    // a second restore over the restored data is refused: it never mixes two operations
    const again = await runScript('server/src/ops/restore-cli.ts', [archive], target.env);
    expect(again.code).toBe(1);
    expect(again.out).toMatch(/already holds data/);
  }, 240_000);
});
