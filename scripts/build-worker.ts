// One site build in a child process of the local server (see scripts/lib/ipc-database.ts): the
// host forks this with the output folder, answers its database queries, and the child exits
// when the build is done, taking the memory Astro's build leaves behind with it. It prints where
// the build's time went (src/lib/build-timing.ts) and reports it, with its peak memory, to the host.
import fs from 'node:fs';
import type { AstroIntegration } from 'astro';
import { setDb } from '../db/client.ts';
import { setReadyDb } from '../db/ready.ts';
import { ipcDatabase } from './lib/ipc-database.ts';
import { addCount, addTime, buildTimings } from '../src/lib/build-timing.ts';

const [root, outDir, cacheDir] = process.argv.slice(2);
if (!root || !outDir || !process.send) {
  console.error('build-worker is started by the local server (scripts/serve.ts), not by hand.');
  process.exit(2);
}
// Without its host the database is gone: stop rather than wait forever.
process.once('disconnect', () => process.exit(process.exitCode ?? 1));
const db = ipcDatabase();
setDb(db);
setReadyDb(db);

/** Build phases from Astro's hooks: setup (content loaders), bundling, then pages. */
function phaseTimer(started: number): AstroIntegration {
  let buildStart = started;
  return {
    name: 'forkful-build-phases',
    hooks: {
      'astro:build:start': () => {
        buildStart = performance.now();
        addTime('phase: setup and content sync', buildStart - started);
      },
      'astro:build:generated': () => {
        const now = performance.now();
        const pagesAt = buildTimings().firstPageAt ?? buildStart;
        addTime('phase: bundling (vite)', pagesAt - buildStart);
        addTime('phase: pages (render and write)', now - pagesAt);
      },
    },
  };
}

export interface WorkerReport {
  type: 'built';
  seconds: number;
  /** CPU time of the worker (user + system): steadier than the wall time on a shared machine. */
  cpuSeconds: number;
  timings: Record<string, number>;
  counts: Record<string, number>;
  maxRssMb: number;
}

function report(started: number): WorkerReport {
  const t = buildTimings();
  return {
    type: 'built',
    seconds: (performance.now() - started) / 1000,
    cpuSeconds: Math.round(((u) => (u.user + u.system) / 1e5)(process.cpuUsage())) / 10,
    timings: Object.fromEntries([...t.ms].map(([k, v]) => [k, Math.round(v)])),
    counts: Object.fromEntries(t.counts),
    // resourceUsage().maxRSS is in kilobytes.
    maxRssMb: Math.round(process.resourceUsage().maxRSS / 1024),
  };
}

function printReport(r: WorkerReport): void {
  const lines = Object.entries(r.timings).map(
    ([label, ms]) => `  ${label.padEnd(44)} ${(ms / 1000).toFixed(1).padStart(7)} s`,
  );
  console.log(
    `Build time by part (parts overlap the phases; ${r.seconds.toFixed(1)} s in all, CPU ${r.cpuSeconds.toFixed(1)} s, peak RSS ${r.maxRssMb} MB):\n${lines.join('\n')}`,
  );
}

/** Times the page writes (Astro writes each rendered page with fs.promises.writeFile). */
function timeWrites(): void {
  const write = fs.promises.writeFile;
  fs.promises.writeFile = (async (...args: Parameters<typeof write>) => {
    const t = performance.now();
    try {
      return await write(...args);
    } finally {
      addTime('writing files', performance.now() - t);
      addCount('files written');
    }
  }) as typeof write;
}

const started = performance.now();
timeWrites();
try {
  const { build } = await import('astro');
  await build({
    root,
    outDir,
    ...(cacheDir ? { cacheDir } : {}),
    logLevel: 'warn',
    integrations: [phaseTimer(started)],
  });
  process.exitCode = 0;
  const r = report(started);
  printReport(r);
  process.send(r);
  process.disconnect();
} catch (err) {
  console.error('[build-worker]', err);
  process.exitCode = 1;
  process.disconnect();
}
