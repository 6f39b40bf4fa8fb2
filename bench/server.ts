// The built server for the browser benches (Lighthouse, ITMS Lapangan): a fresh embedded PGlite
// database in `dataDir`, seeded with the demo fleet on its first start.
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '..');

/** A TCP port nobody listens on right now. */
export const freePort = () =>
  new Promise<number>((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });

/** Fails early, with what to do, when `npm run build` has not run. */
export function requireBuild(): void {
  for (const built of ['web/dist/index.html', 'server/dist/server.mjs']) {
    if (!fs.existsSync(path.join(ROOT, built)))
      throw new Error(`${built} is missing: run npm run build first`);
  }
}

/** Starts server/dist/server.mjs on a free port and waits until /api/health answers. */
export async function startServer(dataDir: string): Promise<{ child: ChildProcess; base: string }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['server/dist/server.mjs'], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir },
    // its request log is not read: a pipe nobody drains would stall the server once full
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    const ok = await fetch(`${base}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return { child, base };
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('server did not become healthy');
}
