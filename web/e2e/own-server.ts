import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';

/** The repository's root: where server/dist/server.mjs runs from. */
export const ROOT = path.resolve(import.meta.dirname, '../..');

/**
 * The production server (server/dist/server.mjs) of one test, beside the run's: on `port`, with
 * `dataDir` and the demo seed, plus `env` (another web dist, another storage). Resolves once
 * /api/health answers; rejects with its output if it exits first.
 */
export async function startOwnServer(
  port: number,
  dataDir: string,
  env: Record<string, string> = {},
): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['server/dist/server.mjs'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DEMO_SEED: 'true',
      STRICT_REPLIES: 'true',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (c: Buffer) => (out += c));
  child.stderr!.on('data', (c: Buffer) => (out += c));
  await new Promise<void>((resolve, reject) => {
    const onExit = (code: number | null) => reject(new Error(`server exited ${code}:\n${out}`));
    child.once('exit', onExit);
    const poll = async () => {
      const up = await fetch(`http://127.0.0.1:${port}/api/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (up) {
        child.off('exit', onExit);
        resolve();
      } else setTimeout(poll, 250);
    };
    void poll();
  });
  return child;
}

/** Stops a server of `startOwnServer` and waits until it has exited. */
export async function stopOwnServer(child: ChildProcess | null) {
  if (!child || child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}
