// The production guard (issue 24, finding 12): the real server process (server/src/server.ts, as
// `npm run dev` runs it) with NODE_ENV=production refuses the demo seed and any account whose
// password is still the published demo password, and starts once that password is gone.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { users } from '../src/db/schema';
import { DEMO_PASSWORD } from '../src/db/seed/demo';
import { hashPassword } from '../src/lib/password';
import { FX } from './fixtures';
import { fixtureDatabaseForProcess } from './helpers';

const ROOT = path.resolve(import.meta.dirname, '../..');
const driver = inject('dbDriver');
const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'itms-guard-'));
let dropDatabase = async () => {};
// each start loads the server's TypeScript through tsx: seconds, many more on a loaded machine
const START_TIMEOUT = 180_000;

afterAll(async () => {
  fs.rmSync(workDir, { recursive: true, force: true });
  await dropDatabase();
});

/** Runs the server until it exits or says it is running (then stops it); its exit code and output. */
function runServer(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/server.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: workDir,
      // the API only: a web build may be missing or half-written while tests run
      WEB_DIST: path.join(workDir, 'no-web-dist'),
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const onData = (chunk: Buffer) => {
    output += chunk.toString();
    if (/ITMS is running at/.test(output)) child.kill('SIGTERM');
  };
  child.stdout.on('data', onData);
  child.stderr.on('data', onData);
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, output })));
}

describe('production guard', () => {
  it.skipIf(driver === 'postgres')(
    'NODE_ENV=production with the demo seed (DEMO_SEED unset, so true) exits 1 with the reason (run once, on PGlite: no database is opened)',
    async () => {
      const { code, output } = await runServer({ DEMO_SEED: '' });
      expect(code).toBe(1);
      expect(output).toContain('Refusing to start: NODE_ENV=production with DEMO_SEED=true');
      expect(output).toContain('npm run create-admin');
      expect(output).not.toContain('ITMS is running at');
    },
    START_TIMEOUT,
  );

  it(
    `refuses an account that still has the demo password, starts once it is changed (${driver})`,
    async () => {
      const { env, open, drop } = await fixtureDatabaseForProcess(workDir, 'guard');
      dropDatabase = drop;
      let db = await open();
      await db.db
        .update(users)
        .set({ password_hash: await hashPassword(DEMO_PASSWORD) })
        .where(eq(users.email, FX.tireman2.email));
      await db.close();

      const refused = await runServer({ ...env, DEMO_SEED: 'false' });
      expect(refused.code).toBe(1);
      expect(refused.output).toContain(
        `Refusing to start: NODE_ENV=production and 1 account(s) still have the published demo password: ${FX.tireman2.email}.`,
      );
      expect(refused.output).not.toContain('ITMS is running at');

      db = await open();
      await db.db
        .update(users)
        .set({ password_hash: await hashPassword('ganti-sandi-2026') })
        .where(eq(users.email, FX.tireman2.email));
      await db.close();
      const started = await runServer({ ...env, DEMO_SEED: 'false' });
      // (and then stopped by the test)
      expect(started.output).toContain('ITMS is running at');
    },
    START_TIMEOUT,
  );
});
