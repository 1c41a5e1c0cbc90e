import { defineConfig } from 'vitest/config';

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
