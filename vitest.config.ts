import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

const cores = availableParallelism();

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/**/*.test.ts', 'apps/api/src/**/*.test.ts', 'content/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          setupFiles: ['apps/web/src/test/setup.ts'],
        },
      },
      {
        // The public site (decision 017): server renders and islands hydrated in happy-dom. Its
        // .tsx files name Preact in a pragma, so any runner compiles them alike.
        test: {
          name: 'site',
          include: ['apps/site/src/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
        },
      },
      {
        test: {
          name: 'api',
          include: ['apps/api/test/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['apps/api/test/global-setup.ts'],
          testTimeout: 30000,
          hookTimeout: 60000,
          // Each file has its own database (a PGlite copy of the template, or a PostgreSQL clone) and
          // builds its own app, so files share nothing but the module graph: one import of it per
          // worker instead of one per file (isolate off saved ~30% of the PostgreSQL run), and more
          // files at once than vitest's default of cores − 1, which is a single worker on CI's 2
          // cores. On PostgreSQL a file mostly waits for the server, so 3 overlap well; PGlite runs
          // in the worker's own thread, so one per core.
          isolate: false,
          maxWorkers: process.env.TEST_DB === 'postgres' ? Math.max(3, cores) : Math.max(2, cores - 1),
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/specs/**/*.spec.ts'],
          environment: 'node',
          globalSetup: ['e2e/global-setup.ts'],
          testTimeout: 60000,
          hookTimeout: 120000,
          // `expect.poll` reads the page (an element's text, an API answer) until it matches: 1 s (the
          // default) is shorter than one page load on a busy 2-core runner, and the same as Playwright's
          // own 15 s waits is what every spec means.
          expect: { poll: { timeout: 15000 } },
          fileParallelism: false,
        },
      },
    ],
  },
});
