import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';

// What the bench records, and the readings it takes from a build and the machine.

export interface Latency {
  p50: number;
  p95: number;
  max: number;
  requests: number;
}
export interface ConcurrentLatency extends Latency {
  clients: number;
  perSecond: number;
  /** The machine's 1-minute load average when the measurement ended (2 cores). */
  load: number;
}
export interface BuildFigures {
  pages: number;
  seconds: number;
  /** CPU seconds of the build worker: steadier than the wall time on a shared machine. */
  cpuSeconds?: number | undefined;
  /** The peak of the largest build worker. */
  maxRssMb?: number | undefined;
  /** How many workers shared the build (scripts/lib/build-shards.ts) and their peaks added up. */
  workers?: number | undefined;
  totalMaxRssMb?: number | undefined;
  timings?: Record<string, number> | undefined;
}
export interface SizeResult {
  /** When this size was measured (set as the results are written). */
  measuredAt?: string;
  recipes: number;
  pages: number;
  pagesPerRecipe: number;
  outputMb: number;
  buildSeconds: number;
  build?: BuildFigures;
  startSeconds: number;
  /** The machine's 1-minute load average when the build started and ended (2 cores). */
  loadAverage: [number, number];
  searchMs: Latency;
  searchTypoMs: Latency;
  searchCategoryMs: Latency;
  /** Searches with filters (latency.ts FILTERED_SEARCHES), sequential and uncached. */
  searchFilteredMs?: Latency;
  bySlugMs: Latency;
  /** GET of one week of the meal plan (/plan's read) by a cook with a year of entries. */
  planWeekMs?: Latency;
  /** Searches (words, typos, filters) from CONCURRENT_CLIENTS clients at once, each new to the cache. */
  searchConcurrent?: ConcurrentLatency;
  /** One admin edit (PUT of a recipe's title) until the server logs it Published, and that build. */
  editToLive?:
    | {
        seconds: number;
        /** The 1-minute load average when the edit was saved and when it was live. */
        loadAverage?: [number, number];
        build?: BuildFigures | undefined;
      }
    | { error: string }
    | undefined;
  rssMbAfterStart: number;
  rssMbAfterRebuilds?: { rebuilds: number; rssMb: number; secondsPerRebuild: number };
}

export function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round(kb / 1024);
}

export function lastBuild(dataDir: string): BuildFigures | undefined {
  try {
    const last = JSON.parse(fs.readFileSync(path.join(dataDir, 'builds', 'last-build.json'), 'utf8')) as {
      pages: number;
      seconds: number;
      report?: {
        cpuSeconds: number;
        maxRssMb: number;
        workers?: number;
        totalMaxRssMb?: number;
        timings: Record<string, number>;
      };
    };
    return {
      pages: last.pages,
      seconds: Math.round(last.seconds * 10) / 10,
      cpuSeconds: last.report?.cpuSeconds,
      maxRssMb: last.report?.maxRssMb,
      workers: last.report?.workers ?? 1,
      totalMaxRssMb: last.report?.totalMaxRssMb ?? last.report?.maxRssMb,
      timings: last.report?.timings,
    };
  } catch {
    return undefined;
  }
}

export function directoryBytes(dir: string): number {
  let total = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) total += fs.statSync(path.join(entry.parentPath, entry.name)).size;
  }
  return total;
}

export const load1 = () => Math.round(os.loadavg()[0]! * 10) / 10;

/** Gzipped bytes of a built page and of the CSS and JS it references. */
export function pageBytes(distDir: string, page: string): { html: number; css: number; js: number } {
  const gz = (file: string) => zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length;
  const htmlFile = path.join(distDir, page, 'index.html');
  const html = fs.readFileSync(htmlFile, 'utf8');
  const assets = [...html.matchAll(/(?:href|src)="(\/_astro\/[^"]+)"/g)].map((m) => m[1]!);
  const sum = (ext: string) =>
    [...new Set(assets.filter((a) => a.endsWith(ext)))].reduce(
      (total, a) => total + gz(path.join(distDir, a)),
      0,
    );
  return { html: gz(htmlFile), css: sum('.css'), js: sum('.js') };
}
