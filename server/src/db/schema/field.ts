// Tables of the field loop: what a tire man's phone needs the server to remember about him.

import {
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { projects, units } from './org';
import { users } from './users';

/**
 * Field writes sent with an `Idempotency-Key` header: the reply of the first request, written in
 * the same transaction as the record it created, so a retry gets that reply instead of a second
 * record. Kept IDEMPOTENCY_KEEP_DAYS (contracts/src/field.ts; purged by the background loop).
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    method: text('method').notNull(),
    path: text('path').notNull(),
    /** SHA-256 of the request body (for an upload, of the file). */
    body_hash: text('body_hash').notNull(),
    status_code: smallint('status_code').notNull(),
    response: jsonb('response').notNull(),
    created_at: createdAt(),
  },
  (t) => [
    uniqueIndex('idempotency_keys_user_key_uq').on(t.user_id, t.key),
    index('idempotency_keys_created_idx').on(t.created_at),
  ],
);

/** Which projects a tire man works on: his units on the phone are those projects' units. */
export const tiremanProjects = pgTable(
  'tireman_projects',
  {
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    project_id: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.user_id, t.project_id] }),
    index('tireman_projects_project_idx').on(t.project_id),
  ],
);

/** Who uploaded each stored file: a record may cite only photos its own author uploaded. */
export const uploads = pgTable(
  'uploads',
  {
    path: text('path').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    created_at: createdAt(),
  },
  (t) => [index('uploads_user_idx').on(t.user_id)],
);

/**
 * Secrets the server makes once and every process shares (several behind a proxy on PostgreSQL):
 * `file_url` keys the HMAC of signed `/files/` links. Written with insert ... on conflict do
 * nothing, so the first process to boot chooses it.
 */
export const serverSecrets = pgTable('server_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  created_at: createdAt(),
});

/**
 * A field submission the office deleted: the row is gone, but its author's history still shows
 * it as deleted (kind tire-check, tire-replacement, mismatch, qc-check, tire-request).
 */
export const deletedSubmissions = pgTable(
  'deleted_submissions',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull(),
    record_id: integer('record_id').notNull(),
    tireman_id: integer('tireman_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    unit_id: integer('unit_id').references(() => units.id, { onDelete: 'set null' }),
    /** The plate as seen on site; a tire request's serial (it has no unit). */
    plate_number: text('plate_number').notNull().default(''),
    performed_at: timestamp('performed_at', { withTimezone: true }).notNull(),
    deleted_at: timestamp('deleted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('deleted_submissions_kind_record_uq').on(t.kind, t.record_id),
    index('deleted_submissions_tireman_idx').on(t.tireman_id, t.performed_at.desc()),
  ],
);

/**
 * Every Return of a check or replacement by the office, with its reason; `resubmitted_at` is set
 * when the tire man sends it again. The office's 'Dikembalikan' views and the detail modals' return
 * history read it (the record's own return_reason is the latest one, for the phone).
 */
export const submissionReturns = pgTable(
  'submission_returns',
  {
    id: serial('id').primaryKey(),
    /** tire-check | tire-replacement */
    kind: text('kind').notNull(),
    record_id: integer('record_id').notNull(),
    reason: text('reason').notNull(),
    returned_by: integer('returned_by').references(() => users.id, { onDelete: 'set null' }),
    returned_at: timestamp('returned_at', { withTimezone: true }).notNull().defaultNow(),
    resubmitted_at: timestamp('resubmitted_at', { withTimezone: true }),
  },
  (t) => [
    index('submission_returns_record_idx').on(t.kind, t.record_id, t.returned_at),
    index('submission_returns_kind_idx').on(t.kind, t.returned_at.desc(), t.id.desc()),
  ],
);
