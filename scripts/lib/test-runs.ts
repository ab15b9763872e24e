/**
 * The Vitest runs `npm test` starts side by side (scripts/run-tests.ts) and the projects each
 * one takes: together, every project in vitest.config.ts, each once (tests/unit/test-runs.test.ts).
 */
export const TEST_RUNS: readonly { label: string; projects: readonly string[] }[] = [
  { label: 'browser', projects: ['browser'] },
  { label: 'rest', projects: ['unit', 'api-pglite', 'api-postgres', 'bundles', 'server'] },
];
