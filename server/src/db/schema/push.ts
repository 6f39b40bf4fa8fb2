// Web Push to ITMS Lapangan (issue 39): the browsers that asked for notifications, and what was
// sent to them (who, what, when, result).

import { sql } from 'drizzle-orm';
import {
  check,
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
import { sessions, users } from './users';

/**
 * A browser's PushSubscription (its endpoint at the push service and its encryption keys), one row
 * per endpoint: a browser that subscribes again under another user moves to that user. Removed
 * when the push service answers 404/410 (expired) or the user turns notifications off.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull().unique('push_subscriptions_endpoint_uq'),
    /** The browser's P-256 public key (base64url), for RFC 8291 encryption. */
    p256dh: text('p256dh').notNull(),
    /** The browser's 16-byte authentication secret (base64url). */
    auth: text('auth').notNull(),
    user_agent: text('user_agent'),
    /**
     * The session that subscribed: notices go only to subscriptions of a live session (a phone
     * whose session ended, signed out or taken over, hears nothing more but that it ended). Null
     * on rows older than the column.
     */
    session_id: text('session_id').references(() => sessions.id, { onDelete: 'cascade' }),
    created_at: createdAt(),
    /** When the push service last accepted a message for it. */
    last_success_at: timestamp('last_success_at', { withTimezone: true }),
  },
  (t) => [
    index('push_subscriptions_user_idx').on(t.user_id),
    index('push_subscriptions_session_idx').on(t.session_id),
  ],
);

/**
 * One notification to one user: what it said and how its sending ended ('sent' to at least one of
 * the user's subscriptions, 'expired' when every subscription was gone, 'failed' after the retries
 * or with none to send to). Pending while `sent_at` is null and the retries go on.
 */
export const pushDeliveries = pgTable(
  'push_deliveries',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The subscription the last attempt went to (null when the user had none, or it was removed). */
    subscription_id: integer('subscription_id').references(() => pushSubscriptions.id, {
      onDelete: 'set null',
    }),
    /** What it announces: 'returned', 'test', ... */
    kind: text('kind').notNull(),
    /** The notification as sent: title, body, url, kind. */
    payload: jsonb('payload').notNull(),
    status: text('status').$type<'pending' | 'sent' | 'failed' | 'expired'>().notNull().default('pending'),
    /** The push service's HTTP status of the last attempt. */
    http_status: smallint('http_status'),
    error: text('error'),
    attempts: smallint('attempts').notNull().default(0),
    created_at: createdAt(),
    /** When the sending ended (whatever the result). */
    sent_at: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    check('push_deliveries_status_ck', sql`${t.status} in ('pending', 'sent', 'failed', 'expired')`),
    // a user's last delivery (GET /api/push/status)
    index('push_deliveries_user_idx').on(t.user_id, t.created_at),
  ],
);
