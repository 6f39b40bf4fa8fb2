// Test-only timing of the report queries on a generated data set (not part of `npm test`).
//   TIMING_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx server/src/modules/reports/reports.timing.ts [checks] [months]
// Creates a scratch database, migrates, seeds the test fixtures plus 20 regions, 100 locations,
// 2,000 units, 300 tire men, N checks (default 50,000) spread over M months (default 3) ending
// January 2025 (1 in 30 waiting for EDP, as a live queue) and 5,000 replacements, all with
// generate_series, then VACUUM ANALYZE; then times each report through
// app.inject (median and p95 of 20 runs) and prints the plan of each SQL statement with EXPLAIN ANALYZE.

import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { seedFixtures } from '../../../test/fixtures';
import { withDatabase } from '../../../test/global-setup';
import { buildApp } from '../../app';
import { testConfig } from '../../config';
import { type Db, openPostgres } from '../../db/client';
import { createReportsService } from './reports.service';

const url = process.env.TIMING_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const checks = Number(process.argv[2] ?? 50_000);
const months = Number(process.argv[3] ?? 3);
const name = process.env.TIMING_DB_NAME ?? 'itms_reports_timing';

const admin = openPostgres(url, 1);
await admin.pool!.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
await admin.pool!.query(`CREATE DATABASE ${name}`);
const database = openPostgres(withDatabase(url, name), 4);
await database.migrate();
await seedFixtures(database.db);
const pool = database.pool!;
const t0 = Date.now();
await pool.query(`
  insert into users (name, email, phone, role, password_hash)
    select 'Tireman ' || g, 'tm' || g || '@bench.local', '0899' || lpad(g::text, 8, '0'), 'tire-man', 'x'
      from generate_series(1, 300) g;
  insert into regions (name, manpower, pic) select 'Region ' || g, 5 + g % 10, 'PIC ' || g from generate_series(1, 20) g;
  insert into locations (name, region_id)
    select 'Pool ' || g, r.ids[1 + g % array_length(r.ids, 1)]
      from generate_series(1, 100) g, (select array_agg(id order by id) ids from regions) r;
  insert into units (plate_number, unit_type, project_id)
    select 'BX ' || lpad(g::text, 5, '0'), 'TRONTON', (select min(id) from projects) from generate_series(1, 2000) g;`);
await pool.query(
  `
  insert into tire_checks (unit_id, plate_number, tireman_id, location_id, odometer, pic_sign, edp_sign,
                           workshop_sign, status, returned_at, performed_at, created_at)
    select x.*, x.at from (select u.ids[1 + floor(random() * array_length(u.ids, 1))::int],
           'BX', t.ids[1 + floor(random() * array_length(t.ids, 1))::int],
           l.ids[1 + floor(random() * array_length(l.ids, 1))::int], 1000,
           case when g % 40 = 0 then '-' else 'p.png' end,
           case when g % 30 = 0 then '-' else 'e.png' end,
           case when g % 4 = 0 then 'w.png' else '-' end,
           case when g % 30 <> 0 then 'approved' else 'pending' end,
           case when g % 300 = 0 then now() end,
           (date '2025-02-01' - make_interval(months => $2))::timestamp at time zone 'Asia/Jakarta'
             + random() * ((date '2025-02-01')::timestamp - (date '2025-02-01' - make_interval(months => $2))::timestamp)
             as at
      from generate_series(1, $1::int) g,
           (select array_agg(id) ids from units) u,
           (select array_agg(id) ids from users where role = 'tire-man') t,
           (select array_agg(id) ids from locations) l) x
     -- sent the day they were done (performed_at = created_at); rows arrive in time order on a
     -- live system, so the heap is ordered by it
     order by 11`,
  [checks, months],
);
await pool.query(`
  insert into tire_replacements (unit_id, tireman_id, location_id, odometer, status, edp_sign, performed_at, created_at)
    select x.*, x.at from (select u.ids[1 + g % array_length(u.ids, 1)], t.ids[1 + g % array_length(t.ids, 1)],
           l.ids[1 + g % array_length(l.ids, 1)], 1000,
           case when g % 2 = 0 then 'approved' else 'pending' end, case when g % 2 = 0 then 'e.png' else '-' end,
           timestamptz '2024-11-01 00:00+07' + random() * interval '92 days' as at
      from generate_series(1, 5000) g,
           (select array_agg(id) ids from units) u,
           (select array_agg(id) ids from users where role = 'tire-man') t,
           (select array_agg(id) ids from locations) l) x;`);
// as on a live database, where autovacuum has set the visibility map of old rows
await pool.query('vacuum analyze');
console.log(`generated ${checks} checks over ${months} months in ${Date.now() - t0} ms`);

// ---------- plans: run every statement of each report once through EXPLAIN ANALYZE ----------
const dialect = new PgDialect();
const plans: { label: string; plan: string }[] = [];
let label = '';
const explaining = {
  execute: async (q: SQL) => {
    const { sql: text, params } = dialect.sqlToQuery(q);
    const res = await pool.query(`explain (analyze, buffers, costs off) ${text}`, params);
    plans.push({ label, plan: res.rows.map((r: Record<string, string>) => r['QUERY PLAN']).join('\n') });
    return database.db.execute(q);
  },
} as unknown as Db;
const svc = createReportsService(explaining, 'Asia/Jakarta');
const runs: [string, () => Promise<unknown>][] = [
  ['productivity 2020-01-01..2025-01-31', () => svc.productivity('2020-01-01', '2025-01-31')],
  ['leaderboard 2025-01', () => svc.leaderboard('2025-01-01', '2025-01-31')],
  ['summary 2025-01', () => svc.summary('2025-01-01', '2025-01-31')],
  [
    'absence 2025-01 page 1 (100 units)',
    () => svc.absence({ month: '2025-01', pageSize: 100, onlyChecked: false }),
  ],
  [
    'record search 2025-01 page 1',
    () => svc.checkRecords({ dateStart: '2025-01-01', dateEnd: '2025-01-31', page: 1, pageSize: 15 }),
  ],
  [
    'replacement search 2025-01 page 1',
    () => svc.replacementRecords({ dateStart: '2025-01-01', dateEnd: '2025-01-31', page: 1, pageSize: 15 }),
  ],
  ['dashboard counters', () => svc.counters()],
];
for (const [l, run] of runs) {
  label = l;
  await run();
}

// ---------- timings through the HTTP layer ----------
const app = await buildApp({ config: testConfig({ dataDir: '/tmp/itms-reports-timing' }), database });
await app.ready();
const login = await app.inject({
  method: 'POST',
  url: '/api/tire-man/login',
  payload: { email: 'edp@test.local', password: 'rahasia123' },
});
const token = login.json().access_token as string;
const calls: [string, 'GET' | 'POST', string, object | undefined][] = [
  [
    'productivity 2020-01-01..2025-01-31',
    'POST',
    '/api/tire-check/querry/search',
    { firstDate: '2020-01-01', lastDate: '2025-01-31' },
  ],
  [
    'leaderboard 2025-01',
    'GET',
    '/api/tire-check/leader-board?dateStart=2025-01-01&dateEnd=2025-01-31',
    undefined,
  ],
  [
    'leaderboard 2025-01 page 2',
    'GET',
    '/api/tire-check/leader-board?dateStart=2025-01-01&dateEnd=2025-01-31&page=2',
    undefined,
  ],
  ['summary 2025-01', 'POST', '/api/tire-check/summary', { dateStart: '2025-01-01', dateEnd: '2025-01-31' }],
  ['absence 2025-01, 100 units', 'POST', '/api/tire-check/absent', { month: '2025-01' }],
  [
    'absence 2025-01, all 2,002 units',
    'POST',
    '/api/tire-check/absent',
    { month: '2025-01', pageSize: 5000 },
  ],
  [
    'record search 2025-01 page 1',
    'POST',
    '/api/tire-check/querry/record/search',
    { dateStart: '2025-01-01', dateEnd: '2025-01-31' },
  ],
  [
    'record search 2025-01 page 100',
    'POST',
    '/api/tire-check/querry/record/search',
    { dateStart: '2025-01-01', dateEnd: '2025-01-31', page: 100 },
  ],
  [
    'replacement search 2025-01 page 1',
    'GET',
    '/api/tire-replacement/record/search?dateStart=2025-01-01&dateEnd=2025-01-31',
    undefined,
  ],
  ['dashboard counters', 'GET', '/api/dashboard/counters', undefined],
  [
    'summary export 2025-01',
    'POST',
    '/api/tire-check/summary/export',
    { dateStart: '2025-01-01', dateEnd: '2025-01-31' },
  ],
  ['absence export 2025-01 (2,002 units)', 'POST', '/api/tire-check/absent/export', { month: '2025-01' }],
  [
    'productivity export',
    'POST',
    '/api/tire-check/querry/search/export',
    { firstDate: '2020-01-01', lastDate: '2025-01-31' },
  ],
];
console.log('\n| report | median ms | p95 ms | bytes |\n|---|---|---|---|');
for (const [l, method, path, payload] of calls) {
  const times: number[] = [];
  let bytes = 0;
  for (let i = 0; i < 22; i++) {
    const s = performance.now();
    const res = await app.inject({ method, url: path, payload, headers: { access_token: token } });
    if (res.statusCode !== 200) throw new Error(`${l}: ${res.statusCode} ${res.body}`);
    bytes = res.rawPayload.length;
    if (i >= 2) times.push(performance.now() - s); // two warm-up runs
  }
  times.sort((a, b) => a - b);
  const at = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))]!.toFixed(1);
  console.log(`| ${l} | ${at(0.5)} | ${at(0.95)} | ${bytes} |`);
}

if (process.env.PLANS !== '0') {
  for (const p of plans) console.log(`\n--- ${p.label}\n${p.plan}`);
}
await app.close();
await database.close();
await admin.pool!.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
await admin.close();
