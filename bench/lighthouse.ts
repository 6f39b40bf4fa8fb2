// Lighthouse on /login and / (the dashboard, signed in) in Debian's Chromium; never part of `npm test`.
//   npm run build && npm run bench:lighthouse [-- --runs 3] [--report <dir>]
// --report keeps each run's full Lighthouse report (JSON) there, for its diagnostics.
// Starts the built server on a fresh embedded database with the demo fleet, signs in as the EDP
// through the real login form (Playwright, persistent profile), then lets Lighthouse open each page
// in that same browser without resetting storage, in its mobile (default) and desktop presets.
// Prints the median score per page and preset, with the metrics behind the performance score.
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import lighthouse, { type Flags } from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';

const ROOT = path.resolve(import.meta.dirname, '..');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const { values: args } = parseArgs({
  options: { runs: { type: 'string', default: '3' }, report: { type: 'string' } },
});
const RUNS = Number(args.runs);
const REPORT_DIR = args.report ? path.resolve(args.report) : undefined;

const freePort = () =>
  new Promise<number>((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });

async function startServer(dataDir: string): Promise<{ child: ChildProcess; base: string }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['server/dist/server.mjs'], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'inherit'],
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

interface Result {
  performance: number;
  accessibility: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function main() {
  for (const built of ['web/dist/index.html', 'server/dist/server.mjs']) {
    if (!fs.existsSync(path.join(ROOT, built)))
      throw new Error(`${built} is missing: run npm run build first`);
  }
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'itms-lighthouse-'));
  const { child, base } = await startServer(path.join(tmp, 'data'));
  const debugPort = await freePort();
  const context = await chromium.launchPersistentContext(path.join(tmp, 'profile'), {
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      `--remote-debugging-port=${debugPort}`,
    ],
  });
  try {
    const rows: string[] = [];
    const a11yMisses = new Set<string>();
    /** Lighthouse on one page in both presets, RUNS times each; the median goes into `rows`. */
    const measure = async (route: string) => {
      for (const preset of ['mobile', 'desktop'] as const) {
        const results: Result[] = [];
        for (let i = 0; i < RUNS; i++) {
          const flags: Flags = {
            port: debugPort,
            output: 'json',
            logLevel: 'error',
            onlyCategories: ['performance', 'accessibility'],
            disableStorageReset: true,
          };
          const out = await lighthouse(
            `${base}${route}`,
            flags,
            preset === 'desktop' ? desktopConfig : undefined,
          );
          if (!out) throw new Error('Lighthouse returned nothing');
          if (REPORT_DIR) {
            fs.mkdirSync(REPORT_DIR, { recursive: true });
            const name = `${route === '/' ? 'home' : route.slice(1)}-${preset}-${i + 1}.json`;
            fs.writeFileSync(path.join(REPORT_DIR, name), JSON.stringify(out.lhr));
          }
          const { categories: c, audits: a } = out.lhr;
          if (new URL(out.lhr.finalDisplayedUrl).pathname !== route)
            throw new Error(`${route} ended on ${out.lhr.finalDisplayedUrl}`);
          for (const ref of c.accessibility?.auditRefs ?? []) {
            const audit = a[ref.id];
            if (audit && audit.score !== null && audit.score < 1) a11yMisses.add(`${route}: ${audit.title}`);
          }
          results.push({
            performance: Math.round((c.performance?.score ?? 0) * 100),
            accessibility: Math.round((c.accessibility?.score ?? 0) * 100),
            fcp: a['first-contentful-paint']?.numericValue ?? 0,
            lcp: a['largest-contentful-paint']?.numericValue ?? 0,
            tbt: a['total-blocking-time']?.numericValue ?? 0,
            cls: a['cumulative-layout-shift']?.numericValue ?? 0,
          });
        }
        const m = (k: keyof Result) => median(results.map((r) => r[k]));
        rows.push(
          `| ${route} | ${preset} | ${m('performance')} | ${m('accessibility')} | ${Math.round(m('fcp'))} | ` +
            `${Math.round(m('lcp'))} | ${Math.round(m('tbt'))} | ${m('cls').toFixed(3)} |`,
        );
      }
    };

    // signed out first (a signed-in /login goes on to the dashboard)
    await measure('/login');
    // then sign in once: the token lives in the profile's localStorage, which Lighthouse keeps
    const page = await context.newPage();
    await page.goto(`${base}/login`);
    await page.getByLabel('Email').fill('edp@itms.local');
    await page.getByLabel('Password').fill('itms12345');
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL(`${base}/`);
    await page.goto('about:blank');
    await measure('/');

    console.log(`\nLighthouse ${RUNS} run(s) each, median; load average ${os.loadavg()[0]!.toFixed(1)}`);
    console.log('| page | preset | performance | accessibility | FCP ms | LCP ms | TBT ms | CLS |');
    console.log('|---|---|---|---|---|---|---|---|');
    for (const r of rows) console.log(r);
    for (const miss of a11yMisses) console.log(`accessibility: ${miss}`);
  } finally {
    await context.close();
    child.kill('SIGTERM');
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

await main();
