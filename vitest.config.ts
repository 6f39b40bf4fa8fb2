import { defineConfig } from 'vitest/config';

// Server suites run on PGlite always, and again on PostgreSQL (project server-pg) when
// TEST_DATABASE_URL is set; test/global-setup.ts picks the driver by project name.
// Files named *.timed.test.ts assert wall-clock bounds at fleet scale (a 5,000-row import): they
// run after everything else, one file at a time, so they time the code and not their neighbours
// (on two cores a parallel PostgreSQL suite made PGlite five times slower).
const serverProject = (name: string, timed: { groupOrder: number } | null = null) => ({
  extends: false as const,
  test: {
    name,
    root: './server',
    include: timed
      ? ['src/**/*.timed.test.ts', 'test/**/*.timed.test.ts']
      : ['src/**/*.test.ts', 'test/**/*.test.ts'],
    exclude: timed ? [] : ['**/*.timed.test.ts'],
    environment: 'node',
    globalSetup: ['./test/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    ...(timed ? { fileParallelism: false, sequence: { groupOrder: timed.groupOrder } } : {}),
  },
});

// In CI the PostgreSQL suite is required: a missing database fails the run instead of skipping it.
if (process.env.CI === 'true' && !process.env.TEST_DATABASE_URL) {
  throw new Error('CI=true needs TEST_DATABASE_URL (PostgreSQL) for the server-pg suite');
}

export default defineConfig({
  test: {
    // two cores: more workers only fight over them
    maxWorkers: 2,
    projects: [
      { extends: false, test: { name: 'contracts', root: './contracts', include: ['src/**/*.test.ts'] } },
      { extends: false, test: { name: 'scripts', root: './scripts', include: ['**/*.test.ts'] } },
      serverProject('server-pglite'),
      ...(process.env.TEST_DATABASE_URL ? [serverProject('server-pg')] : []),
      serverProject('server-pglite-timed', { groupOrder: 1 }),
      ...(process.env.TEST_DATABASE_URL ? [serverProject('server-pg-timed', { groupOrder: 2 })] : []),
      './web/vitest.config.ts',
    ],
  },
});
