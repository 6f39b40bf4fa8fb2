import type { FieldWarning } from '@itms/contracts/rules/field-warnings';
import { AWAITING_VALIDATION, AWAITING_WORKSHOP, RETURNED } from '@itms/contracts/rules/lifecycle';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import {
  createdAt,
  measurementColumns,
  performedAt,
  returnableStageChecks,
  stageColumn,
  stageIn,
  updatedAt,
} from './columns';
import { drivers, locations, projects, units } from './org';
import { measurementChecks, tires } from './tires';
import { users } from './users';

/** Signatures hold an uploaded image path, or '-' while not given. */
const signature = (name: string) => text(name).notNull().default('-');

export const tireChecks = pgTable(
  'tire_checks',
  {
    id: serial('id').primaryKey(),
    unit_id: integer('unit_id')
      .notNull()
      .references(() => units.id),
    /** Plate as seen on site; the unit's plate can change later. */
    plate_number: text('plate_number').notNull(),
    tireman_id: integer('tireman_id')
      .notNull()
      .references(() => users.id),
    location_id: integer('location_id')
      .notNull()
      .references(() => locations.id),
    project_id: integer('project_id').references(() => projects.id),
    driver_id: integer('driver_id').references(() => drivers.id),
    odometer: integer('odometer').notNull(),
    equipment: text('equipment').notNull().default(''),
    tireman_sign: signature('tireman_sign'),
    driver_sign: signature('driver_sign'),
    pic_sign: signature('pic_sign'),
    pic_name: text('pic_name').notNull().default('-'),
    /** Why the PIC did not sign ('PIC tidak di tempat'); null once the PIC signs. */
    pic_absent_reason: text('pic_absent_reason'),
    edp_sign: signature('edp_sign'),
    workshop_sign: signature('workshop_sign'),
    itms_sign: signature('itms_sign'),
    plate_number_url: text('plate_number_url').notNull().default('-'),
    odometer_url: text('odometer_url').notNull().default('-'),
    status: text('status').notNull().default('pending'),
    stage: stageColumn(),
    /** Set by the Return: the check is back on the tire man's list until resubmitted. */
    returned_at: timestamp('returned_at', { withTimezone: true }),
    /** The office's reason for the last Return, shown to the tire man. */
    return_reason: text('return_reason'),
    validated_by: integer('validated_by').references(() => users.id),
    validated_at: timestamp('validated_at', { withTimezone: true }),
    /** Who gave the workshop signature, and when (Tanda Tangan Workshop). */
    workshop_signed_by: integer('workshop_signed_by').references(() => users.id),
    workshop_signed_at: timestamp('workshop_signed_at', { withTimezone: true }),
    performed_at: performedAt(),
    /** What deserved a second look when it arrived (contracts/src/rules/field-warnings.ts), for EDP. */
    field_warnings: jsonb('field_warnings').$type<FieldWarning[]>().notNull().default([]),
    /** When the server received it. */
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    // (performed_at, id): record searches page newest first without a sort (bench: index-only scans)
    index('tire_checks_performed_idx').on(t.performed_at, t.id),
    index('tire_checks_tireman_performed_idx').on(t.tireman_id, t.performed_at),
    // with status, id and odometer: the wear refresh reads the approved checks of a tire's mount
    // periods (a unit, from one time to another) from this index alone
    index('tire_checks_unit_performed_idx').on(t.unit_id, t.performed_at, t.status, t.id, t.odometer),
    index('tire_checks_location_performed_idx').on(t.location_id, t.performed_at),
    // the EDP queue (noEdpSign), newest first
    index('tire_checks_queue_idx')
      .on(t.created_at.desc(), t.id.desc())
      .where(stageIn(t.stage, AWAITING_VALIDATION)),
    // the queue filtered to one tire man or one location (lib/queue-filters.ts), either order
    index('tire_checks_queue_tireman_idx')
      .on(t.tireman_id, t.created_at.desc(), t.id.desc())
      .where(stageIn(t.stage, AWAITING_VALIDATION)),
    index('tire_checks_queue_location_idx')
      .on(t.location_id, t.created_at.desc(), t.id.desc())
      .where(stageIn(t.stage, AWAITING_VALIDATION)),
    // the checks returned to one tire man (GET /tire-check/returned), newest first
    index('tire_checks_returned_idx')
      .on(t.tireman_id, t.created_at.desc(), t.id.desc())
      .where(stageIn(t.stage, RETURNED)),
    // validated and awaiting the workshop signature (Tanda Tangan Workshop), newest validation first
    index('tire_checks_workshop_queue_idx')
      .on(t.validated_at.desc(), t.id.desc())
      .where(stageIn(t.stage, AWAITING_WORKSHOP)),
    check('tire_checks_status_ck', sql`${t.status} in ('pending', 'approved')`),
    check('tire_checks_odometer_ck', sql`${t.odometer} >= 0`),
    check('tire_checks_approved_signed_ck', sql`${t.status} <> 'approved' or ${t.edp_sign} <> '-'`),
    ...returnableStageChecks('tire_checks', t),
  ],
);

export const tireCheckRecords = pgTable(
  'tire_check_records',
  {
    id: serial('id').primaryKey(),
    tire_check_id: integer('tire_check_id')
      .notNull()
      .references(() => tireChecks.id, { onDelete: 'cascade' }),
    tire_id: integer('tire_id').references(() => tires.id, { onDelete: 'set null' }),
    position: text('position').notNull(),
    serial_number: text('serial_number').notNull(),
    serial_number_url: text('serial_number_url').notNull().default('-'),
    ir_brand: text('ir_brand').notNull().default(''),
    ori_brand: text('ori_brand').notNull().default(''),
    pattern: text('pattern').notNull().default(''),
    size: text('size').notNull().default(''),
    status: text('status').notNull().default(''),
    ...measurementColumns(),
    /** Five comma-separated condition codes: crown, shoulder, sidewalls, beads, interior. */
    condition: text('condition').notNull().default('0,0,0,0,0'),
    rotation: text('rotation').notNull().default(''),
    temperature: real('temperature'),
    information: text('information').notNull().default(''),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    index('tire_check_records_check_idx').on(t.tire_check_id),
    index('tire_check_records_tire_idx').on(t.tire_id, t.created_at),
    ...measurementChecks('tire_check_records', t),
  ],
);

/**
 * Checks per local day (APP_TIMEZONE, recorded in report_timezone), location and tire man, with
 * the signature states of the summary screen. Reports over long ranges (productivity since 2020,
 * leaderboard, summary per region) read the days of partial months here and whole months from
 * tire_check_monthly, never the checks. Kept by the trigger of migration 0003 (local days since
 * 0015) in the same transaction as every insert, update, delete and truncate of tire_checks;
 * rebuilt by `report_rollups_rebuild()` at a zone change and after a bulk load without triggers.
 */
export const tireCheckDaily = pgTable(
  'tire_check_daily',
  {
    day: date('day').notNull(),
    location_id: integer('location_id').notNull(),
    tireman_id: integer('tireman_id').notNull(),
    n: integer('n').notNull().default(0),
    approved: integer('approved').notNull().default(0),
    awaiting_pic: integer('awaiting_pic').notNull().default(0),
    awaiting_edp: integer('awaiting_edp').notNull().default(0),
    awaiting_workshop: integer('awaiting_workshop').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.location_id, t.tireman_id] })],
);

/**
 * The defect catalogue: the codes a check record's five condition zones may carry besides 0 (not
 * checked) and 99 (normal). Codes are never removed, so a check queued on a phone stays valid.
 */
export const defectCodes = pgTable(
  'defect_codes',
  {
    code: integer('code').primaryKey(),
    /** null until an admin names it ('Kode N'). */
    name: text('name'),
    /** Makes the tire unsafe to run: counted with the critical tires. */
    unsafe: boolean('unsafe').notNull().default(false),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [check('defect_codes_code_range', sql`${t.code} between 1 and 98`)],
);
