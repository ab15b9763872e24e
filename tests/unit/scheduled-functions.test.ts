import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startScheduledFunctions } from '../../scripts/lib/scheduled-functions.ts';

// Under `npm start` the server runs functions with a `schedule` on it (croner), as Netlify does
// only those files, with a POST carrying next_run, and never two runs at once.

describe('scheduled functions in the local server', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'forkful-scheduled-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('runs a scheduled function on its cron and leaves route functions alone', async () => {
    const calls = path.join(dir, 'calls.txt');
    fs.writeFileSync(
      path.join(dir, 'tick.ts'),
      `import fs from 'node:fs';
export const config = { schedule: '* * * * * *' };
export default async (req: Request) => {
  const body = await req.json();
  fs.appendFileSync(${JSON.stringify(calls)}, req.method + ' ' + (typeof body.next_run) + '\\n');
  await new Promise((r) => setTimeout(r, 1500));
  return new Response('{}');
};
`,
    );
    fs.writeFileSync(
      path.join(dir, 'route.ts'),
      `export const config = { path: '/api/x' };\nexport default async () => new Response('{}');\n`,
    );
    const scheduled = await startScheduledFunctions(dir);
    try {
      expect(scheduled.names).toEqual(['tick (* * * * * *)']);
      await new Promise((r) => setTimeout(r, 3500));
    } finally {
      scheduled.stop();
    }
    const lines = fs.readFileSync(calls, 'utf8').trim().split('\n');
    // Every second, but a run of 1.5 s is never overlapped: at most 2 in 3.5 s.
    expect(lines.length).toBeGreaterThanOrEqual(1);
    expect(lines.length).toBeLessThanOrEqual(2);
    expect(lines[0]).toBe('POST string');
  });
});
