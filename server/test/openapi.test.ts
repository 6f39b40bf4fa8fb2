import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { API } from '@itms/contracts/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_ROOT } from '../src/paths';
import { createTestApp, type TestApp } from './helpers';

const REPO_ROOT = path.resolve(SERVER_ROOT, '..');
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const served = () =>
  t.app.apiRoutes.filter((r) => !r.url.startsWith('/api/docs')).map((r) => `${r.method} ${r.url}`);

describe('the endpoint table', () => {
  it('declares every route the server registers, and the server registers every declared operation', () => {
    const declared = Object.values(API).map((e) => `${e.method} /api${e.path}`);
    expect([...served()].sort()).toEqual([...declared].sort());
    expect(new Set(declared).size).toBe(declared.length);
  });

  it('passes Redocly lint (recommended rules) with no error and no warning', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).body;
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'itms-openapi-'));
    const file = path.join(dir, 'openapi.json');
    fs.writeFileSync(file, doc);
    // the ignore file names the document openapi.json, beside the config
    for (const f of ['redocly.yaml', '.redocly.lint-ignore.yaml']) {
      fs.copyFileSync(path.join(REPO_ROOT, f), path.join(dir, f));
    }
    try {
      const { stdout } = await promisify(execFile)(
        path.join(REPO_ROOT, 'node_modules/.bin/redocly'),
        ['lint', 'openapi.json', '--format', 'json'],
        {
          cwd: dir,
          env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
        },
      ).catch((err: { stdout?: string }) => ({ stdout: err.stdout ?? '' }));
      const report = JSON.parse(stdout.slice(stdout.indexOf('{'))) as {
        totals: { errors: number; warnings: number };
        problems: { ruleId: string; message: string; location: { pointer: string }[] }[];
      };
      const problems = report.problems
        .filter((p) => !p.ignored)
        .map((p) => `${p.ruleId}: ${p.location[0]?.pointer} ${p.message}`);
      expect(problems).toEqual([]);
      expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
