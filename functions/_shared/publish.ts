import type { Context } from '@netlify/functions';
import { getDb, type Db } from '../../db/client.ts';
import { buildScopeOf } from '../../src/lib/publish-scope.ts';
import type { PublishScope } from '../../src/lib/schemas/publish.ts';
import { callBuildHook } from './build-hook.ts';
import { categoryTag, recipeTag } from './cache/areas.ts';
import { invalidateForScope } from './cache/invalidation.ts';
import { dropLocal, type Invalidation } from './cache/local-cache.ts';
import {
  buildInProgress,
  claimHookCall,
  hookCallFailed,
  takePublishSlot,
  wantNextBuild,
} from './services/publish-hook-calls.ts';
import { pendingRequest, recordPublishRequest } from './services/publishing.ts';

// The one door from a content write to the prebuilt site (docs/DECISIONS.md "Publishing"). Every admin write,
// generator batch and import calls `publish` with what it changed; nothing else calls the build
// hook. It clears the caches the write made stale, folds the write into the one pending publish
// request in the database, and calls the build hook once per request: 50 writes while a build
// runs become one more build, on Netlify and locally alike.

export type { PublishScope } from '../../src/lib/schemas/publish.ts';

/** Reviews publish their rating changes at most this often; otherwise they ride on the next publish. */
export const REVIEW_PUBLISH_INTERVAL_SECONDS = 60 * 60;
const REVIEW_SLOT = 'reviews';

/** Hook calls still running (tests and a stopping server wait for them). */
const inFlight = new Set<Promise<unknown>>();
function track(promise: Promise<unknown>, context: Partial<Context>): void {
  inFlight.add(promise);
  void promise.finally(() => inFlight.delete(promise));
  context.waitUntil?.(promise);
}

/** Resolves when every cache purge and build hook call started so far has ended. */
export async function publishingSettled(): Promise<void> {
  while (inFlight.size) await Promise.allSettled([...inFlight]);
}

/**
 * Refreshes what the write affected and asks for the site to be rebuilt. Never throws, and
 * delays the response only by recording the request (the hook call and the CDN purge run on).
 */
export async function publish(scope: PublishScope, context: Partial<Context> = {}): Promise<void> {
  // The API response cache: here at once, other instances through the database, the CDN by tag.
  try {
    const db = getDb();
    track(invalidateForScope(scope, { db, context }), context);
    const request = await recordPublishRequest(db, scope, { content: true });
    await requestBuild(db, request.id, context);
  } catch (err) {
    console.error(
      `[publish] could not record the publish request (${scope.reason}):`,
      (err as Error).message,
    );
  }
}

/**
 * A review changed a recipe's rating. Its page shows the rating from build time, but a review
 * never starts a build of its own: the change waits in the pending request for the next
 * publish, and only when no review has started one in the last hour does it start one itself.
 */
export async function publishRatingChange(
  recipe: { id: number; slug: string; category: string },
  context: Partial<Context> = {},
): Promise<void> {
  // Only the in-process copy of this recipe: a CDN purge per review would let anyone spend the
  // purge API's quota (the CDN copy is refreshed within minutes, and by the publish).
  // Lists that show the recipe carry its category's tag (the /api/recipes list kept the old
  // rating when only the recipe's own tag was cleared); featured is ordered by rating, so a new
  // rating can move a recipe into it from anywhere.
  const stale: Invalidation = {
    areas: ['featured'],
    tags: [recipeTag(recipe.id), categoryTag(recipe.category)],
  };
  dropLocal(stale);
  try {
    const db = getDb();
    const request = await recordPublishRequest(
      db,
      { reason: 'Ratings changed', recipes: [recipe] },
      { content: false },
    );
    if (request.hookCalledAt || request.content) return; // a publish is already on its way
    if (await takePublishSlot(db, REVIEW_SLOT, REVIEW_PUBLISH_INTERVAL_SECONDS))
      await requestBuild(db, request.id, context);
  } catch (err) {
    console.error('[publish] could not record a rating change:', (err as Error).message);
  }
}

/**
 * Publishes rating changes that have waited while no review could start a publish (run hourly:
 * a scheduled function on Netlify, a timer in the local server). True when it asked for a build.
 */
export async function publishWaitingRatings(
  context: Partial<Context> = {},
  db: Db = getDb(),
): Promise<boolean> {
  const pending = await pendingRequest(db);
  if (!pending || pending.content || pending.hookCalledAt) return false;
  if (!(await takePublishSlot(db, REVIEW_SLOT, REVIEW_PUBLISH_INTERVAL_SECONDS))) return false;
  await requestBuild(db, pending.id, context);
  return true;
}

/**
 * After a build ended (Netlify's deploy events; the local builder's loop needs no call): asks
 * for the next build when writes arrived while it ran. True when it called the hook.
 */
export async function requestPendingBuild(
  context: Partial<Context> = {},
  db: Db = getDb(),
): Promise<boolean> {
  const pending = await pendingRequest(db);
  if (!pending?.content || pending.hookCalledAt) return false;
  return requestBuild(db, pending.id, context);
}

/**
 * Calls the build hook for a pending request unless a call for it is already on its way, or a
 * build is running: builds never overlap, so a write made during one waits for its end, which
 * asks for one more build (one hook call however many writes came meanwhile). The request is
 * marked first and the running build checked second, so a build ending in between still sees it.
 */
async function requestBuild(db: Db, requestId: number, context: Partial<Context>): Promise<boolean> {
  await wantNextBuild(db, requestId);
  if (await buildInProgress(db)) return false;
  const request = await claimHookCall(db, requestId);
  if (!request) return false;
  const url = process.env.BUILD_HOOK_URL;
  if (!url) {
    await hookCallFailed(db, requestId, 'BUILD_HOOK_URL is not set, so nothing can rebuild the site.');
    return false;
  }
  const scope = buildScopeOf(request.scope);
  const call = callBuildHook(url, { requestId, scope }, scope.reason).then(async (outcome) => {
    if (outcome.ok) return;
    console.error(`[publish] ${outcome.message} (${scope.reason})`);
    await hookCallFailed(db, requestId, outcome.message).catch(() => {});
  });
  track(call, context);
  return true;
}
