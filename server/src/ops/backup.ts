import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { type Database, rowsOf } from '../db/client';
import { repairReadModels } from '../db/read-models/read-models';
import { readTar, TarWriter } from './tar';

/**
 * Backup and restore of the whole operation: every table of the database (a logical dump through
 * SQL, the same on PGlite and PostgreSQL, so a backup of one restores into the other) and every
 * uploaded file, in one .tar.gz:
 *   backup.json                      format, time, tables in restore order, sequences
 *   db/<table>/<000001>.ndjson       the rows, one JSON object per line, 5,000 per part
 *   uploads/<key>                    the files as they are
 * The dump reads one snapshot (REPEATABLE READ); restore refuses a database that holds rows.
 */
export const BACKUP_FORMAT = 'itms-backup/1';
const ROWS_PER_PART = 5000;

interface Meta {
  format: string;
  createdAt: string;
  driver: string;
  tables: { name: string; rows: number; parts: number }[];
  sequences: { name: string; value: number | null }[];
  files: number;
}

/**
 * Tables a migration fills with starting rows (master data the app needs from its first day). A
 * restore replaces those rows with the backup's; a backup from before the table existed gets them
 * back the way the migration made them, from the restored rows.
 */
const SEEDED_BY_MIGRATION: Record<string, string> = {
  // migration 0039: the four categories the field app suggested, then every category a BKB carries
  mismatch_categories: `
    insert into mismatch_categories (name) values
      ('Nomor seri tidak sesuai'), ('Posisi ban tertukar'), ('Ban tidak terdaftar'), ('Ban hilang');
    insert into mismatch_categories (name)
    select x.name from (
      select distinct on (lower(btrim(category))) btrim(category) as name, id
        from mismatches where btrim(category) <> '' order by lower(btrim(category)), id
    ) x order by x.id
    on conflict (lower(btrim(name))) do nothing;
    update mismatches m set category = c.name from mismatch_categories c
     where lower(btrim(m.category)) = lower(btrim(c.name)) and m.category <> c.name;`,
  // migration 0046: the defect catalogue's codes 1-40, named where the seed names them
  defect_codes: `
    insert into defect_codes (code, name, unsafe)
    select c,
           case c when 1 then 'Crown Cut' when 8 then 'Tread Leaving Casing' when 16 then 'Shoulder Cut'
                  when 23 then 'Sidewall Cut' when 29 then 'Vehicle Damage' when 36 then 'Running Flat'
                  when 40 then 'Filling Failure' end,
           c in (23, 36)
      from generate_series(1, 40) as c;`,
};

const q = async <T>(db: Database['db'], s: ReturnType<typeof sql>) => rowsOf<T>(await db.execute(s));
const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Public tables, parents before children (foreign keys), so that inserts in this order succeed. */
async function tablesInOrder(db: Database['db']): Promise<string[]> {
  const tables = (
    await q<{ name: string }>(db, sql`select tablename as name from pg_tables where schemaname = 'public'`)
  )
    .map((r) => r.name)
    .sort();
  const edges = await q<{ child: string; parent: string }>(
    db,
    sql`select cl.relname as child, pl.relname as parent from pg_constraint c
        join pg_class cl on cl.oid = c.conrelid join pg_class pl on pl.oid = c.confrelid
        join pg_namespace n on n.oid = c.connamespace
        where c.contype = 'f' and n.nspname = 'public'`,
  );
  const parents = new Map(tables.map((t) => [t, new Set<string>()]));
  for (const e of edges) if (e.child !== e.parent) parents.get(e.child)?.add(e.parent);
  const ordered: string[] = [];
  const done = new Set<string>();
  const visit = (t: string, path: Set<string>) => {
    if (done.has(t)) return;
    if (path.has(t)) throw new Error(`foreign keys form a cycle through ${t}`);
    path.add(t);
    for (const p of parents.get(t) ?? []) visit(p, path);
    path.delete(t);
    done.add(t);
    ordered.push(t);
  };
  for (const t of tables) visit(t, new Set());
  return ordered;
}

function* walk(dir: string, base = dir): Generator<string> {
  if (!fs.existsSync(dir)) return;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full, base);
    // half-written uploads (.tmp before their rename) are not files yet
    else if (entry.isFile() && !entry.name.endsWith('.tmp'))
      yield path.relative(base, full).split(path.sep).join('/');
  }
}

/** Writes the backup archive; returns what it holds. */
export async function createBackup(opts: {
  database: Database;
  uploadsDir: string | null;
  out: string;
}): Promise<Meta> {
  const { database } = opts;
  fs.mkdirSync(path.dirname(path.resolve(opts.out)), { recursive: true });
  const tmp = `${opts.out}.partial`;
  const gzip = createGzip({ level: 6 });
  const done = pipeline(gzip, fs.createWriteStream(tmp));
  const tar = new TarWriter(gzip);
  const meta: Meta = {
    format: BACKUP_FORMAT,
    createdAt: new Date().toISOString(),
    driver: database.driver,
    tables: [],
    sequences: [],
    files: 0,
  };
  try {
    await database.db.transaction(
      async (tx) => {
        const db = tx as unknown as Database['db'];
        for (const table of await tablesInOrder(db)) {
          await db.execute(
            sql.raw(
              `declare backup_rows no scroll cursor for select row_to_json(t)::text as j from ${ident(table)} t`,
            ),
          );
          let rows = 0;
          let part = 0;
          for (;;) {
            const batch = await q<{ j: string }>(db, sql.raw(`fetch ${ROWS_PER_PART} from backup_rows`));
            if (!batch.length) break;
            part++;
            rows += batch.length;
            const name = `db/${table}/${String(part).padStart(6, '0')}.ndjson`;
            // the parts of one table are written as they come; memory holds one part at a time
            await tar.add(name, Buffer.from(`${batch.map((r) => r.j).join('\n')}\n`));
          }
          await db.execute(sql.raw('close backup_rows'));
          meta.tables.push({ name: table, rows, parts: part });
        }
        meta.sequences = (
          await q<{ name: string; value: number | string | null }>(
            db,
            sql`select sequencename as name, last_value as value from pg_sequences where schemaname = 'public'`,
          )
        ).map((s) => ({ name: s.name, value: s.value == null ? null : Number(s.value) }));
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
    if (opts.uploadsDir) {
      for (const rel of walk(opts.uploadsDir)) {
        await tar.add(`uploads/${rel}`, fs.readFileSync(path.join(opts.uploadsDir, rel)));
        meta.files++;
      }
    }
    // the description last: a reader checks it after the data it describes
    await tar.add('backup.json', Buffer.from(JSON.stringify(meta, null, 2)));
    await tar.finish();
    gzip.end();
    await done;
    fs.renameSync(tmp, opts.out);
    return meta;
  } catch (err) {
    gzip.destroy();
    await done.catch(() => undefined);
    fs.rmSync(tmp, { force: true });
    throw err;
  }
}

/**
 * Restores an archive into a migrated database without rows, and its files into uploadsDir. The
 * read models that differ from a recount of the restored tables (a backup from a version that
 * kept them otherwise, or did not have them) are rebuilt (db/read-models); their names are returned.
 */
export async function restoreBackup(opts: {
  database: Database;
  uploadsDir: string | null;
  file: string;
}): Promise<Meta & { rebuiltReadModels: string[] }> {
  const db = opts.database.db;
  const tables = await tablesInOrder(db);
  const [filled] = await q<{ n: number | string }>(
    db,
    sql.raw(
      `select ${
        tables
          .filter((t) => !(t in SEEDED_BY_MIGRATION))
          .map((t) => `(select count(*) from ${ident(t)})`)
          .join(' + ') || '0'
      } as n`,
    ),
  );
  if (Number(filled!.n) > 0) {
    throw new Error('The target database already holds data: restore needs an empty DATA_DIR or database');
  }
  const columnsOf = new Map<string, Set<string>>();
  for (const c of await q<{ table: string; column: string }>(
    db,
    sql`select table_name as "table", column_name as "column" from information_schema.columns
        where table_schema = 'public' and is_generated <> 'ALWAYS'`,
  )) {
    if (!columnsOf.has(c.table)) columnsOf.set(c.table, new Set());
    columnsOf.get(c.table)!.add(c.column);
  }

  let meta: Meta | null = null;
  let rebuiltReadModels: string[] = [];
  const restored = new Map<string, number>();
  let files = 0;
  await db.transaction(async (tx) => {
    // The read models (rollups, stock state) come back as the backup holds them: their triggers
    // would otherwise add every restored check and ledger entry to them a second time.
    const setTriggers = async (state: 'enable' | 'disable') => {
      for (const t of tables) await tx.execute(sql.raw(`alter table ${ident(t)} ${state} trigger user`));
    };
    await setTriggers('disable');
    for (const t of tables)
      if (t in SEEDED_BY_MIGRATION) await tx.execute(sql.raw(`delete from ${ident(t)}`));
    const input = fs.createReadStream(opts.file).pipe(createGunzip());
    for await (const entry of readTar(input)) {
      if (entry.name === 'backup.json') {
        meta = JSON.parse(entry.data.toString('utf8')) as Meta;
        if (meta.format !== BACKUP_FORMAT) throw new Error(`unknown backup format ${meta.format}`);
        continue;
      }
      const dbPart = /^db\/([^/]+)\/\d+\.ndjson$/.exec(entry.name);
      if (dbPart) {
        const table = dbPart[1]!;
        const known = columnsOf.get(table);
        if (!known) throw new Error(`the backup holds table ${table}, which this version does not have`);
        const lines = entry.data.toString('utf8').split('\n').filter(Boolean);
        if (!lines.length) continue;
        // only the columns both sides know: columns added since take their defaults; identity
        // columns keep their backed-up values (overriding system value)
        const present = Object.keys(JSON.parse(lines[0]!)).filter((c) => known.has(c));
        const cols = present.map(ident).join(', ');
        await tx.execute(
          sql`${sql.raw(`insert into ${ident(table)} (${cols}) overriding system value select ${cols} from json_populate_recordset(null::${ident(table)}, `)}${`[${lines.join(',')}]`}${sql.raw('::json)')}`,
        );
        restored.set(table, (restored.get(table) ?? 0) + lines.length);
        continue;
      }
      if (entry.name.startsWith('uploads/') && opts.uploadsDir) {
        const rel = entry.name.slice('uploads/'.length);
        const target = path.resolve(opts.uploadsDir, rel);
        if (!target.startsWith(path.resolve(opts.uploadsDir) + path.sep))
          throw new Error(`unsafe path ${entry.name}`);
        fs.mkdirSync(path.dirname(target), { recursive: true });
        fs.writeFileSync(target, entry.data);
        files++;
      }
    }
    const m = meta as Meta | null;
    if (!m) throw new Error('backup.json missing: the archive is incomplete');
    for (const t of m.tables) {
      if ((restored.get(t.name) ?? 0) !== t.rows) {
        throw new Error(
          `table ${t.name}: ${restored.get(t.name) ?? 0} rows restored, the backup says ${t.rows}`,
        );
      }
    }
    for (const [table, refill] of Object.entries(SEEDED_BY_MIGRATION)) {
      if (tables.includes(table) && !m.tables.some((t) => t.name === table))
        await tx.execute(sql.raw(refill));
    }
    for (const s of m.sequences) {
      if (s.value != null)
        await tx.execute(sql`select setval(${`public.${ident(s.name)}`}, ${s.value}, true)`);
    }
    rebuiltReadModels = await repairReadModels(tx);
    await setTriggers('enable');
  });
  const m = meta as Meta | null;
  if (opts.uploadsDir && m && files !== m.files)
    throw new Error(`${files} files restored, the backup says ${m.files}`);
  return { ...m!, rebuiltReadModels };
}
