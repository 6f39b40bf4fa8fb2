import fs from 'node:fs';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

// Playwright in Debian's Chromium against the real server on a fresh embedded database
// (demo seed), serving the built web (run `npm run build -w web` first; `npm run test:e2e` does).

const repoRoot = path.resolve(import.meta.dirname, '..');
const tmpRoot = path.join(import.meta.dirname, 'e2e', '.tmp');
const port = Number(process.env.ITMS_E2E_PORT ?? 3210);
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const isCI = process.env.CI === 'true' || process.env.CI === '1';

// Workers re-read this file: keep one data directory per run, decided by the main process.
process.env.ITMS_E2E_STAMP ??= String(Date.now());
const dataDir = path.join(tmpRoot, `data-${process.env.ITMS_E2E_STAMP}`);

if (!process.env.TEST_WORKER_INDEX) {
  // the main process: drop the databases of earlier runs, but not those of a run still going
  // beside this one (another port, ITMS_E2E_PORT)
  fs.mkdirSync(tmpRoot, { recursive: true });
  const stale = Date.now() - 3 * 60 * 60 * 1000;
  for (const entry of fs.readdirSync(tmpRoot)) {
    const stamp = /^data-(\d+)$/.exec(entry)?.[1];
    if (stamp && Number(stamp) < stale)
      fs.rmSync(path.join(tmpRoot, entry), { recursive: true, force: true });
  }
  if (!fs.existsSync(path.join(import.meta.dirname, 'dist', 'index.html'))) {
    throw new Error(
      'web/dist is missing: run `npm run build -w web` before Playwright (npm run test:e2e does).',
    );
  }
}

const hasChromium = fs.existsSync(chromium);
if (!hasChromium && isCI) {
  // CI must never skip the browser tests
  throw new Error(
    `Chromium not found at ${chromium}: install it (apt-get install chromium) or set CHROMIUM_PATH.`,
  );
}

export default defineConfig({
  testDir: './e2e',
  // per port: a run beside this one (another ITMS_E2E_PORT) keeps its own results
  outputDir: `./e2e/.tmp/results-${port}`,
  // the server allows one session per account: tests run one after another
  workers: 1,
  fullyParallel: false,
  forbidOnly: isCI,
  retries: isCI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: isCI
    ? [['list'], ['html', { open: 'never', outputFolder: `./e2e/.tmp/report-${port}` }]]
    : 'list',
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    headless: true,
    locale: 'id-ID',
    timezoneId: 'Asia/Jakarta',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      // outside CI without Debian's Chromium, fall back to a browser installed by Playwright
      executablePath: hasChromium ? chromium : undefined,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-dev-shm-usage'],
    },
  },
  projects: [
    {
      name: 'chromium',
      testIgnore: 'lapangan/**',
      use: { ...devices['Desktop Chrome'], viewport: { width: 1440, height: 900 } },
    },
    // ITMS Lapangan, the field app, on a phone
    { name: 'lapangan', testMatch: 'lapangan/**/*.spec.ts', use: { ...devices['Pixel 7'] } },
  ],
  webServer: {
    // as `npm start` runs it (server/package.json)
    command: 'node --enable-source-maps --max-semi-space-size=4 server/dist/server.mjs',
    cwd: repoRoot,
    url: `http://127.0.0.1:${port}/api/health`,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      MALLOC_ARENA_MAX: '2',
      // the demo seed, so no NODE_ENV=production: a production server refuses it
      // (server/src/ops/production-guard.ts), and nothing else in the server reads NODE_ENV
      DEMO_SEED: 'true',
      // the wrong-password test must not lock the demo accounts for the rest of the run
      LOGIN_RATE_LIMIT: '100',
      // a reply field missing from its endpoint's schema fails loudly instead of vanishing
      STRICT_REPLIES: 'true',
      // the push service stand-in of lapangan/push.spec.ts (a browser here cannot reach a real one)
      PUSH_SERVICES: `http://127.0.0.1:${port + 32}`,
    },
    // fresh PGlite + demo seed; the full demo fleet takes a while on a busy machine
    timeout: 240_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
