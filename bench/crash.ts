// The long crash-safety run (server/test/crash-safety.test.ts); never part of `npm test`, which
// kills the server 16 times per database in CI and 5 times locally.
//   npm run bench:crash [-- --kills 200 --driver pglite|postgres|both]
// SIGKILLs the real server that many times while validations are in flight, on PGlite and (with
// TEST_DATABASE_URL, default the local PostgreSQL) on PostgreSQL, and checks after every kill
// that nothing is half-applied and no answered validation was lost. Exits non-zero on a finding.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { parseArgs } from 'node:util';

const ROOT = path.resolve(import.meta.dirname, '..');
const { values: args } = parseArgs({
  options: {
    kills: { type: 'string', default: '200' },
    driver: { type: 'string', default: 'both' },
  },
});
const projects = { pglite: ['server-pglite'], postgres: ['server-pg'], both: ['server-pglite', 'server-pg'] }[
  args.driver as 'pglite' | 'postgres' | 'both'
];
if (!projects) {
  console.error('--driver is pglite, postgres or both');
  process.exit(2);
}
const run = spawnSync(
  'npx',
  ['vitest', 'run', ...projects.flatMap((p) => ['--project', p]), 'crash-safety.test.ts'],
  {
    cwd: ROOT,
    stdio: 'inherit',
    env: {
      ...process.env,
      TEST_DATABASE_URL: process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
      CRASH_KILLS: args.kills,
    },
  },
);
process.exit(run.status ?? 1);
