// The daily WhatsApp digest (issue 39, item 3): one row per reported day, the claim that makes it
// sent once however many server processes run, and one row per message (who, what, when, result).

import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { users } from './users';

/**
 * A day's digest, inserted with ON CONFLICT DO NOTHING by the process that sends it: the first
 * insert for a day wins, every other process (or a second call) finds the day taken and sends
 * nothing. Keeps the numbers and the message as sent.
 */
export const dailyDigests = pgTable('daily_digests', {
  /** The day it reports (APP_TIMEZONE), yesterday when it was sent. */
  day: date('day').primaryKey(),
  /** The numbers (TDigestCounts). */
  counts: jsonb('counts').notNull(),
  message: text('message').notNull(),
  /** 'schedule' (DIGEST_TIME) or 'manual' (POST /api/digest/send-now). */
  trigger: text('trigger').$type<'schedule' | 'manual'>().notNull(),
  /** The admin who sent it by hand. */
  requested_by: integer('requested_by').references(() => users.id, { onDelete: 'set null' }),
  created_at: createdAt(),
});

/**
 * One message of a digest to one recipient, and how it ended: 'sent' when the gateway took it,
 * 'failed' after the retries (or when the server stopped before the next one), 'pending' meanwhile.
 */
export const digestDeliveries = pgTable(
  'digest_deliveries',
  {
    id: serial('id').primaryKey(),
    day: date('day')
      .notNull()
      .references(() => dailyDigests.day, { onDelete: 'cascade' }),
    user_id: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The number it went to, as it was then. */
    phone: text('phone').notNull(),
    status: text('status').$type<'pending' | 'sent' | 'failed'>().notNull().default('pending'),
    attempts: smallint('attempts').notNull().default(0),
    /** The last attempt's error (the gateway's status, a timeout...). */
    error: text('error'),
    created_at: createdAt(),
    /** When the sending ended (whatever the result). */
    sent_at: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    check('digest_deliveries_status_ck', sql`${t.status} in ('pending', 'sent', 'failed')`),
    index('digest_deliveries_day_idx').on(t.day),
  ],
);
