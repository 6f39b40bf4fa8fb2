// The office inbox (issue 39, item 2): one row per recipient, so each admin or EDP has his own read
// state; and each user's choice of which kinds he receives.
import { INBOX_KINDS, type TInboxKind } from '@itms/contracts/inbox';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { users } from './users';

// the kinds the contract names, and no other
const KIND_CHECK = `(${INBOX_KINDS.map((k) => `'${k}'`).join(', ')})`;

/**
 * One item in one user's inbox, fanned out at creation to the office users who receive its kind.
 * `dedupe_key` makes a producer that several processes run (the 24-hour sweep) create an item
 * once per user: a second insert with the same key does nothing.
 */
export const inboxItems = pgTable(
  'inbox_items',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<TInboxKind>().notNull(),
    title: text('title').notNull(),
    body: text('body').notNull().default(''),
    /** The back-office screen it opens. */
    link: text('link').notNull(),
    /** What it is about, once per user: 'bkb:12', 'check-waiting:340'... */
    dedupe_key: text('dedupe_key'),
    created_at: createdAt(),
    read_at: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [
    check('inbox_items_kind_ck', sql.raw(`kind in ${KIND_CHECK}`)),
    // a user's list newest first, his unread ones, and the badge's count
    index('inbox_items_user_idx').on(t.user_id, t.read_at, t.id.desc()),
    index('inbox_items_user_id_idx').on(t.user_id, t.id.desc()),
    uniqueIndex('inbox_items_dedupe_uq').on(t.user_id, t.dedupe_key),
    // has a sweep already announced it (to anybody)?
    index('inbox_items_dedupe_idx').on(t.dedupe_key).where(sql`${t.dedupe_key} is not null`),
  ],
);

/** A kind a user turned off (or on again); without a row the kind is on. */
export const inboxPreferences = pgTable(
  'inbox_preferences',
  {
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<TInboxKind>().notNull(),
    enabled: boolean('enabled').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.user_id, t.kind] }),
    check('inbox_preferences_kind_ck', sql.raw(`kind in ${KIND_CHECK}`)),
  ],
);
