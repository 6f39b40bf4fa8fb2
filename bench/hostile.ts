// The full hostile-input run (server/test/hostile-input.test.ts) on PostgreSQL; never part of `npm test`,
// which runs a sample of it (20 requests per write route) on each database.
//   npm run bench:hostile [-- --requests 10000 --database-url postgres://postgres@127.0.0.1:5432/test]
// Generated requests spread evenly over every operation: hostile bodies on every write route,
// hostile query strings on every read (the suite's own generators); every finding is listed instead
// of stopping at the first. Prints the request count, the status histogram, the routes covered, the
// 5xx count, the refusals that changed a table (row count or content) and the downloads cut off
// mid-file, and fails unless those are 0. The database URL names a server the suite may create databases on (like
// TEST_DATABASE_URL); the suite builds its own copies and drops them.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';

const ROOT = path.resolve(import.meta.dirname, '..');
const { values: args } = parseArgs({
  options: {
    requests: { type: 'string', default: '10000' },
    'database-url': {
      type: 'string',
      default: process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
    },
  },
});

const report = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'itms-hostile-')), 'report.json');
const started = Date.now();
const run = spawnSync('npx', ['vitest', 'run', '--project', 'server-pg', 'hostile-input.test.ts'], {
  cwd: ROOT,
  stdio: 'inherit',
  env: {
    ...process.env,
    TEST_DATABASE_URL: args['database-url'],
    HOSTILE_REQUESTS: args.requests,
    HOSTILE_COLLECT: '1',
    HOSTILE_REPORT: report,
  },
});
const minutes = ((Date.now() - started) / 60_000).toFixed(1);
if (!fs.existsSync(report)) {
  console.error(`hostile input: no report (vitest exited ${run.status}) after ${minutes} min`);
  process.exit(1);
}
const r = JSON.parse(fs.readFileSync(report, 'utf8'));
fs.rmSync(path.dirname(report), { recursive: true, force: true });
console.log(`
Hostile input on ${r.database}, ${new Date().toISOString()}
  write routes          ${r.writeRoutes} (${r.runsPerRoute} generated requests each + 1 oversized body), ${r.routesWithAnAcceptedRequest} accepted at least one
  read routes           ${r.readRoutes} (${r.readRequests} requests: ${r.runsPerRoute} generated query strings each, and fixed cases per parameter)
  requests              ${r.requests} (${r.refused} refused, ${r.accepted} accepted)
  by status             ${Object.entries(r.byStatus)
    .map(([s, n]) => `${s}: ${n}`)
    .join(', ')}
  5xx                   ${r.serverErrors}
  wrong error shape     ${r.wrongShape}
  refusals that changed rows (count or content of any table) ${r.refusalsThatChangedRows}
  downloads cut off     ${r.brokenDownloads}
  duration              ${r.seconds} s in the test (${r.snapshotSeconds} s of it taking table snapshots), ${minutes} min in all`);
const ok =
  run.status === 0 &&
  r.serverErrors === 0 &&
  r.wrongShape === 0 &&
  r.refusalsThatChangedRows === 0 &&
  r.brokenDownloads === 0;
process.exit(ok ? 0 : 1);
