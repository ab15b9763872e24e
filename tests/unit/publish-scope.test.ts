import { describe, expect, it } from 'vitest';
import { invalidationForScope } from '../../functions/_shared/cache/invalidation.ts';
import { buildScopeOf, emptyPendingScope, mergeScope } from '../../src/lib/publish-scope.ts';
import { MAX_REASONS, MAX_SCOPE_ENTRIES, type PublishScope } from '../../src/lib/schemas/publish.ts';

const soup = { id: 1, slug: 'soup', category: 'soups' };
const cake = { id: 2, slug: 'cake', category: 'desserts' };

describe('merging writes into one publish request', () => {
  it('keeps the union of recipes, categories and pages, each once, and counts the writes', () => {
    let pending = emptyPendingScope();
    for (const scope of [
      { reason: 'Recipe 1 updated', recipes: [soup] },
      { reason: 'Recipe 1 updated', recipes: [soup] },
      { reason: 'Recipe 2 created', recipes: [cake], categories: ['desserts'] },
      { reason: 'Page about-us updated', pages: ['about-us'] },
      { reason: 'Blog post updated', blog: true },
    ] satisfies PublishScope[])
      pending = mergeScope(pending, scope);
    expect(pending).toEqual({
      reasons: ['Recipe 1 updated', 'Recipe 2 created', 'Page about-us updated', 'Blog post updated'],
      writes: 5,
      recipes: [soup, cake],
      categories: ['desserts'],
      pages: ['about-us'],
      blog: true,
      siteWide: false,
    });
  });

  it('keeps both the old and the new slug of a renamed recipe', () => {
    const pending = mergeScope(emptyPendingScope(), {
      reason: 'Recipe 1 renamed',
      recipes: [soup, { ...soup, slug: 'tomato-soup' }],
    });
    expect(pending.recipes.map((r) => r.slug)).toEqual(['soup', 'tomato-soup']);
  });

  it('becomes a full rebuild for site-wide changes and for more recipes than a partial build is worth', () => {
    const siteWide = mergeScope(mergeScope(emptyPendingScope(), { reason: 'a', recipes: [soup] }), {
      reason: 'Settings updated',
      siteWide: true,
    });
    expect(siteWide).toMatchObject({ siteWide: true, recipes: [], categories: [], pages: [] });

    let many = emptyPendingScope();
    for (let id = 1; id <= MAX_SCOPE_ENTRIES + 1; id++)
      many = mergeScope(many, { reason: 'Generated', recipes: [{ id, slug: `r-${id}`, category: 'soups' }] });
    expect(many).toMatchObject({ siteWide: true, recipes: [], writes: MAX_SCOPE_ENTRIES + 1 });
  });

  it('keeps at most MAX_REASONS reasons and says how many more there were', () => {
    let pending = emptyPendingScope();
    for (let i = 1; i <= 30; i++) pending = mergeScope(pending, { reason: `Recipe ${i} updated` });
    expect(pending.reasons).toHaveLength(MAX_REASONS);
    const scope = buildScopeOf(pending);
    expect(scope.reason.length).toBeLessThanOrEqual(200);
    expect(scope.reason).toMatch(/^Recipe 1 updated; Recipe 2 updated/);
  });

  it('hands the build a scope with only what changed', () => {
    const pending = mergeScope(emptyPendingScope(), { reason: 'Recipe 1 updated', recipes: [soup] });
    expect(buildScopeOf(pending)).toEqual({ reason: 'Recipe 1 updated', recipes: [soup] });
    expect(buildScopeOf(mergeScope(pending, { reason: 'x' }))).toEqual({
      reason: 'Recipe 1 updated; x',
      recipes: [soup],
    });
  });
});

describe('what a write makes stale in the caches', () => {
  // Areas go whole; tags reach the entries of other areas that show the recipe, category or page
  // (the category list carries every category's tag, a recipe page its category's).
  it.each<[string, PublishScope, string[], string[]]>([
    [
      'a recipe edit: its lists and its own tags, never settings or pages',
      { reason: 'r', recipes: [soup] },
      ['recipes', 'search', 'featured'],
      ['recipe-1', 'category-soups'],
    ],
    ['a category edit', { reason: 'c', categories: ['soups'] }, ['categories'], ['category-soups']],
    ['a page edit', { reason: 'p', pages: ['about-us'] }, ['pages'], ['page-about-us']],
    ['a blog edit', { reason: 'b', blog: true }, ['pages'], ['blog']],
    ['settings: settings and pages', { reason: 's', siteWide: true }, ['settings', 'pages'], []],
  ])('%s', (_name, scope, areas, tags) => {
    expect(invalidationForScope(scope)).toEqual({ areas, tags });
  });
});
