import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  pgTable,
  real,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, performedAt, tireColumns, updatedAt } from './columns';
import { units } from './org';
import { users } from './users';

type MeasuredColumns = Record<'groove_1' | 'groove_2' | 'groove_3' | 'groove_4' | 'pressure', AnyPgColumn>;

/** What a tire cost (rupiah): purchase price and the cost of its retreads so far (issue 11). */
const priceColumns = () => ({
  purchase_price: bigint('purchase_price', { mode: 'number' }),
  retread_cost: bigint('retread_cost', { mode: 'number' }),
});

/** RTD within 0-24 mm and pressure within 0-200 PSI, enforced by the database. */
export const measurementChecks = (name: string, c: MeasuredColumns) => [
  check(
    `${name}_rtd_ck`,
    sql`coalesce(least(${c.groove_1}, ${c.groove_2}, ${c.groove_3}, ${c.groove_4}), 0) >= 0 and coalesce(greatest(${c.groove_1}, ${c.groove_2}, ${c.groove_3}, ${c.groove_4}), 0) <= 24`,
  ),
  check(`${name}_psi_ck`, sql`${c.pressure} is null or ${c.pressure} between 0 and 200`),
];

export const tires = pgTable(
  'tires',
  {
    id: serial('id').primaryKey(),
    ...tireColumns(),
    ...priceColumns(),
    status: text('status').notNull().default('UNINSTALLED'),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    uniqueIndex('tires_serial_uq').on(t.serial_number),
    // prefix search on serial numbers (findSnLite), case-insensitive
    index('tires_serial_prefix_idx').on(sql`lower(${t.serial_number}) text_pattern_ops`),
    // "contains" search on serial numbers (the top bar's global search): trigrams serve ILIKE '%x%'
    index('tires_serial_trgm_idx').using('gin', sql`${t.serial_number} gin_trgm_ops`),
    index('tires_status_idx').on(t.status, t.id),
    // (groove_lowest, status): the List Data Ban summary and the RTD chips count from the index alone
    index('tires_lowest_idx').on(t.groove_lowest, t.status),
    check('tires_status_ck', sql`${t.status} in ('INSTALLED', 'UNINSTALLED', 'SCRAP', 'SPARE')`),
    check('tires_odometer_ck', sql`${t.odometer} >= 0`),
    ...measurementChecks('tires', t),
  ],
);

/** A tire's last reading as a select list: the fields of contracts' tireReadingReply. */
export const tireReadingColumns = {
  groove_1: tires.groove_1,
  groove_2: tires.groove_2,
  groove_3: tires.groove_3,
  groove_4: tires.groove_4,
  groove_lowest: tires.groove_lowest,
  pressure: tires.pressure,
};

export const tireRequests = pgTable(
  'tire_requests',
  {
    id: serial('id').primaryKey(),
    ...tireColumns(),
    ...priceColumns(),
    status: text('status').notNull().default('pending'),
    /** The tire created when the request was approved. */
    tire_id: integer('tire_id').references(() => tires.id, { onDelete: 'set null' }),
    /** Who asked (a tire man reads only his own requests); null for requests made before. */
    requested_by: integer('requested_by').references(() => users.id, { onDelete: 'set null' }),
    /** When it was asked for (the phone's clock): the lists date and order requests by it. */
    performed_at: performedAt(),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    index('tire_requests_performed_idx').on(t.performed_at),
    index('tire_requests_requested_by_idx').on(t.requested_by, t.performed_at),
    check('tire_requests_status_ck', sql`${t.status} in ('pending', 'approved')`),
  ],
);

/** What is mounted on each wheel position of a unit now. */
export const activeUnitTires = pgTable(
  'active_unit_tires',
  {
    id: serial('id').primaryKey(),
    unit_id: integer('unit_id')
      .notNull()
      .references(() => units.id, { onDelete: 'cascade' }),
    position: text('position').notNull(),
    tire_id: integer('tire_id').references(() => tires.id),
    status: text('status').notNull().default('INSTALLED'),
    /** Unit odometer when the tire was mounted. */
    km_installed: integer('km_installed').notNull().default(0),
    installed_at: timestamp('installed_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: updatedAt(),
  },
  (t) => [
    uniqueIndex('active_unit_tires_unit_pos_uq').on(t.unit_id, t.position),
    // a tire is mounted on at most one unit position
    uniqueIndex('active_unit_tires_tire_uq').on(t.tire_id).where(sql`${t.status} = 'INSTALLED'`),
    check('active_unit_tires_status_ck', sql`${t.status} in ('INSTALLED', 'UNINSTALLED')`),
    check(
      'active_unit_tires_position_ck',
      sql`${t.position} in ('1','2','3','4','5','6','7','8','9','10','11','12','ST','ST2')`,
    ),
  ],
);

/** Ledger of every tire movement and status change; feeds the stock card. Append-only. */
export const tireEvents = pgTable(
  'tire_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tire_id: integer('tire_id')
      .notNull()
      .references(() => tires.id, { onDelete: 'cascade' }),
    /** received | installed | removed | checked | status | updated | scrapped | retreaded */
    kind: text('kind').notNull(),
    unit_id: integer('unit_id').references(() => units.id, { onDelete: 'set null' }),
    position: text('position'),
    odometer: integer('odometer'),
    from_status: text('from_status'),
    to_status: text('to_status'),
    user_id: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** tire-check | tire-replacement | mismatch | tire-request | manual */
    source_type: text('source_type').notNull().default('manual'),
    source_id: integer('source_id'),
    note: text('note').notNull().default(''),
    created_at: createdAt(),
  },
  (t) => [
    index('tire_events_tire_idx').on(t.tire_id, t.id),
    // the scrap event of each scrapped tire (Scrap list), without reading the tire's whole ledger
    index('tire_events_scrap_idx')
      .on(t.tire_id, t.id)
      .where(sql`${t.kind} = 'scrapped' or (${t.kind} = 'status' and ${t.to_status} = 'SCRAP')`),
    index('tire_events_created_idx').on(t.created_at),
    // the tires mounted on a customer's units (the portal's tire life and cost)
    index('tire_events_unit_installed_idx').on(t.unit_id, t.tire_id).where(sql`${t.kind} = 'installed'`),
    // a tire's latest mount, removal, retread or scrap, one index entry away: whether its wear line
    // can take a check's reading as one more step (tire-wear/wear.ts, stepTireWear)
    index('tire_events_tire_life_idx')
      .on(t.tire_id, t.created_at, t.id)
      .where(
        sql`${t.kind} in ('installed', 'removed', 'retreaded', 'scrapped') or (${t.kind} = 'status' and ${t.to_status} = 'SCRAP')`,
      ),
    // the tires a validated document moved (tire intelligence refreshes their wear statistics)
    index('tire_events_source_idx').on(t.source_id, t.source_type).where(sql`${t.source_id} is not null`),
  ],
);

/** Reference inflation pressure per tire size (issue 11: pressure alerts, editable per size). */
export const tireSizePressures = pgTable('tire_size_pressures', {
  size: text('size').primaryKey(),
  reference_psi: real('reference_psi').notNull(),
  updated_at: updatedAt(),
});

/**
 * Life and wear statistics of one tire (issue 11), derived from the ledger and the approved
 * checks by refreshTireWear (server/src/db/read-models/tire-wear/wear.ts). A validation that
 * changes a tire queues it in tire_wear_stale; the wear refresher recomputes it right after (a
 * check's reading as one step of the incremental fit). The forecast (pull km and date) is computed
 * from these at query time with the configured pull point. Fit: lowest groove (mm) against tire
 * km / 1000 over the readings of the current life (since the last retread), outliers refused.
 */
export const tireWear = pgTable(
  'tire_wear',
  {
    tire_id: integer('tire_id')
      .primaryKey()
      .references(() => tires.id, { onDelete: 'cascade' }),
    /** Approved readings in the current life, and how many of them the fit kept. */
    readings: integer('readings').notNull().default(0),
    fit_n: integer('fit_n').notNull().default(0),
    /** Fitted line: groove_mm = intercept + slope * km / 1000; slope_se its standard error (n >= 3). */
    slope: doublePrecision('slope'),
    intercept: doublePrecision('intercept'),
    slope_se: doublePrecision('slope_se'),
    first_read_at: timestamp('first_read_at', { withTimezone: true }),
    last_read_at: timestamp('last_read_at', { withTimezone: true }),
    /** Tire km and lowest groove at the last reading of the current life. */
    last_km: doublePrecision('last_km'),
    last_groove: doublePrecision('last_groove'),
    /** Average km per day over the current life's readings. */
    km_per_day: doublePrecision('km_per_day'),
    /** Km over all mount periods (spare positions accrue none). */
    km_total: doublePrecision('km_total').notNull().default(0),
    first_mounted_at: timestamp('first_mounted_at', { withTimezone: true }),
    /** When it was scrapped (end of its service), null while in service. */
    ended_at: timestamp('ended_at', { withTimezone: true }),
    retreads: integer('retreads').notNull().default(0),
    rotations: integer('rotations').notNull().default(0),
    /** Tread lost over all lives: first minus last lowest groove of each life, summed. */
    mm_worn: real('mm_worn').notNull().default(0),
    /** A reading of the current life rose more than RTD_RISE_TOLERANCE_MM over the one before. */
    rtd_rise: boolean('rtd_rise').notNull().default(false),
    // What the refresher needs to take the next check's reading in one step (incremental-fit.ts):
    /** The fit's state over the current life's readings (wear_fold_step). */
    fold: doublePrecision('fold').array(),
    /** The ledger's 'installed' event of the open mount period, and the tire's km before it. */
    period_event_id: integer('period_event_id'),
    period_km_before: doublePrecision('period_km_before'),
    /** Km and lowest groove at the current life's first reading; mm worn over the earlier lives. */
    first_km: doublePrecision('first_km'),
    first_groove: doublePrecision('first_groove'),
    worn_before: doublePrecision('worn_before').notNull().default(0),
    /** Where the tire was last seen (mounted or read): the next reading elsewhere is a rotation. */
    last_position: text('last_position'),
    updated_at: updatedAt(),
  },
  (t) => [
    // the rtd-rise alert reads only the flagged tires
    index('tire_wear_rtd_rise_idx').on(t.tire_id).where(sql`${t.rtd_rise}`),
    // brand performance reads only tires that ran
    index('tire_wear_km_idx').on(t.tire_id, t.km_total, t.mm_worn).where(sql`${t.km_total} > 0`),
  ],
);

/**
 * Tires whose tire_wear row is out of date: queued in the transaction of the validation or edit that
 * changed them, drained by the wear refresher (tire-intelligence/wear-refresher.ts) after the commit,
 * so a crash between the two leaves the queue to the next drain rather than a stale forecast.
 */
export const tireWearStale = pgTable(
  'tire_wear_stale',
  {
    // one row per queueing, duplicates allowed: a validation only appends and never waits for a drain
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    tire_id: integer('tire_id').notNull(),
    /** The check whose validation queued it: its reading may be folded in as one step. */
    check_id: integer('check_id'),
    queued_at: timestamp('queued_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('tire_wear_stale_tire_idx').on(t.tire_id)],
);
