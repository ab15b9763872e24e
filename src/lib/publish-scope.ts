import { MAX_REASONS, MAX_SCOPE_ENTRIES, type PendingScope, type PublishScope } from './schemas/publish.ts';

// Folding writes into one waiting publish request: the union of what each changed. Pure, so
// the functions, the local server and the Netlify build script agree on it.

export function emptyPendingScope(): PendingScope {
  return { reasons: [], writes: 0, recipes: [], categories: [], pages: [], blog: false, siteWide: false };
}

const union = (a: readonly string[], b: readonly string[] = []) => [...new Set([...a, ...b])];

/**
 * `pending` with `scope` folded in. A request that names more recipes (or categories, pages)
 * than a partial build is worth becomes a full rebuild.
 */
export function mergeScope(pending: PendingScope, scope: PublishScope): PendingScope {
  const recipes = [...pending.recipes];
  const seen = new Set(recipes.map((r) => `${r.id}|${r.slug}|${r.category}`));
  for (const r of scope.recipes ?? []) {
    const key = `${r.id}|${r.slug}|${r.category}`;
    if (!seen.has(key)) {
      seen.add(key);
      recipes.push({ id: r.id, slug: r.slug, category: r.category });
    }
  }
  const categories = union(pending.categories, scope.categories);
  const pages = union(pending.pages, scope.pages);
  const reason = scope.reason.trim();
  const reasons =
    pending.reasons.includes(reason) || pending.reasons.length >= MAX_REASONS
      ? pending.reasons
      : [...pending.reasons, reason];
  const tooMany = [recipes, categories, pages].some((list) => list.length > MAX_SCOPE_ENTRIES);
  const siteWide = pending.siteWide || Boolean(scope.siteWide) || tooMany;
  return {
    reasons,
    writes: pending.writes + 1,
    // A full rebuild covers every page: the lists would only grow.
    recipes: siteWide ? [] : recipes,
    categories: siteWide ? [] : categories,
    pages: siteWide ? [] : pages,
    blog: pending.blog || Boolean(scope.blog),
    siteWide,
  };
}

/** The scope a build receives for a merged request (its reason summarises the writes). */
export function buildScopeOf(pending: PendingScope): PublishScope {
  const more = pending.writes - pending.reasons.length;
  const summary = pending.reasons.join('; ') + (more > 0 ? ` and ${more} more` : '');
  const reason = summary.length > 200 ? `${summary.slice(0, 197)}…` : summary || 'Publish';
  return {
    reason,
    ...(pending.recipes.length ? { recipes: pending.recipes } : {}),
    ...(pending.categories.length ? { categories: pending.categories } : {}),
    ...(pending.pages.length ? { pages: pending.pages } : {}),
    ...(pending.blog ? { blog: true } : {}),
    ...(pending.siteWide ? { siteWide: true } : {}),
  };
}
