// The embedded default's first boot (issue 41, item 4): `npm start` on a new DATA_DIR seeds the demo
// fleet in a child process, so the server that then serves it never holds the memory the seed grew
// (PGlite's WASM heap and the allocator's arenas, ~170 MB that a process never gives back). The RSS
// itself is measured on the bundle (bench/RESULTS.md): under tsx its compiler outweighs it.
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const onPostgres = inject('dbDriver') === 'postgres';

const freePort = () =>
  new Promise<number>((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });

describe.skipIf(onPostgres)('the embedded default on a new DATA_DIR', () => {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'itms-first-boot-'));
  let server: ChildProcess | undefined;

  afterAll(async () => {
    if (server && server.exitCode === null) {
      const exited = new Promise((r) => server!.once('exit', r));
      server.kill('SIGTERM');
      await exited;
    }
    fs.rmSync(work, { recursive: true, force: true });
  });

  it('seeds the demo fleet in another process, then serves it', async () => {
    const port = await freePort();
    server = spawn(process.execPath, ['--import', 'tsx', 'server/src/server.ts'], {
      cwd: ROOT,
      env: {
        ...process.env,
        DATABASE_URL: '',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: work,
        DEMO_SEED: 'true',
        LOG_LEVEL: 'info',
        NODE_ENV: 'development',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    server.stdout!.on('data', (c: Buffer) => (out += c));
    server.stderr!.on('data', (c: Buffer) => (out += c));
    const base = `http://127.0.0.1:${port}`;
    for (;;) {
      if (server.exitCode !== null) throw new Error(`server exited ${server.exitCode}:\n${out}`);
      if (
        await fetch(`${base}/api/health`).then(
          (r) => r.ok,
          () => false,
        )
      )
        break;
      await new Promise((r) => setTimeout(r, 250));
    }

    // the seed's log lines carry another pid than the server's
    const seeded = out
      .split('\n')
      .filter((l) => l.includes('"demo data seeded"'))
      .map((l) => JSON.parse(l) as { pid: number });
    expect(seeded, out).toHaveLength(1);
    expect(seeded[0]!.pid).not.toBe(server.pid);

    // and the server serves what it seeded
    const login = await fetch(`${base}/api/tire-man/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@itms.local', password: 'itms12345' }),
    });
    expect(login.status).toBe(200);
    const { access_token } = (await login.json()) as { access_token: string };
    const units = await fetch(`${base}/api/unit?page=1&pageSize=10`, { headers: { access_token } });
    expect(((await units.json()) as { total: number }).total).toBe(60);
  }, 180_000);
});
