import type { FieldWarning } from '@itms/contracts/rules/field-warnings';
import { AWAITING_VALIDATION, AWAITING_WORKSHOP, RETURNED } from '@itms/contracts/rules/lifecycle';
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import {
  createdAt,
  performedAt,
  returnableStageChecks,
  stageColumn,
  stageIn,
  tireColumns,
  updatedAt,
} from './columns';
import { locations, projects, units } from './org';
import { measurementChecks, tires } from './tires';
import { users } from './users';

const signature = (name: string) => text(name).notNull().default('-');

export const tireReplacements = pgTable(
  'tire_replacements',
  {
    id: serial('id').primaryKey(),
    unit_id: integer('unit_id')
      .notNull()
      .references(() => units.id),
    tireman_id: integer('tireman_id')
      .notNull()
      .references(() => users.id),
    location_id: integer('location_id')
      .notNull()
      .references(() => locations.id),
    project_id: integer('project_id').references(() => projects.id),
    odometer: integer('odometer').notNull(),
    spk: text('spk').notNull().default(''),
    plate_number_url: text('plate_number_url').notNull().default('-'),
    odometer_url: text('odometer_url').notNull().default('-'),
    tireman_sign: signature('tireman_sign'),
    pic_sign: signature('pic_sign'),
    /** Why the PIC did not sign ('PIC tidak di tempat'); null once the PIC signs. */
    pic_absent_reason: text('pic_absent_reason'),
    itms_sign: signature('itms_sign'),
    edp_sign: signature('edp_sign'),
    workshop_sign: signature('workshop_sign'),
    status: text('status').notNull().default('pending'),
    stage: stageColumn(),
    returned_at: timestamp('returned_at', { withTimezone: true }),
    /** The office's reason for the last Return, shown to the tire man. */
    return_reason: text('return_reason'),
    /** What deserves a second look, found by the server when it arrived (rules/field-warnings.ts). */
    field_warnings: jsonb('field_warnings').$type<FieldWarning[]>().notNull().default([]),
    validated_by: integer('validated_by').references(() => users.id),
    validated_at: timestamp('validated_at', { withTimezone: true }),
    /** Who gave the workshop signature, and when (Tanda Tangan Workshop). */
    workshop_signed_by: integer('workshop_signed_by').references(() => users.id),
    workshop_signed_at: timestamp('workshop_signed_at', { withTimezone: true }),
    performed_at: performedAt(),
    /** When the server received it. */
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    // (performed_at, id): the history pages newest first from the index alone
    index('tire_replacements_performed_idx').on(t.performed_at, t.id),
    index('tire_replacements_unit_idx').on(t.unit_id, t.performed_at),
    index('tire_replacements_tireman_idx').on(t.tireman_id, t.performed_at),
    // Riwayat Pergantian filtered to one location (lib/record-filters.ts)
    index('tire_replacements_location_idx').on(t.location_id, t.performed_at),
    index('tire_replacements_queue_idx')
      .on(t.created_at.desc(), t.id.desc())
      .where(stageIn(t.stage, AWAITING_VALIDATION)),
    // the returned ones (the tire men's list and the dashboard's Storing card)
    index('tire_replacements_returned_idx')
      .on(t.created_at.desc(), t.id.desc())
      .where(stageIn(t.stage, RETURNED)),
    // validated and awaiting the workshop signature (Tanda Tangan Workshop), newest validation first
    index('tire_replacements_workshop_queue_idx')
      .on(t.validated_at.desc(), t.id.desc())
      .where(stageIn(t.stage, AWAITING_WORKSHOP)),
    check('tire_replacements_status_ck', sql`${t.status} in ('pending', 'approved')`),
    check('tire_replacements_odometer_ck', sql`${t.odometer} >= 0`),
    check('tire_replacements_approved_signed_ck', sql`${t.status} <> 'approved' or ${t.edp_sign} <> '-'`),
    ...returnableStageChecks('tire_replacements', t),
  ],
);

export const tireReplaceRecords = pgTable(
  'tire_replace_records',
  {
    id: serial('id').primaryKey(),
    tire_replacement_id: integer('tire_replacement_id')
      .notNull()
      .references(() => tireReplacements.id, { onDelete: 'cascade' }),
    tire_id: integer('tire_id').references(() => tires.id, { onDelete: 'set null' }),
    ...tireColumns(),
    /** replace: tire installed here; remove: tire taken off; check: tire checked in place. */
    status: text('status').notNull(),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    index('tire_replace_records_replacement_idx').on(t.tire_replacement_id),
    index('tire_replace_records_tire_idx').on(t.tire_id),
    check('tire_replace_records_status_ck', sql`${t.status} in ('replace', 'remove', 'check')`),
    ...measurementChecks('tire_replace_records', t),
  ],
);
