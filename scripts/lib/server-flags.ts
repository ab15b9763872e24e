// V8 limits for the long-running local server (issue 11 §8). Measured under a mixed load: the
// heap the server keeps is ~70 MB (most of it the API response caches, bounded by
// functions/_shared/cache/areas.ts), but with V8's defaults the heap grew to ~290 MB of mostly
// garbage and was never given back (RSS 420 → 700 MB). With these limits V8 collects before it
// grows: RSS stayed under ~480 MB. Site builds run in a forked child without them (a build of
// 10,000 recipes needs more heap, and gives it back when the child exits).

/** Node flags `npm start` (package.json), the test server and the bench start the server with. */
export const SERVER_NODE_FLAGS = ['--max-old-space-size=256', '--max-semi-space-size=4'] as const;

/** A process's exec arguments without the server's heap limits (for the build child). */
export function withoutServerFlags(execArgv: readonly string[]): string[] {
  return execArgv.filter((a) => !/^--max-(old|semi)-space-size(=|$)/.test(a));
}
