import { configDefaults, defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { E2E_WORKERS } from './e2e/support/workers.ts';
// @ts-expect-error: scripts/build-server.mjs is plain JavaScript without declarations
import { SERVER_NODE_ARGS } from './scripts/build-server.mjs';

/** The API project's settings, shared by its two parts. */
const API_TEST = {
  // The embedded database in each worker runs its WebAssembly as the server does, optimised only
  // once it has run long (the server's WebAssembly option, ADR 52): about 10 % less CPU in these
  // files. Not the server's young-generation size: the workers hold whole test files' objects.
  execArgv: (SERVER_NODE_ARGS as string[]).filter((arg) => arg.startsWith('--wasm-')),
  globalSetup: ['apps/server/test/global-setup.ts'],
  setupFiles: ['apps/server/test/setup.ts'],
  env: { TZ: 'UTC' },
  testTimeout: 30_000,
  hookTimeout: 60_000,
};
const API_FILES_ISOLATED = [
  'apps/server/src/idcard/pool.test.ts',
  'apps/server/src/modules/identity/identity.routes.test.ts',
];

/**
 * Vitest's order, except that a group's files in a process of their own (the `api-idcard`
 * project) start first. Vitest runs a group's projects in the order of their names, so those two
 * files, 45 s of reading ID cards, came last and ran alone while a core stood idle.
 */
class IsolatedFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]) {
    const sorted = await super.sort(files);
    const group = (f: TestSpecification) => f.project.config.sequence.groupOrder;
    const shared = (f: TestSpecification) => (f.project.config.isolate ? 0 : 1);
    return sorted.toSorted((a, b) => group(a) - group(b) || shared(a) - shared(b));
  }
}

// Three projects: `unit` (pure functions, no I/O), `api` (the real app through inject on the
// embedded database, and on PostgreSQL when TEST_DATABASE_URL is set), `e2e` (Chromium driving
// the built server). `npm test` runs all three.
export default defineConfig({
  test: {
    // Vitest's default is one worker less than the cores: one, on the two-core machines here, so
    // every file ran after the other. The API files wait for their databases part of the time:
    // three workers keep both cores busy. (The browser project has its own count, below.)
    maxWorkers: 3,
    sequence: { sequencer: IsolatedFirst },
    // The JSON report feeds `.ci/run`'s list of the slowest test files (scripts/slowest-tests.mjs).
    reporters: ['default', ['json', { outputFile: '.tmp/test-report.json' }]],
    projects: [
      {
        test: {
          name: 'unit',
          // A worker runs its files one after another in one module graph instead of loading every
          // module again for each file (ADR 50): the files share no state but read-only caches.
          isolate: false,
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
          // As for unit: each file builds its own app, database and clock through test/helper.ts,
          // so only the modules' read-only caches carry from one file to the next (ADR 50).
          isolate: false,
          include: ['apps/server/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...API_FILES_ISOLATED],
          ...API_TEST,
        },
      },
      {
        test: {
          // The files whose ID-card reading threads load the pipeline from its sources (tsx
          // registered in the thread): in a worker without isolation those threads never answer,
          // so these files keep a process each.
          name: 'api-idcard',
          include: API_FILES_ISOLATED,
          ...API_TEST,
        },
      },
      {
        test: {
          name: 'e2e',
          // A worker keeps its modules from one file to the next (playwright-core, the contract, the
          // support files): loading them again for each of the 37 files cost 40 s of CPU a run (ADR
          // 60). The support files keep nothing between files but the server's claim, which the
          // setup file below makes again for each file, and the worker's Chromium, in which each
          // file opens contexts of its own and closes them (support/browser.ts).
          isolate: false,
          include: ['e2e/**/*.e2e.ts'],
          globalSetup: ['e2e/support/global-setup.ts'],
          setupFiles: ['e2e/support/claim-server.ts'],
          // A limit that finds a test which hangs, not a budget (budgets are benchmarks), and the
          // only one: no browser test sets its own. The longest flows take about 60 s on an idle
          // machine, and CI machines have run every browser test 2.4 times slower than that on
          // average, a flow that reads ID cards 6 times; one flow took over 120 s there.
          testTimeout: 300_000,
          hookTimeout: 300_000,
          // `expect.poll` waits as long as support/browser.ts's `poll`: Vitest's 1 s is a moment for a
          // page on a loaded machine (a test asking too early failed a CI run with the right answer late).
          expect: { poll: { timeout: 20_000 } },
          // The browser files run after the unit and API files (a group of their own), E2E_WORKERS
          // at a time, each against a server of its own (support/server.ts). They mostly wait
          // for Chromium and the server, so two at a time use the cores that one left idle.
          maxWorkers: E2E_WORKERS,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
