// Issue 35, item 8: two servers on one DATA_DIR. On the embedded database (PGlite) the second is
// refused with the directory and the first's pid, and a lock left by a SIGKILL does not block the
// next start (crash-safety.test.ts restarts after every kill); `npm run backup` is refused while a
// server holds the directory. On PostgreSQL the data directory holds files only: several processes
// share it (the production recipe's two processes do).
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { fixtureDatabaseForProcess, REPO_ROOT, runScript } from './helpers';

const driver = inject('dbDriver');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'itms-lock-'));
const children: ChildProcess[] = [];
let drop = async () => {};
afterAll(async () => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  await drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

interface Started {
  child: ChildProcess;
  /** The base URL once it runs, or its exit code and output when it stopped instead. */
  outcome: Promise<{ base: string } | { code: number | null; output: string }>;
}

function start(env: Record<string, string>): Started {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/server.ts'], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DEMO_SEED: 'false',
      WEB_DIST: path.join(dataDir, 'no-web-dist'),
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  const outcome = new Promise<{ base: string } | { code: number | null; output: string }>((resolve) => {
    const onData = (chunk: Buffer) => {
      output += chunk;
      const m = /running at (http:\/\/localhost:\d+)/.exec(output);
      if (m) resolve({ base: m[1]!.replace('localhost', '127.0.0.1') });
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => resolve({ code, output }));
  });
  return { child, outcome };
}

async function running(s: Started): Promise<string> {
  const o = await s.outcome;
  if (!('base' in o)) throw new Error(`server exited ${o.code}:\n${o.output}`);
  return o.base;
}

const healthy = async (base: string) => (await fetch(`${base}/api/health`)).status === 200;

describe(`two servers on one DATA_DIR (${driver})`, () => {
  it(driver === 'pglite'
    ? 'the second is refused with the directory and the first one; after a SIGKILL the next one starts'
    : 'both start: the database is PostgreSQL, the directory holds files only', async () => {
    const db = await fixtureDatabaseForProcess(dataDir, 'lock');
    drop = db.drop;
    const first = start(db.env);
    const base = await running(first);

    const second = start(db.env);
    if (driver === 'postgres') {
      expect(await healthy(await running(second))).toBe(true);
      expect(await healthy(base)).toBe(true);
      return;
    }
    const refused = await second.outcome;
    expect(refused).toMatchObject({ code: 1 });
    const { output } = refused as { output: string };
    expect(output).toContain(
      `Refusing to start: DATA_DIR ${path.resolve(dataDir)} is in use by another ITMS process (pid ${first.child.pid}`,
    );
    expect(output).not.toContain('ITMS is running');
    // the first one goes on, untouched
    expect(await healthy(base)).toBe(true);

    // a backup of the embedded database waits for the server to stop
    const backup = await runScript('server/src/ops/backup-cli.ts', [path.join(dataDir, 'b.tar.gz')], {
      DATA_DIR: dataDir,
    });
    expect(backup.code).toBe(1);
    expect(backup.out).toContain(`is in use by another ITMS process (pid ${first.child.pid}`);

    // killed without a chance to clean up: its lock stays, and does not block the next start
    first.child.kill('SIGKILL');
    await new Promise((resolve) => first.child.once('exit', resolve));
    expect(fs.existsSync(path.join(dataDir, 'itms.lock'))).toBe(true);
    const next = start(db.env);
    expect(await healthy(await running(next))).toBe(true);
    // a clean stop gives the directory back
    next.child.kill('SIGTERM');
    await new Promise((resolve) => next.child.once('exit', resolve));
    expect(fs.existsSync(path.join(dataDir, 'itms.lock'))).toBe(false);
  }, 240_000);
});
