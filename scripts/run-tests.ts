// `npm test` after lint: the whole Vitest suite as two Vitest runs side by side.
//
// Why two: Vitest runs every project whose files must go one at a time (the browser suite shares
// one real server; the server suite starts its own) in a single queue after all the others, so
// on a 2-core machine the ~30 browser files waited for the ~70 unit and API files and then ran
// alone, with a core mostly idle while Chromium and the server waited on each other. Here the
// browser suite runs in its own Vitest process from the start, next to everything else.
//
// When the `rest` run ends, the production rehearsal (`npm run rehearse`, five Netlify builds)
// takes its place, so it never competes with the unit and API files for the two cores.
//
// Beside them, the type check (`npm run check`: astro check, then tsc --noEmit) runs as a third
// child, so it costs no wall time of its own; a type error fails the run like a failing test. It
// reads the content from its own embedded database (migrated and seeded from content/), so it
// never waits on the lock of a local server's database.
//
// With arguments (`npm test -- tests/unit/slug.test.ts`, `npm test -- --project unit`) it is one
// plain `vitest run` with them, and no type check.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { TEST_RUNS as RUNS } from './lib/test-runs.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const vitest = path.join(root, 'node_modules', 'vitest', 'vitest.mjs');

/** Runs `command` with `args`, each output line prefixed with `label` (none when alone). */
function run(command: string, args: string[], label?: string, env = process.env): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: root,
      env,
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

/** Runs Vitest with `args`, each output line prefixed with `label` (none when alone). */
function runVitest(args: string[], label?: string): Promise<number> {
  return run(process.execPath, [vitest, 'run', ...args], label);
}

/** A run's outcome and how long it took. */
interface Outcome {
  label: string;
  code: number;
  seconds: number;
}

async function timed(label: string, work: () => Promise<number>): Promise<Outcome> {
  const started = performance.now();
  const code = await work();
  return { label, code, seconds: Math.round((performance.now() - started) / 1000) };
}

/** `npm run check` (astro check && tsc --noEmit) on a database of its own, removed afterwards. */
async function typeCheck(): Promise<number> {
  const dataDir = path.join(root, '.data', 'test', `check-${process.pid}`);
  try {
    return await run('npm', ['run', '--silent', 'check'], 'types', {
      ...process.env,
      FORKFUL_DATA_DIR: dataDir,
    });
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const args = process.argv.slice(2);
if (args.length > 0) process.exit((await runVitest(args)) === 0 ? 0 : 1);

const started = performance.now();
const runs = new Map<string, Promise<Outcome>>();
const startRun = ({ label, projects }: (typeof RUNS)[number]) =>
  timed(label, () =>
    runVitest(
      projects.flatMap((p) => ['--project', p]),
      label,
    ),
  );
for (const run of RUNS.filter((r) => !r.after)) runs.set(run.label, startRun(run));
for (const run of RUNS.filter((r) => r.after))
  runs.set(
    run.label,
    runs.get(run.after!)!.then(() => startRun(run)),
  );
const outcomes = await Promise.all([...runs.values(), timed('types', typeCheck)]);
const seconds = Math.round((performance.now() - started) / 1000);
const summary = outcomes
  .map(({ label, code, seconds }) => `${label} ${code === 0 ? 'passed' : 'FAILED'} in ${seconds} s`)
  .join(', ');
console.log(`\nAll tests: ${summary} (${seconds} s)`);
process.exit(outcomes.every((o) => o.code === 0) ? 0 : 1);
