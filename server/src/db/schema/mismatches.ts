import { AWAITING_VALIDATION } from '@itms/contracts/rules/lifecycle';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, performedAt, stageColumn, stageIn, updatedAt } from './columns';
import { locations, projects, units } from './org';
import { tires } from './tires';
import { users } from './users';

/**
 * The list a BKB's Kategori is chosen from (admin master data). A BKB keeps the name as text
 * (mismatches.category); renaming or merging a category rewrites those texts.
 */
export const mismatchCategories = pgTable(
  'mismatch_categories',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    /** An inactive category stays on its BKB but is no longer offered nor accepted. */
    active: boolean('active').notNull().default(true),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [uniqueIndex('mismatch_categories_name_uq').on(sql`lower(btrim(${t.name}))`)],
);

/** BKB: Berita Ketidaksesuaian Ban, a report that the tires on a unit differ from the records. */
export const mismatches = pgTable(
  'mismatches',
  {
    id: serial('id').primaryKey(),
    unit_id: integer('unit_id')
      .notNull()
      .references(() => units.id),
    tireman_id: integer('tireman_id').references(() => users.id),
    location_id: integer('location_id').references(() => locations.id),
    project_id: integer('project_id').references(() => projects.id),
    category: text('category').notNull(),
    information: text('information').notNull().default(''),
    /** Null when no driver was known: screens then show TIDAK PASTI. */
    driver: text('driver'),
    driver_phone: text('driver_phone').notNull().default(''),
    driver_photo: text('driver_photo').notNull().default('-'),
    image_url: text('image_url').notNull().default('-'),
    signature_url: text('signature_url').notNull().default('-'),
    itms_id: integer('itms_id').references(() => users.id),
    status: text('status').notNull().default('pending'),
    stage: stageColumn(),
    validated_at: timestamp('validated_at', { withTimezone: true }),
    performed_at: performedAt(),
    /** When the server received it. */
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    // (performed_at, id): Rekam BKB pages newest first from the index alone
    index('mismatches_performed_idx').on(t.performed_at, t.id),
    index('mismatches_tireman_idx').on(t.tireman_id, t.performed_at),
    // Rekam BKB filtered to one unit or one location (lib/record-filters.ts); the unit page's BKB list
    index('mismatches_unit_idx').on(t.unit_id, t.performed_at),
    index('mismatches_location_idx').on(t.location_id, t.performed_at),
    index('mismatches_pending_idx')
      .on(t.created_at.desc(), t.id.desc())
      .where(stageIn(t.stage, AWAITING_VALIDATION)),
    check('mismatches_status_ck', sql`${t.status} in ('pending', 'approved')`),
    check('mismatches_approved_signed_ck', sql`${t.status} <> 'approved' or ${t.signature_url} <> '-'`),
    // a BKB is sent, then validated (or reopened back to sent); it has no Return nor workshop step
    check('mismatches_stage_ck', sql`${t.stage} in ('sent', 'validated')`),
    check('mismatches_stage_approved_ck', sql`(${t.stage} = 'validated') = (${t.status} = 'approved')`),
  ],
);

export const mismatchPositions = pgTable(
  'mismatch_positions',
  {
    id: serial('id').primaryKey(),
    mismatch_id: integer('mismatch_id')
      .notNull()
      .references(() => mismatches.id, { onDelete: 'cascade' }),
    position: text('position').notNull(),
    /** The tire the records say is mounted at this position. */
    origin_tire_id: integer('origin_tire_id').references(() => tires.id, { onDelete: 'set null' }),
    origin_serial: text('origin_serial').notNull().default(''),
    /** The serial the tire man found on the unit. */
    found_serial: text('found_serial').notNull().default(''),
    /** Decided at validation: the tire chosen by EDP and what to do with it. */
    new_tire_id: integer('new_tire_id').references(() => tires.id, { onDelete: 'set null' }),
    action: text('action'),
    created_at: createdAt(),
  },
  (t) => [
    index('mismatch_positions_mismatch_idx').on(t.mismatch_id),
    check(
      'mismatch_positions_action_ck',
      sql`${t.action} is null or ${t.action} in ('update', 'normal', 'delete')`,
    ),
  ],
);
