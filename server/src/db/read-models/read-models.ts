// Operations on the read models of registry.ts: re-apply their triggers.sql, rebuild them, verify
// their stored rows against a recount, and compare the folders with what the migrations define.
import { getTableName, sql } from 'drizzle-orm';
import { type DbOrTx, rowsOf } from '../client';
import {
  inRebuildOrder,
  READ_MODELS,
  type ReadModel,
  type ReadModelFile,
  readModelSql,
  withDependents,
} from './registry';

/** Reads a model's file; tests pass another to stand for an edited folder. */
export type ReadModelSource = (model: ReadModel, file: ReadModelFile) => string;

/**
 * The statements of a SQL file, split at the semicolons outside quotes, dollar quotes and
 * comments (the drivers' extended protocol takes one statement at a time). Comment-only
 * statements are dropped.
 */
export function splitStatements(text: string): string[] {
  const out: string[] = [];
  let start = 0;
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (c === '-' && text[i + 1] === '-') {
      const end = text.indexOf('\n', i);
      i = end < 0 ? text.length : end + 1;
    } else if (c === "'") {
      i = text.indexOf("'", i + 1) + 1 || text.length;
      // '' inside a literal is one quote: the scan goes on from the second quote
      while (text[i] === "'") i = text.indexOf("'", i + 1) + 1 || text.length;
    } else if (c === '$') {
      const tag = /^\$[A-Za-z_]*\$/.exec(text.slice(i))?.[0];
      if (tag) {
        const end = text.indexOf(tag, i + tag.length);
        i = end < 0 ? text.length : end + tag.length;
      } else i++;
    } else if (c === ';') {
      out.push(text.slice(start, i + 1));
      start = i + 1;
      i++;
    } else i++;
  }
  out.push(text.slice(start));
  return out.map((s) => s.trim()).filter((s) => hasCode(s));
}

function hasCode(statement: string): boolean {
  return statement
    .split('\n')
    .some((line) => line.trim() !== '' && line.trim() !== ';' && !line.trim().startsWith('--'));
}

async function runFile(db: DbOrTx, text: string): Promise<void> {
  for (const statement of splitStatements(text)) await db.execute(sql.raw(statement));
}

/**
 * Adds every model's pending deltas up into it (its fold.sql), each model in its own transaction
 * under its advisory lock: a process that finds the lock taken skips that model (another one is
 * folding it). A model without pending deltas costs one index probe. The server runs this in the
 * background (app.ts); readers add pending deltas themselves and never fold.
 */
export async function foldPendingDeltas(db: DbOrTx): Promise<void> {
  for (const { fold, script } of foldable()) {
    await db.transaction(async (tx) => {
      const [row] = rowsOf<{ ok: boolean }>(
        await tx.execute(
          sql`select exists (select from ${sql.identifier(getTableName(fold.deltas))})
                and pg_try_advisory_xact_lock(${fold.lock}) as ok`,
        ),
      );
      if (row?.ok) await runFile(tx, script);
    });
  }
}

let foldScripts: { fold: NonNullable<ReadModel['fold']>; script: string }[] | undefined;

/** The models with deltas and their fold.sql, read once. */
function foldable() {
  foldScripts ??= READ_MODELS.flatMap((model: ReadModel) =>
    model.fold ? [{ fold: model.fold, script: readModelSql(model, 'fold.sql') }] : [],
  );
  return foldScripts;
}

/**
 * The functions (name and argument types) and triggers (name on table) of the public schema with
 * their definitions as PostgreSQL prints them (pg_get_functiondef / pg_get_triggerdef), so two
 * texts that define the same object compare equal. Functions of extensions are left out.
 */
export async function schemaDefinitions(db: DbOrTx): Promise<Map<string, string>> {
  const rows = rowsOf<{ name: string; def: string }>(
    await db.execute(sql`
      select 'function ' || p.proname || '(' || pg_get_function_identity_arguments(p.oid) || ')' as name,
             pg_get_functiondef(p.oid) as def
        from pg_proc p join pg_namespace n on n.oid = p.pronamespace
       where n.nspname = 'public'
         and not exists (select 1 from pg_depend d
                          where d.classid = 'pg_proc'::regclass and d.objid = p.oid and d.deptype = 'e')
      union all
      select 'trigger ' || t.tgname || ' on ' || c.relname,
             pg_get_triggerdef(t.oid) || case t.tgenabled when 'D' then ' (disabled)' else '' end
        from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = 'public' and not t.tgisinternal
       order by 1`),
  );
  return new Map(rows.map((r) => [r.name, r.def]));
}

/** The statement that removes a function or trigger named as schemaDefinitions names it. */
function dropStatement(name: string): string {
  const trigger = /^trigger (\S+) on (\S+)$/.exec(name);
  if (trigger) return `DROP TRIGGER IF EXISTS ${trigger[1]} ON public.${trigger[2]};`;
  return `DROP FUNCTION IF EXISTS public.${name.replace(/^function /, '')};`;
}

class Rollback extends Error {}

/** Runs fn in a transaction that is rolled back afterwards, and returns what fn returned. */
async function inRolledBackTransaction<T>(db: DbOrTx, fn: (tx: DbOrTx) => Promise<T>): Promise<T> {
  let result: T | undefined;
  try {
    await db.transaction(async (tx) => {
      result = await fn(tx);
      throw new Rollback();
    });
  } catch (err) {
    if (!(err instanceof Rollback)) throw err;
  }
  return result as T;
}

export interface FolderComparison {
  /** Per model, the functions and triggers its triggers.sql defines. */
  owned: Map<string, string[]>;
  /** Objects defined by more than one folder. */
  sharedBy: Map<string, string[]>;
  /** Objects of the database that no folder defines. */
  unowned: string[];
  /** Models whose triggers.sql defines something other than, or more than, the database holds. */
  differing: string[];
}

/**
 * Compares every folder's triggers.sql with the functions and triggers of the database (as the
 * migrations left them): in a transaction that is rolled back, drops them all, then applies each
 * folder alone (function bodies are checked when called, so other folders need not be there) and
 * reads back what it defined.
 */
export async function compareFolders(
  db: DbOrTx,
  source: ReadModelSource = readModelSql,
): Promise<FolderComparison> {
  const deployed = await schemaDefinitions(db);
  return inRolledBackTransaction(db, async (tx) => {
    await tx.execute(sql`set local check_function_bodies = off`);
    // the triggers before the functions they call
    for (const name of deployed.keys()) {
      if (name.startsWith('trigger ')) await tx.execute(sql.raw(dropStatement(name)));
    }
    for (const name of deployed.keys()) {
      if (name.startsWith('function ')) await tx.execute(sql.raw(dropStatement(name)));
    }
    const owned = new Map<string, string[]>();
    const owners = new Map<string, string[]>();
    const differing: string[] = [];
    for (const model of READ_MODELS) {
      // applied alone on top of nothing (then undone): everything that appears is the model's
      const defined = await inRolledBackTransaction(tx, async (sp) => {
        await runFile(sp, source(model, 'triggers.sql'));
        return schemaDefinitions(sp);
      });
      owned.set(model.name, [...defined.keys()]);
      for (const k of defined.keys()) owners.set(k, [...(owners.get(k) ?? []), model.name]);
      if ([...defined].some(([k, def]) => deployed.get(k) !== def)) differing.push(model.name);
    }
    const sharedBy = new Map([...owners].filter(([, models]) => models.length > 1));
    const unowned = [...deployed.keys()].filter((k) => !owners.has(k));
    return { owned, sharedBy, unowned, differing };
  });
}

/**
 * The statements that bring a database migrated as now to the folders: every differing model's
 * triggers.sql whole, and a DROP for each function or trigger that no folder defines any longer.
 * Empty when the migrations already define the folders.
 */
export async function pendingReadModelStatements(
  db: DbOrTx,
  source: ReadModelSource = readModelSql,
): Promise<{ models: string[]; dropped: string[]; statements: string[] }> {
  const c = await compareFolders(db, source);
  if (c.sharedBy.size > 0) {
    throw new Error(
      `defined by more than one read model: ${[...c.sharedBy].map(([k, m]) => `${k} (${m.join(', ')})`).join('; ')}`,
    );
  }
  const statements = [
    ...c.unowned.filter((k) => k.startsWith('trigger ')).map(dropStatement),
    ...READ_MODELS.filter((m) => c.differing.includes(m.name)).flatMap((m) =>
      splitStatements(source(m, 'triggers.sql')),
    ),
    ...c.unowned.filter((k) => k.startsWith('function ')).map(dropStatement),
  ];
  return { models: c.differing, dropped: c.unowned, statements };
}

/** The models' rebuild.sql (all by default) in dependency order, as one script. */
export function rebuildScript(models: readonly ReadModel[] = READ_MODELS): string {
  return inRebuildOrder(models)
    .map((m) => `-- ${m.name}\n${readModelSql(m, 'rebuild.sql').trim()}\n`)
    .join('\n');
}

/** Runs the models' rebuild.sql (all by default) in dependency order, in the caller's transaction. */
export async function rebuildReadModels(
  tx: DbOrTx,
  models: readonly ReadModel[] = READ_MODELS,
): Promise<void> {
  await runFile(tx, rebuildScript(models));
}

export interface ReadModelDifference {
  model: string;
  key: Record<string, unknown>;
  /** The stored row (stored.sql), or null where only the recount has it. */
  stored: Record<string, unknown> | null;
  /** The recounted row (recount.sql), or null where only the stored rows have it. */
  recounted: Record<string, unknown> | null;
}

/** Compares each model's stored rows with its recount; no difference means the model is right. */
export async function verifyReadModels(
  db: DbOrTx,
  models: readonly ReadModel[] = READ_MODELS,
  source: ReadModelSource = readModelSql,
): Promise<ReadModelDifference[]> {
  const differences: ReadModelDifference[] = [];
  for (const model of models) {
    const stored = source(model, 'stored.sql').trim().replace(/;$/, '');
    const recount = source(model, 'recount.sql').trim().replace(/;$/, '');
    const rows = rowsOf<{ side: 'stored' | 'recounted'; row: Record<string, unknown> }>(
      await db.execute(
        sql.raw(`
          with s as (${stored}), r as (${recount})
          select 'stored' as side, to_jsonb(x) as row from (select * from s except all select * from r) x
          union all
          select 'recounted', to_jsonb(y) from (select * from r except all select * from s) y`),
      ),
    );
    const byKey = new Map<string, ReadModelDifference>();
    for (const { side, row } of rows) {
      const key = Object.fromEntries(model.key.map((k) => [k, row[k]]));
      const id = JSON.stringify(key);
      const d = byKey.get(id) ?? { model: model.name, key, stored: null, recounted: null };
      d[side] = row;
      byKey.set(id, d);
    }
    differences.push(...byKey.values());
  }
  return differences;
}

/** One line per difference: model, key, stored vs recounted. */
export function describeDifference(d: ReadModelDifference): string {
  const show = (row: Record<string, unknown> | null) => (row ? JSON.stringify(row) : '(no row)');
  return `${d.model} ${JSON.stringify(d.key)}: stored ${show(d.stored)} vs recounted ${show(d.recounted)}`;
}

/**
 * Rebuilds the models whose stored rows differ from their recount, and the models built from them
 * (their triggers may be off, as during a restore). Returns the names of the models rebuilt.
 */
export async function repairReadModels(tx: DbOrTx): Promise<string[]> {
  const differing = new Set((await verifyReadModels(tx)).map((d) => d.model));
  const models = withDependents(READ_MODELS.filter((m) => differing.has(m.name)));
  await rebuildReadModels(tx, models);
  return inRebuildOrder(models).map((m) => m.name);
}
