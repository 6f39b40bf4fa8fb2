// Lighthouse on /login and / (the dashboard, signed in) in Debian's Chromium; never part of `npm test`.
//   npm run build && npm run bench:lighthouse [-- --runs 3] [--report <dir>]
// --report keeps each run's full Lighthouse report (JSON) there, for its diagnostics.
// Starts the built server on a fresh embedded database with the demo fleet, signs in as the EDP
// through the real login form (Playwright, persistent profile), then lets Lighthouse open each page
// in that same browser without resetting storage, in its mobile (default) and desktop presets.
// Prints the median score per page and preset, with the metrics behind the performance score.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { type LighthouseResult, lighthouseRun, median } from './lighthouse-run';
import { freePort, requireBuild, startServer } from './server';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const { values: args } = parseArgs({
  options: { runs: { type: 'string', default: '3' }, report: { type: 'string' } },
});
const RUNS = Number(args.runs);
const REPORT_DIR = args.report ? path.resolve(args.report) : undefined;

async function main() {
  requireBuild();
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
        const results: LighthouseResult[] = [];
        for (let i = 0; i < RUNS; i++) {
          const {
            result,
            a11yMisses: misses,
            lhr,
          } = await lighthouseRun(
            `${base}${route}`,
            debugPort,
            preset === 'desktop' ? desktopConfig : undefined,
          );
          if (REPORT_DIR) {
            fs.mkdirSync(REPORT_DIR, { recursive: true });
            const name = `${route === '/' ? 'home' : route.slice(1)}-${preset}-${i + 1}.json`;
            fs.writeFileSync(path.join(REPORT_DIR, name), JSON.stringify(lhr));
          }
          for (const miss of misses) a11yMisses.add(miss);
          results.push(result);
        }
        const m = (k: keyof LighthouseResult) => median(results.map((r) => r[k]));
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
