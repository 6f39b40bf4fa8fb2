import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  real,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';

export const regions = pgTable('regions', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  manpower: integer('manpower').notNull().default(0),
  pic: text('pic').notNull().default(''),
  /** Editable "Target Check" of the summary screen; null means the computed expectation. */
  target_check: integer('target_check'),
});

/**
 * A region's plan, dated (issue 36, item 5): its manpower and Target Check from `month` (the first
 * day of a local month) on, until a later row. The summary reads, for each month of a range, the
 * latest row not after it (the earliest row for months before any), so editing the plan applies
 * from the current month forward and never rewrites a past month. `regions.manpower` and
 * `regions.target_check` stay the plan in force now (the Region & Lokasi screen's values).
 */
export const regionPlans = pgTable(
  'region_plans',
  {
    region_id: integer('region_id')
      .notNull()
      .references(() => regions.id, { onDelete: 'cascade' }),
    month: date('month').notNull(),
    manpower: integer('manpower').notNull(),
    target_check: integer('target_check'),
  },
  (t) => [
    primaryKey({ columns: [t.region_id, t.month] }),
    check('region_plans_month_first_day', sql`extract(day from ${t.month}) = 1`),
  ],
);

export const locations = pgTable(
  'locations',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    region_id: integer('region_id')
      .notNull()
      .references(() => regions.id),
  },
  (t) => [index('locations_region_idx').on(t.region_id)],
);

export const drivers = pgTable('drivers', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  phone: text('phone').notNull().default(''),
  photo: text('photo').notNull().default('-'),
});

export const customers = pgTable('customers', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  created_at: createdAt(),
});

export const projects = pgTable(
  'projects',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    customer_id: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    created_at: createdAt(),
  },
  (t) => [index('projects_customer_idx').on(t.customer_id)],
);

export const units = pgTable(
  'units',
  {
    id: serial('id').primaryKey(),
    plate_number: text('plate_number').notNull(),
    unit_type: text('unit_type').notNull(),
    project_id: integer('project_id')
      .notNull()
      .references(() => projects.id),
    plan_project: text('plan_project').notNull().default('-'),
    handled_date: date('handled_date'),
    tonnage: real('tonnage').notNull().default(0),
    status: text('status').notNull().default('active'),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    uniqueIndex('units_plate_uq').on(t.plate_number),
    // the global search's "contains" on the plate with its spaces ignored ("b9001" finds "B 9001 TR")
    index('units_plate_trgm_idx').using('gin', sql`replace(${t.plate_number}, ' ', '') gin_trgm_ops`),
    index('units_project_idx').on(t.project_id),
    check('units_tonnage_ck', sql`${t.tonnage} >= 0`),
  ],
);
