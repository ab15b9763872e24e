import type { Context } from '@netlify/functions';
import type { Db } from '../../../db/client.ts';
import type { PublishScope } from '../../../src/lib/schemas/publish.ts';
import { areaTag, BLOG_TAG, categoryTag, pageTag, recipeTag, type CacheArea } from './areas.ts';
import { purgeCdnTags } from './cdn-purge.ts';
import { announce } from './fleet.ts';
import { dropLocal, type Invalidation } from './local-cache.ts';

export type { Invalidation } from './local-cache.ts';

/**
 * The one place that says which cached responses a content write makes stale. A recipe edit
 * drops the recipe lists, search and featured, and everything tagged with that recipe or its
 * category (the category list counts recipes); settings stay. Category, page and blog writes
 * drop their own area; site-wide writes (settings, footer) drop settings and pages.
 */
export function invalidationForScope(scope: PublishScope): Invalidation {
  const areas = new Set<CacheArea>();
  const tags = new Set<string>();
  for (const recipe of scope.recipes ?? []) {
    areas.add('recipes').add('search').add('featured');
    tags.add(recipeTag(recipe.id)).add(categoryTag(recipe.category));
  }
  for (const slug of scope.categories ?? []) {
    areas.add('categories');
    // A renamed category moves its recipes: their pages and lists carry the category's tag.
    tags.add(categoryTag(slug));
  }
  for (const slug of scope.pages ?? []) {
    areas.add('pages');
    tags.add(pageTag(slug));
  }
  if (scope.blog) {
    areas.add('pages');
    tags.add(BLOG_TAG);
  }
  if (scope.siteWide) areas.add('settings').add('pages');
  return { areas: [...areas], tags: [...tags] };
}

/** What an invalidation reached: the other instances (through the database) and the CDN. */
export interface InvalidationOutcome {
  announced: boolean;
  cdnPurged: boolean;
}

/**
 * Drops the entries here at once (a read right after the write sees it), records the
 * invalidation for the other instances and purges the same tags from the CDN. Never throws.
 */
export async function invalidate(
  invalidation: Invalidation,
  options: { db: Db; context?: Partial<Context> },
): Promise<InvalidationOutcome> {
  if (invalidation.areas.length === 0 && invalidation.tags.length === 0)
    return { announced: false, cdnPurged: false };
  dropLocal(invalidation);
  const announced = announce(options.db, invalidation).then(
    () => true,
    (err: unknown) => {
      console.error('[cache] could not record the invalidation for other instances:', (err as Error).message);
      return false;
    },
  );
  const cdnTags = [...invalidation.areas.map(areaTag), ...invalidation.tags];
  const cdnPurged = purgeCdnTags(cdnTags, options.context);
  const [wasAnnounced, wasPurged] = await Promise.all([announced, cdnPurged]);
  return { announced: wasAnnounced, cdnPurged: wasPurged };
}

/** The publishing pipeline's hook: refreshes the caches a content write affected. */
export function invalidateForScope(
  scope: PublishScope,
  options: { db: Db; context?: Partial<Context> },
): Promise<InvalidationOutcome> {
  return invalidate(invalidationForScope(scope), options);
}
