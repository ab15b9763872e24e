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
// Restored pages are linked to their cache copies, not copied (src/integrations/finish-pages.ts):
// the local server never changes a built page in place.
process.env.FORKFUL_LINK_RESTORED_PAGES = '1';
const db = ipcDatabase();
setDb(db);
setReadyDb(db);

type Phase = 'setup and content sync' | 'bundling (vite)' | 'pages (render and write)';

/**
 * The peak RSS and V8 heap of each phase, sampled every 200 ms (the OS's maxRSS only gives the
 * whole build's peak): says whether bundling or the pages' data is what a large catalogue grows.
 */
const memoryPeaks = new Map<Phase, { rssMb: number; heapUsedMb: number; externalMb: number }>();
let phase: Phase = 'setup and content sync';
function sampleMemory(): void {
  // The first page to ask for content marks the end of bundling (src/lib/build-timing.ts).
  if (phase === 'bundling (vite)' && buildTimings().firstPageAt !== undefined)
    phase = 'pages (render and write)';
  const m = process.memoryUsage();
  const peak = memoryPeaks.get(phase) ?? { rssMb: 0, heapUsedMb: 0, externalMb: 0 };
  peak.rssMb = Math.max(peak.rssMb, Math.round(m.rss / 2 ** 20));
  peak.heapUsedMb = Math.max(peak.heapUsedMb, Math.round(m.heapUsed / 2 ** 20));
  peak.externalMb = Math.max(peak.externalMb, Math.round(m.external / 2 ** 20));
  memoryPeaks.set(phase, peak);
}
const sampler = setInterval(sampleMemory, 200);
sampler.unref();

/**
 * After the content sync Astro keeps its content layer in a module singleton, and with it the
 * loaders' data store: every entry of every collection, for the whole build. The pages read the
 * copy bundled into the prerender chunk instead, so the sync's copy is dropped (at 10,000 recipes
 * it is ~100 MB of the heap). A dev server needs the layer for live updates; a build does not.
 */
async function releaseSyncedContentLayer(): Promise<void> {
  try {
    const instance = new URL('./content/instance.js', import.meta.resolve('astro'));
    const { globalContentLayer } = (await import(instance.href)) as {
      globalContentLayer?: { dispose?: () => void };
    };
    globalContentLayer?.dispose?.();
  } catch (err) {
    // Only memory is lost: another Astro version may keep the singleton elsewhere.
    console.warn('[build-worker] could not release the synced content layer:', err);
  }
}

/** Build phases from Astro's hooks: setup (content loaders), bundling, then pages. */
function phaseTimer(started: number): AstroIntegration {
  let buildStart = started;
  return {
    name: 'forkful-build-phases',
    hooks: {
      'astro:build:start': async () => {
        await releaseSyncedContentLayer();
        sampleMemory();
        phase = 'bundling (vite)';
        buildStart = performance.now();
        addTime('phase: setup and content sync', buildStart - started);
      },
      'astro:build:generated': () => {
        sampleMemory();
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
  /** Peak RSS, V8 heap in use and memory outside the heap (buffers) by phase (sampled), in MB. */
  memoryByPhase: Partial<Record<Phase, { rssMb: number; heapUsedMb: number; externalMb: number }>>;
  /** A build split between workers (scripts/lib/build-shards.ts): how many, and their peaks added up. */
  workers?: number;
  totalMaxRssMb?: number;
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
    memoryByPhase: Object.fromEntries(memoryPeaks),
  };
}

function printReport(r: WorkerReport): void {
  const lines = Object.entries(r.timings).map(
    ([label, ms]) => `  ${label.padEnd(44)} ${(ms / 1000).toFixed(1).padStart(7)} s`,
  );
  const memory = Object.entries(r.memoryByPhase).map(
    ([label, m]) =>
      `  ${label.padEnd(44)} RSS ${m.rssMb} MB, heap ${m.heapUsedMb} MB, outside the heap ${m.externalMb} MB`,
  );
  console.log(
    `Build time by part (parts overlap the phases; ${r.seconds.toFixed(1)} s in all, CPU ${r.cpuSeconds.toFixed(1)} s, peak RSS ${r.maxRssMb} MB):\n${lines.join('\n')}\nPeak memory by phase:\n${memory.join('\n')}`,
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
