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
// a built web app, as production serves one: its SPA and ITMS Lapangan fallbacks and its files are
// routes of the same server, and must stay out of the API's document
const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'itms-openapi-web-'));
beforeAll(async () => {
  fs.mkdirSync(path.join(webDist, 'lapangan'));
  fs.mkdirSync(path.join(webDist, 'assets'));
  fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>ITMS</title>');
  fs.writeFileSync(
    path.join(webDist, 'lapangan', 'index.html'),
    '<!doctype html><title>ITMS Lapangan</title>',
  );
  fs.writeFileSync(path.join(webDist, 'assets', 'index-abc123.js'), 'export {};');
  t = await createTestApp({ webDist });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

const served = () =>
  t.app.apiRoutes.filter((r) => !r.url.startsWith('/api/docs')).map((r) => `${r.method} ${r.url}`);

describe('the endpoint table', () => {
  it('declares every route the server registers, and the server registers every declared operation', () => {
    const declared = Object.values(API).map((e) => `${e.method} /api${e.path}`);
    expect([...served()].sort()).toEqual([...declared].sort());
    expect(new Set(declared).size).toBe(declared.length);
  });

  it('the served document holds the API only: no SPA, field app or file route', async () => {
    // the web app is there: its pages answer
    expect((await t.app.inject({ method: 'GET', url: '/lapangan/antrean' })).statusCode).toBe(200);
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, unknown>;
    };
    const paths = Object.keys(doc.paths);
    expect(paths.filter((p) => !p.startsWith('/api/'))).toEqual([]);
    const declared = new Set(Object.values(API).map((e) => `/api${e.path.replace(/:(\w+)/g, '{$1}')}`));
    expect(paths.filter((p) => !declared.has(p))).toEqual([]);
  });

  it('passes Redocly lint (recommended rules) on the whole served document: no error, no warning', async () => {
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
