import { LRUCache } from 'lru-cache';
import { AREA_LIMITS, CACHE_AREAS, ENTRY_TTL_MS, type CacheArea } from './areas.ts';

// The in-process half of the API response cache: one LRU per area, holding finished public
// responses (status, headers, body text) so a hit is byte-for-byte the response a miss produced.
//
// Functions share no memory on Netlify: every function file runs in its own instances, and each
// instance has its own copy of these caches. The CDN (Netlify-Cache-Tag, purged by tag) is the
// layer all visitors share; ./fleet.ts tells every instance about writes and clears through the
// database. Under `npm start` there is one process and so one cache.

/** A stored response. */
export interface CachedEntry {
  status: number;
  headers: [string, string][];
  body: string;
  tags: readonly string[];
}

/** What a write or an admin clear drops: whole areas, and entries carrying any of the tags. */
export interface Invalidation {
  areas: readonly CacheArea[];
  tags: readonly string[];
}

export interface AreaStats {
  size: number;
  maxSize: number;
  bytes: number;
  maxBytes: number;
  hits: number;
  misses: number;
}

/** Rough per-entry overhead (key, headers, bookkeeping), so many tiny entries still count. */
const ENTRY_OVERHEAD_BYTES = 512;

class AreaCache {
  readonly lru: LRUCache<string, CachedEntry>;
  readonly limits: { maxEntries: number; maxBytes: number };
  hits = 0;
  misses = 0;
  constructor(limits: { maxEntries: number; maxBytes: number }) {
    this.limits = limits;
    this.lru = new LRUCache<string, CachedEntry>({
      max: limits.maxEntries,
      maxSize: limits.maxBytes,
      sizeCalculation: (entry, key) => Buffer.byteLength(entry.body) + key.length + ENTRY_OVERHEAD_BYTES,
      ttl: ENTRY_TTL_MS,
    });
  }
}

const areas = new Map<CacheArea, AreaCache>(
  CACHE_AREAS.map((area) => [area, new AreaCache(AREA_LIMITS[area])]),
);

/**
 * Bumped by every invalidation. A response loaded while one happened may predate the write, so it
 * is answered but not stored (otherwise a slow read could put stale data back after the clear).
 */
let generation = 0;

function areaCache(area: CacheArea): AreaCache {
  return areas.get(area)!;
}

export function currentGeneration(): number {
  return generation;
}

/** The entry for `key`, counting the hit or miss. */
export function lookup(area: CacheArea, key: string): CachedEntry | undefined {
  const cache = areaCache(area);
  const entry = cache.lru.get(key);
  if (entry) cache.hits += 1;
  else cache.misses += 1;
  return entry;
}

/** Whether `key` is cached (without counting a read or refreshing its place). */
export function isCached(area: CacheArea, key: string): boolean {
  return areaCache(area).lru.has(key);
}

/** Stores an entry unless an invalidation happened since `loadedAtGeneration`. */
export function store(area: CacheArea, key: string, entry: CachedEntry, loadedAtGeneration: number): boolean {
  if (loadedAtGeneration !== generation) return false;
  areaCache(area).lru.set(key, entry);
  return true;
}

/** Drops the invalidation's areas and every entry elsewhere carrying one of its tags. */
export function dropLocal(invalidation: Invalidation): void {
  generation += 1;
  for (const area of invalidation.areas) areaCache(area).lru.clear();
  if (invalidation.tags.length === 0) return;
  const tags = new Set(invalidation.tags);
  for (const [area, cache] of areas) {
    if (invalidation.areas.includes(area)) continue;
    for (const [key, entry] of cache.lru.entries()) {
      if (entry.tags.some((tag) => tags.has(tag))) cache.lru.delete(key);
    }
  }
}

/** Size and traffic of this instance's caches. */
export function localStats(): Record<CacheArea, AreaStats> {
  const stats = {} as Record<CacheArea, AreaStats>;
  for (const [area, cache] of areas) {
    cache.lru.purgeStale();
    stats[area] = {
      size: cache.lru.size,
      maxSize: cache.limits.maxEntries,
      bytes: cache.lru.calculatedSize,
      maxBytes: cache.limits.maxBytes,
      hits: cache.hits,
      misses: cache.misses,
    };
  }
  return stats;
}
