import { defineConfig } from 'vitest/config';

// Three projects: `unit` (pure functions, no I/O), `api` (the real app through inject on the
// embedded database, and on PostgreSQL when TEST_DATABASE_URL is set), `e2e` (Chromium driving
// the built server). `npm test` runs all three.
export default defineConfig({
  test: {
    // Vitest's default is one worker less than the cores: one, on the two-core machines here, so
    // every file ran after the other. The browser files mostly wait (for Chromium and the server,
    // other processes), the API files mostly compute: three workers keep both cores busy. The
    // browser project still runs its files one at a time (fileParallelism below).
    maxWorkers: 3,
    // The JSON report feeds `.ci/run`'s list of the slowest test files (scripts/slowest-tests.mjs).
    reporters: ['default', ['json', { outputFile: '.tmp/test-report.json' }]],
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'packages/contract/src/**/*.test.ts',
            'apps/web/src/**/*.test.{ts,tsx}',
            'scripts/**/*.test.ts',
          ],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'api',
          include: ['apps/server/**/*.test.ts'],
          globalSetup: ['apps/server/test/global-setup.ts'],
          env: { TZ: 'UTC' },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.e2e.ts'],
          globalSetup: ['e2e/support/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // One shared server and one browser per file; files run one after another so the
          // two cores are not fought over by several Chromium instances.
          fileParallelism: false,
        },
      },
    ],
  },
});
