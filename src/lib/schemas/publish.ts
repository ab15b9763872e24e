import * as v from 'valibot';

// Publishing (docs/DECISIONS.md "Publishing"): what a content write changed (its scope), the merged scope a
// publish request carries while it waits for a build, and the status the dashboard shows.

const Id = v.pipe(v.number(), v.integer(), v.minValue(1));
const Slug = v.pipe(v.string(), v.minLength(1), v.maxLength(200));
/** A generator batch or an import may name many recipes; beyond this a full rebuild is cheaper anyway. */
export const MAX_SCOPE_ENTRIES = 1000;

const RecipeRef = v.object({ id: Id, slug: Slug, category: Slug });

/** What one write changed, so caches and pages can be refreshed in proportion to it. */
export const PublishScopeSchema = v.object({
  /** A short human sentence for logs and the build hook's title ("Recipe 12 updated"). */
  reason: v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(200)),
  /**
   * Recipes created, updated or deleted. On a change of slug or category, list the recipe's
   * old and new slug/category both, so the old pages go and the new ones appear.
   */
  recipes: v.optional(v.pipe(v.array(RecipeRef), v.maxLength(MAX_SCOPE_ENTRIES))),
  /** Category slugs whose own pages changed (name, description, image, created, deleted). */
  categories: v.optional(v.pipe(v.array(Slug), v.maxLength(MAX_SCOPE_ENTRIES))),
  /** Static page slugs changed (the footer page is site-wide: use `siteWide`). */
  pages: v.optional(v.pipe(v.array(Slug), v.maxLength(MAX_SCOPE_ENTRIES))),
  /** Blog posts or blog categories changed. */
  blog: v.optional(v.boolean()),
  /** Settings, footer or anything every page shows: a full rebuild. */
  siteWide: v.optional(v.boolean()),
});

export type PublishScope = v.InferInput<typeof PublishScopeSchema>;

/** How many reasons a pending request keeps for the dashboard and the build log. */
export const MAX_REASONS = 20;

/** Every write folded into one waiting request, merged (see src/lib/publish-scope.ts). */
export const PendingScopeSchema = v.object({
  reasons: v.pipe(v.array(v.string()), v.maxLength(MAX_REASONS)),
  /** How many writes were folded in (reasons beyond MAX_REASONS are only counted). */
  writes: v.pipe(v.number(), v.integer(), v.minValue(0)),
  recipes: v.array(RecipeRef),
  categories: v.array(Slug),
  pages: v.array(Slug),
  blog: v.boolean(),
  siteWide: v.boolean(),
});

export type PendingScope = v.InferOutput<typeof PendingScopeSchema>;

/** The local build hook's body: the request publish() recorded, or a scope of its own. */
export const BuildHookBodySchema = v.object({
  requestId: v.optional(Id),
  scope: v.optional(PublishScopeSchema),
});

export const PUBLISH_STATES = ['publishing', 'live', 'failed'] as const;
export type PublishState = (typeof PUBLISH_STATES)[number];

/** GET /api/admin/publish/status: what the dashboard shows as 'Publishing…' or 'Live' with a time. */
export interface PublishStatus {
  state: PublishState;
  /** When the request now waiting or building was first made (null when live). */
  requestedAt: string | null;
  /** When its build started (null while it waits). */
  startedAt: string | null;
  /** When the latest build ended, successfully or not; null while publishing (the build has not ended). */
  finishedAt: string | null;
  /** When the site now served went live (a failed build leaves the previous site serving). */
  liveAt: string | null;
  /** Why the latest build (or the build hook call) failed; null otherwise. */
  error: string | null;
  /** What the waiting or building request contains, for a tooltip ("Recipe 12 updated", …). */
  reasons: string[];
  /** Rating changes that wait for the next publish (reviews publish at most once an hour). */
  waitingRatings: number;
}
