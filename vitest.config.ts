import { defineConfig } from 'vitest/config';

// `npm test` runs every project. The API suite runs twice: on PGlite (always) and on a real
// PostgreSQL through Neon's driver (when PG_TEST_URL is set; required under CI=true).
export default defineConfig({
  test: {
    // A stray `.only` must not silently skip the rest of the suite in CI.
    allowOnly: !process.env.CI,
    // Vitest's default is one worker per core but one, which on a 2-core machine runs every file
    // alone. Two: the unit and API files wait on databases and child processes as much as on CPU.
    // Projects with fileParallelism off run one file at a time, after all the others, so `npm test`
    // starts the browser project in a Vitest run of its own beside the rest (scripts/run-tests.ts).
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts', 'src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'api-pglite',
          include: ['tests/api/**/*.test.ts'],
          globalSetup: ['tests/helpers/global-setup-pglite.ts'],
          env: { FORKFUL_TEST_DB: 'pglite' },
          testTimeout: 20_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'api-postgres',
          include: ['tests/api/**/*.test.ts'],
          globalSetup: ['tests/helpers/global-setup-postgres.ts'],
          env: { FORKFUL_TEST_DB: 'postgres' },
          testTimeout: 20_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          // Netlify's bundler over functions/ (slow: it traces every dependency).
          name: 'bundles',
          include: ['tests/bundles/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 600_000,
        },
      },
      {
        test: {
          // The real local server on its own data dir per file, driven over HTTP and the CLI:
          // the API fuzz test and backup/restore. Needs no browser: never skips.
          name: 'server',
          include: ['tests/server/**/*.test.ts'],
          testTimeout: 180_000,
          hookTimeout: 240_000,
          fileParallelism: false,
        },
      },
      {
        test: {
          // `npm run rehearse`: Netlify's build and functions against PostgreSQL through the
          // Neon-like proxy (scripts/lib/rehearsal/). Started after the `rest` run ends.
          name: 'rehearsal',
          include: ['tests/rehearsal/**/*.test.ts'],
          testTimeout: 900_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'browser',
          include: ['tests/e2e/**/*.test.ts', 'tests/site/**/*.test.ts'],
          globalSetup: ['tests/helpers/global-setup-server.ts'],
          testTimeout: 60_000,
          hookTimeout: 180_000,
          // expect.poll's default of 1 s is a few round trips to Chromium when the machine is
          // busy (CI runs this suite beside the rest): a dialog that closed in time was reported open.
          expect: { poll: { timeout: 10_000 } },
          fileParallelism: false,
        },
      },
    ],
  },
});
