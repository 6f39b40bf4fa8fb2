import { defineConfig } from 'vitest/config';

// Server suites run on PGlite always, and again on PostgreSQL (project server-pg) when
// TEST_DATABASE_URL is set; test/global-setup.ts picks the driver by project name.
const serverProject = (name: string) => ({
  extends: false as const,
  test: {
    name,
    root: './server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['./test/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
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
      serverProject('server-pglite'),
      ...(process.env.TEST_DATABASE_URL ? [serverProject('server-pg')] : []),
      './web/vitest.config.ts',
    ],
  },
});
