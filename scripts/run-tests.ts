// `npm test` after lint: the whole Vitest suite as two Vitest runs side by side.
//
// Why two: Vitest runs every project whose files must go one at a time (the browser suite shares
// one real server; the server suite starts its own) in a single queue after all the others, so
// on a 2-core machine the ~30 browser files waited for the ~70 unit and API files and then ran
// alone, with a core mostly idle while Chromium and the server waited on each other. Here the
// browser suite runs in its own Vitest process from the start, next to everything else.
//
// With arguments (`npm test -- tests/unit/slug.test.ts`, `npm test -- --project unit`) it is one
// plain `vitest run` with them.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { TEST_RUNS as RUNS } from './lib/test-runs.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const vitest = path.join(root, 'node_modules', 'vitest', 'vitest.mjs');

/** Runs Vitest with `args`, each output line prefixed with `label` (none when alone). */
function runVitest(args: string[], label?: string): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [vitest, 'run', ...args], {
      cwd: root,
      stdio: label ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    });
    if (label) {
      for (const [from, to] of [
        [child.stdout, process.stdout],
        [child.stderr, process.stderr],
      ] as const) {
        if (!from) continue;
        let pending = '';
        from.on('data', (chunk: Buffer) => {
          const lines = (pending + chunk.toString()).split('\n');
          pending = lines.pop() ?? '';
          for (const line of lines) to.write(`[${label}] ${line}\n`);
        });
        from.on('end', () => {
          if (pending) to.write(`[${label}] ${pending}\n`);
        });
      }
    }
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

const args = process.argv.slice(2);
const started = performance.now();
const codes =
  args.length > 0
    ? [await runVitest(args)]
    : await Promise.all(
        RUNS.map(({ label, projects }) =>
          runVitest(
            projects.flatMap((p) => ['--project', p]),
            label,
          ),
        ),
      );
if (args.length === 0) {
  const seconds = Math.round((performance.now() - started) / 1000);
  const summary = RUNS.map(({ label }, i) => `${label} ${codes[i] === 0 ? 'passed' : 'FAILED'}`).join(', ');
  console.log(`\nAll tests: ${summary} (${seconds} s)`);
}
process.exit(codes.every((c) => c === 0) ? 0 : 1);
