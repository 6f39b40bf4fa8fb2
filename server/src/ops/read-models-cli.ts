import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ConfigError, loadConfig } from '../config';
import { MIGRATIONS_DIR, openDatabase, openPglite } from '../db/client';
import {
  describeDifference,
  pendingReadModelStatements,
  rebuildReadModels,
  verifyReadModels,
} from '../db/read-models/read-models';
import { READ_MODELS, type ReadModel } from '../db/read-models/registry';
import { WEAR_AGREEMENT, wearAgreement } from '../db/read-models/tire-wear/wear';
import { SERVER_ROOT } from '../paths';

/**
 * The read models of server/src/db/read-models (README.md there):
 *   npm run db:read-models   a new custom migration that re-applies every triggers.sql that differs
 *                            from what the migrations define (nothing when none differs)
 *   npm run db:rebuild [model ...]   every model's rebuild.sql in dependency order, one transaction
 *   npm run db:verify [model ...]    every model's stored rows against its recount; exits 1 listing
 *                                    the differences (and when the kept wear lines stray from the
 *                                    full robust fit: WEAR_AGREEMENT)
 * rebuild and verify work on the configured database (DATABASE_URL, or PGlite in DATA_DIR).
 */
const MAX_LINES = 50;

class UsageError extends Error {}

function selected(names: string[]): ReadModel[] {
  const unknown = names.filter((n) => !READ_MODELS.some((m) => m.name === n));
  if (unknown.length) {
    throw new UsageError(
      `unknown read model ${unknown.join(', ')}; known: ${READ_MODELS.map((m) => m.name).join(', ')}`,
    );
  }
  return names.length ? READ_MODELS.filter((m) => names.includes(m.name)) : [...READ_MODELS];
}

async function writeMigration(): Promise<void> {
  // what the migrations define: a fresh embedded database migrated in memory
  const fresh = await openPglite();
  let pending: Awaited<ReturnType<typeof pendingReadModelStatements>>;
  try {
    await fresh.migrate();
    pending = await pendingReadModelStatements(fresh.db);
  } finally {
    await fresh.close();
  }
  if (pending.statements.length === 0) {
    console.log('Every triggers.sql equals what the migrations define: no migration written.');
    return;
  }
  const journal = path.join(MIGRATIONS_DIR, 'meta/_journal.json');
  const tags = () => (JSON.parse(fs.readFileSync(journal, 'utf8')) as { entries: { tag: string }[] }).entries;
  const known = new Set(tags().map((e) => e.tag));
  // drizzle-kit numbers the migration and records it in the journal, as `npm run db:generate` does
  execFileSync('npx', ['drizzle-kit', 'generate', '--custom', '--name', 'read_models'], {
    cwd: SERVER_ROOT,
    stdio: 'inherit',
  });
  const added = tags().find((e) => !known.has(e.tag));
  if (!added) throw new Error('drizzle-kit generate --custom added no migration to the journal');
  const file = path.join(MIGRATIONS_DIR, `${added.tag}.sql`);
  const header = [
    `-- Written by npm run db:read-models: brings the functions and triggers to server/src/db/read-models.`,
    ...(pending.models.length ? [`-- Re-applied: ${pending.models.join(', ')}.`] : []),
    ...(pending.dropped.length
      ? [`-- Dropped (in no folder any longer): ${pending.dropped.join(', ')}.`]
      : []),
  ].join('\n');
  fs.writeFileSync(file, `${header}\n${pending.statements.join('\n--> statement-breakpoint\n')}\n`);
  console.log(
    `Wrote ${path.relative(process.cwd(), file)}: ${pending.models.length} read model(s) re-applied, ${pending.dropped.length} object(s) dropped.`,
  );
}

async function onDatabase(run: (database: Awaited<ReturnType<typeof openDatabase>>) => Promise<number>) {
  const database = await openDatabase(loadConfig());
  let code: number;
  try {
    await database.migrate();
    code = await run(database);
  } finally {
    await database.close();
  }
  process.exitCode = code;
}

/** The kept wear lines against the full robust fit (tire-wear/wear.ts): prints how many agree. */
async function wearLinesAgree(database: Awaited<ReturnType<typeof openDatabase>>): Promise<boolean> {
  const a = await database.db.transaction((tx) => wearAgreement(tx));
  const share = a.lines ? a.within / a.lines : 1;
  const line = `tire-wear: ${a.within} of ${a.lines} wear lines (${(share * 100).toFixed(2)}%) predict within ${WEAR_AGREEMENT.toleranceMm} mm of the full robust fit at their last reading`;
  if (share >= WEAR_AGREEMENT.share) {
    console.log(`${line}.`);
    return true;
  }
  console.error(`${line}: fewer than ${WEAR_AGREEMENT.share * 100}%.`);
  for (const w of a.worst) console.error(`  tire ${w.tire_id}: ${w.gap.toFixed(2)} mm apart`);
  return false;
}

async function main() {
  const [command, ...names] = process.argv.slice(2);
  if (command === 'migration') return writeMigration();
  if (command === 'rebuild') {
    const models = selected(names);
    return onDatabase(async (database) => {
      const started = Date.now();
      await database.db.transaction((tx) => rebuildReadModels(tx, models));
      console.log(`Rebuilt ${models.length} read model(s) in ${Date.now() - started} ms.`);
      return 0;
    });
  }
  if (command === 'verify') {
    const models = selected(names);
    return onDatabase(async (database) => {
      const differences = await verifyReadModels(database.db, models);
      const agreed = models.some((m) => m.name === 'tire-wear') ? await wearLinesAgree(database) : true;
      if (differences.length === 0) {
        console.log(`${models.length} read model(s) equal their recount.`);
        return agreed ? 0 : 1;
      }
      const byModel = new Map<string, number>();
      for (const d of differences) byModel.set(d.model, (byModel.get(d.model) ?? 0) + 1);
      console.error(
        `Read models that differ from their recount: ${[...byModel].map(([m, n]) => `${m} (${n} row(s))`).join(', ')}`,
      );
      for (const d of differences.slice(0, MAX_LINES)) console.error(`  ${describeDifference(d)}`);
      if (differences.length > MAX_LINES) console.error(`  ... and ${differences.length - MAX_LINES} more`);
      console.error('npm run db:rebuild rebuilds them from the tables they are kept from.');
      return 1;
    });
  }
  throw new UsageError('Usage: read-models-cli.ts migration | rebuild [model ...] | verify [model ...]');
}

main().catch((err) => {
  console.error(
    err instanceof ConfigError || err instanceof UsageError
      ? err.message
      : `read models: ${(err as Error).message}`,
  );
  process.exit(err instanceof UsageError ? 2 : 1);
});
