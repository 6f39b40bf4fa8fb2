import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { customers } from './org';

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    nik: text('nik').notNull().default(''),
    phone: text('phone').notNull(),
    email: text('email').notNull(),
    password_hash: text('password_hash').notNull(),
    role: text('role').notNull(),
    photo: text('photo').notNull().default('-'),
    signature: text('signature').notNull().default('-'),
    department: text('department').notNull().default(''),
    /** A customer's account (role 'customer', issue 40): the customer whose fleet it reads. */
    customer_id: integer('customer_id').references(() => customers.id, { onDelete: 'restrict' }),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_uq').on(sql`lower(${t.email})`),
    uniqueIndex('users_phone_uq').on(t.phone),
    index('users_role_idx').on(t.role),
    check('users_role_ck', sql`${t.role} in ('admin', 'staff', 'tire-man', 'workshop', 'customer')`),
    // a customer's account has its customer, and no other account has one
    check('users_customer_ck', sql`(${t.role} = 'customer') = (${t.customer_id} is not null)`),
    index('users_customer_idx').on(t.customer_id).where(sql`${t.customer_id} is not null`),
  ],
);

/** One row per login. The token is kept only as a SHA-256 hash; `id` is the `session` value. */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    token_hash: text('token_hash').notNull(),
    ip: text('ip').notNull().default(''),
    user_agent: text('user_agent').notNull().default(''),
    /** The phone's own id (ITMS Lapangan): a new login from the same device replaces this session. */
    device_id: text('device_id'),
    created_at: createdAt(),
    last_seen_at: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    revoked_at: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('sessions_token_hash_uq').on(t.token_hash),
    // one active session per user, enforced by the database
    uniqueIndex('sessions_one_active_uq').on(t.user_id).where(sql`${t.revoked_at} is null`),
  ],
);

/** Failed logins, per account and per address, for rate limiting shared by every server process. */
export const loginFailures = pgTable(
  'login_failures',
  {
    id: serial('id').primaryKey(),
    key: text('key').notNull(),
    created_at: createdAt(),
  },
  (t) => [index('login_failures_key_idx').on(t.key, t.created_at)],
);

/** Password reset links sent over WhatsApp; the token is kept only as a hash. */
export const passwordResets = pgTable(
  'password_resets',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    token_hash: text('token_hash').notNull(),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    used_at: timestamp('used_at', { withTimezone: true }),
    created_at: createdAt(),
  },
  (t) => [uniqueIndex('password_resets_token_uq').on(t.token_hash)],
);
