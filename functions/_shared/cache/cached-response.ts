import { getDb } from '../../../db/client.ts';
import type { CacheArea } from './areas.ts';
import { syncWithFleet } from './fleet.ts';
import { currentGeneration, lookup, store, type CachedEntry } from './local-cache.ts';

// Read-through wrapper for public GET routes: `cachedResponse(area, url, () => handler code)`.
// Only a 200 carrying the public cache policy (a Netlify-Cache-Tag header, see ../http.ts) is
// stored, under its own tags; errors and private answers pass straight through. A hit rebuilds
// the very same status, headers and body, so clients cannot tell a hit from a miss.

/** The URL's path and its query parameters in a stable order. */
export function cacheKey(url: URL): string {
  const params = [...url.searchParams.entries()].sort(([a, x], [b, y]) =>
    a === b ? (x < y ? -1 : x > y ? 1 : 0) : a < b ? -1 : 1,
  );
  return params.length === 0 ? url.pathname : `${url.pathname}?${new URLSearchParams(params).toString()}`;
}

function responseOf(entry: CachedEntry): Response {
  return new Response(entry.body, { status: entry.status, headers: entry.headers });
}

export async function cachedResponse(
  area: CacheArea,
  url: URL,
  produce: () => Promise<Response>,
): Promise<Response> {
  await syncWithFleet(getDb());
  const key = cacheKey(url);
  const hit = lookup(area, key);
  if (hit) return responseOf(hit);
  const loadedAt = currentGeneration();
  const response = await produce();
  const tagHeader = response.headers.get('Netlify-Cache-Tag');
  // A cookie-setting answer is someone's own: never shared.
  if (response.status !== 200 || !tagHeader || response.headers.has('Set-Cookie')) return response;
  const entry: CachedEntry = {
    status: response.status,
    headers: [...response.headers.entries()],
    body: await response.text(),
    tags: tagHeader.split(',').filter(Boolean),
  };
  store(area, key, entry, loadedAt);
  return responseOf(entry);
}

/** A route handler with its answers kept in the area's cache (the smallest edit to a route table). */
export function withResponseCache<C extends { url: URL }, R extends Response>(
  area: CacheArea,
  handler: (req: Request, ctx: C) => Promise<R> | R,
): (req: Request, ctx: C) => Promise<R> {
  // A hit is the very answer the handler gave (same status, headers and body): the same type.
  return (req, ctx) => cachedResponse(area, ctx.url, async () => handler(req, ctx)) as Promise<R>;
}
