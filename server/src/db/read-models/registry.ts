// Every read model the database keeps by triggers, and where its SQL lives: one folder per model
// beside this file with triggers.sql (the current functions and triggers, equal to what the
// migrations leave: read-models.test.ts), rebuild.sql, stored.sql (its rows as the screens read
// them, pending deltas folded in), recount.sql (the same rows counted from the tables it is kept
// from) and, for a model with deltas, fold.sql. A model the server keeps through a queue
// (tire-wear) renders its files from its TypeScript instead. See README.md beside this file.
import fs from 'node:fs';
import path from 'node:path';
import { getTableName } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { SERVER_ROOT } from '../../paths';
import { tireCheckDaily, tireChecks } from '../schema/checks';
import { mismatches } from '../schema/mismatches';
import {
  rowCountDeltas,
  rowCounts,
  scrapTires,
  tireCheckMonthly,
  tireCheckUnitMonth,
  tireLastCondition,
  tireScrapEvent,
  tireStatusGroove,
  tireStatusGrooveDelta,
  tireStockMoveDeltas,
  tireStockMoves,
  tireStockMoveTotals,
  tireStockState,
  warehouseGroupDeltas,
  warehouseGroupLocations,
  warehouseGroups,
  warehouseStock,
} from '../schema/read-models';
import { tireReplacements } from '../schema/replacements';
import { tireWear, tireWearStale } from '../schema/tires';
import { wearRebuildSql, wearRecountSql, wearStoredSql } from './tire-wear/wear';

export type ReadModelKind = 'row count' | 'rollup' | 'narrow copy' | 'delta' | 'queue' | 'column';

export interface ReadModel {
  /** The folder under server/src/db/read-models. */
  name: string;
  kind: ReadModelKind;
  /** The tables the model stores (its Drizzle tables in db/schema). */
  tables: readonly PgTable[];
  /** The tables whose triggers keep it. */
  keptFrom: readonly string[];
  /** The columns of stored.sql / recount.sql that identify a row (db:verify names the row by them). */
  key: readonly string[];
  /** Models whose rows this one's rebuild reads: rebuilt first. */
  dependsOn: readonly string[];
  /**
   * Append-only deltas (the triggers append, so concurrent writers never wait on one stored row),
   * added up into the model by the server's fold loop (fold.sql) under this advisory lock: one
   * process folds at a time. Readers add the pending deltas themselves and never write.
   */
  fold?: { lock: number; deltas: PgTable };
  /**
   * Kept by the server instead of triggers: the services queue the rows to recompute in this table
   * inside their transaction and a background loop recomputes them after the commit. Its stored.sql
   * and recount.sql leave the queued rows out (they are due, not wrong).
   */
  queue?: PgTable;
  /** Files written in TypeScript rather than kept in the folder (the model's SQL is put together there). */
  rendered?: Partial<Record<ReadModelFile, () => string>>;
}

export const READ_MODELS = [
  {
    name: 'check-rollups',
    kind: 'rollup',
    tables: [tireCheckDaily, tireCheckMonthly],
    keptFrom: ['tire_checks'],
    key: ['level', 'bucket', 'location_id', 'tireman_id'],
    dependsOn: [],
  },
  {
    name: 'check-unit-month',
    kind: 'rollup',
    tables: [tireCheckUnitMonth],
    keptFrom: ['tire_checks'],
    key: ['month', 'unit_id'],
    dependsOn: [],
  },
  {
    name: 'tire-status-groove',
    kind: 'delta',
    tables: [tireStatusGroove, tireStatusGrooveDelta],
    keptFrom: ['tires'],
    key: ['status', 'groove'],
    dependsOn: [],
    fold: { lock: 41_014, deltas: tireStatusGrooveDelta },
  },
  {
    name: 'tire-stock-state',
    kind: 'narrow copy',
    tables: [tireStockState],
    keptFrom: ['tire_events'],
    key: ['tire_id'],
    dependsOn: [],
  },
  {
    name: 'tire-stock-moves',
    kind: 'narrow copy',
    tables: [tireStockMoves],
    keptFrom: ['tire_events', 'tires'],
    key: ['event_id'],
    dependsOn: [],
  },
  {
    name: 'tire-stock-move-totals',
    kind: 'delta',
    tables: [tireStockMoveTotals, tireStockMoveDeltas],
    keptFrom: ['tire_stock_moves'],
    key: ['size_key', 'brand_key'],
    dependsOn: ['tire-stock-moves'],
    fold: { lock: 41_018, deltas: tireStockMoveDeltas },
  },
  {
    name: 'warehouse-stock',
    kind: 'narrow copy',
    tables: [warehouseStock],
    keptFrom: ['tires', 'tire_stock_state', 'locations'],
    key: ['tire_id'],
    dependsOn: ['tire-stock-state'],
  },
  {
    name: 'warehouse-groups',
    kind: 'delta',
    tables: [warehouseGroups, warehouseGroupDeltas],
    keptFrom: ['warehouse_stock'],
    key: ['location_id', 'location_name', 'size', 'ir_brand'],
    dependsOn: ['warehouse-stock'],
    fold: { lock: 41_021, deltas: warehouseGroupDeltas },
  },
  {
    name: 'warehouse-group-locations',
    kind: 'rollup',
    tables: [warehouseGroupLocations],
    keptFrom: ['warehouse_groups'],
    key: ['location_id', 'location_name'],
    dependsOn: ['warehouse-groups'],
  },
  {
    // the field documents' lifecycle stage (contracts/src/rules/lifecycle.ts): written by the
    // kernel with each step, derived from the facts for any other write; db:verify checks the two
    name: 'document-stage',
    kind: 'column',
    tables: [tireChecks, tireReplacements, mismatches],
    keptFrom: ['tire_checks', 'tire_replacements', 'mismatches'],
    key: ['kind', 'id'],
    dependsOn: [],
  },
  {
    name: 'row-counts',
    kind: 'row count',
    tables: [rowCounts, rowCountDeltas],
    keptFrom: ['tire_replacements', 'qc_checks', 'active_unit_tires', 'tire_checks'],
    key: ['key'],
    dependsOn: [],
    fold: { lock: 41_017, deltas: rowCountDeltas },
  },
  {
    name: 'tire-scrap-event',
    kind: 'narrow copy',
    tables: [tireScrapEvent],
    keptFrom: ['tire_events'],
    key: ['tire_id'],
    dependsOn: [],
  },
  {
    name: 'scrap-tires',
    kind: 'narrow copy',
    tables: [scrapTires],
    keptFrom: ['tires', 'tire_scrap_event'],
    key: ['tire_id'],
    dependsOn: ['tire-scrap-event'],
  },
  {
    name: 'tire-last-condition',
    kind: 'narrow copy',
    tables: [tireLastCondition],
    keptFrom: ['tire_checks', 'tire_check_records'],
    key: ['tire_id'],
    dependsOn: [],
  },
  {
    name: 'tire-wear',
    kind: 'queue',
    tables: [tireWear],
    keptFrom: ['tire_events', 'tire_checks', 'tire_check_records', 'tires'],
    key: ['tire_id'],
    dependsOn: [],
    queue: tireWearStale,
    rendered: { 'rebuild.sql': wearRebuildSql, 'stored.sql': wearStoredSql, 'recount.sql': wearRecountSql },
  },
] as const satisfies readonly ReadModel[];

/** This folder, from the source or from the built bundle (dist/server.mjs) alike. */
export const READ_MODELS_DIR = path.join(SERVER_ROOT, 'src/db/read-models');

export type ReadModelFile = 'triggers.sql' | 'rebuild.sql' | 'stored.sql' | 'recount.sql' | 'fold.sql';

export function readModelSql(model: Pick<ReadModel, 'name' | 'rendered'>, file: ReadModelFile): string {
  const rendered = model.rendered?.[file];
  if (rendered) return rendered();
  return fs.readFileSync(path.join(READ_MODELS_DIR, model.name, file), 'utf8');
}

/** The models in rebuild order: each after the models it depends on. */
export function inRebuildOrder(models: readonly ReadModel[] = READ_MODELS): ReadModel[] {
  const byName = new Map<string, ReadModel>(READ_MODELS.map((m) => [m.name, m]));
  const ordered: ReadModel[] = [];
  const visit = (m: ReadModel) => {
    if (ordered.includes(m)) return;
    for (const d of m.dependsOn) visit(byName.get(d)!);
    ordered.push(m);
  };
  for (const m of models) visit(m);
  return ordered.filter((m) => models.includes(m));
}

/** The models and every model that depends on one of them, directly or not. */
export function withDependents(models: readonly ReadModel[]): ReadModel[] {
  const out = new Set<ReadModel>(models);
  for (let grew = true; grew; ) {
    grew = false;
    for (const m of READ_MODELS) {
      if (!out.has(m) && m.dependsOn.some((d) => [...out].some((o) => o.name === d))) {
        out.add(m);
        grew = true;
      }
    }
  }
  return READ_MODELS.filter((m) => out.has(m));
}

/** The stored table names (SQL) of the models, e.g. for VACUUM ANALYZE after a bulk load. */
export function readModelTableNames(models: readonly ReadModel[] = READ_MODELS): string[] {
  return models.flatMap((m) => m.tables.map((t) => getTableName(t)));
}
