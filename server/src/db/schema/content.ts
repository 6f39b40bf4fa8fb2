import { index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { createdAt, performedAt, updatedAt } from './columns';
import { locations, units } from './org';
import { users } from './users';

export const qcChecks = pgTable(
  'qc_checks',
  {
    id: serial('id').primaryKey(),
    tireman_id: integer('tireman_id').references(() => users.id),
    name_qc: text('name_qc').notNull(),
    unit_id: integer('unit_id')
      .notNull()
      .references(() => units.id),
    location_id: integer('location_id').references(() => locations.id),
    /** Each: 14 comma-separated true/false, one per position (1-12, ST1, ST2). */
    check1: text('check1').notNull(),
    check2: text('check2').notNull(),
    check3: text('check3').notNull(),
    check4: text('check4').notNull(),
    check5: text('check5').notNull(),
    check6: text('check6').notNull(),
    check7: text('check7').notNull(),
    check8: text('check8').notNull(),
    check9: text('check9').notNull(),
    check10: text('check10').notNull(),
    check11: text('check11').notNull(),
    check12: text('check12').notNull(),
    check13: text('check13').notNull(),
    check14: text('check14').notNull(),
    performed_at: performedAt(),
    /** When the server received it. */
    created_at: createdAt(),
  },
  (t) => [
    // (performed_at, id): the QC list pages newest first from the index alone
    index('qc_checks_performed_idx').on(t.performed_at, t.id),
    index('qc_checks_tireman_idx').on(t.tireman_id, t.performed_at),
  ],
);

export const banners = pgTable('banners', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  image: text('image').notNull(),
  created_at: createdAt(),
  updated_at: updatedAt(),
});

export const news = pgTable('news', {
  id: serial('id').primaryKey(),
  title: text('title').notNull(),
  news: text('news').notNull(),
  author: text('author').notNull(),
  imageUrl: text('image_url'),
  created_at: createdAt(),
  updated_at: updatedAt(),
});

export const sopEntries = pgTable('sop_entries', {
  id: serial('id').primaryKey(),
  sort_order: integer('sort_order').notNull().default(0),
  title: text('title').notNull(),
  video_url: text('video_url').notNull().default(''),
  /** An uploaded video (MP4 or WebM) in storage, served with HTTP Range; takes precedence over video_url. */
  video_path: text('video_path'),
  description: text('description').notNull().default(''),
  updated_at: updatedAt(),
});
