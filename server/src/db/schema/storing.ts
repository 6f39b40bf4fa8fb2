// Storing (issue 38): breakdown calls and their timed history.

import { sql } from 'drizzle-orm';
import {
  check,
  doublePrecision,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { mismatches } from './mismatches';
import { customers, projects, regions, units } from './org';
import { tireReplacements } from './replacements';
import { users } from './users';

const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * A breakdown call: logged by the office, assigned to a tire man, stepped through by him
 * (contracts/src/rules/storing.ts). Each step's time is its own column, so roll time (called_at to
 * done_at) and response time (called_at to arrived_at) are read without the history.
 */
export const breakdownCalls = pgTable(
  'breakdown_calls',
  {
    id: serial('id').primaryKey(),
    unit_id: integer('unit_id')
      .notNull()
      .references(() => units.id),
    positions: text('positions').array().notNull().default(sql`'{}'::text[]`),
    cause: text('cause').notNull(),
    location_text: text('location_text').notNull(),
    lat: doublePrecision('lat'),
    lng: doublePrecision('lng'),
    caller_name: text('caller_name').notNull(),
    caller_phone: text('caller_phone').notNull(),
    priority: text('priority').notNull().default('normal'),
    note: text('note').notNull().default(''),
    /**
     * The region the truck is in: the region of the location of its last check when the call was
     * taken (the free-text location names no region). The report's 'Per region'; null: never checked.
     */
    region_id: integer('region_id').references(() => regions.id, { onDelete: 'set null' }),
    status: text('status').notNull().default('new'),
    tireman_id: integer('tireman_id').references(() => users.id, { onDelete: 'set null' }),
    called_at: at('called_at').notNull().defaultNow(),
    assigned_at: at('assigned_at'),
    accepted_at: at('accepted_at'),
    departed_at: at('departed_at'),
    arrived_at: at('arrived_at'),
    done_at: at('done_at'),
    cancelled_at: at('cancelled_at'),
    cancel_reason: text('cancel_reason'),
    replacement_id: integer('replacement_id').references(() => tireReplacements.id, { onDelete: 'set null' }),
    mismatch_id: integer('mismatch_id').references(() => mismatches.id, { onDelete: 'set null' }),
    created_by: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    check(
      'breakdown_calls_status_ck',
      sql`${t.status} in ('new', 'assigned', 'accepted', 'en_route', 'arrived', 'done', 'cancelled')`,
    ),
    check('breakdown_calls_priority_ck', sql`${t.priority} in ('tinggi', 'normal')`),
    // the open-calls list (oldest call first) and the dashboard's count
    index('breakdown_calls_open_idx')
      .on(t.called_at)
      .where(sql`${t.status} in ('new', 'assigned', 'accepted', 'en_route', 'arrived')`),
    // every call, newest first; a tire man's calls
    index('breakdown_calls_called_idx').on(t.called_at),
    index('breakdown_calls_tireman_idx').on(t.tireman_id, t.called_at),
    index('breakdown_calls_unit_idx').on(t.unit_id, t.called_at),
  ],
);

/** Each step of a call: when it was taken (the tap), when recorded, by whom; an assignment names its tire man. */
export const breakdownCallEvents = pgTable(
  'breakdown_call_events',
  {
    id: serial('id').primaryKey(),
    call_id: integer('call_id')
      .notNull()
      .references(() => breakdownCalls.id, { onDelete: 'cascade' }),
    action: text('action').notNull(),
    status: text('status').notNull(),
    at: at('at').notNull(),
    recorded_at: createdAt(),
    user_id: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    tireman_id: integer('tireman_id').references(() => users.id, { onDelete: 'set null' }),
    note: text('note'),
  },
  (t) => [index('breakdown_call_events_call_idx').on(t.call_id, t.id)],
);

/**
 * How fast calls should be served: response (call to arrival) and roll time (call to 'Selesai'),
 * for one project, one customer, or the default (neither). A call is measured by its unit's
 * project's, else that project's customer's, else the default.
 */
export const storingTargets = pgTable(
  'storing_targets',
  {
    id: serial('id').primaryKey(),
    customer_id: integer('customer_id').references(() => customers.id, { onDelete: 'cascade' }),
    project_id: integer('project_id').references(() => projects.id, { onDelete: 'cascade' }),
    response_minutes: integer('response_minutes').notNull(),
    roll_minutes: integer('roll_minutes').notNull(),
    updated_by: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updated_at: updatedAt(),
  },
  (t) => [
    check('storing_targets_scope_ck', sql`${t.customer_id} is null or ${t.project_id} is null`),
    check(
      'storing_targets_minutes_ck',
      sql`${t.response_minutes} > 0 and ${t.roll_minutes} >= ${t.response_minutes}`,
    ),
    uniqueIndex('storing_targets_customer_uq').on(t.customer_id).where(sql`${t.customer_id} is not null`),
    uniqueIndex('storing_targets_project_uq').on(t.project_id).where(sql`${t.project_id} is not null`),
    // one default
    uniqueIndex('storing_targets_default_uq')
      .on(sql`(true)`)
      .where(sql`${t.customer_id} is null and ${t.project_id} is null`),
  ],
);
