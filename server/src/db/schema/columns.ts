import type { Stage } from '@itms/contracts/rules/lifecycle';
import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { type AnyPgColumn, check, integer, real, text, timestamp } from 'drizzle-orm/pg-core';

/** Timestamps are stored in UTC (timestamptz) and shown in APP_TIMEZONE by the clients. */
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
/**
 * When the work was done on site (the phone's clock, sent as `performed_at`); defaults to the
 * receipt time. Reports group by it, so an entry sent a day late counts on its own day.
 */
export const performedAt = () => timestamp('performed_at', { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

/** Tread depth (RTD) of the four grooves and the pressure, as measured. */
export const measurementColumns = () => ({
  groove_1: real('groove_1'),
  groove_2: real('groove_2'),
  groove_3: real('groove_3'),
  groove_4: real('groove_4'),
  pressure: real('pressure'),
});

/** The descriptive fields a tire, a new-tire request and a replace record all carry. */
export const tireColumns = () => ({
  position: text('position').notNull().default(''),
  odometer: integer('odometer').notNull().default(0),
  serial_number: text('serial_number').notNull(),
  serial_number_img: text('serial_number_img').notNull().default('-'),
  ir_brand: text('ir_brand').notNull().default(''),
  ori_brand: text('ori_brand').notNull().default(''),
  pattern: text('pattern').notNull().default(''),
  size: text('size').notNull().default(''),
  is_original: text('is_original').notNull().default('ORI'),
  ...measurementColumns(),
  groove_lowest: real('groove_lowest'),
  casing_status: text('casing_status').notNull().default(''),
  tube_brand: text('tube_brand').notNull().default(''),
  tube_size: text('tube_size').notNull().default(''),
  tube_status: text('tube_status').notNull().default(''),
  flap_brand: text('flap_brand').notNull().default(''),
  flap_size: text('flap_size').notNull().default(''),
  flap_status: text('flap_status').notNull().default(''),
  velg_brand: text('velg_brand').notNull().default(''),
  velg_size: text('velg_size').notNull().default(''),
  velg_holes: integer('velg_holes'),
  velg_status: text('velg_status').notNull().default(''),
  information: text('information').notNull().default(''),
  condition: text('condition').notNull().default('-'),
  tube_url: text('tube_url').notNull().default('-'),
  flap_url: text('flap_url').notNull().default('-'),
  inner_tube_url: text('inner_tube_url').notNull().default('-'),
});

/**
 * Where a field document is in its life (contracts/src/rules/lifecycle.ts), written by the lifecycle
 * kernel with each step. Writes outside it (seeds, restores) get the stage their facts mean from the
 * `*_stage` trigger (migration 0040), and the checks below keep stage and facts from disagreeing.
 */
export const stageColumn = () => text('stage').$type<Stage>().notNull().default('sent');

/**
 * A stage predicate with literal values (not bind parameters), so the planner matches the partial
 * indexes built with the same predicate: the queues and their indexes read one definition of
 * 'waiting' (contracts/src/rules/lifecycle.ts AWAITING_VALIDATION, AWAITING_WORKSHOP, RETURNED).
 */
export const stageIn = (stage: SQLWrapper, stages: readonly Stage[]): SQL =>
  sql`${stage} in (${sql.raw(stages.map((s) => `'${s}'`).join(', '))})`;

/** The constraints tying a check's or replacement's stage to its status, Return and workshop signature. */
export function returnableStageChecks(
  table: string,
  t: { stage: AnyPgColumn; status: AnyPgColumn; returned_at: AnyPgColumn; workshop_sign: AnyPgColumn },
) {
  const approved: SQL = sql`${t.status} = 'approved'`;
  return [
    check(
      `${table}_stage_ck`,
      sql`${t.stage} in ('sent', 'returned', 'resubmitted', 'validated', 'workshop_signed')`,
    ),
    check(
      `${table}_stage_approved_ck`,
      sql`(${t.stage} in ('validated', 'workshop_signed')) = (${approved})`,
    ),
    check(`${table}_stage_returned_ck`, sql`(${t.stage} = 'returned') = (${t.returned_at} is not null)`),
    check(
      `${table}_stage_workshop_ck`,
      sql`(${t.stage} = 'workshop_signed') = (${approved} and ${t.workshop_sign} <> '-')`,
    ),
  ];
}
