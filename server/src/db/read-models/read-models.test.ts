// The read-model folders against the deploy path (the migrations), and npm run db:verify /
// db:rebuild on the demo fleet, on the driver of the suite (PGlite, or PostgreSQL).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtureDatabaseForProcess, openTestDatabase, readModelRows, runScript } from '../../../test/helpers';
import { localStorage } from '../../lib/storage';
import { syncReportTimezone } from '../../modules/reports/report-timezone';
import { type Database, rowsOf } from '../client';
import { seedDemoIfEmpty } from '../seed/seed';
import {
  compareFolders,
  foldPendingDeltas,
  pendingReadModelStatements,
  type ReadModelSource,
  rebuildReadModels,
  schemaDefinitions,
  splitStatements,
} from './read-models';
import { READ_MODELS, type ReadModel, readModelSql } from './registry';

describe('read-model folders and the migrations', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database?.close());

  it('defines every function and trigger the migrations leave in exactly one folder, as the migrations define it', async () => {
    const deployed = await schemaDefinitions(database.db);
    const c = await compareFolders(database.db);
    expect(c.differing).toEqual([]);
    expect(c.unowned).toEqual([]);
    expect([...c.sharedBy]).toEqual([]);
    // every folder of a trigger-kept model keeps something, and the folders together hold the
    // whole schema's logic (a model kept through a queue has no triggers, only the functions its
    // refresher calls)
    expect(
      READ_MODELS.filter((m: ReadModel) => !m.queue && (c.owned.get(m.name) ?? []).length === 0),
    ).toEqual([]);
    expect(
      READ_MODELS.filter(
        (m: ReadModel) => m.queue && c.owned.get(m.name)?.some((k) => k.startsWith('trigger ')),
      ),
    ).toEqual([]);
    expect([...c.owned.values()].flat().sort()).toEqual([...deployed.keys()].sort());
    expect([...deployed.keys()].filter((k) => k.startsWith('trigger ')).length).toBe(58);
    // each trigger is in the folder of the function it runs
    const triggerFunctions = rowsOf<{ name: string; fn: string }>(
      await database.db.execute(sql`
        select 'trigger ' || t.tgname || ' on ' || c.relname as name, p.proname as fn
          from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_proc p on p.oid = t.tgfoid
         where not t.tgisinternal`),
    );
    const ownerOf = (key: string) => [...c.owned].find(([, keys]) => keys.includes(key))?.[0];
    for (const t of triggerFunctions) {
      expect(ownerOf(t.name), t.name).toBe(
        ownerOf([...deployed.keys()].find((k) => k.startsWith(`function ${t.fn}(`))!),
      );
    }
  });

  it('db:read-models: nothing to write now; an edited folder is re-applied whole and a removed trigger dropped', async () => {
    expect(await pendingReadModelStatements(database.db)).toEqual({
      models: [],
      dropped: [],
      statements: [],
    });
    const dropped = 'DROP TRIGGER IF EXISTS tire_checks_unit_month_truncate ON public.tire_checks;';
    const edited: ReadModelSource = (model, file) => {
      const text = readModelSql(model, file);
      if (model.name !== 'check-unit-month' || file !== 'triggers.sql') return text;
      const cut = text.indexOf(dropped);
      const next = text.indexOf('\n\n', cut);
      return text
        .replace(
          '    DELETE FROM tire_check_unit_month;\n',
          '    DELETE FROM tire_check_unit_month; -- all of them\n',
        )
        .replace(text.slice(cut, next < 0 ? text.length : next + 2), '');
    };
    const pending = await pendingReadModelStatements(database.db, edited);
    expect(pending.models).toEqual(['check-unit-month']);
    expect(pending.dropped).toEqual(['trigger tire_checks_unit_month_truncate on tire_checks']);
    expect(pending.statements[0]).toBe(dropped);
    expect(pending.statements.slice(1)).toEqual(
      splitStatements(edited(READ_MODELS.find((m) => m.name === 'check-unit-month')!, 'triggers.sql')),
    );
    // the statements, applied as the migration would, bring the database to the edited folder
    await database.db
      .transaction(async (tx) => {
        for (const s of pending.statements) await tx.execute(sql.raw(s));
        const after = await compareFolders(tx, edited);
        expect([after.differing, after.unowned]).toEqual([[], []]);
        tx.rollback();
      })
      .catch((err: Error) => {
        if (!/rollback/i.test(err.message)) throw err;
      });
    expect((await compareFolders(database.db)).differing).toEqual([]);
  });
});

describe('npm run db:verify and db:rebuild on the demo fleet', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'itms-read-models-'));
  let target: Awaited<ReturnType<typeof fixtureDatabaseForProcess>>;
  /** The database while no CLI runs on it (a PGlite directory has one owner at a time). */
  const withDatabase = async <T>(fn: (database: Database) => Promise<T>): Promise<T> => {
    const database = await target.open();
    try {
      return await fn(database);
    } finally {
      await database.close();
    }
  };
  beforeAll(async () => {
    target = await fixtureDatabaseForProcess(dir, 'rm');
    await withDatabase(async (database) => {
      const tables = rowsOf<{ name: string }>(
        await database.db.execute(sql`select tablename as name from pg_tables where schemaname = 'public'`),
      );
      await database.db.execute(
        sql.raw(`truncate table ${tables.map((t) => `"${t.name}"`).join(', ')} restart identity cascade`),
      );
      // the zone the check rollups bucket local days in, as the server records it at boot
      await syncReportTimezone(database.db, 'Asia/Jakarta');
      expect(
        await seedDemoIfEmpty(
          database.db,
          localStorage(path.join(dir, 'uploads')),
          pino({ level: 'warn' }) as never,
        ),
      ).toBe(true);
    });
  }, 240_000);

  afterAll(async () => {
    await target?.drop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('db:verify passes after the demo seed', async () => {
    const verify = await runScript('server/src/ops/read-models-cli.ts', ['verify'], {
      ...target.env,
      DATA_DIR: dir,
    });
    expect(verify.out).toContain(`${READ_MODELS.length} read model(s) equal their recount.`);
    // the demo fleet's kept wear lines against the full robust fit (issue 41)
    expect(verify.out).toMatch(
      /tire-wear: \d+ of \d+ wear lines \(\d+\.\d+%\) predict within 0.5 mm of the full robust fit/,
    );
    expect(verify.code).toBe(0);
  }, 240_000);

  it('db:rebuild reproduces the rows the triggers keep', async () => {
    await withDatabase(async (database) => {
      // the groups' per-location copy is refreshed when the server's fold loop adds up the groups'
      // deltas (the seed leaves them all pending): as the loop would, once
      await foldPendingDeltas(database.db);
      const kept = await readModelRows(database.db);
      expect(Object.keys(kept).filter((name) => kept[name]!.length === 0)).toEqual([]);
      await database.db.transaction((tx) => rebuildReadModels(tx));
      expect(await readModelRows(database.db)).toEqual(kept);
    });
  }, 240_000);

  it('db:verify fails naming the model and the row changed by hand; db:rebuild repairs it', async () => {
    const row = await withDatabase(async (database) => {
      const [r] = rowsOf<{ month: string; unit_id: number; n: number; days: number }>(
        await database.db.execute(sql`
          update tire_check_unit_month set n = n + 5
           where (month, unit_id) = (select month, unit_id from tire_check_unit_month order by month desc, unit_id limit 1)
          returning month::text, unit_id, n, days`),
      );
      expect(r).toBeDefined();
      // and a tire's wear line, which the wear refresher keeps rather than a trigger
      const [w] = rowsOf<{ tire_id: number }>(
        await database.db.execute(sql`
          update tire_wear set km_total = km_total + 1000
           where tire_id = (select tire_id from tire_wear where readings > 0 order by tire_id limit 1)
          returning tire_id`),
      );
      expect(w).toBeDefined();
      return { ...r!, tireId: w!.tire_id };
    });
    const broken = await runScript('server/src/ops/read-models-cli.ts', ['verify'], {
      ...target.env,
      DATA_DIR: dir,
    });
    expect(broken.code).toBe(1);
    expect(broken.out).toContain(
      'Read models that differ from their recount: check-unit-month (1 row(s)), tire-wear (1 row(s))',
    );
    const wearLine = broken.out.split('\n').find((l) => l.includes(`tire-wear {"tire_id":${row.tireId}}`));
    const [, stored, recounted] = /stored (\{.*\}) vs recounted (\{.*\})$/.exec(wearLine?.trim() ?? '') ?? [];
    expect(JSON.parse(stored!).km_total - JSON.parse(recounted!).km_total).toBe(1000);
    expect(broken.out).toContain(
      `check-unit-month {"month":"${row.month}","unit_id":${row.unit_id}}: stored {"n":${row.n},"days":${row.days},"month":"${row.month}","unit_id":${row.unit_id}} vs recounted {"n":${row.n - 5},"days":${row.days},"month":"${row.month}","unit_id":${row.unit_id}}`,
    );

    const rebuild = await runScript('server/src/ops/read-models-cli.ts', ['rebuild'], {
      ...target.env,
      DATA_DIR: dir,
    });
    expect(rebuild.out).toContain(`Rebuilt ${READ_MODELS.length} read model(s)`);
    expect(rebuild.code).toBe(0);
    const again = await runScript('server/src/ops/read-models-cli.ts', ['verify'], {
      ...target.env,
      DATA_DIR: dir,
    });
    expect(again.code, again.out).toBe(0);
  }, 480_000);
});
