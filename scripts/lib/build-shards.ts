import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { WorkerReport } from '../build-worker.ts';

// Splitting one site build between several build workers (src/data/build-shard.ts says which
// pages each renders). Astro renders a build's pages on one thread: at 10,000 recipes a single
// worker kept the 2-core machine about a third idle through the page phase.

/**
 * From this many recipes a build is split. Below it the shards' fixed cost (each starts Astro,
 * syncs the content and bundles the site: ~6 s of CPU) outweighs sharing the pages.
 */
const SHARD_FROM_RECIPES = 2000;
/** Each shard repeats the bundling; past four the repeats cost more than the pages they share. */
const MAX_SHARDS = 4;

/**
 * How many workers build a site of `recipes` recipes: one per core (up to four) for a large
 * catalogue, else one. FORKFUL_BUILD_WORKERS sets the number (1 turns splitting off).
 */
export function buildShards(recipes: number, env: NodeJS.ProcessEnv = process.env): number {
  const forced = Number(env.FORKFUL_BUILD_WORKERS);
  if (Number.isInteger(forced) && forced >= 1) return Math.min(forced, MAX_SHARDS);
  if (recipes < SHARD_FROM_RECIPES) return 1;
  return Math.max(1, Math.min(os.availableParallelism(), MAX_SHARDS));
}

/**
 * Moves what one shard built into the first shard's folder: the entries the first lacks (its
 * recipes' folders, whole) are renamed across; the pages every shard renders (home, lists,
 * assets) are already there and the copy is dropped with the shard's folder.
 */
export function mergeBuildInto(from: string, into: string): void {
  for (const entry of fs.readdirSync(from, { withFileTypes: true })) {
    const source = path.join(from, entry.name);
    const target = path.join(into, entry.name);
    let existing: fs.Stats | undefined;
    try {
      existing = fs.statSync(target);
    } catch {
      existing = undefined;
    }
    if (!existing) fs.renameSync(source, target);
    else if (entry.isDirectory() && existing.isDirectory()) mergeBuildInto(source, target);
  }
}

/** One report for a build made by several workers side by side. */
export function combineReports(reports: WorkerReport[]): WorkerReport {
  if (reports.length === 1) return reports[0]!;
  const maxOf = (values: number[]) => Math.max(...values);
  const keys = <T extends object>(pick: (r: WorkerReport) => T) => [
    ...new Set(reports.flatMap((r) => Object.keys(pick(r)))),
  ];
  const memoryByPhase: WorkerReport['memoryByPhase'] = {};
  for (const phase of keys((r) => r.memoryByPhase) as (keyof WorkerReport['memoryByPhase'])[]) {
    const peaks = reports.flatMap((r) => r.memoryByPhase[phase] ?? []);
    memoryByPhase[phase] = {
      rssMb: maxOf(peaks.map((p) => p.rssMb)),
      heapUsedMb: maxOf(peaks.map((p) => p.heapUsedMb)),
      externalMb: maxOf(peaks.map((p) => p.externalMb)),
    };
  }
  return {
    type: 'built',
    // The workers run side by side: the build lasts as long as the slowest, and costs all their CPU.
    seconds: maxOf(reports.map((r) => r.seconds)),
    cpuSeconds: Math.round(reports.reduce((sum, r) => sum + r.cpuSeconds, 0) * 10) / 10,
    // A part's time is the longest any worker spent on it (they overlap); counts add up.
    timings: Object.fromEntries(
      keys((r) => r.timings).map((k) => [k, maxOf(reports.map((r) => r.timings[k] ?? 0))]),
    ),
    counts: Object.fromEntries(
      keys((r) => r.counts).map((k) => [k, reports.reduce((sum, r) => sum + (r.counts[k] ?? 0), 0)]),
    ),
    maxRssMb: maxOf(reports.map((r) => r.maxRssMb)),
    memoryByPhase,
    workers: reports.length,
    totalMaxRssMb: reports.reduce((sum, r) => sum + r.maxRssMb, 0),
  };
}
