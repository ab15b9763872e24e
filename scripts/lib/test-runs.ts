/**
 * The Vitest runs `npm test` starts (scripts/run-tests.ts) and the projects each one takes:
 * together, every project in vitest.config.ts, each once (tests/unit/test-runs.test.ts). Runs
 * start side by side, except one with `after`, which starts when that run has ended: the
 * rehearsal builds the site five times with Netlify's tools and would only slow the others down.
 */
export const TEST_RUNS: readonly { label: string; projects: readonly string[]; after?: string }[] = [
  { label: 'browser', projects: ['browser'] },
  { label: 'rest', projects: ['unit', 'api-pglite', 'api-postgres', 'bundles', 'server'] },
  { label: 'rehearsal', projects: ['rehearsal'], after: 'rest' },
];
