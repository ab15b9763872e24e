import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SERVER_NODE_FLAGS, START_COMMAND, withoutServerFlags } from '../../scripts/lib/server-flags.ts';
import { ROOT } from '../helpers/paths.ts';

describe('the server heap limits', () => {
  it('npm start uses the same flags as the test server and the bench', () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    };
    expect(pkg.scripts.start).toBe(START_COMMAND);
    expect(START_COMMAND).toContain(`node ${SERVER_NODE_FLAGS.join(' ')} scripts/serve.ts`);
  });

  it.each([
    [['--max-old-space-size=256', '--max-semi-space-size=4', '--inspect'], ['--inspect']],
    [['--max-old-space-size', '--enable-source-maps'], ['--enable-source-maps']],
    [[], []],
  ])('the build child drops them from %j', (argv, expected) => {
    expect(withoutServerFlags(argv)).toEqual(expected);
  });
});
