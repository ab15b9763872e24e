import { describe, expect, it } from 'vitest';
import config from '../../vitest.config.ts';
import { TEST_RUNS } from '../../scripts/lib/test-runs.ts';

describe('npm test runs', () => {
  it('start every Vitest project exactly once', () => {
    const configured = (config.test?.projects ?? []).map((p) =>
      typeof p === 'object' && p && 'test' in p ? p.test?.name : undefined,
    );
    const started = TEST_RUNS.flatMap((run) => run.projects);
    expect(new Set(started).size).toBe(started.length);
    expect([...started].sort()).toEqual([...configured].sort());
  });
});
