import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  SERVER_NODE_FLAGS,
  START_COMMAND,
  buildWorkerHeapMb,
  withoutServerFlags,
} from '../../scripts/lib/server-flags.ts';
import { ROOT } from '../helpers/paths.ts';
import { itMaps } from '../helpers/table.ts';

describe('the server heap limits', () => {
  it('npm start uses the same flags as the test server and the bench', () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    };
    expect(pkg.scripts.start).toBe(START_COMMAND);
    expect(START_COMMAND).toContain(`node ${SERVER_NODE_FLAGS.join(' ')} scripts/serve.ts`);
  });

  itMaps(
    withoutServerFlags,
    [
      [['--max-old-space-size=256', '--max-semi-space-size=4', '--inspect'], ['--inspect']],
      [['--max-old-space-size', '--enable-source-maps'], ['--enable-source-maps']],
      [[], []],
    ],
    'the build child drops them from %j',
  );
});

describe('the build worker heap limit', () => {
  // Measured live heap of a build (forced collections during the page phase): ~180 MB at 1,000
  // recipes, ~280 MB at 10,000. The limit must stay well above it and grow with the catalogue.
  it.each([
    [0, 400, 500],
    [1000, 400, 550],
    [10000, 600, 800],
    [50000, 1400, 2000],
  ])('%i recipes: between %i and %i MB', (recipes, low, high) => {
    expect(buildWorkerHeapMb(recipes)).toBeGreaterThanOrEqual(low);
    expect(buildWorkerHeapMb(recipes)).toBeLessThanOrEqual(high);
  });
});
