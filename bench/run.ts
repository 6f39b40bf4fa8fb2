// Benchmark of the real HTTP API on a generated fleet (see bench/seed.ts); never part of `npm test`.
//   npm run build                     (the web bundle and the server bundle server/dist/server.mjs)
//   npm run bench:seed -- --scale L   (PostgreSQL database itms_bench)
//   npm run bench [-- --duration 5 --only noEdpSign --explain --server-prof /tmp/prof]
//   npm run bench -- --pglite         (scale M on PGlite: npm run bench:seed -- --scale M --pglite first)
// Starts the built server (node server/dist/server.mjs) as a child process on a free port, logs in,
// and drives every row with autocannon from another child process (bench/load-worker.mjs).
// Each row: latency p50/p95/p99 (every response timed), requests/s, errors, and the floor: the
// SQL statements that the same request runs (captured from the app itself, auth lookup included)
// replayed back to back through `pg` by as many workers as the server has pool connections; the
// ratio is API p50 / floor p50. Also the server's RSS under load and the web bundle (gzip).
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import zlib from 'node:zlib';
import pg from 'pg';
import { buildApp } from '../server/src/app';
import { loadConfig } from '../server/src/config';
import {
  openPglite,
  openPostgres,
  PG_SESSION_OPTIONS,
  StatementCachingClient,
} from '../server/src/db/client';
import { DEMO_PASSWORD } from '../server/src/db/seed/demo';
import { BENCH_DATA_DIR, DEFAULT_BENCH_URL, databaseName } from './seed';

const ROOT = path.resolve(import.meta.dirname, '..');
const TZ = 'Asia/Jakarta';
/** The server's DATABASE_POOL_SIZE (default 10): floor workers match it. */
const POOL = 10;

const { values: args } = parseArgs({
  options: {
    pglite: { type: 'boolean', default: false },
    dir: { type: 'string' },
    'database-url': { type: 'string' },
    duration: { type: 'string', default: '5' },
    connections: { type: 'string', default: '16' },
    only: { type: 'string' },
    /** Only print EXPLAIN ANALYZE of each row's statements (no load). */
    explain: { type: 'boolean', default: false },
    out: { type: 'string' },
    /** Write the server's CPU profile (node --cpu-prof) into this directory when it stops. */
    'server-prof': { type: 'string' },
  },
  allowPositionals: true,
});
const PGLITE = args.pglite ?? false;
const URL_ = args['database-url'] ?? DEFAULT_BENCH_URL;
const DURATION = Number(args.duration);
const CONNECTIONS = Number(args.connections);
const DATA_DIR = PGLITE
  ? path.resolve(args.dir ?? path.join(BENCH_DATA_DIR, 'pglite-M'))
  : path.join(BENCH_DATA_DIR, databaseName(URL_));

type As = 'edp' | 'admin' | 'tireman';
interface Req {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  body?: unknown;
  /** Raw body (multipart) and its content type. */
  raw?: { data: Buffer; contentType: string };
}
type Kind =
  | 'list'
  | 'list1000'
  | 'search'
  | 'productivity'
  | 'report'
  | 'absence'
  | 'validate'
  | 'upload'
  | 'bootstrap'
  | 'other';
interface Row {
  name: string;
  kind: Kind;
  as: As;
  /** The requests, taken in turn (validations: one document each). */
  requests: Req[];
  /** Stop after this many responses instead of a duration. */
  amount?: number;
  /** Validations: the requests whose SQL the floor replays (one per floor worker), consumed first. */
  floorRequests?: Req[];
  /** Largest reply, gzip-compressed (KB): measured once before the load, printed with the verdict. */
  maxGzipKb?: number;
}

const TARGET_P95: Record<Kind, number | null> = {
  list: PGLITE ? 50 : 30,
  list1000: 60,
  search: 50,
  productivity: 100,
  report: 50,
  absence: 200,
  validate: 30,
  upload: null,
  // the field app's offline snapshot (issue 20): a tire man with about 60 units at L
  bootstrap: 150,
  other: null,
};

// ---------------------------------------------------------------------------------------- helpers

const log = (s: string) => process.stderr.write(`${s}\n`);

async function freePort(): Promise<number> {
  for (;;) {
    const port = 3100 + Math.floor(Math.random() * 900);
    const ok = await new Promise<boolean>((resolve) => {
      const srv = net.createServer();
      srv.once('error', () => resolve(false));
      srv.listen(port, '127.0.0.1', () => srv.close(() => resolve(true)));
    });
    if (ok) return port;
  }
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))]!;
}

function rssKb(pid: number): number {
  try {
    const m = /VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) : 0;
  } catch {
    return 0;
  }
}

function pngBytes(): Buffer {
  // a valid 1x1 PNG
  return Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
    'base64',
  );
}

function multipart(field: string, filename: string, data: Buffer, type: string) {
  const boundary = `----itmsbench${Math.random().toString(16).slice(2)}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`;
  return {
    data: Buffer.concat([Buffer.from(head), data, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

function headersOf(req: Req, token: string): Record<string, string> {
  const h: Record<string, string> = { access_token: token };
  if (req.raw) h['content-type'] = req.raw.contentType;
  else if (req.body !== undefined) h['content-type'] = 'application/json';
  return h;
}

// ---------------------------------------------------------------------------------------- the rows

interface Prepared {
  month: { start: string; end: string; month: string };
  today: string;
  checks: Req[];
  replacements: Req[];
  bkb: Req[];
  tireId: number;
  size: string;
  brand: string;
  /** Units of the bench tire man's projects (GET /api/field/bootstrap). */
  fieldUnits: number;
  /** What someone types into the top bar's search, keystroke by keystroke (GET /api/search). */
  searchTexts: string[];
  /** The unit with the most checks (the unit page's worst case). */
  busyUnit: number;
  /** The newest breakdown call (its suggestions are measured). */
  newestCall: number;
  /** The customer with the most units (the portal's worst case). */
  bigCustomer: number;
  /** The validation queues' filters (issue 25): the tire man and the pool with most checks waiting. */
  queue: { tireman: number; location: number; region: number; plate: string };
}

/** Every text from 3 characters up to the whole: the debounced requests of someone typing it. */
const typed = (s: string) => Array.from({ length: Math.max(0, s.length - 2) }, (_, i) => s.slice(0, i + 3));

async function prepare(sql: (text: string) => Promise<Record<string, unknown>[]>): Promise<Prepared> {
  await sql('delete from sessions');
  await sql('delete from login_failures');
  const [d] = (await sql(`
    select to_char(date_trunc('month', (now() at time zone '${TZ}')::date - interval '1 month'), 'YYYY-MM-DD') as start,
           to_char(date_trunc('month', (now() at time zone '${TZ}')::date) - interval '1 day', 'YYYY-MM-DD') as "end",
           to_char((now() at time zone '${TZ}')::date, 'YYYY-MM-DD') as today`)) as {
    start: string;
    end: string;
    today: string;
  }[];
  // pending checks of 12-wheel units (one per unit), with the records of positions 1-12
  const checks = (await sql(`
    select c.id, json_agg(json_build_object('record_id', r.id, 'tire_id', r.tire_id) order by r.position::int) as lines
      from (select distinct on (c.unit_id) c.id, c.unit_id
              from tire_checks c
             where c.edp_sign = '-' and c.returned_at is null
               and (select count(*) from tire_check_records r where r.tire_check_id = c.id) >= 12
             order by c.unit_id, c.id) c
      join tire_check_records r on r.tire_check_id = c.id and r.position ~ '^[0-9]+$'
     group by c.id
     order by c.id
     limit 600`)) as { id: number; lines: { record_id: number }[] }[];
  const replacements = (await sql(`
    select id from tire_replacements where status = 'pending' and returned_at is null order by id limit 600`)) as {
    id: number;
  }[];
  const bkb = (await sql(`select id from mismatches where status = 'pending' order by id limit 600`)) as {
    id: number;
  }[];
  const [t] = (await sql(`
    select t.id, t.size, t.ir_brand from tires t
     where exists (select 1 from tire_events e where e.tire_id = t.id and e.source_type = 'tire-replacement')
     order by t.id limit 1`)) as { id: number; size: string; ir_brand: string }[];
  const [sig] = (await sql(`select signature from users where role = 'tire-man' limit 1`)) as {
    signature: string;
  }[];
  // a validation signs with the validator's own file (issue 24, finding 8): the bench EDP keeps
  // that signature as his stored one
  await sql(`update users set signature = '${sig!.signature}' where email = 'edp@itms.local'`);
  const [busiest] = (await sql(`
    select (select tireman_id from tire_checks where edp_sign = '-' and returned_at is null
             group by tireman_id order by count(*) desc limit 1) as tireman,
           l.id as location, l.region_id as region,
           (select plate_number from tire_checks where edp_sign = '-' and returned_at is null
             order by created_at limit 1) as plate
      from locations l
     where l.id = (select location_id from tire_checks where edp_sign = '-' and returned_at is null
                    group by location_id order by count(*) desc limit 1)`)) as Prepared['queue'][];
  const [field] = (await sql(`
    select count(*)::int as n from units
     where project_id in (select project_id from tireman_projects tp join users u on u.id = tp.user_id
                           where u.email = 'tireman@itms.local')`)) as { n: number }[];
  const [sample] = (await sql(`
    select (select plate_number from units order by id offset 7 limit 1) as plate,
           (select serial_number from tires order by id offset 11 limit 1) as serial,
           (select name from users where role = 'tire-man' order by id limit 1) as tireman`)) as {
    plate: string;
    serial: string;
    tireman: string;
  }[];
  const plateNumber = sample!.plate.split(' ').slice(1).join(' ');
  const [busy] = (await sql(`
    select unit_id from tire_checks group by unit_id order by count(*) desc, unit_id limit 1`)) as {
    unit_id: number;
  }[];
  const [newest] = (await sql('select max(id) as id from breakdown_calls')) as { id: number | null }[];
  const [bigCustomer] = (await sql(`
    select p.customer_id as id from units u join projects p on p.id = u.project_id
     group by 1 order by count(*) desc, 1 limit 1`)) as { id: number }[];
  return {
    newestCall: newest?.id ?? 1,
    bigCustomer: bigCustomer?.id ?? 1,
    busyUnit: busy?.unit_id ?? 1,
    month: { start: d!.start, end: d!.end, month: d!.start.slice(0, 7) },
    today: d!.today,
    checks: checks.map((c) => ({
      method: 'POST',
      path: `/api/tire-check/${c.id}/validate`,
      body: {
        edp_sign: sig!.signature,
        records: c.lines.map((l, i) => ({
          record_id: l.record_id,
          groove_1: 8 + (i % 3),
          groove_2: 8.5,
          groove_3: 9,
          groove_4: 8,
          pressure: 100 + i,
          odometer: 250_000,
        })),
      },
    })),
    replacements: replacements.map((r) => ({
      method: 'POST',
      path: `/api/tire-replacement/${r.id}/validate`,
      body: { edp_sign: sig!.signature },
    })),
    bkb: bkb.map((b) => ({
      method: 'POST',
      path: `/api/mismatch/${b.id}/validate`,
      body: { signatureUrl: sig!.signature, positions: [] },
    })),
    tireId: t?.id ?? 1,
    size: t?.size ?? '11.00-20',
    brand: t?.ir_brand ?? 'BRIDGESTONE',
    fieldUnits: field?.n ?? 0,
    // a plate from its number, a serial from its start and from its middle, a tire man's name, a miss
    searchTexts: [
      ...typed(plateNumber),
      ...typed(sample!.serial),
      ...typed(sample!.serial.slice(-5)),
      ...typed(sample!.tireman.split(' ')[0]!),
      'zzq',
    ],
    queue: busiest ?? { tireman: 1, location: 1, region: 1, plate: 'B' },
  };
}

function rows(p: Prepared): Row[] {
  const { start, end, month } = p.month;
  const get = (path: string): Req[] => [{ method: 'GET', path }];
  const post = (path: string, body: unknown): Req[] => [{ method: 'POST', path, body }];
  // the day a year before today, plus one (a year's range ending today)
  const yearAgo = new Date(Date.parse(`${p.today}T00:00:00Z`) - 364 * 86_400_000).toISOString().slice(0, 10);
  const lists: [string, string, As][] = [
    ['noEdpSign (EDP queue)', '/api/tire-check/noEdpSign', 'edp'],
    ['tire-replace/pending', '/api/tire-replace/pending?status=edp', 'edp'],
    ['tire-replacement (history)', '/api/tire-replacement', 'edp'],
    ['mismatch-validation (BKB)', '/api/mismatch-validation', 'edp'],
    ['tire (List Data Ban + summary)', '/api/tire', 'edp'],
    ['active-unit (Ban Terpasang)', '/api/active-unit', 'edp'],
    ['unit', '/api/unit', 'edp'],
    ['tire-man (accounts)', '/api/tire-man', 'admin'],
    ['project', '/api/project', 'edp'],
    ['customer', '/api/customer', 'edp'],
    ['banners', '/api/banners', 'edp'],
    ['news', '/api/news', 'edp'],
    ['qccheck-detailed', '/api/qccheck-detailed', 'edp'],
    ['tire/request/findAll', '/api/tire/request/findAll', 'edp'],
    ['warehouse', '/api/warehouse', 'edp'],
    ['warehouse groups', '/api/warehouse/groups', 'edp'],
    ['scrap', '/api/scrap', 'edp'],
    [`stock-card (size ${p.size})`, `/api/stock-card?size=${encodeURIComponent(p.size)}`, 'edp'],
    [`tire/${p.tireId}/stock-card`, `/api/tire/${p.tireId}/stock-card`, 'edp'],
    ['tire-check/returned (tire man)', '/api/tire-check/returned', 'tireman'],
  ];
  const withPage = (url: string, page: number) => `${url}${url.includes('?') ? '&' : '?'}page=${page}`;
  const out: Row[] = [];
  for (const [name, url, as] of lists) {
    out.push({ name: `${name} p1`, kind: 'list', as, requests: get(url) });
    out.push({ name: `${name} p1000`, kind: 'list1000', as, requests: get(withPage(url, 1000)) });
  }
  // the validation queues' search, filters and oldest first (issue 25), one row per new filter
  const f = p.queue;
  const queues: [string, string][] = [
    ['noEdpSign', '/api/tire-check/noEdpSign?'],
    ['tire-replace/pending', '/api/tire-replace/pending?status=edp&'],
    ['mismatch-validation', '/api/mismatch-validation?'],
  ];
  for (const [name, url] of queues) {
    for (const [label, query] of [
      ['tire man, oldest first', `tireman_id=${f.tireman}&order=oldest`],
      ['pool', `location_id=${f.location}`],
      ['region', `region_id=${f.region}`],
      ['age > 24 h', 'age=24h'],
      ['age > 3 days, oldest first', 'age=3d&order=oldest'],
      ['search plate', `q=${encodeURIComponent(f.plate.slice(0, 6))}`],
    ]) {
      out.push({
        name: `${name} filter: ${label}`,
        kind: 'list',
        as: 'edp',
        requests: get(`${url}${query}`),
      });
    }
  }
  out.push(
    { name: 'region (all)', kind: 'list', as: 'edp', requests: get('/api/region') },
    { name: 'location (all)', kind: 'list', as: 'edp', requests: get('/api/location') },
    { name: 'sop (all)', kind: 'list', as: 'edp', requests: get('/api/sop') },
    { name: 'dashboard counters', kind: 'other', as: 'edp', requests: get('/api/dashboard/counters') },
    // Ban Kritis: the fleet's alert counts (what the office is sent after validations) and its list
    {
      name: 'alert counts (Ban Kritis)',
      kind: 'other',
      as: 'edp',
      requests: get('/api/tire-intelligence/alerts/summary'),
    },
    {
      name: 'alerts p1 (Ban Kritis)',
      kind: 'list',
      as: 'edp',
      requests: get('/api/tire-intelligence/alerts'),
    },
    {
      name: 'alerts p1, unsafe defects (Ban Kritis)',
      kind: 'list',
      as: 'edp',
      requests: get('/api/tire-intelligence/alerts?kind=unsafe-defect'),
    },
    // the unit page of the unit with the most checks
    {
      name: 'unit page overview (busiest unit)',
      kind: 'other',
      as: 'edp',
      requests: get(`/api/unit/${p.busyUnit}/overview`),
    },
    ...(['check', 'replacement', 'mismatch'] as const).flatMap((kind): Row[] => [
      {
        name: `unit page ${kind} p1 (busiest unit)`,
        kind: 'list',
        as: 'edp',
        requests: get(`/api/unit/${p.busyUnit}/records?kind=${kind}`),
      },
    ]),
    {
      name: 'unit page check p20 (busiest unit)',
      kind: 'list',
      as: 'edp',
      requests: get(`/api/unit/${p.busyUnit}/records?kind=check&page=20`),
    },
    {
      name: `global search (${p.searchTexts.length} texts typed)`,
      kind: 'search',
      as: 'edp',
      requests: p.searchTexts.map((q) => ({ method: 'GET', path: `/api/search?q=${encodeURIComponent(q)}` })),
    },
    {
      name: `record search checks ${month}`,
      kind: 'search',
      as: 'edp',
      requests: post('/api/tire-check/querry/record/search', { dateStart: start, dateEnd: end }),
    },
    {
      name: `record search checks ${month} p100`,
      kind: 'search',
      as: 'edp',
      requests: post('/api/tire-check/querry/record/search', { dateStart: start, dateEnd: end, page: 100 }),
    },
    {
      name: `record search replacements ${month}`,
      kind: 'search',
      as: 'edp',
      requests: get(`/api/tire-replacement/record/search?dateStart=${start}&dateEnd=${end}`),
    },
    {
      name: `record search BKB ${month}`,
      kind: 'search',
      as: 'edp',
      requests: post('/api/mismatch/querry/record/search', { dateStart: start, dateEnd: end }),
    },
    // Storing (issue 38): the open calls (oldest first, with their targets and breaches), every call
    // paged deep, the report of a month per region and per tire man (percentiles), a call's suggestions
    { name: 'storing open calls p1', kind: 'list', as: 'edp', requests: get('/api/storing') },
    {
      name: 'storing all calls p1000',
      kind: 'list1000',
      as: 'edp',
      requests: get('/api/storing?status=all&page=1000'),
    },
    ...(['region', 'tireman'] as const).map(
      (groupBy): Row => ({
        name: `storing report ${month} per ${groupBy}`,
        kind: 'report',
        as: 'edp',
        requests: get(`/api/storing-report?dateStart=${start}&dateEnd=${end}&groupBy=${groupBy}`),
      }),
    ),
    {
      name: 'storing suggestions (newest call)',
      kind: 'other',
      as: 'edp',
      requests: get(`/api/storing/${p.newestCall}/suggestions`),
    },
    // the customer portal (issue 40), as the office opens the biggest customer's: the fleet's counts
    // (its mounted tires' alerts), its units' first and a deep page, and its busiest unit
    {
      name: 'portal fleet (biggest customer)',
      kind: 'other',
      as: 'edp',
      requests: get(`/api/portal/fleet?customer_id=${p.bigCustomer}`),
    },
    ...[1, 20].map(
      (page): Row => ({
        name: `portal units p${page} (biggest customer)`,
        kind: 'list',
        as: 'edp',
        requests: get(`/api/portal/units?customer_id=${p.bigCustomer}&page=${page}`),
      }),
    ),
    {
      name: `portal report ${month} (biggest customer)`,
      kind: 'report',
      as: 'edp',
      requests: get(`/api/portal/report?customer_id=${p.bigCustomer}&month=${month}`),
    },
    ...(['unit', 'brand'] as const).map(
      (groupBy): Row => ({
        name: `portal tire cost by ${groupBy}, last 12 months (biggest customer)`,
        kind: 'report',
        as: 'edp',
        requests: get(
          `/api/portal/tire-cost?customer_id=${p.bigCustomer}&groupBy=${groupBy}&dateStart=${yearAgo}&dateEnd=${p.today}`,
        ),
      }),
    ),
    {
      name: 'portal unit (busiest)',
      kind: 'other',
      as: 'edp',
      requests: get(`/api/portal/units/${p.busyUnit}`),
    },
    {
      name: `productivity 2020-01-01..${p.today}`,
      kind: 'productivity',
      as: 'edp',
      requests: post('/api/tire-check/querry/search', { firstDate: '2020-01-01', lastDate: p.today }),
    },
    {
      name: `summary per region ${month}`,
      kind: 'report',
      as: 'edp',
      requests: post('/api/tire-check/summary', { dateStart: start, dateEnd: end }),
    },
    {
      name: `leaderboard ${month} (dashboard)`,
      kind: 'report',
      as: 'edp',
      requests: get(`/api/tire-check/leader-board?dateStart=${start}&dateEnd=${end}`),
    },
    {
      name: `leaderboard ${month} page 1`,
      kind: 'report',
      as: 'edp',
      requests: get(`/api/tire-check/leader-board?dateStart=${start}&dateEnd=${end}&page=1`),
    },
    {
      name: `field/bootstrap (tire man, ${p.fieldUnits} units)`,
      kind: 'bootstrap',
      as: 'tireman',
      requests: get('/api/field/bootstrap'),
      maxGzipKb: 300,
    },
    { name: 'field/history p1 (tire man)', kind: 'list', as: 'tireman', requests: get('/api/field/history') },
    {
      name: 'field/history p50 (tire man)',
      kind: 'list',
      as: 'tireman',
      requests: get('/api/field/history?page=50'),
    },
    {
      name: `absence ${month}, all units`,
      kind: 'absence',
      as: 'edp',
      requests: post('/api/tire-check/absent', { month, pageSize: 5000 }),
    },
  );
  const validations: [string, Req[]][] = [
    ['validate check (12 positions)', p.checks],
    ['validate replacement', p.replacements],
    ['validate BKB', p.bkb],
  ];
  for (const [name, reqs] of validations) {
    const floor = PGLITE ? [] : reqs.slice(0, Math.min(POOL, Math.floor(reqs.length / 3)));
    const rest = reqs.slice(floor.length);
    if (rest.length === 0) {
      log(`! ${name}: no pending documents left (seed again)`);
      continue;
    }
    out.push({
      name: `${name}`,
      kind: 'validate',
      as: 'edp',
      requests: rest,
      amount: Math.min(rest.length, 400),
      floorRequests: floor,
    });
  }
  const png = pngBytes();
  out.push({
    name: 'upload (PNG, multipart)',
    kind: 'upload',
    as: 'edp',
    requests: [
      { method: 'POST', path: '/api/upload', raw: multipart('image', 'foto.png', png, 'image/png') },
    ],
  });
  return out;
}

/**
 * Waits (up to 5 minutes) until the server has refreshed every queued tire, then, when asked,
 * checkpoints (PostgreSQL only).
 */
async function waitForWearQueue(opts: { checkpoint: boolean }): Promise<void> {
  if (PGLITE) return;
  const client = new pg.Client({ connectionString: URL_ });
  await client.connect();
  try {
    const started = Date.now();
    for (;;) {
      const { rows } = await client.query<{ n: number }>('select count(*)::int as n from tire_wear_stale');
      if (rows[0]!.n === 0) {
        // a checkpoint before a row: the full-page writes that follow one land on every row
        // alike, not on whichever row a timed checkpoint happens to meet
        if (opts.checkpoint) await client.query('checkpoint');
        return;
      }
      if (Date.now() - started > 300_000) {
        log(`! ${rows[0]!.n} tires still queued for the wear refresh after 5 minutes`);
        return;
      }
      await new Promise((r) => setTimeout(r, 500));
    }
  } finally {
    await client.end();
  }
}

// ---------------------------------------------------------------------------------------- floor

interface Captured {
  text: string;
  values?: unknown[];
  rowMode?: string;
}

/** An in-process app on the bench database whose pool records every statement a request runs. */
async function captureApp() {
  const database = openPostgres(URL_, POOL);
  const pool = database.pool!;
  let sink: Captured[] | null = null;
  const record = (cfg: unknown, values?: unknown) => {
    if (!sink) return;
    if (typeof cfg === 'string') sink.push({ text: cfg, values: values as unknown[] | undefined });
    else {
      const c = cfg as Captured;
      sink.push({ text: c.text, values: (values as unknown[] | undefined) ?? c.values, rowMode: c.rowMode });
    }
  };
  const wrap = <T extends { query: (...a: never[]) => unknown }>(target: T) => {
    const orig = target.query.bind(target) as (...a: unknown[]) => unknown;
    (target as { query: unknown }).query = (cfg: unknown, values?: unknown, cb?: unknown) => {
      record(cfg, typeof values === 'function' ? undefined : values);
      return orig(cfg, values, cb);
    };
  };
  wrap(pool);
  // pool.query itself calls connect(callback): keep both forms
  const connect = pool.connect.bind(pool) as (cb?: unknown) => Promise<pg.PoolClient> | undefined;
  const wrapped = new WeakSet<object>();
  const once = (c: pg.PoolClient) => {
    if (c && !wrapped.has(c)) {
      wrap(c);
      wrapped.add(c);
    }
    return c;
  };
  (pool as { connect: unknown }).connect = (
    cb?: (err: Error | null, c: pg.PoolClient, done: unknown) => void,
  ) => {
    if (typeof cb === 'function') {
      return connect((err: Error | null, c: pg.PoolClient, done: unknown) => cb(err, once(c), done));
    }
    return connect()!.then(once);
  };
  const config = loadConfig({
    DATABASE_URL: URL_,
    DEMO_SEED: 'false',
    LOG_LEVEL: 'silent',
    DATA_DIR: path.join(os.tmpdir(), 'itms-bench-capture'),
    WEB_DIST: path.join(os.tmpdir(), 'itms-bench-no-web'),
  });
  const app = await buildApp({ config, database });
  await app.ready();
  // the floor is the request's own SQL: the wear refresher's drain after a validation's commit (the
  // "all in" CPU counts it) would be caught half-way, its transaction left open in the replay
  app.tireWear.kick = () => {};
  return {
    app,
    async capture(req: Req, token: string): Promise<Captured[]> {
      const list: Captured[] = [];
      sink = list;
      try {
        const res = await app.inject({
          method: req.method,
          url: req.path,
          headers: headersOf(req, token),
          payload: req.raw ? req.raw.data : (req.body as object | undefined),
        });
        if (res.statusCode >= 400)
          log(`! capture ${req.method} ${req.path}: ${res.statusCode} ${res.body.slice(0, 200)}`);
      } finally {
        sink = null;
      }
      return list;
    },
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

/** How the server reaches PostgreSQL: a Unix socket directory, or host:port over TCP. */
function transport(url: string): string {
  const u = new URL(url);
  const socketDir = u.searchParams.get('host');
  return socketDir?.startsWith('/') ? `the Unix socket in ${socketDir}` : `TCP ${u.host}`;
}

/** Replays each worker's statements back to back for `seconds`; p50 of one request's worth. */
async function floorP50(perWorker: Captured[][], seconds: number): Promise<number> {
  // the app's client: statements prepared once per connection, as the server runs them
  const pool = new pg.Pool({
    connectionString: URL_,
    max: perWorker.length,
    options: PG_SESSION_OPTIONS,
    Client: StatementCachingClient,
  });
  const times: number[] = [];
  const until = performance.now() + seconds * 1000;
  try {
    await Promise.all(
      perWorker.map(async (stmts) => {
        const c = await pool.connect();
        try {
          let n = 0;
          while (performance.now() < until || n < 3) {
            const t0 = performance.now();
            for (const s of stmts) {
              // a captured transaction is rolled back, so the data stays as it was
              const text = /^\s*commit\s*$/i.test(s.text) ? 'rollback' : s.text;
              await c.query({ text, values: s.values, rowMode: s.rowMode } as pg.QueryConfig);
            }
            times.push(performance.now() - t0);
            n++;
          }
        } catch (e) {
          await c.query('rollback').catch(() => {});
          throw e;
        } finally {
          c.release();
        }
      }),
    );
  } finally {
    await pool.end();
  }
  times.sort((a, b) => a - b);
  return percentile(times, 0.5);
}

async function explainAll(name: string, stmts: Captured[]) {
  const pool = new pg.Pool({ connectionString: URL_, max: 1, options: PG_SESSION_OPTIONS });
  try {
    for (const s of stmts) {
      if (/^\s*(begin|commit|rollback)/i.test(s.text) || /^\s*(insert|update|delete)/i.test(s.text)) continue;
      const res = await pool.query({
        text: `explain (analyze, buffers, costs off) ${s.text}`,
        values: s.values,
      });
      log(`\n--- ${name}\n${s.text}\n${res.rows.map((r) => r['QUERY PLAN']).join('\n')}`);
    }
  } finally {
    await pool.end();
  }
}

// ---------------------------------------------------------------------------------------- load

interface LoadResult {
  times: number[];
  statuses: Record<string, number>;
  errors: number;
  timeouts: number;
  non2xx: number;
  seconds: number;
  requests: number;
}

/** Runs one load in the worker process; with `serverPid`, also measures the CPU the load cost. */
function runLoad(
  job: object,
  serverPid?: number,
): Promise<LoadResult & { cpu?: CpuUse; cpuFrom?: CpuSample }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(import.meta.dirname, 'load-worker.mjs')], {
      stdio: ['pipe', 'pipe', 'inherit'],
    });
    let out = '';
    let from: CpuSample | undefined;
    let cpu: CpuUse | undefined;
    child.stdout.on('data', (d) => {
      out += d;
      if (serverPid == null) return;
      if (!from && out.startsWith('start\n')) from = cpuSample(serverPid, child.pid!);
      if (from && !cpu && out.includes('\nend\n')) cpu = cpuUse(from, cpuSample(serverPid, child.pid!));
    });
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`load worker exited with ${code}`));
      resolve({ ...JSON.parse(out.trim().split('\n').at(-1)!), cpu, cpuFrom: from });
    });
    child.stdin.end(JSON.stringify(job));
  });
}

// ---------------------------------------------------------------------------------------- cpu

interface CpuSample {
  at: number;
  /** Jiffies of the whole machine: all, and idle (idle + iowait). */
  total: number;
  idle: number;
  server: number;
  postgres: Map<number, number>;
  load: number;
}

/** Where a load's CPU went (ms in all) and how busy the machine's cores were. */
interface CpuUse {
  serverMs: number;
  postgresMs: number;
  loadMs: number;
  wallMs: number;
  busy: number;
}

const TICK_MS = 1000 / 100; // USER_HZ: /proc counts CPU time in hundredths of a second

function processTicks(pid: number): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(f[11]) + Number(f[12]); // utime + stime, all threads
  } catch {
    return 0;
  }
}

function cpuSample(serverPid: number, loadPid: number): CpuSample {
  const cpuLine = fs
    .readFileSync('/proc/stat', 'utf8')
    .split('\n')[0]!
    .trim()
    .split(/\s+/)
    .slice(1)
    .map(Number);
  const postgres = new Map<number, number>();
  for (const d of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      if (fs.readFileSync(`/proc/${d}/comm`, 'utf8').startsWith('postgres'))
        postgres.set(Number(d), processTicks(Number(d)));
    } catch {}
  }
  return {
    at: performance.now(),
    total: cpuLine.slice(0, 8).reduce((a, b) => a + b, 0),
    idle: cpuLine[3]! + cpuLine[4]!,
    server: processTicks(serverPid),
    postgres,
    load: processTicks(loadPid),
  };
}

function cpuUse(a: CpuSample, b: CpuSample): CpuUse {
  let pg = 0;
  // backends that started during the load count from zero
  for (const [pid, t] of b.postgres) pg += t - (a.postgres.get(pid) ?? 0);
  return {
    serverMs: (b.server - a.server) * TICK_MS,
    postgresMs: pg * TICK_MS,
    loadMs: (b.load - a.load) * TICK_MS,
    wallMs: b.at - a.at,
    busy: b.total > a.total ? 1 - (b.idle - a.idle) / (b.total - a.total) : 0,
  };
}

/** CPU-bound, or bound by the server's one JavaScript thread (on PGlite it runs the SQL too), or neither. */
function limitOf(cpu: CpuUse): string {
  if (cpu.busy >= CPU_BOUND) return 'limit: CPU';
  if (cpu.serverMs / cpu.wallMs >= 0.9) return "limit: the server's thread";
  return 'not CPU-bound';
}

/** How many cores' worth each side used, e.g. "server 0.8, PostgreSQL 0.9, load generator 0.2 cores". */
function coreShares(cpu: CpuUse): string {
  const cores = (ms: number) => (ms / cpu.wallMs).toFixed(1);
  return `server ${cores(cpu.serverMs)}, PostgreSQL ${cores(cpu.postgresMs)}, load generator ${cores(cpu.loadMs)} cores`;
}

/**
 * A busier machine than this is CPU-bound: with 16 requests always outstanding, the cores' idle
 * rest is the hand-offs between the load generator, the server and PostgreSQL (and, for writes,
 * the WAL flush), not a lack of work.
 */
const CPU_BOUND = 0.8;
/** After a validation row's wear queue is empty: longer than the server's spacing of alert counts (5 s). */
const ALERT_SETTLE_MS = 6000;

// ---------------------------------------------------------------------------------------- bundle

function bundleReport(): string[] {
  const dist = path.join(ROOT, 'web/dist');
  const assets = path.join(dist, 'assets');
  if (!fs.existsSync(assets)) return ['web/dist not built: run `npm run build` first for the bundle sizes.'];
  const gz = new Map<string, number>();
  const size = (f: string) => {
    if (!gz.has(f)) gz.set(f, zlib.gzipSync(fs.readFileSync(path.join(assets, f)), { level: 9 }).length);
    return gz.get(f)!;
  };
  const staticImports = (f: string): string[] => {
    const text = fs.readFileSync(path.join(assets, f), 'utf8');
    const out = new Set<string>();
    for (const m of text.matchAll(
      /(?:^|[;\s}])(?:import|export)\s*(?:[\w$*{},\s]*?from\s*)?["']\.\/([\w.-]+\.js)["']/g,
    ))
      out.add(m[1]!);
    return [...out];
  };
  const closure = (roots: string[]) => {
    const seen = new Set<string>();
    const stack = [...roots];
    while (stack.length) {
      const f = stack.pop()!;
      if (seen.has(f) || !fs.existsSync(path.join(assets, f))) continue;
      seen.add(f);
      stack.push(...staticImports(f));
    }
    return seen;
  };
  const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
  const entry = [...html.matchAll(/(?:src|href)="\/assets\/([\w.-]+\.js)"/g)].map((m) => m[1]!);
  // the newest build's files: web/dist keeps the hashed files of the builds before (web/scripts/build.mjs)
  const record = path.join(dist, '.builds.json');
  const newest = fs.existsSync(record)
    ? new Set<string>(
        (JSON.parse(fs.readFileSync(record, 'utf8')).builds.at(-1).assets as string[]).map((f) =>
          f.replace(/^assets\//, ''),
        ),
      )
    : null;
  const files = fs.readdirSync(assets).filter((f) => f.endsWith('.js') && (!newest || newest.has(f)));
  const login = files.find((f) => f.startsWith('login-page-'));
  const initial = closure([...entry, ...(login ? [login] : [])]);
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
  const initialBytes = [...initial].reduce((s, f) => s + size(f), 0);
  const pages = files.filter((f) => /-page-|route/.test(f)).sort((a, b) => size(b) - size(a));
  const biggest = files.filter((f) => !initial.has(f)).sort((a, b) => size(b) - size(a));
  const lines = [
    `| web bundle (gzip -9) | size | target | met |`,
    `|---|---:|---|---|`,
    `| initial JS of /login (${initial.size} files: ${[...initial].map((f) => f.replace(/-[\w-]{8}\.js$/, '')).join(', ')}) | ${kb(initialBytes)} | <= 300 KB | ${initialBytes <= 300 * 1024 ? 'met' : 'MISSED'} |`,
  ];
  for (const f of pages.slice(0, 40)) {
    lines.push(
      `| route chunk ${f} | ${kb(size(f))} | <= 100 KB | ${size(f) <= 100 * 1024 ? 'met' : 'MISSED'} |`,
    );
  }
  for (const f of biggest.filter((f) => !pages.includes(f)).slice(0, 5)) {
    lines.push(
      `| lazy shared chunk ${f} | ${kb(size(f))} | <= 100 KB | ${size(f) <= 100 * 1024 ? 'met' : 'MISSED'} |`,
    );
  }
  for (const f of [...initial].sort((a, b) => size(b) - size(a))) {
    lines.push(`| initial chunk ${f} | ${kb(size(f))} | (in the 300 KB) | |`);
  }
  return lines;
}

/**
 * How much of a core this process gets: a fixed CPU-bound job's CPU time over its wall time (1.0 on
 * an idle machine; about 0.1 when ten other runnable processes share the core).
 */
function cpuShare(): number {
  const data = Buffer.alloc(1 << 20, 7);
  const wall0 = performance.now();
  const cpu0 = process.cpuUsage();
  for (let i = 0; i < 40; i++) zlib.deflateRawSync(data, { level: 1 });
  const cpu = process.cpuUsage(cpu0);
  return (cpu.user + cpu.system) / 1000 / (performance.now() - wall0);
}

// ---------------------------------------------------------------------------------------- main

async function main() {
  const started = Date.now();
  const loadAtStart = os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
  // the generated database may predate the latest migrations: bring it up to date first
  const upgrade = PGLITE ? await openPglite({ dir: path.join(DATA_DIR, 'pgdata') }) : openPostgres(URL_, 1);
  await upgrade.migrate();
  await upgrade.close();
  // prepare: sessions cleared (one active session per user), pending documents listed
  let prepared: Prepared;
  if (PGLITE) {
    const db = await openPglite({ dir: path.join(DATA_DIR, 'pgdata') });
    prepared = await prepare(async (t) => (await db.client!.query<Record<string, unknown>>(t)).rows);
    await db.close();
  } else {
    const pool = new pg.Pool({ connectionString: URL_, max: 1, options: PG_SESSION_OPTIONS });
    prepared = await prepare(async (t) => (await pool.query(t)).rows);
    await pool.end();
  }
  let all = rows(prepared);
  if (PGLITE) all = all.filter((r) => r.kind === 'list' || r.kind === 'bootstrap');
  if (args.only) {
    const re = new RegExp(args.only, 'i');
    all = all.filter((r) => re.test(r.name));
  }

  const login = async (base: string, inject?: (email: string) => Promise<string>) => {
    const tokens = {} as Record<As, string>;
    const emails: Record<As, string> = {
      edp: 'edp@itms.local',
      admin: 'admin@itms.local',
      tireman: 'tireman@itms.local',
    };
    for (const as of Object.keys(emails) as As[]) {
      if (inject) {
        tokens[as] = await inject(emails[as]);
        continue;
      }
      const res = await fetch(`${base}/api/tire-man/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: emails[as], password: DEMO_PASSWORD }),
      });
      const body = (await res.json()) as { access_token?: string };
      if (!body.access_token) throw new Error(`login ${emails[as]}: ${res.status} ${JSON.stringify(body)}`);
      tokens[as] = body.access_token;
    }
    return tokens;
  };

  // floors: capture each row's SQL in-process, then replay it through pg
  const floors = new Map<string, number>();
  /** The same SQL on one connection, nothing else of ours running: what the statements cost alone. */
  const alone = new Map<string, number>();
  if (!PGLITE) {
    log('capturing the SQL of each row and timing it directly through pg ...');
    const cap = await captureApp();
    const tokens = await login('', async (email) => {
      const res = await cap.app.inject({
        method: 'POST',
        url: '/api/tire-man/login',
        payload: { email, password: DEMO_PASSWORD },
      });
      return res.json().access_token as string;
    });
    for (const row of all) {
      // the upload's row is keyed by the file's hash and the capture has stored it: a replay of its
      // INSERT could only conflict, so the upload has no floor
      if (row.kind === 'upload') continue;
      log(`  floor: ${row.name}`);
      const reqs = row.floorRequests?.length ? row.floorRequests : [row.requests[0]!];
      const perWorker: Captured[][] = [];
      for (const r of reqs) perWorker.push(await cap.capture(r, tokens[row.as]));
      if (args.explain) {
        await explainAll(row.name, perWorker[0]!);
        continue;
      }
      const workers = row.floorRequests?.length
        ? perWorker
        : Array.from({ length: POOL }, () => perWorker[0]!);
      floors.set(row.name, await floorP50(workers, Math.min(2, DURATION)));
      alone.set(row.name, await floorP50([perWorker[0]!], 1));
    }
    for (const as of Object.keys(tokens) as As[]) {
      await cap.app.inject({
        method: 'POST',
        url: '/api/tire-man-logout',
        headers: { access_token: tokens[as] },
      });
    }
    await cap.close();
    if (args.explain) process.exit(0);
  }

  // the server
  const port = await freePort();
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DEMO_SEED: 'false',
    LOG_LEVEL: 'warn',
    DATA_DIR,
    LOGIN_RATE_LIMIT: '1000',
    ...(PGLITE ? { DATABASE_URL: '' } : { DATABASE_URL: URL_ }),
  };
  if (!fs.existsSync(path.join(ROOT, 'server/dist/server.mjs'))) {
    throw new Error('server/dist/server.mjs is missing: run `npm run build` first');
  }
  const prof = args['server-prof']
    ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(args['server-prof'])}`]
    : [];
  // the V8 flags of the server's start script (server/package.json)
  const server: ChildProcess = spawn(
    process.execPath,
    ['--max-semi-space-size=4', ...prof, 'server/dist/server.mjs'],
    {
      cwd: ROOT,
      env,
      stdio: ['ignore', 'pipe', 'inherit'],
      detached: true,
    },
  );
  const base = `http://127.0.0.1:${port}`;
  let rssMax = 0;
  let rssPeakRow = '';
  let rssSampler: NodeJS.Timeout | undefined;
  const stopServer = () => {
    clearInterval(rssSampler);
    try {
      if (server.pid) process.kill(-server.pid, 'SIGTERM');
    } catch {}
  };
  process.on('exit', stopServer);
  const results: string[] = [];
  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('server did not start in 120 s')), 120_000);
      server.stdout!.on('data', (d: Buffer) => {
        if (d.toString().includes('ITMS is running')) {
          clearTimeout(timer);
          resolve();
        }
      });
      server.on('exit', (code) => reject(new Error(`server exited with ${code}`)));
    });
    const pid = server.pid!;
    log(`server pid ${pid} on ${base} (${PGLITE ? 'PGlite' : 'PostgreSQL'}, ${DATA_DIR})`);
    let currentRow = 'login';
    rssSampler = setInterval(() => {
      const kb = pid ? rssKb(pid) : 0;
      if (kb > rssMax) {
        rssMax = kb;
        rssPeakRow = currentRow;
      }
    }, 200);
    const tokens = await login(base);

    const header = `| row | p50 ms | p95 ms | p99 ms | req/s | errors | floor p50 ms | API/floor | SQL alone p50 ms | CPU ms/req server + PG | cores busy | target p95 | met |`;
    results.push(header, '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|---|');
    log(header);
    for (const row of all) {
      currentRow = row.name;
      // every row starts on a quiet system: the wear refresh that validations queue (a previous
      // run's included) finishes first
      await waitForWearQueue({ checkpoint: true });
      // a short warm-up outside the measurement (not for validations: they consume documents)
      if (row.kind !== 'validate') {
        await runLoad({
          url: base,
          connections: 4,
          duration: 1,
          headers: {},
          requests: row.requests.map((r) => toJob(r, tokens[row.as])),
        });
      }
      // the reply's size as the phone receives it (the server gzips JSON at zlib's default level)
      let sizeNote = '';
      let sizeMissed = false;
      if (row.maxGzipKb != null) {
        const r = row.requests[0]!;
        const reply = await fetch(`${base}${r.path}`, { headers: headersOf(r, tokens[row.as]) });
        const raw = Buffer.from(await reply.arrayBuffer());
        const kb = zlib.gzipSync(raw).length / 1024;
        sizeMissed = !(kb <= row.maxGzipKb);
        sizeNote = `reply ${kb.toFixed(1)} KB gzip (${(raw.length / 1024).toFixed(0)} KB raw) ${sizeMissed ? '>' : '<='} ${row.maxGzipKb} KB`;
        log(`  ${row.name}: ${sizeNote}`);
      }
      const res = await runLoad(
        {
          url: base,
          connections: CONNECTIONS,
          ...(row.amount ? { amount: row.amount } : { duration: DURATION }),
          headers: {},
          requests: row.requests.map((r) => toJob(r, tokens[row.as])),
        },
        pid,
      );
      const sorted = [...res.times].sort((a, b) => a - b);
      const p50 = percentile(sorted, 0.5);
      const p95 = percentile(sorted, 0.95);
      const p99 = percentile(sorted, 0.99);
      const rps = res.times.length / res.seconds;
      const errors = res.errors + res.timeouts + res.non2xx;
      const floor = floors.get(row.name);
      const ratio = floor ? p50 / floor : undefined;
      const target = TARGET_P95[row.kind];
      const misses: string[] = [];
      if (target != null && !(p95 <= target)) misses.push(`p95 > ${target}`);
      if (row.kind === 'list' && !PGLITE && rps < 2000) misses.push('< 2,000 req/s');
      if (ratio !== undefined && ratio > 2) misses.push('API/floor > 2');
      if (errors > 0) misses.push(`errors ${JSON.stringify(res.statuses)}`);
      if (sizeMissed) misses.push(sizeNote);
      const cpu = res.cpu;
      const n = Math.max(1, res.times.length);
      // a validation's work that runs after its reply (the wear refresh of its tires, the alert
      // count): measured until the wear queue is empty and the last alert count has run
      let allIn = '';
      if (row.kind === 'validate' && res.cpuFrom && pid != null) {
        await waitForWearQueue({ checkpoint: false });
        await new Promise((r) => setTimeout(r, ALERT_SETTLE_MS));
        const all = cpuUse(res.cpuFrom, cpuSample(pid, process.pid));
        allIn = `; all in, with the work after the reply (${(all.wallMs / 1000).toFixed(0)} s): ${((all.serverMs + all.postgresMs) / n).toFixed(2)} ms/validation (server ${(all.serverMs / n).toFixed(2)} + PostgreSQL ${(all.postgresMs / n).toFixed(2)})`;
        log(`  ${row.name}${allIn}`);
      }
      const cpuCell = cpu ? `${(cpu.serverMs / n).toFixed(2)} + ${(cpu.postgresMs / n).toFixed(2)}` : '-';
      const busyCell = cpu ? `${(cpu.busy * 100).toFixed(0)}%` : '-';
      // what limits a missed row, as measured: every core busy (CPU-bound), or not
      const limit = !cpu
        ? ''
        : `; ${limitOf(cpu)}: ${os.cpus().length} cores ${busyCell} busy (${coreShares(cpu)})`;
      const verdict = misses.length
        ? `MISSED: ${misses.join(', ')}${limit}`
        : `met${sizeNote ? ` (${sizeNote})` : ''}`;
      const line = `| ${row.name} | ${p50.toFixed(1)} | ${p95.toFixed(1)} | ${p99.toFixed(1)} | ${rps.toFixed(0)} | ${errors} | ${floor?.toFixed(1) ?? '-'} | ${ratio?.toFixed(2) ?? '-'} | ${alone.get(row.name)?.toFixed(1) ?? '-'} | ${cpuCell} | ${busyCell} | ${target != null ? `<= ${target}` : '-'} | ${verdict}${allIn} |`;
      results.push(line);
      log(line);
    }
    results.push(
      '',
      `| server | value | target | met |`,
      '|---|---:|---|---|',
      `| RSS under load (max VmRSS of the server process; the peak came during: ${rssPeakRow}) | ${(rssMax / 1024).toFixed(0)} MB | <= 300 MB | ${rssMax / 1024 <= 300 ? 'met' : 'MISSED'} |`,
    );
    await Promise.all(
      (Object.keys(tokens) as As[]).map((as) =>
        fetch(`${base}/api/tire-man-logout`, { method: 'POST', headers: { access_token: tokens[as] } }),
      ),
    );
  } finally {
    stopServer();
  }
  results.push('', ...bundleReport());
  const load = os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
  const share = [cpuShare(), cpuShare(), cpuShare()].sort()[1]!;
  const heading = [
    `Run ${new Date().toISOString()} on ${PGLITE ? `PGlite (${DATA_DIR})` : `PostgreSQL (${databaseName(URL_)} over ${transport(URL_)})`}, ` +
      `${os.cpus().length} cores, ${(os.totalmem() / 2 ** 30).toFixed(0)} GB, ${CONNECTIONS} connections, ` +
      `${DURATION} s per row, load average at the start ${loadAtStart}, at the end ${load} ` +
      `(a CPU-bound job got ${(share * 100).toFixed(0)}% of a core at the end), ${((Date.now() - started) / 1000).toFixed(0)} s in all.`,
    '',
  ];
  const text = [...heading, ...results].join('\n');
  console.log(`\n${text}`);
  const out = args.out ?? path.join(BENCH_DATA_DIR, `last-run-${PGLITE ? 'pglite' : 'postgres'}.md`);
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(out, `${text}\n`);
  process.exit(0);
}

function toJob(r: Req, token: string) {
  return {
    method: r.method,
    path: r.path,
    headers: headersOf(r, token),
    ...(r.raw
      ? { bodyBase64: r.raw.data.toString('base64') }
      : r.body !== undefined
        ? { body: JSON.stringify(r.body) }
        : {}),
  };
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
