// Where a build's time goes. The loaders and page helpers add their time here; the build worker
// (scripts/build-worker.ts) prints the table when the build ends. The totals live on globalThis
// because Astro bundles these modules into its prerender chunk: the worker and the pages would
// otherwise each see their own copy.

const KEY = Symbol.for('forkful.buildTimings');

export interface BuildTimings {
  /** Milliseconds by label, in the order first seen. */
  ms: Map<string, number>;
  /** Counters by label (pages rendered, rows loaded…). */
  counts: Map<string, number>;
  /** performance.now() when pages first asked for content (the end of bundling). */
  firstPageAt?: number;
}

export function buildTimings(): BuildTimings {
  const g = globalThis as { [KEY]?: BuildTimings };
  return (g[KEY] ??= { ms: new Map(), counts: new Map() });
}

export function addTime(label: string, ms: number): void {
  const t = buildTimings().ms;
  t.set(label, (t.get(label) ?? 0) + ms);
}

export function addCount(label: string, n = 1): void {
  const c = buildTimings().counts;
  c.set(label, (c.get(label) ?? 0) + n);
}

/** Called by the page helpers: the first call marks where bundling ended and pages began. */
export function markPagesStarted(): void {
  buildTimings().firstPageAt ??= performance.now();
}

/** Runs `fn` and adds its time to `label`. */
export async function timed<T>(label: string, fn: () => Promise<T> | T): Promise<T> {
  const t = performance.now();
  try {
    return await fn();
  } finally {
    addTime(label, performance.now() - t);
  }
}

export function timedSync<T>(label: string, fn: () => T): T {
  const t = performance.now();
  try {
    return fn();
  } finally {
    addTime(label, performance.now() - t);
  }
}
