import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import type { Role } from '@itms/contracts/enums';
import { APPROVED_STAGES } from '@itms/contracts/rules/lifecycle';
import { and, eq, isNull, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/client';
import { sessions, users } from '../src/db/schema';
import { roleAllows } from '../src/lib/roles';
import { sha256 } from '../src/modules/auth/auth.service';
import { backgroundSettled, createTestApp, FX, type TestApp } from './helpers';
import { multipartFile, TINY_PNG } from './multipart';

/**
 * Hostile input on every write endpoint (POST/PUT/PATCH/DELETE of app.apiRoutes, so that a new
 * route is covered without touching this file): wrong types, missing and extra fields, huge
 * strings, control and right-to-left characters, SQL and HTML metacharacters, `__proto__` and
 * `constructor` keys, numbers out of range, impossible dates. Never a 500, always the one error
 * shape, and a refusal leaves every table as it was: its row count and a checksum of its rows.
 * Every read (GET) gets hostile query strings the same way: prototype keys, huge and negative
 * numbers, NaN, repeated keys (arrays), other scripts, very long values. Never a 5xx, and a
 * download is either a whole file or an error answered before its first byte.
 *
 * `npm test` runs a sample (HOSTILE_RUNS per route, default 20); `npm run bench:hostile` runs
 * HOSTILE_REQUESTS (at least 10,000) spread over the routes on PostgreSQL, with HOSTILE_COLLECT
 * (every finding listed instead of stopping at the first) and HOSTILE_REPORT (a JSON summary).
 */
const TOTAL = Number(process.env.HOSTILE_REQUESTS ?? 0);
const COLLECT = Boolean(process.env.HOSTILE_COLLECT);

let t: TestApp;
let adminId: number;
let snapshotText: string;
let openapi: { paths: Record<string, Record<string, Operation>> };
const failures: string[] = [];
const stats = {
  requests: 0,
  refused: 0,
  accepted: 0,
  serverErrors: 0,
  wrongShape: 0,
  refusalsThatChangedRows: 0,
  brokenDownloads: 0,
  readRequests: 0,
  readRoutes: 0,
  byStatus: new Map<number, number>(),
  routesWithAccepted: new Set<string>(),
};

interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  required?: string[];
  nullable?: boolean;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  minItems?: number;
  maxItems?: number;
}
interface Operation {
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  parameters?: { in: string; name: string; schema?: JsonSchema }[];
  responses?: Record<string, { content?: Record<string, unknown> }>;
}

// the failed-login counter is the one table a refusal is meant to write (login lockout)
const NOT_COMPARED = new Set(['login_failures']);
// columns any authenticated request may refresh (at most every few minutes)
const TOUCHED_BY_EVERY_REQUEST: Record<string, string> = { sessions: 'last_seen_at' };

beforeAll(async () => {
  t = await createTestApp(COLLECT ? { logLevel: 'error' } : {});
  const [admin] = await t.database.db.select().from(users).where(eq(users.email, FX.admin.email));
  adminId = admin!.id;
  const tables = rowsOf<{ name: string }>(
    await t.database.db.execute(
      sql`select tablename as name from pg_tables where schemaname = 'public' order by tablename`,
    ),
  )
    .map((r) => r.name)
    .filter((n) => !NOT_COMPARED.has(n));
  // per table "row count:sum of the rows' text hashes", all in one statement: an update that keeps
  // the count changes the sum (order does not matter, so no sort)
  const rowText = (n: string) =>
    TOUCHED_BY_EVERY_REQUEST[n] ? `(to_jsonb(r__) - '${TOUCHED_BY_EVERY_REQUEST[n]}')::text` : 'r__::text';
  snapshotText =
    // jsonb objects of 40 tables each, merged: a function takes at most 100 arguments
    `select ${Array.from(
      { length: Math.ceil(tables.length / 40) },
      (_, i) =>
        `jsonb_build_object(${tables
          .slice(i * 40, i * 40 + 40)
          .map(
            (n) =>
              `'${n}', (select count(*) || ':' || coalesce(sum(hashtext(${rowText(n)})), 0) from "${n}" r__)`,
          )
          .join(', ')})`,
    ).join(' || ')} as c`;
  // prepared once: planning the 53 subqueries cost five times running them (28 ms against 5 ms)
  if (!t.database.pool) await t.database.db.execute(sql.raw(`prepare hostile_snapshot as ${snapshotText}`));
  openapi = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
}, 120_000);
afterAll(async () => {
  await t?.close();
});

let snapshotMs = 0;
type Snapshot = Record<string, string>;
async function snapshot(): Promise<Snapshot> {
  const started = performance.now();
  const [row] = t.database.pool
    ? (await t.database.pool.query<{ c: Snapshot }>({ name: 'hostile_snapshot', text: snapshotText })).rows
    : rowsOf<{ c: Snapshot }>(await t.database.db.execute(sql`execute hostile_snapshot`));
  snapshotMs += performance.now() - started;
  return row!.c;
}
/** The tables whose count or content differ, e.g. `tires 12->13 rows`, `users content`. */
function changed(before: Snapshot, after: Snapshot): string[] {
  return Object.keys(after)
    .filter((k) => after[k] !== before[k])
    .map((k) => {
      const [was, is] = [before[k]?.split(':')[0], after[k]!.split(':')[0]];
      return was === is ? `${k} content` : `${k} ${was}->${is} rows`;
    });
}

/**
 * A fresh admin session straight in the database (admin passes every role check); an accepted
 * edit of the admin's own user may have demoted them.
 */
async function adminToken(): Promise<string> {
  return freshSession(adminId, 'admin');
}

/** A fresh session of `userId`, with the role given back to it, straight in the database. */
async function freshSession(userId: number, role: Role): Promise<string> {
  const token = randomBytes(24).toString('base64url');
  await t.database.db.update(users).set({ role }).where(eq(users.id, userId));
  await t.database.db
    .update(sessions)
    .set({ revoked_at: new Date() })
    .where(and(eq(sessions.user_id, userId), isNull(sessions.revoked_at)));
  await t.database.db
    .insert(sessions)
    .values({ id: randomUUID(), user_id: userId, token_hash: sha256(token) });
  return token;
}

// ---- the hostile vocabulary ----

const HOSTILE_STRINGS = [
  "' OR '1'='1",
  '1; DROP TABLE users; --',
  "'); delete from tires; --",
  '" OR ""="',
  '\\',
  '%_%',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '"><svg onload=alert(1)>',
  '\u202Eevil.png\u202C',
  '\u200F\u200E\u2066',
  '\u0000',
  'a\u0000b',
  '\u0007\u0008\u001b[31m\u007f',
  'X\r\nSet-Cookie: a=b',
  '\uD800',
  '\uFFFF\uFFFE',
  '🛞🚚'.repeat(50),
  'x'.repeat(100_000),
  ' ',
  '',
  '-',
  '2025-02-30',
  '2025-13-45',
  '0000-00-00',
  '2025-02-29',
  '2024-02-30T25:61:61Z',
  '-infinity',
  'infinity',
  '1e309',
  'NaN',
  '-1',
  '0x1F',
  '١٢٣',
  '12abc',
  '../../../etc/passwd',
  'javascript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  '__proto__',
  'constructor',
  '{"$gt":""}',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template injection probe, sent as text
  '${7*7}{{7*7}}',
  'null',
  'true',
];
const HOSTILE_NUMBERS = [
  -1,
  0,
  0.5,
  -0.0001,
  2147483647,
  2147483648,
  -2147483649,
  9007199254740992 + 2,
  1e21,
  1e308,
  -1e308,
  25,
  201,
  100000,
  1e-320,
];
// path parameters that must never be read as an existing id
const HOSTILE_PARAMS = [
  'abc',
  '-1',
  '0',
  '1.5',
  '99999999999',
  '2147483648',
  '1e400',
  "1'%20or%20'1'%3D'1",
  '%00',
  '__proto__',
  'constructor',
  '%E2%80%AE1',
  'NaN',
  'Infinity',
  'null',
  '%3Cscript%3E',
  'x'.repeat(3000),
];
// raw bodies no JSON encoder would produce
const RAW_BODIES: { ct: string; body: string }[] = [
  { ct: 'application/json', body: '{"__proto__":{"role":"admin","isAdmin":true}}' },
  { ct: 'application/json', body: '{"constructor":{"prototype":{"polluted":"yes"}}}' },
  { ct: 'application/json', body: '{"a":' },
  { ct: 'application/json', body: '[]' },
  { ct: 'application/json', body: '"just a string"' },
  { ct: 'application/json', body: '12' },
  { ct: 'application/json', body: 'null' },
  { ct: 'application/json', body: '{"a":1,"a":2}' },
  { ct: 'application/x-www-form-urlencoded', body: '__proto__[role]=admin&constructor[prototype][x]=1' },
  { ct: 'application/x-www-form-urlencoded', body: 'a=%00%E2%80%AE&records[0][groove_1]=99&=' },
  { ct: 'text/plain', body: 'hello' },
  {
    ct: 'application/xml',
    body: '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><x>&e;</x>',
  },
];

const hostileValue: fc.Arbitrary<unknown> = fc.letrec<{ v: unknown }>((tie) => ({
  v: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constantFrom(...HOSTILE_STRINGS),
    fc.constantFrom(...HOSTILE_NUMBERS),
    fc.string({ unit: 'binary', maxLength: 30 }),
    fc.boolean(),
    fc.constant(null),
    fc.integer(),
    fc.double(),
    fc.array(tie('v'), { maxLength: 3 }),
    fc.dictionary(fc.string({ maxLength: 8 }), tie('v'), { maxKeys: 3 }),
  ),
})).v;

/** Values shaped like the schema, but with hostile leaves, missing keys and extra keys. */
function fromSchema(s: JsonSchema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!s || depth > 3) return hostileValue;
  const alternatives = s.anyOf ?? s.oneOf ?? s.allOf;
  if (alternatives?.length) return fc.oneof(...alternatives.map((a) => fromSchema(a, depth + 1)));
  const type = Array.isArray(s.type) ? s.type[0] : s.type;
  let shaped: fc.Arbitrary<unknown>;
  if (s.enum?.length) shaped = fc.constantFrom(...s.enum);
  else if (type === 'object' && s.properties) {
    const props = Object.fromEntries(
      Object.entries(s.properties).map(([k, p]) => [k, fromSchema(p, depth + 1)]),
    );
    shaped = fc
      .tuple(
        fc.record(props, { requiredKeys: [] }),
        fc.dictionary(
          fc.constantFrom(
            'extra',
            'role',
            'id',
            'status',
            'isAdmin',
            'validated_by',
            'user_id',
            'created_at',
          ),
          hostileValue,
          { maxKeys: 2 },
        ),
      )
      .map(([known, extra]) => ({ ...extra, ...known }));
  } else if (type === 'array') shaped = fc.array(fromSchema(s.items, depth + 1), { maxLength: 4 });
  else if (type === 'string')
    shaped = fc.oneof(fc.constantFrom(...HOSTILE_STRINGS), fc.string({ maxLength: 20 }));
  else if (type === 'number' || type === 'integer')
    shaped = fc.oneof(
      fc.constantFrom(...HOSTILE_NUMBERS),
      fc.integer(),
      fc.constantFrom('12abc', '1e400', ''),
    );
  else if (type === 'boolean') shaped = fc.oneof(fc.boolean(), fc.constantFrom('ya', 2, 'true'));
  else shaped = hostileValue;
  return fc.oneof({ weight: 4, arbitrary: shaped }, { weight: 1, arbitrary: hostileValue });
}

/**
 * Values the schema accepts (required keys present, lengths, bounds, formats and patterns kept)
 * whose strings are hostile where they fit: these get past validation into the services, where a
 * hostile value can still reach SQL, a constraint or a half-done write.
 */
function validFromSchema(s: JsonSchema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!s || depth > 4) return hostileValue;
  const alternatives = s.anyOf ?? s.oneOf;
  if (alternatives?.length) return fc.oneof(...alternatives.map((a) => validFromSchema(a, depth + 1)));
  const type = Array.isArray(s.type) ? s.type[0] : s.type;
  let valid: fc.Arbitrary<unknown>;
  if (s.enum?.length) valid = fc.constantFrom(...s.enum);
  else if (type === 'object') {
    const props = s.properties ?? {};
    valid = fc
      .tuple(
        fc.record(
          Object.fromEntries(Object.entries(props).map(([k, p]) => [k, validFromSchema(p, depth + 1)])),
          { requiredKeys: (s.required ?? []).filter((k) => k in props) },
        ),
        // keys a client must not set: dropped or refused, never written
        fc.dictionary(fc.constantFrom('role', 'id', 'status', 'user_id', 'created_at'), hostileValue, {
          maxKeys: 1,
        }),
      )
      .map(([known, extra]) => ({ ...extra, ...known }));
  } else if (type === 'array')
    valid = fc.array(validFromSchema(s.items, depth + 1), {
      minLength: s.minItems ?? 0,
      maxLength: Math.max(s.minItems ?? 0, Math.min(s.maxItems ?? 4, 4)),
    });
  else if (type === 'string') valid = validString(s);
  else if (type === 'integer' || type === 'number') {
    const min = s.minimum ?? (s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + 1 : undefined);
    const max = s.maximum;
    valid =
      min !== undefined || max !== undefined
        ? fc.oneof(
            fc.constantFrom(...[min, max].filter((n): n is number => n !== undefined)),
            fc.integer({
              min: Math.max(Math.ceil(min ?? -1e6), -2147483648),
              max: Math.min(Math.floor(max ?? 1e6), 2147483647),
            }),
          )
        : // ids of the fixture rows, and any other number
          fc.oneof(fc.constantFrom(1, 2, 3), fc.integer({ min: -5, max: 1e6 }), fc.double({ noNaN: true }));
  } else if (type === 'boolean') valid = fc.boolean();
  else valid = hostileValue;
  return s.nullable ? fc.oneof(valid, fc.constant(null)) : valid;
}

const INVISIBLE = /[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}]/u;

function validString(s: JsonSchema): fc.Arbitrary<string> {
  const min = s.minLength ?? 0;
  const max = s.maxLength ?? 1000;
  const date = fc.date({ min: new Date('2000-01-01'), max: new Date('2099-12-31'), noInvalidDate: true });
  if (s.format === 'date-time') return date.map((d) => d.toISOString());
  if (s.format === 'date') return date.map((d) => d.toISOString().slice(0, 10));
  if (s.format === 'email') return fc.emailAddress().filter((e) => e.length <= max);
  if (s.pattern)
    return fc.stringMatching(new RegExp(s.pattern)).filter((v) => v.length >= min && v.length <= max);
  const fit = (v: string) => v.slice(0, max).padEnd(min, 'x');
  // control and invisible characters are refused by every text field, so they stay in the other half
  return fc.oneof(
    fc.constantFrom(...HOSTILE_STRINGS.filter((v) => !INVISIBLE.test(v))).map(fit),
    fc
      .string({ unit: 'grapheme', minLength: min, maxLength: Math.min(max, 40) })
      .filter((v) => !INVISIBLE.test(v)),
  );
}

function formEncode(value: unknown, prefix = ''): string[] {
  if (value !== null && typeof value === 'object') {
    return Object.entries(value as Record<string, unknown>).flatMap(([k, v]) =>
      formEncode(v, prefix ? `${prefix}[${k}]` : k),
    );
  }
  return [`${pct(prefix || 'v')}=${pct(String(value))}`];
}

/** Percent-encodes every UTF-8 byte (lone surrogates included, which encodeURIComponent refuses). */
const pct = (s: string) => [...Buffer.from(s)].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('');

interface Attempt {
  params: string[];
  ct?: string;
  body?: string | Buffer;
  headers?: Record<string, string>;
}

function attempts(method: string, url: string): fc.Arbitrary<Attempt> {
  const paramCount = (url.match(/:[A-Za-z_]+/g) ?? []).length;
  const op = openapi.paths[url.replace(/:([A-Za-z_]+)/g, '{$1}')]?.[method.toLowerCase()];
  const jsonSchema = op?.requestBody?.content?.['application/json']?.schema;
  // with a body schema a real id may go with a hostile body; without one, only hostile ids
  const param = jsonSchema
    ? fc.oneof(fc.constantFrom(...HOSTILE_PARAMS), fc.constantFrom('1', '2'))
    : fc.constantFrom(...HOSTILE_PARAMS);
  const paramsOf = (p: fc.Arbitrary<string>) => fc.array(p, { minLength: paramCount, maxLength: paramCount });
  const params = paramsOf(param);
  const structured = jsonSchema ? fromSchema(jsonSchema) : hostileValue;
  const multipart = url === '/api/upload' || url.startsWith('/api/import/');
  const body = fc.oneof(
    {
      weight: 6,
      arbitrary: structured.map((v) => ({ ct: 'application/json', body: JSON.stringify(v ?? null) })),
    },
    {
      weight: 2,
      arbitrary: structured.map((v) => ({
        ct: 'application/x-www-form-urlencoded',
        body: formEncode(v).join('&'),
      })),
    },
    { weight: 2, arbitrary: fc.constantFrom(...RAW_BODIES) },
    ...(multipart
      ? [
          {
            weight: 3,
            arbitrary: fc
              .tuple(
                fc.constantFrom('image', 'file', '__proto__', ''),
                fc.constantFrom('../../x.png', 'a\u202Egnp.svg', 'x'.repeat(300), '<b>.xlsx', 'data.xlsx'),
                fc.constantFrom(
                  TINY_PNG,
                  Buffer.from('<svg onload=alert(1)></svg>'),
                  Buffer.from('PK\u0003\u0004broken zip'),
                  Buffer.alloc(0),
                ),
              )
              .map(([field, name, content]) => {
                const m = multipartFile(field, name, content, 'application/octet-stream');
                return { ct: m.headers['content-type'], body: m.payload };
              }),
          },
        ]
      : []),
  );
  const hostile = fc.tuple(params, body).map(([p, b]) => ({ params: p, ...b }));
  if (!jsonSchema) return hostile;
  // half the requests pass validation with real ids, so the services see the hostile strings
  const valid = fc
    .tuple(paramsOf(fc.constantFrom('1', '2')), validFromSchema(jsonSchema))
    .map(([p, v]) => ({ params: p, ct: 'application/json', body: JSON.stringify(v ?? null) }));
  return fc.oneof(hostile, valid);
}

// ---- hostile query strings (the reads) ----

/** Values a query parameter may meet: prototype keys, numbers out of every range, other scripts. */
const HOSTILE_QUERY_VALUES = [
  '__proto__',
  'constructor',
  'toString',
  'hasOwnProperty',
  '-__proto__',
  '1e15',
  '-1e15',
  '99999999999999999999',
  '2147483648',
  '9007199254740993',
  '-1',
  '0',
  '1.5',
  'NaN',
  'Infinity',
  '0x1F',
  'true',
  'null',
  '',
  ' ',
  '١٢٣',
  '१२३',
  '\u202Eevil',
  '🛞',
  "' OR '1'='1",
  '%_%',
  '2025-02-30',
  '9999-12-31',
  '0000-01-01',
  'x'.repeat(10_000),
];
const QUERY_EXTRA_KEYS = [
  '__proto__',
  'constructor',
  'sort',
  'page',
  'pageSize',
  'q',
  '__proto__[x]',
  'a[b]',
];

/**
 * A query string for a read: its declared parameters and a few others, each with a hostile value,
 * a valid-looking one, or several (`a=1&a=2`, an array).
 */
function queryStrings(op: Operation | undefined): fc.Arbitrary<string> {
  const declared = (op?.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
  const key = fc.constantFrom(...declared, ...QUERY_EXTRA_KEYS);
  const value = fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...HOSTILE_QUERY_VALUES) },
    { weight: 1, arbitrary: fc.constantFrom('1', '2', '10', 'a', 'pending', '2025-03-01') },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 20 }) },
  );
  const pair = fc.tuple(key, fc.array(value, { minLength: 1, maxLength: 3 }));
  return fc
    .array(pair, { minLength: 1, maxLength: 4 })
    .map((pairs) => pairs.flatMap(([k, vs]) => vs.map((v) => `${pct(k)}=${pct(v)}`)).join('&'));
}

/**
 * The cases every read meets whatever the draw: each declared parameter (and `sort`) set to a
 * prototype key, 1e15, a negative number and NaN, and given twice.
 */
function queryExamples(op: Operation | undefined): string[] {
  const declared = (op?.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
  return [
    ...[...new Set([...declared, 'sort'])].flatMap((k) =>
      ['__proto__', '1e15', '-1', 'NaN'].map((v) => `${pct(k)}=${pct(v)}`),
    ),
    ...declared.map((k) => `${pct(k)}=1&${pct(k)}=2`),
  ];
}

/** Whether a download arrived whole (a cut-off stream is the finding this looks for). */
async function wholeFile(type: string, body: Buffer): Promise<boolean> {
  if (type.includes('spreadsheetml')) {
    const wb = new ExcelJS.Workbook();
    return wb.xlsx.load(body as unknown as ArrayBuffer).then(
      () => true,
      () => false,
    );
  }
  if (type.includes('pdf')) return body.subarray(-1024).includes('%%EOF');
  return true;
}

const concrete = (url: string, params: string[]) => {
  let i = 0;
  return url.replace(/:[A-Za-z_]+/g, () => params[i++] ?? 'x');
};

const isErrorShape = (b: unknown, status: number) =>
  typeof b === 'object' &&
  b !== null &&
  (b as { statusCode?: unknown }).statusCode === status &&
  typeof (b as { code?: unknown }).code === 'string' &&
  typeof (b as { message?: unknown }).message === 'string' &&
  ((b as { message: string }).message.length ?? 0) > 0;

const OVERSIZED = `{"x":"${'a'.repeat(3 * 1024 * 1024)}"}`;

// routes whose success would end the test's own session or whose body nothing can make hostile
const SKIP = new Set(['POST /api/tire-man-logout']);

/** A finding: listed (HOSTILE_COLLECT) or failing the test at once (so fast-check shrinks it). */
function finding(
  kind: 'serverErrors' | 'wrongShape' | 'refusalsThatChangedRows' | 'brokenDownloads',
  label: string,
): void {
  stats[kind]++;
  if (COLLECT) failures.push(`${kind}: ${label}`);
  else expect.fail(`${kind}: ${label}`);
}

const reads = () => t.app.apiRoutes.filter((r) => r.method === 'GET');
const writes = () =>
  t.app.apiRoutes.filter(
    (r) => r.method !== 'GET' && r.method !== 'OPTIONS' && !SKIP.has(`${r.method} ${r.url}`),
  );
/** Generated requests per route: HOSTILE_RUNS, or HOSTILE_REQUESTS spread over every operation. */
const runsPerRoute = () =>
  TOTAL ? Math.ceil(TOTAL / (reads().length + writes().length)) : Number(process.env.HOSTILE_RUNS ?? 20);
let started = 0;

describe('hostile query strings on every read', () => {
  it(
    'never answers 5xx, always with the one error shape, and a download is whole or refused before it starts',
    async () => {
      started = Date.now();
      const routes = reads();
      expect(routes.length).toBeGreaterThan(60);
      stats.readRoutes = routes.length;
      for (const route of routes) {
        const token = await adminToken();
        const op = openapi.paths[route.url.replace(/:([A-Za-z_]+)/g, '{$1}')]?.get;
        const paramCount = (route.url.match(/:[A-Za-z_]+/g) ?? []).length;
        const params = fc.array(fc.oneof(fc.constantFrom(...HOSTILE_PARAMS), fc.constantFrom('1', '2')), {
          minLength: paramCount,
          maxLength: paramCount,
        });
        await fc.assert(
          fc.asyncProperty(params, queryStrings(op), async (p, query) => {
            const url = `${concrete(route.url, p)}?${query}`;
            const label = `GET ${url.slice(0, 300)}`;
            stats.requests++;
            stats.readRequests++;
            const res = await t.app
              .inject({ method: 'GET', url, headers: { access_token: token } })
              .catch((err: Error) => {
                // the reply broke off mid-stream: a download that had already started
                finding('brokenDownloads', `${label} -> ${err.message}`);
                return null;
              });
            if (!res) return;
            stats.byStatus.set(res.statusCode, (stats.byStatus.get(res.statusCode) ?? 0) + 1);
            const said = `${label} -> ${res.statusCode} ${res.body.slice(0, 300)}`;
            if (res.statusCode >= 500) finding('serverErrors', said);
            else if (res.statusCode >= 400) {
              stats.refused++;
              let parsed: unknown;
              try {
                parsed = res.json();
              } catch {
                parsed = res.body;
              }
              if (!isErrorShape(parsed, res.statusCode)) finding('wrongShape', said);
            } else {
              stats.accepted++;
              const type = String(res.headers['content-type'] ?? '');
              if (!(await wholeFile(type, res.rawPayload)))
                finding(
                  'brokenDownloads',
                  `${label} -> ${res.statusCode} ${type}, ${res.rawPayload.length} bytes`,
                );
            }
          }),
          {
            numRuns: runsPerRoute(),
            endOnFailure: true,
            examples: queryExamples(op).map((q) => [Array<string>(paramCount).fill('1'), q]),
          },
        );
      }
    },
    TOTAL ? 4 * 3_600_000 : 600_000,
  );
});

describe('hostile input on every write endpoint', () => {
  it(
    'never answers 500, always with the one error shape, and a refusal changes no row',
    async () => {
      const routes = writes();
      expect(routes.length).toBeGreaterThan(40);
      const runs = runsPerRoute();
      started ||= Date.now();
      for (const route of routes) {
        const name = `${route.method} ${route.url}`;
        let token = await adminToken();
        let before = await snapshot();
        await fc.assert(
          fc.asyncProperty(attempts(route.method, route.url), async (a) => {
            const url = concrete(route.url, a.params);
            const res = await t.app.inject({
              method: route.method as 'POST',
              url,
              headers: {
                access_token: token,
                // DELETE carries no body: a content type without one would be refused before the params
                ...(a.ct && route.method !== 'DELETE' ? { 'content-type': a.ct } : {}),
                ...(a.headers ?? {}),
              },
              ...(a.body !== undefined && route.method !== 'DELETE' ? { payload: a.body } : {}),
            });
            stats.requests++;
            stats.byStatus.set(res.statusCode, (stats.byStatus.get(res.statusCode) ?? 0) + 1);
            const label = `${route.method} ${url.slice(0, 200)} ${String(a.body ?? '').slice(0, 300)} -> ${res.statusCode} ${res.body.slice(0, 300)}`;
            if (res.statusCode >= 500) finding('serverErrors', label);
            else if (res.statusCode >= 400) {
              stats.refused++;
              let parsed: unknown;
              try {
                parsed = res.json();
              } catch {
                parsed = res.body;
              }
              if (!isErrorShape(parsed, res.statusCode)) finding('wrongShape', label);
              const after = await snapshot();
              const diff = changed(before, after);
              if (diff.length) finding('refusalsThatChangedRows', `${label} changed ${diff.join(', ')}`);
              // one finding is listed once, not again by every later refusal
              before = after;
            } else {
              // hostile but harmless (e.g. HTML in a name is stored as text): accepted, counted anew
              stats.accepted++;
              stats.routesWithAccepted.add(name);
            }
            if (res.statusCode === 401) token = await adminToken();
            // the next refusal is compared with the tables as they are now: after an acceptance (and
            // what it left to the background: the wear refresh, push deliveries, inbox items, the
            // digest's messages), a new session or a finding
            if (res.statusCode < 400 || res.statusCode === 401 || res.statusCode >= 500) {
              await backgroundSettled(t.app);
              before = await snapshot();
            }
          }),
          { numRuns: runs, endOnFailure: true },
        );
        // a body over the size limit is refused before it is read
        if (route.method !== 'DELETE') {
          const big = await t.app.inject({
            method: route.method as 'POST',
            url: concrete(route.url, ['1', '1']),
            headers: { access_token: token, 'content-type': 'application/json' },
            payload: OVERSIZED,
          });
          stats.requests++;
          stats.refused++;
          stats.byStatus.set(big.statusCode, (stats.byStatus.get(big.statusCode) ?? 0) + 1);
          expect(big.statusCode, `${name} oversized`).toBe(413);
          expect(isErrorShape(big.json(), 413)).toBe(true);
          const diff = changed(before, await snapshot());
          if (diff.length) finding('refusalsThatChangedRows', `${name} oversized changed ${diff.join(', ')}`);
        }
      }
      // nothing leaked into the prototypes of every object
      expect(({} as Record<string, unknown>).role).toBeUndefined();
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
      const summary = {
        database: t.database.client ? 'PGlite' : 'PostgreSQL',
        writeRoutes: routes.length,
        readRoutes: stats.readRoutes,
        runsPerRoute: runs,
        readRequests: stats.readRequests,
        requests: stats.requests,
        refused: stats.refused,
        accepted: stats.accepted,
        routesWithAnAcceptedRequest: stats.routesWithAccepted.size,
        byStatus: Object.fromEntries([...stats.byStatus].sort((a, b) => a[0] - b[0])),
        serverErrors: stats.serverErrors,
        wrongShape: stats.wrongShape,
        refusalsThatChangedRows: stats.refusalsThatChangedRows,
        brokenDownloads: stats.brokenDownloads,
        seconds: Math.round((Date.now() - started) / 1000),
        snapshotSeconds: Math.round(snapshotMs / 1000),
        failures,
      };
      if (process.env.HOSTILE_REPORT)
        fs.writeFileSync(process.env.HOSTILE_REPORT, JSON.stringify(summary, null, 2));
      console.log(
        `hostile input on ${summary.database}: ${summary.writeRoutes} write routes (${summary.routesWithAnAcceptedRequest} accepted at least one), ${summary.readRoutes} read routes (${summary.readRequests} requests), ` +
          `${summary.requests} requests in ${summary.seconds} s (table snapshots ${summary.snapshotSeconds} s); ` +
          `${summary.refused} refused, ${summary.accepted} accepted; by status ${JSON.stringify(summary.byStatus)}; ` +
          `5xx ${summary.serverErrors}, wrong error shape ${summary.wrongShape}, refusals that changed rows ${summary.refusalsThatChangedRows}, broken downloads ${summary.brokenDownloads}` +
          (failures.length ? `\nFINDINGS\n${failures.join('\n')}` : ''),
      );
      expect(failures).toEqual([]);
      if (TOTAL) expect(stats.requests).toBeGreaterThanOrEqual(TOTAL);
    },
    TOTAL ? 4 * 3_600_000 : 600_000,
  );
});

/** A scoped role (issue 40) under hostile input: its account, real ids to try, and what it may read. */
interface ScopedRoleCase {
  role: Role;
  email: string;
  /** Real ids, in scope and out of it, tried in every `:id`. */
  ids: string[];
  /** The kind of row a route reads by `:id` under the role's scope, or null. */
  kindOf: (url: string) => string | null;
  inScope: (kind: string, id: string) => boolean;
  /** Routes the role reaches at least. */
  minReachable: number;
}

/**
 * Every route with a scoped role's session, hostile ids and bodies: a route its access does not open
 * answers 403 whatever the input and changes nothing; one it may call never answers 5xx, and a row
 * read by id is answered only when it is in scope (any other id, real or guessed, is not found).
 */
async function hostileAsScopedRole(c: ScopedRoleCase): Promise<void> {
  const [account] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, c.email));
  let token = await freshSession(account!.id, c.role);
  let before = await snapshot();
  let reachable = 0;
  let inScope = 0;
  for (const route of [...reads(), ...writes()]) {
    const open = route.public || roleAllows(route.roles!, c.role);
    if (open) reachable++;
    const kind = c.kindOf(route.url);
    const scoped = open && kind !== null && route.url.includes('/:');
    const paramCount = (route.url.match(/:[A-Za-z_]+/g) ?? []).length;
    const param = fc.oneof(fc.constantFrom(...HOSTILE_PARAMS), fc.constantFrom(...c.ids));
    const body =
      route.method === 'GET' || route.method === 'DELETE'
        ? fc.constant(undefined)
        : hostileValue.map((v) => JSON.stringify(v) ?? 'null');
    await fc.assert(
      fc.asyncProperty(
        fc.array(param, { minLength: paramCount, maxLength: paramCount }),
        body,
        async (p, b) => {
          const url = concrete(route.url, p);
          const res = await t.app.inject({
            method: route.method as 'POST',
            url,
            headers: {
              access_token: token,
              ...(b === undefined ? {} : { 'content-type': 'application/json' }),
            },
            ...(b === undefined ? {} : { payload: b }),
          });
          stats.requests++;
          const label = `${c.role} ${route.method} ${url.slice(0, 200)} -> ${res.statusCode} ${res.body.slice(0, 200)}`;
          expect(res.statusCode, label).toBeLessThan(500);
          // closed: 403, or a path too long to be routed at all (414)
          if (!open) expect([403, 414], label).toContain(res.statusCode);
          if (res.statusCode >= 400) expect(isErrorShape(res.json(), res.statusCode), label).toBe(true);
          if (scoped && res.statusCode === 200) {
            inScope++;
            expect(c.inScope(kind!, p[0]!), `${label}: outside its scope`).toBe(true);
          }
          // outside its scope: not found as a guessed id is, unless its query is refused whatever the id
          if (scoped && route.method === 'GET' && c.ids.includes(p[0]!) && !c.inScope(kind!, p[0]!)) {
            const refusedQuery = res.statusCode === 400 && res.json().code === 'VALIDATION';
            expect(refusedQuery ? 404 : res.statusCode, label).toBe(404);
          }
          if (res.statusCode >= 400 && res.statusCode !== 401) {
            const diff = changed(before, await snapshot());
            expect(diff, `${label} changed rows`).toEqual([]);
          } else {
            await backgroundSettled(t.app);
            before = await snapshot();
          }
          if (res.statusCode === 401) token = await freshSession(account!.id, c.role);
        },
      ),
      {
        numRuns: Math.min(runsPerRoute(), 8),
        endOnFailure: true,
        // every real id, on each route that reads one
        examples: scoped && route.method === 'GET' ? c.ids.map((id) => [[id], undefined]) : [],
      },
    );
  }
  // it reached its own routes, and read rows in its scope among them
  expect(reachable).toBeGreaterThanOrEqual(c.minReachable);
  expect(inScope).toBeGreaterThan(0);
}

/**
 * The workshop role (issue 40): a check or replacement is read by id only once validated, never
 * the content of one still in validation.
 */
describe('hostile input as the workshop role', () => {
  it('is refused everything else, never 5xx, and reads no record outside its scope', async () => {
    const db = t.database.db;
    // a check and a replacement of each kind: still in validation, and validated
    const made = rowsOf<{ kind: 'check' | 'replacement'; id: number; stage: string }>(
      await db.execute(sql`
        with u as (select id, plate_number from units order by id limit 1),
        m as (select id from users where role = 'tire-man' order by id limit 1),
        l as (select id from locations order by id limit 1),
        c as (
          insert into tire_checks (unit_id, plate_number, tireman_id, location_id, odometer, pic_sign,
                                   performed_at, status, edp_sign, validated_by, validated_at)
          select u.id, u.plate_number, m.id, l.id, 60000, 'h/pic.png', now() - interval '2 days', v.status,
                 v.sign, case when v.status = 'approved' then ${adminId}::int end,
                 case when v.status = 'approved' then now() end
            from u, m, l, (values ('pending', '-'), ('approved', 'h/edp.png')) v(status, sign)
          returning id, stage),
        r as (
          insert into tire_replacements (unit_id, tireman_id, location_id, odometer, status, edp_sign,
                                         validated_by, validated_at)
          select u.id, m.id, l.id, 61000, v.status, v.sign,
                 case when v.status = 'approved' then ${adminId}::int end,
                 case when v.status = 'approved' then now() end
            from u, m, l, (values ('pending', '-'), ('approved', 'h/edp.png')) v(status, sign)
          returning id, stage)
        select 'check' as kind, id, stage from c union all select 'replacement', id, stage from r`),
    );
    expect(made.filter((m) => APPROVED_STAGES.includes(m.stage as never))).toHaveLength(2);
    await hostileAsScopedRole({
      role: 'workshop',
      email: FX.workshop.email,
      ids: made.map((m) => String(m.id)),
      kindOf: (url) => (/tire-check/.test(url) ? 'check' : /tire-replace/.test(url) ? 'replacement' : null),
      inScope: (kind, id) =>
        made.some(
          (m) => m.kind === kind && String(m.id) === id && APPROVED_STAGES.includes(m.stage as never),
        ),
      minReachable: 10,
    });
  }, 600_000);
});

/** The customer role (issue 40): a unit is read by id only when one of its customer's projects holds it. */
describe('hostile input as the customer role', () => {
  it("is refused everything else, never 5xx, and reads no other customer's unit", async () => {
    const db = t.database.db;
    // another customer's unit beside the fixture customer's own
    const [other] = rowsOf<{ id: number }>(
      await db.execute(sql`
        with c as (insert into customers (name) values ('PT Lain Sendiri') returning id),
        p as (insert into projects (name, customer_id) select 'Proyek Lain', c.id from c returning id)
        insert into units (plate_number, unit_type, project_id, tonnage)
        select 'KT 4040 LN', 'TRONTON', p.id, 30 from p returning id`),
    );
    const own = rowsOf<{ id: number }>(
      await db.execute(sql`
        select u.id from units u join projects p on p.id = u.project_id
         where p.customer_id = (select customer_id from users where email = ${FX.customerUser.email})`),
    ).map((r) => String(r.id));
    expect(own.length).toBeGreaterThan(0);
    await hostileAsScopedRole({
      role: 'customer',
      email: FX.customerUser.email,
      ids: [...own, String(other!.id)],
      kindOf: (url) => (url.startsWith('/api/portal/units/') ? 'unit' : null),
      inScope: (_kind, id) => own.includes(id),
      minReachable: 10,
    });
  }, 600_000);
});
