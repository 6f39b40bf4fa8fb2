// Read models kept by database triggers in the same transaction as the rows they summarise, so
// the screens that need them read a few rows instead of scanning the ledger or every check.
// Their functions, triggers, rebuild and recount: db/read-models/, one folder per model (registry.ts).

import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { tires } from './tires';

/**
 * Checks per local month, location and tire man: the monthly level of tire_check_daily (same
 * columns). Productivity, leaderboard and summary per region read whole local months here and the
 * partial months at the range's ends from tire_check_daily. Kept by the same trigger function
 * (migrations 0007 and 0015) on every insert, update, delete and truncate of tire_checks.
 */
export const tireCheckMonthly = pgTable(
  'tire_check_monthly',
  {
    /** First day of the UTC month. */
    month: date('month').notNull(),
    location_id: integer('location_id').notNull(),
    tireman_id: integer('tireman_id').notNull(),
    n: integer('n').notNull().default(0),
    approved: integer('approved').notNull().default(0),
    awaiting_pic: integer('awaiting_pic').notNull().default(0),
    awaiting_edp: integer('awaiting_edp').notNull().default(0),
    awaiting_workshop: integer('awaiting_workshop').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.month, t.location_id, t.tireman_id] })],
);

/**
 * Per unit and local month (APP_TIMEZONE, recorded in report_timezone): how many checks it had and
 * on which local days (bit d-1 set for day d). The monthly unit attendance (Absensi Unit Bulanan)
 * reads one row per unit here instead of aggregating the month's checks. Kept by the triggers of
 * migration 0013 on tire_checks; rebuilt whole by `tire_check_unit_month_rebuild()` when the
 * configured time zone changes (syncReportTimezone) and after a bulk load that bypasses triggers.
 */
export const tireCheckUnitMonth = pgTable(
  'tire_check_unit_month',
  {
    /** First day of the local month. */
    month: date('month').notNull(),
    unit_id: integer('unit_id').notNull(),
    n: integer('n').notNull().default(0),
    days: integer('days').notNull().default(0),
    /** `days` as the report's letters, day 1 first: Y checked, N not (31 of them; a month takes its first days). */
    day_letters: text('day_letters')
      .notNull()
      .generatedAlwaysAs(sql`translate(reverse(days::bit(31)::text), '01', 'NY')`),
  },
  (t) => [
    primaryKey({ columns: [t.month, t.unit_id] }),
    // a unit's last month with a check: the day plan (Tugas) reads each unit's newest row
    index('tire_check_unit_month_unit_idx').on(t.unit_id, t.month),
  ],
);

/** The one time zone tire_check_unit_month is bucketed in: APP_TIMEZONE as of the last boot. */
export const reportTimezone = pgTable('report_timezone', {
  id: boolean('id').primaryKey().default(true),
  tz: text('tz').notNull(),
});

/**
 * Tires per status and whole millimetres of lowest groove (floor of groove_lowest, -1 when
 * unmeasured): the summary panels of List Data Ban (status counts and RTD ranges with whole-mm
 * bounds) add up these rows and the pending deltas instead of counting every tire. The triggers of
 * migration 0014 only append to tire_status_groove_delta, so concurrent validations never wait on a
 * shared counter row; the server's fold loop adds them up (db/read-models/README.md).
 */
export const tireStatusGroove = pgTable(
  'tire_status_groove',
  {
    status: text('status').notNull(),
    groove: smallint('groove').notNull(),
    n: integer('n').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.status, t.groove] })],
);

export const tireStatusGrooveDelta = pgTable('tire_status_groove_delta', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  status: text('status').notNull(),
  groove: smallint('groove').notNull(),
  n: integer('n').notNull(),
});

/**
 * Per tire, where its ledger ends: the last tire_events entry and the location of the last entry
 * whose document (check, replacement, BKB) has one. The Warehouse reads the stock tires' location
 * and last movement here instead of searching each tire's ledger. Kept by the triggers of
 * migration 0008 on tire_events (insert: one upsert; update, delete: the tire's row is rebuilt
 * from its ledger) in the same transaction as the ledger write, whoever writes it (the mounting
 * service, validations, imports, the demo seed); a bulk load that bypasses triggers rebuilds it
 * (db/read-models/tire-stock-state/rebuild.sql).
 */
export const tireStockState = pgTable('tire_stock_state', {
  tire_id: integer('tire_id')
    .primaryKey()
    .references(() => tires.id, { onDelete: 'cascade' }),
  last_event_id: bigint('last_event_id', { mode: 'number' }).notNull(),
  location_id: integer('location_id'),
  location_event_id: bigint('location_event_id', { mode: 'number' }),
});

/**
 * The stock card's narrow copy of the ledger: per tire_events entry, the tire's size and brand
 * (upper case, as the card filters them), the entry's time and the tire's in-stock state after it
 * (1 in stock, 0 mounted or scrapped, carried over entries that do not change it) with its change
 * (-1, 0, +1). The running stock of a size/brand at an entry is the sum of the changes up to it in
 * (created_at, id) order, so a page needs only the entries before it (or after it, subtracted
 * from the sum of all) read from one index. There is deliberately no stored total per size/brand:
 * a row every ledger write updates made concurrent validations deadlock and queue on it. Kept by the triggers of migration 0009 on tire_events
 * (insert; update or delete rebuild the tire's rows) and on tires (a changed size or brand moves
 * the tire's rows), in the same transaction.
 */
export const tireStockMoves = pgTable(
  'tire_stock_moves',
  {
    event_id: bigint('event_id', { mode: 'number' }).primaryKey(),
    tire_id: integer('tire_id').notNull(),
    size_key: text('size_key').notNull(),
    brand_key: text('brand_key').notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull(),
    stock_after: smallint('stock_after').notNull(),
    stock_delta: smallint('stock_delta').notNull(),
  },
  (t) => [
    index('tire_stock_moves_tire_idx').on(t.tire_id, t.event_id, t.stock_after),
    // one index per filter of the card (size and brand, size, brand, none), in card order, with
    // the change as the last column: a page reads its prefix (or suffix) from the index alone
    index('tire_stock_moves_size_brand_idx').on(
      t.size_key,
      t.brand_key,
      t.created_at,
      t.event_id,
      t.stock_delta,
    ),
    index('tire_stock_moves_size_idx').on(t.size_key, t.created_at, t.event_id, t.stock_delta),
    index('tire_stock_moves_brand_idx').on(t.brand_key, t.created_at, t.event_id, t.stock_delta),
    index('tire_stock_moves_all_idx').on(t.created_at, t.event_id, t.stock_delta),
  ],
);

/**
 * The Warehouse's narrow copy of the tires in stock (status UNINSTALLED or SPARE): the columns it
 * filters, sorts and groups by, with the location from tire_stock_state and its name. A page
 * reads its rows in list order from one index and the totals and the location/size/brand groups
 * count a few thousand narrow rows, instead of joining every stock tire to its state and location
 * on each request. One row per tire, so concurrent validations never wait on each other here.
 * Kept by the triggers of migration 0016 on tires, tire_stock_state and locations (a renamed
 * location renames its rows), in the same transaction; a bulk load that bypasses triggers calls
 * `warehouse_stock_rebuild()`.
 */
export const warehouseStock = pgTable(
  'warehouse_stock',
  {
    tire_id: integer('tire_id')
      .primaryKey()
      .references(() => tires.id, { onDelete: 'cascade' }),
    status: text('status').notNull(),
    size: text('size').notNull(),
    ir_brand: text('ir_brand').notNull(),
    serial_number: text('serial_number').notNull(),
    location_id: integer('location_id'),
    location_name: text('location_name'),
  },
  (t) => [
    // the list's and the groups' order (location, nulls last as ascending puts them, then size,
    // brand, S/N), with the other columns after the unique tire_id: pages, totals and groups are
    // read from the index alone, already in order
    index('warehouse_stock_order_idx').on(
      t.location_name,
      t.location_id,
      t.size,
      t.ir_brand,
      t.serial_number,
      t.tire_id,
      t.status,
    ),
    // the stock card's "in stock now" of a size or brand (compared upper-case)
    index('warehouse_stock_size_idx').on(sql`upper(${t.size})`),
    index('warehouse_stock_brand_idx').on(sql`upper(${t.ir_brand})`),
  ],
);

/**
 * The Warehouse's location/size/brand groups: stock tires per (location, its name, size, brand),
 * by status. A groups page reads these few thousand rows in order instead of grouping every stock
 * tire on each request. The statement triggers of migration 0021 on warehouse_stock only append
 * the net change per group to warehouse_group_deltas (no shared row is updated, so concurrent
 * validations never wait or deadlock on a group); a reader adds pending deltas to the groups it
 * reads (stock/warehouse.queries.ts) and the server's fold loop stores them. `warehouse_groups_rebuild()`
 * recounts after a bulk load.
 */
export const warehouseGroups = pgTable(
  'warehouse_groups',
  {
    location_id: integer('location_id'),
    location_name: text('location_name'),
    size: text('size').notNull(),
    ir_brand: text('ir_brand').notNull(),
    uninstalled: integer('uninstalled').notNull().default(0),
    spare: integer('spare').notNull().default(0),
  },
  (t) => [
    // the fold's upsert key; the tires without a location form one group per size and brand
    unique('warehouse_groups_key').on(t.location_name, t.location_id, t.size, t.ir_brand).nullsNotDistinct(),
  ],
);

/**
 * Per location (and the tires without one), its groups in warehouse_groups and their stock: the
 * groups' totals and the locations holding stock, read from these few hundred rows when the
 * groups are filtered by location and status only (the screen's usual view). Rebuilt from
 * warehouse_groups by every fold of its deltas and by `warehouse_groups_rebuild()`.
 */
export const warehouseGroupLocations = pgTable('warehouse_group_locations', {
  location_id: integer('location_id'),
  location_name: text('location_name'),
  /** Groups with stock; with UNINSTALLED, with SPARE tires. */
  groups: integer('groups').notNull(),
  groups_uninstalled: integer('groups_uninstalled').notNull(),
  groups_spare: integer('groups_spare').notNull(),
  uninstalled: integer('uninstalled').notNull(),
  spare: integer('spare').notNull(),
});

export const warehouseGroupDeltas = pgTable('warehouse_group_deltas', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  location_id: integer('location_id'),
  location_name: text('location_name'),
  size: text('size').notNull(),
  ir_brand: text('ir_brand').notNull(),
  uninstalled: integer('uninstalled').notNull(),
  spare: integer('spare').notNull(),
});

/**
 * Row counts of the large lists' unfiltered views, so their first page does not count 50,000 to
 * 100,000 rows: per key (`table` or `table:value` of the column that splits it) a folded count
 * plus the +1/-1 deltas that the row triggers of migration 0017 append, as tire_status_groove
 * does (no shared row is updated, so concurrent writers never wait on a counter). Counted:
 * tire_replacements by status, qc_checks, active_unit_tires by status. The server's fold loop adds
 * the deltas up (lib/row-counts.ts reads both); `row_counts_rebuild()` recounts after a bulk load.
 */
export const rowCounts = pgTable('row_counts', {
  key: text('key').primaryKey(),
  n: bigint('n', { mode: 'number' }).notNull().default(0),
});

export const rowCountDeltas = pgTable('row_count_deltas', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  key: text('key').notNull(),
  n: integer('n').notNull(),
});

/**
 * Entries and the sum of their stock changes per (size, brand) key of tire_stock_moves: the stock
 * card of a size and/or brand adds up these rows and the pending deltas for its total and running
 * stock instead of scanning its entries (tens of thousands per size at fleet scale). The
 * statement triggers of migration 0018 only append to tire_stock_move_deltas: a stored total that
 * every ledger write updated made concurrent validations deadlock and queue on it (migration
 * 0011). The server's fold loop adds the deltas up (db/read-models/README.md).
 */
export const tireStockMoveTotals = pgTable(
  'tire_stock_move_totals',
  {
    size_key: text('size_key').notNull(),
    brand_key: text('brand_key').notNull(),
    n: bigint('n', { mode: 'number' }).notNull().default(0),
    stock: bigint('stock', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.size_key, t.brand_key] })],
);

export const tireStockMoveDeltas = pgTable('tire_stock_move_deltas', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  size_key: text('size_key').notNull(),
  brand_key: text('brand_key').notNull(),
  n: integer('n').notNull(),
  stock: integer('stock').notNull(),
});

/**
 * Per tire, its last scrap entry in the ledger (kind `scrapped`, or a status change to SCRAP):
 * when and with what note. The Scrap list and its totals join the scrapped tires to this row
 * instead of searching each tire's ledger. Kept by the triggers of migration 0020 on tire_events
 * (insert: one upsert per statement; update, delete: the tire's row is rebuilt from its ledger),
 * in the same transaction; `tire_scrap_event_rebuild()` after a bulk load that bypassed them.
 */
export const tireScrapEvent = pgTable(
  'tire_scrap_event',
  {
    tire_id: integer('tire_id')
      .primaryKey()
      .references(() => tires.id, { onDelete: 'cascade' }),
    event_id: bigint('event_id', { mode: 'number' }).notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull(),
    note: text('note').notNull().default(''),
  },
  (t) => [index('tire_scrap_event_created_idx').on(t.created_at)],
);

/**
 * The Scrap list's narrow copy of the scrapped tires (status SCRAP): the columns it shows, filters
 * and counts, with the time and note of the last scrap entry (tire_scrap_event; none for a tire
 * scrapped before the ledger). Its totals read these few thousand rows, and a page reads its rows
 * in list order from one index, instead of fetching every scrapped tire from the wide tires table
 * and sorting them on each request. Kept by the triggers of migration 0022 on tires and
 * tire_scrap_event, in the same transaction; `scrap_tires_rebuild()` after a bulk load.
 */
export const scrapTires = pgTable(
  'scrap_tires',
  {
    tire_id: integer('tire_id')
      .primaryKey()
      .references(() => tires.id, { onDelete: 'cascade' }),
    serial_number: text('serial_number').notNull(),
    ir_brand: text('ir_brand').notNull(),
    ori_brand: text('ori_brand').notNull(),
    size: text('size').notNull(),
    pattern: text('pattern').notNull(),
    condition: text('condition').notNull(),
    scrapped_at: timestamp('scrapped_at', { withTimezone: true }),
    scrap_note: text('scrap_note').notNull(),
  },
  (t) => [index('scrap_tires_order_idx').on(t.scrapped_at.desc().nullsLast(), t.tire_id.desc())],
);

/**
 * Each tire's latest validated check record (tire_checks.status 'approved', newest by performed_at,
 * then check id, then record id) and the condition codes it carries: Ban Kritis, the alerts and the
 * portal flag a tire unsafe from here, one row per tire, instead of reading all its check records.
 * Kept by the triggers of db/read-models/tire-last-condition on tire_checks and tire_check_records.
 */
export const tireLastCondition = pgTable(
  'tire_last_condition',
  {
    tire_id: integer('tire_id')
      .primaryKey()
      .references(() => tires.id, { onDelete: 'cascade' }),
    tire_check_id: integer('tire_check_id').notNull(),
    record_id: integer('record_id').notNull(),
    performed_at: timestamp('performed_at', { withTimezone: true }).notNull(),
    /** Five comma-separated condition codes: crown, shoulder, sidewalls, beads, interior. */
    condition: text('condition').notNull(),
  },
  // the tires carrying given codes (the unsafe ones: modules/defect-codes/unsafe-defects.ts) found
  // without reading every tire's row
  (t) => [
    index('tire_last_condition_codes_idx').using(
      'gin',
      sql`string_to_array(replace(${t.condition}, ' ', ''), ',')`,
    ),
  ],
);
