// `npm run audit` (scripts/audit.mjs) against a stand-in for the registry's advisory service
// (node:http): what it sends from a lockfile, how it reads the answer, its exit codes.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

const SCRIPT = path.resolve(import.meta.dirname, '../../scripts/audit.mjs');

const LOCK = {
  name: 'app',
  lockfileVersion: 3,
  packages: {
    '': { name: 'app', workspaces: ['server'] },
    server: { name: '@app/server' },
    'node_modules/@app/server': { resolved: 'server', link: true },
    'node_modules/left-pad': { version: '1.1.0' },
    'node_modules/@scope/pkg': { version: '2.0.0' },
    'server/node_modules/left-pad': { version: '1.3.0' },
    'node_modules/aliased': { name: 'real-name', version: '3.1.0' },
    'node_modules/only-dev': { version: '0.1.0', dev: true },
  },
};

interface Call {
  body: Record<string, string[]>;
  path: string;
}

describe.skipIf(inject('dbDriver') === 'postgres')('npm run audit (run once, on the PGlite project)', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'itms-audit-'));
  let server: http.Server;
  let registry = '';
  let answer: { status: number; body: unknown } = { status: 200, body: {} };
  const calls: Call[] = [];

  beforeAll(async () => {
    fs.writeFileSync(path.join(dir, 'package-lock.json'), JSON.stringify(LOCK));
    server = http.createServer((req, res) => {
      let text = '';
      req.on('data', (c: Buffer) => (text += c));
      req.on('end', () => {
        calls.push({ path: `${req.method} ${req.url}`, body: JSON.parse(text || '{}') });
        res.writeHead(answer.status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(answer.body));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    registry = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  });
  afterAll(() => {
    server.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const audit = (...args: string[]) =>
    new Promise<{ code: number | null; out: string }>((resolve) => {
      const child = spawn(process.execPath, [SCRIPT, ...args], {
        cwd: dir,
        env: { ...process.env, npm_config_registry: registry },
      });
      let out = '';
      child.stdout.on('data', (c: Buffer) => (out += c));
      child.stderr.on('data', (c: Buffer) => (out += c));
      child.once('exit', (code) => resolve({ code, out }));
    });

  const advisory = (id: number, severity: string, vulnerable_versions: string) => ({
    id,
    url: `https://github.com/advisories/GHSA-test-${id}`,
    title: `Problem ${id}`,
    severity,
    vulnerable_versions,
    cwe: [],
  });

  it('posts every installed version by name (workspaces and links left out), reports matching advisories by severity, exits 1 on high', async () => {
    answer = {
      status: 200,
      body: {
        'left-pad': [advisory(1, 'moderate', '<1.2.0'), advisory(2, 'high', '>=1.3.0 <1.3.1')],
        // the service may name advisories of versions not installed: not reported
        '@scope/pkg': [advisory(3, 'critical', '<2.0.0')],
      },
    };
    const { code, out } = await audit();
    expect(calls.at(-1)).toEqual({
      path: 'POST /-/npm/v1/security/advisories/bulk',
      body: {
        '@scope/pkg': ['2.0.0'],
        'left-pad': ['1.1.0', '1.3.0'],
        'only-dev': ['0.1.0'],
        'real-name': ['3.1.0'],
      },
    });
    expect(code).toBe(1);
    const lines = out.trim().split('\n');
    expect(lines[0]).toBe(`5 package versions checked against ${registry.replace(/\/$/, '')}`);
    expect(lines[1]).toBe(
      'high     left-pad@1.3.0: Problem 2 (vulnerable >=1.3.0 <1.3.1) https://github.com/advisories/GHSA-test-2',
    );
    expect(lines[2]).toMatch(/^moderate left-pad@1\.1\.0: Problem 1/);
    expect(lines[3]).toBe('0 critical, 1 high, 1 moderate, 0 low, 0 info');
    expect(out).not.toContain('Problem 3');
  });

  it('--omit=dev leaves dev packages out; only moderate advisories exit 0', async () => {
    answer = { status: 200, body: { 'left-pad': [advisory(1, 'moderate', '<1.2.0')] } };
    const { code, out } = await audit('--omit=dev');
    expect(Object.keys(calls.at(-1)!.body)).toEqual(['@scope/pkg', 'left-pad', 'real-name']);
    expect(code).toBe(0);
    expect(out).toContain('4 package versions (without dev) checked');
  });

  it('no advisories: exit 0', async () => {
    answer = { status: 200, body: {} };
    const { code, out } = await audit();
    expect(code).toBe(0);
    expect(out).toContain('no known advisories');
  });

  it('a registry without the endpoint (405, as here) or none at all: exit 2 with what to do', async () => {
    answer = { status: 405, body: {} };
    const refused = await audit();
    expect(refused.code).toBe(2);
    expect(refused.out).toContain(
      `The advisory service did not answer: POST ${registry}-/npm/v1/security/advisories/bulk -> 405`,
    );
    expect(refused.out).toContain('npm run audit -- --registry=<url>');

    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const unreachable = await audit(`--registry=http://127.0.0.1:${port}`);
    expect(unreachable.code).toBe(2);
    expect(unreachable.out).toContain('failed (ECONNREFUSED)');
  });
});
