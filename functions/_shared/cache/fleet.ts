import crypto from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../../../db/client.ts';
import { CACHE_AREAS, isCacheArea, type CacheArea } from './areas.ts';
import { dropLocal, localStats, type AreaStats, type Invalidation } from './local-cache.ts';
import type { CacheAreaStats } from '../../../src/lib/api/answers.ts';

// Every instance of every function keeps its own response cache (see ./local-cache.ts). The
// database is what they share, so:
// - an invalidation (a content write, an admin clear) is recorded in `cache_invalidations`, and
//   each instance applies the rows it has not seen before its next cached read (checked at most
//   once a second: the only window in which another instance can answer from before a write);
// - each instance that serves cached reads reports its sizes to `cache_instance_stats`, so the
//   admin's stats describe the fleet, not just the instance that answers the stats call.

/** This instance, in the stats table. */
const INSTANCE_ID = crypto.randomUUID();
/** How stale another instance's cache can be after a write (one cheap query per interval). */
export const SYNC_INTERVAL_MS = 1000;
const REPORT_INTERVAL_MS = 15_000;
/** A report older than this belongs to an instance that is gone (or idle: its entries expired). */
const REPORT_FRESH_SECONDS = 120;
/** Invalidation rows older than this are deleted: every cache entry that old has expired anyway. */
const INVALIDATION_KEEP_SECONDS = 3600;
/** More unseen rows than this: clear everything rather than replay them one by one. */
const MAX_REPLAY = 500;

let lastSeenId: number | undefined;
let lastSyncAt = Number.NEGATIVE_INFINITY;
let lastReportAt = Number.NEGATIVE_INFINITY;
let syncing: Promise<void> | undefined;
/** Rows this instance wrote itself (already applied here). */
const ownRows = new Set<number>();

const everything: Invalidation = { areas: CACHE_AREAS, tags: [] };

/** Applies other instances' invalidations (at most once per SYNC_INTERVAL_MS). Never throws. */
export function syncWithFleet(db: Db): Promise<void> {
  if (performance.now() - lastSyncAt < SYNC_INTERVAL_MS) return Promise.resolve();
  syncing ??= sync(db).finally(() => {
    syncing = undefined;
  });
  return syncing;
}

async function sync(db: Db): Promise<void> {
  lastSyncAt = performance.now();
  try {
    if (lastSeenId === undefined) {
      const row = await db
        .selectFrom('cache_invalidations')
        .select((eb) => eb.fn.max('id').as('id'))
        .executeTakeFirst();
      // Anything cached before the baseline was taken (a failed first sync) may have missed a row.
      if (Object.values(localStats()).some((s) => s.size > 0)) dropLocal(everything);
      lastSeenId = Number(row?.id ?? 0);
    } else {
      const rows = await db
        .selectFrom('cache_invalidations')
        .select(['id', 'areas', 'tags'])
        .where('id', '>', lastSeenId)
        .orderBy('id')
        .limit(MAX_REPLAY)
        .execute();
      if (rows.length === MAX_REPLAY) dropLocal(everything);
      else
        for (const row of rows)
          if (!ownRows.delete(row.id)) dropLocal({ areas: row.areas.filter(isCacheArea), tags: row.tags });
      if (rows.length > 0) lastSeenId = rows.at(-1)!.id;
    }
    if (performance.now() - lastReportAt >= REPORT_INTERVAL_MS) await report(db);
  } catch (err) {
    // The database is down or slow: keep answering from the cache, try again next interval.
    console.error('[cache] could not sync with other instances:', (err as Error).message);
  }
}

/** Records an invalidation this instance already applied, for every other instance. */
export async function announce(db: Db, invalidation: Invalidation): Promise<void> {
  const row = await db
    .insertInto('cache_invalidations')
    .values({ areas: [...invalidation.areas], tags: [...invalidation.tags] })
    .returning('id')
    .executeTakeFirstOrThrow();
  ownRows.add(row.id);
  await db
    .deleteFrom('cache_invalidations')
    .where('created_at', '<', sql<Date>`now() - make_interval(secs => ${INVALIDATION_KEEP_SECONDS})`)
    .execute();
}

function hasTraffic(stats: Record<CacheArea, AreaStats>): boolean {
  return Object.values(stats).some((s) => s.hits + s.misses > 0);
}

async function report(db: Db): Promise<void> {
  lastReportAt = performance.now();
  const stats = localStats();
  if (!hasTraffic(stats)) return;
  const rows = CACHE_AREAS.map((area) => ({
    instance: INSTANCE_ID,
    area,
    size: stats[area].size,
    max_size: stats[area].maxSize,
    hits: stats[area].hits,
    misses: stats[area].misses,
  }));
  await db
    .insertInto('cache_instance_stats')
    .values(rows)
    .onConflict((oc) =>
      oc.columns(['instance', 'area']).doUpdateSet((eb) => ({
        size: eb.ref('excluded.size'),
        max_size: eb.ref('excluded.max_size'),
        hits: eb.ref('excluded.hits'),
        misses: eb.ref('excluded.misses'),
        reported_at: sql<Date>`now()`,
      })),
    )
    .execute();
  await db
    .deleteFrom('cache_instance_stats')
    .where('reported_at', '<', sql<Date>`now() - make_interval(secs => ${REPORT_FRESH_SECONDS * 5})`)
    .execute();
}

/** One area's figures summed over the instances (the shape the admin's Cache tab reads). */
export type FleetAreaStats = CacheAreaStats;

/**
 * Per area: this instance's live figures plus the latest report of every other instance seen in
 * the last two minutes. maxSize adds up too, so size/maxSize stays a fill level.
 */
export async function fleetStats(db: Db): Promise<Record<CacheArea, FleetAreaStats>> {
  const local = localStats();
  const others = await db
    .selectFrom('cache_instance_stats')
    .select(['area', 'size', 'max_size', 'hits', 'misses'])
    .where('instance', '<>', INSTANCE_ID)
    .where('reported_at', '>=', sql<Date>`now() - make_interval(secs => ${REPORT_FRESH_SECONDS})`)
    .execute();
  const includeLocal = hasTraffic(local) || others.length === 0;
  const result = {} as Record<CacheArea, FleetAreaStats>;
  for (const area of CACHE_AREAS) {
    const own = local[area];
    const sum = includeLocal
      ? { size: own.size, maxSize: own.maxSize, hits: own.hits, misses: own.misses, instances: 1 }
      : { size: 0, maxSize: 0, hits: 0, misses: 0, instances: 0 };
    for (const row of others.filter((r) => r.area === area)) {
      sum.size += row.size;
      sum.maxSize += row.max_size;
      sum.hits += Number(row.hits);
      sum.misses += Number(row.misses);
      sum.instances += 1;
    }
    const reads = sum.hits + sum.misses;
    result[area] = { ...sum, hitRatio: reads === 0 ? 0 : Math.round((sum.hits / reads) * 1000) / 1000 };
  }
  return result;
}
