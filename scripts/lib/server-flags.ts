// V8 and malloc limits for the long-running local server. Under a mixed load the
// heap the server keeps is ~70 MB (mostly the API response caches, bounded by
// functions/_shared/cache/areas.ts) and PGlite's WASM memory stays flat (~155 MB), but with the
// defaults V8 grew its heap to ~290 MB of mostly garbage and glibc kept freed compression and
// I/O buffers: RSS 414 → 699 MB in 100 s, never given back while busy. With these limits V8
// collects before it grows and large buffers go back to the system. Site builds run in a
// forked child without the V8 limits (a build of 10,000 recipes needs more heap, and gives it
// back when the child exits).

/** Node flags `npm start` (package.json), the test server and the bench start the server with. */
export const SERVER_NODE_FLAGS = ['--max-old-space-size=256', '--max-semi-space-size=4'] as const;

/** A process's exec arguments without the server's heap limits (for the build child). */
export function withoutServerFlags(execArgv: readonly string[]): string[] {
  return execArgv.filter((a) => !/^--max-(old|semi)-space-size(=|$)/.test(a));
}

/**
 * glibc malloc settings for the server process (ignored elsewhere). By default glibc raises its
 * mmap threshold after freeing a large block, so later large buffers (compression, PGlite I/O,
 * request bodies) come from the heap and arenas, which fragment and are never returned: ~100 MB
 * at start after seeding, growing under load. A fixed 128 KiB threshold sends them to mmap,
 * given back on free: RSS after start 455 → 354 MB, 407 MB at the peak of a mixed load.
 */
export const SERVER_ENV = {
  MALLOC_MMAP_THRESHOLD_: '131072',
  MALLOC_TRIM_THRESHOLD_: '131072',
} as const;

/**
 * Environment added for the site build worker (scripts/build-worker.ts). Vite's bundler
 * (rolldown, native) allocates with mimalloc, which keeps freed pages for later by default: at
 * the end of bundling ~100 MB of them stayed resident through the whole page phase. A purge
 * delay of 0 hands them back at once (no measurable CPU cost); two glibc arenas instead of one
 * per thread keep the I/O threads' buffers from spreading over many arenas.
 */
export const BUILD_WORKER_ENV = {
  MIMALLOC_PURGE_DELAY: '0',
  MALLOC_ARENA_MAX: '2',
} as const;

/**
 * The build worker's V8 heap limit for a catalogue of `recipes`. Unlimited, V8 let a 10,000-recipe
 * build's heap grow to ~600 MB of which ~250 MB was live (the rest garbage it had not collected
 * yet); a limit near the live set makes it collect sooner. The live set grows with the catalogue
 * (the content store holds every recipe), so does the limit, with twice the headroom measured.
 */
export function buildWorkerHeapMb(recipes: number): number {
  return Math.round(BUILD_HEAP_BASE_MB + (BUILD_HEAP_KB_PER_RECIPE * Math.max(0, recipes)) / 1024);
}
const BUILD_HEAP_BASE_MB = 448;
const BUILD_HEAP_KB_PER_RECIPE = 24;

/** The `npm start` command line: the environment above, then node with the flags above. */
export const START_COMMAND = `${Object.entries(SERVER_ENV)
  .map(([k, v]) => `${k}=${v}`)
  .join(' ')} node ${SERVER_NODE_FLAGS.join(' ')} scripts/serve.ts`;
