// The API response cache's invalidation: a write drops exactly what it affects, here and on other instances.
import { describe, expect, it } from 'vitest';
import recipes from '../../functions/recipes.ts';
import { pageTag, type CacheArea } from '../../functions/_shared/cache/areas.ts';
import { cacheKey, cachedResponse } from '../../functions/_shared/cache/cached-response.ts';
import { SYNC_INTERVAL_MS } from '../../functions/_shared/cache/fleet.ts';
import { invalidate, invalidateForScope } from '../../functions/_shared/cache/invalidation.ts';
import { isCached } from '../../functions/_shared/cache/local-cache.ts';
import { areaPolicy } from '../../functions/_shared/cache/policies.ts';
import { json } from '../../functions/_shared/http.ts';
import type { PublishScope } from '../../functions/_shared/publish.ts';
import { databaseAvailable, engine } from '../helpers/test-db.ts';
import { useCacheSuite, ORIGIN, raw, keyOf } from '../helpers/cache-suite.ts';

describe.skipIf(!databaseAvailable)(`API response cache on ${engine}`, () => {
  const { db, dessert, breakfast, handlerFor } = useCacheSuite();

  describe('a write drops exactly what it affects', () => {
    // Pages and settings reads are served by other function files; their entries are made here
    // through the same wrapper, with the tags those routes use.
    const synthetic = (area: CacheArea, path: string, tags: string[]) =>
      cachedResponse(area, new URL(`${ORIGIN}${path}`), async () =>
        json({ path }, { cache: areaPolicy(area, ...tags) }),
      );

    const entries = () =>
      ({
        recipeList: ['recipes', '/api/recipes'],
        dessertRecipe: ['recipes', `/api/recipes/${dessert.id}`],
        breakfastRecipe: ['recipes', `/api/recipes/${breakfast.id}`],
        breakfastList: ['recipes', '/api/recipes/category/breakfast'],
        search: ['search', '/api/recipes/search?q=chicken'],
        featured: ['featured', '/api/recipes/featured'],
        categoryList: ['categories', '/api/categories'],
        dessertCategory: ['categories', '/api/categories/desserts'],
        breakfastCategory: ['categories', '/api/categories/breakfast'],
        aboutPage: ['pages', '/api/pages/about-us'],
        blogPosts: ['pages', '/api/blog/posts'],
        settings: ['settings', '/api/settings'],
      }) as const satisfies Record<string, readonly [CacheArea, string]>;
    type Entry = keyof ReturnType<typeof entries>;

    async function fill(): Promise<void> {
      for (const [area, path] of Object.values(entries())) {
        if (area === 'pages' && path.startsWith('/api/blog')) await synthetic(area, path, ['blog']);
        else if (area === 'pages') await synthetic(area, path, [pageTag('about-us')]);
        else if (area === 'settings') await synthetic(area, path, []);
        else await raw(handlerFor(path), path);
        expect(isCached(area, keyOf(path)), path).toBe(true);
      }
    }

    /** Every recipe and category entry: what a settings edit leaves. */
    const recipesAndCategories: Entry[] = [
      'recipeList',
      'dessertRecipe',
      'breakfastRecipe',
      'breakfastList',
      'search',
      'featured',
      'categoryList',
      'dessertCategory',
      'breakfastCategory',
    ];
    /** What a page or blog edit leaves: every entry outside the pages area. */
    const allButPages: Entry[] = [...recipesAndCategories, 'settings'];
    const cases: [string, () => PublishScope, Entry[]][] = [
      [
        'a recipe edit: recipe lists, search, featured, the recipe and its category; not settings or pages',
        () => ({ reason: 'Recipe updated', recipes: [dessert] }),
        ['breakfastCategory', 'aboutPage', 'blogPosts', 'settings'],
      ],
      [
        'a category edit: the categories and whatever shows that category',
        () => ({ reason: 'Category updated', categories: ['breakfast'] }),
        ['recipeList', 'dessertRecipe', 'search', 'featured', 'aboutPage', 'blogPosts', 'settings'],
      ],
      [
        'a page edit: the pages area only',
        () => ({ reason: 'Page updated', pages: ['about-us'] }),
        allButPages,
      ],
      ['a blog edit: the pages area only', () => ({ reason: 'Post updated', blog: true }), allButPages],
      [
        'a settings or footer edit: settings and pages; recipes stay',
        () => ({ reason: 'Settings saved', siteWide: true }),
        recipesAndCategories,
      ],
    ];

    it.each(cases)('%s', async (_name, scope, kept) => {
      await fill();
      await invalidateForScope(scope(), { db: db() });
      const survivors = Object.entries(entries())
        .filter(([, [area, path]]) => isCached(area, keyOf(path)))
        .map(([name]) => name)
        .sort();
      expect(survivors).toEqual([...kept].sort());
    });
  });

  it('does not store a response that was loaded while an invalidation happened', async () => {
    const url = new URL(`${ORIGIN}/api/settings`);
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const pending = cachedResponse('settings', url, async () => {
      await gate;
      return json({ siteName: 'before the write' }, { cache: areaPolicy('settings') });
    });
    await new Promise((resolve) => setTimeout(resolve, 10));
    await invalidate({ areas: ['settings'], tags: [] }, { db: db() });
    release();
    expect((await pending).status).toBe(200);
    expect(isCached('settings', cacheKey(url))).toBe(false);
  });

  it("applies other instances' invalidations from the database, and not its own twice", async () => {
    const path = '/api/recipes/search?q=soup';
    await raw(recipes, path);
    // This instance's own write: applied at once, then skipped when read back from the table.
    await invalidate({ areas: ['featured'], tags: [] }, { db: db() });
    await raw(recipes, path);
    await new Promise((resolve) => setTimeout(resolve, SYNC_INTERVAL_MS + 100));
    await raw(recipes, '/api/recipes/featured');
    expect(isCached('search', keyOf(path))).toBe(true);
    // Another instance's write (say, the admin-cache function's own instance on Netlify).
    await db()
      .insertInto('cache_invalidations')
      .values({ areas: ['search'], tags: [] })
      .execute();
    await new Promise((resolve) => setTimeout(resolve, SYNC_INTERVAL_MS + 100));
    await raw(recipes, '/api/recipes/featured');
    expect(isCached('search', keyOf(path))).toBe(false);
    expect(isCached('featured', keyOf('/api/recipes/featured'))).toBe(true);
  });
});
