import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import adminCache from '../../functions/admin-cache.ts';
import categories from '../../functions/categories.ts';
import recipes from '../../functions/recipes.ts';
import { AREA_LIMITS, CACHE_AREAS, pageTag, type CacheArea } from '../../functions/_shared/cache/areas.ts';
import { cacheKey, cachedResponse } from '../../functions/_shared/cache/cached-response.ts';
import { setPurgeTarget } from '../../functions/_shared/cache/cdn-purge.ts';
import { SYNC_INTERVAL_MS } from '../../functions/_shared/cache/fleet.ts';
import { invalidate, invalidateForScope } from '../../functions/_shared/cache/invalidation.ts';
import { dropLocal, isCached, localStats } from '../../functions/_shared/cache/local-cache.ts';
import { areaPolicy } from '../../functions/_shared/cache/policies.ts';
import { json } from '../../functions/_shared/http.ts';
import type { PublishScope } from '../../functions/_shared/publish.ts';
import type { Handler } from '../../functions/_shared/router.ts';
import { recipeById } from '../../functions/_shared/services/recipe-reads.ts';
import { searchRecipes } from '../../functions/_shared/services/recipe-search.ts';
import { listCategories } from '../../functions/_shared/services/categories.ts';
import type { TestAccount } from '../helpers/accounts.ts';
import { expectAdminOnly, guardAccounts, type AdminRequest } from '../helpers/admin-session.ts';
import { callRoute, databaseAvailable, engine, useTestDatabase } from '../helpers/test-db.ts';

// The API response cache: hits are the very responses the handlers make,
// writes drop exactly the areas and tags they affect, other instances hear of it through the
// database, and the admin routes report and clear it behind the admin guard.

const ORIGIN = 'http://localhost:8888';

/** Status, every header and the exact body text. */
async function raw(handler: Handler, path: string) {
  const res = await handler(new Request(`${ORIGIN}${path}`));
  return { status: res.status, headers: [...res.headers.entries()], text: await res.text() };
}

const clearEverything = () => dropLocal({ areas: CACHE_AREAS, tags: [] });
const keyOf = (path: string) => cacheKey(new URL(`${ORIGIN}${path}`));

describe.skipIf(!databaseAvailable)(`API response cache on ${engine}`, () => {
  const db = useTestDatabase();
  let dessert: { id: number; slug: string; category: string };
  let breakfast: { id: number; slug: string; category: string };
  let cook: TestAccount;
  let admin: TestAccount;

  beforeAll(async () => {
    const pick = (category: string) =>
      db()
        .selectFrom('recipes')
        .select(['id', 'slug', 'category'])
        .where('category', '=', category)
        .orderBy('id')
        .executeTakeFirstOrThrow();
    dessert = await pick('desserts');
    breakfast = await pick('breakfast');
    ({ cook, admin } = await guardAccounts());
  });

  beforeEach(clearEverything);

  const publicReads = () =>
    [
      ['recipes', '/api/recipes'],
      ['recipes', '/api/recipes?offset=2&limit=5'],
      ['featured', '/api/recipes/featured?limit=4'],
      ['search', '/api/recipes/search?q=chicken'],
      ['search', '/api/recipes/search?q=chiken&limit=3'],
      ['search', '/api/recipes/search?category=desserts'],
      ['recipes', `/api/recipes/slug/${dessert.slug}`],
      ['recipes', `/api/recipes/${dessert.id}`],
      ['recipes', '/api/recipes/category/desserts?limit=3'],
      ['recipes', `/api/recipes/related/${dessert.id}`],
      ['categories', '/api/categories'],
      ['categories', '/api/categories/desserts'],
    ] as const;

  const handlerFor = (path: string): Handler => (path.startsWith('/api/categories') ? categories : recipes);

  it('answers a hit with exactly the status, headers and body of the miss, from the cache', async () => {
    for (const [area, path] of publicReads()) {
      const before = localStats()[area];
      const miss = await raw(handlerFor(path), path);
      const hit = await raw(handlerFor(path), path);
      expect(miss.status, path).toBe(200);
      expect(hit, path).toEqual(miss);
      expect(isCached(area, keyOf(path)), path).toBe(true);
      const after = localStats()[area];
      expect([after.misses - before.misses, after.hits - before.hits], path).toEqual([1, 1]);
    }
  });

  it('answers exactly what the handler makes without a cache', async () => {
    const recipe = await raw(recipes, `/api/recipes/${dessert.id}`);
    const cached = await raw(recipes, `/api/recipes/${dessert.id}`);
    expect(cached.text).toBe(JSON.stringify(await recipeById(db(), dessert.id)));
    expect(recipe.text).toBe(cached.text);
    const search = '/api/recipes/search?q=lemon&limit=5';
    await raw(recipes, search);
    expect((await raw(recipes, search)).text).toBe(
      JSON.stringify(await searchRecipes(db(), { q: 'lemon', limit: 5 })),
    );
    await raw(categories, '/api/categories');
    expect((await raw(categories, '/api/categories')).text).toBe(JSON.stringify(await listCategories(db())));
  });

  it('tags each response with its area and what it shows, for the CDN', async () => {
    const tags = async (path: string) =>
      (await raw(handlerFor(path), path)).headers
        .find(([name]) => name === 'netlify-cache-tag')?.[1]
        .split(',');
    expect(await tags(`/api/recipes/${dessert.id}`)).toEqual([
      'recipes',
      `recipe-${dessert.id}`,
      'category-desserts',
    ]);
    expect(await tags('/api/recipes/category/desserts')).toEqual(['recipes', 'category-desserts']);
    expect((await tags('/api/recipes/featured'))?.[0]).toBe('featured');
    expect((await tags('/api/recipes/search?q=cake'))?.[0]).toBe('search');
    expect(await tags('/api/categories')).toContain('category-breakfast');
    expect(await tags('/api/categories/desserts')).toEqual(['categories', 'category-desserts']);
  });

  it('never stores errors', async () => {
    for (const path of ['/api/recipes/999999', '/api/recipes/search', '/api/recipes/slug/no-such-dish']) {
      const first = await raw(recipes, path);
      expect(first.status).toBeGreaterThanOrEqual(400);
      expect(isCached(path.includes('search') ? 'search' : 'recipes', keyOf(path))).toBe(false);
    }
    expect(localStats().recipes.size + localStats().search.size).toBe(0);
  });

  it('serves from memory until a write invalidates, then reads the database again', async () => {
    const title = async () =>
      (await callRoute(recipes, 'GET', '/api/recipes/:id', { params: { id: dessert.id } })).body.title;
    const original = await title();
    await db()
      .updateTable('recipes')
      .set({ title: 'Cache Probe Tart' })
      .where('id', '=', dessert.id)
      .execute();
    try {
      expect(await title()).toBe(original);
      await invalidateForScope({ reason: 'test', recipes: [dessert] }, { db: db() });
      expect(await title()).toBe('Cache Probe Tart');
    } finally {
      await db().updateTable('recipes').set({ title: original }).where('id', '=', dessert.id).execute();
      await invalidateForScope({ reason: 'test', recipes: [dessert] }, { db: db() });
    }
    expect(await title()).toBe(original);
  });

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

  describe('admin routes', () => {
    const clearArea =
      (area: string): AdminRequest =>
      (headers) =>
        callRoute(adminCache, 'POST', '/api/admin/cache/clear/:area', { params: { area }, headers });
    const routes: [string, AdminRequest][] = [
      [
        'GET /api/admin/cache/stats',
        (headers) => callRoute(adminCache, 'GET', '/api/admin/cache/stats', { headers }),
      ],
      ['POST /api/admin/cache/clear/recipes', clearArea('recipes')],
      [
        'POST /api/admin/cache/clear-all',
        (headers) => callRoute(adminCache, 'POST', '/api/admin/cache/clear-all', { headers }),
      ],
      ['POST /api/admin/cache/clear/no-such-area', clearArea('no-such-area')],
    ];

    it.each(routes)('%s: 401 anonymous, 403 for a cook, nothing cleared', async (_route, send) => {
      await raw(recipes, '/api/recipes');
      await expectAdminOnly(cook, send);
      expect(isCached('recipes', keyOf('/api/recipes'))).toBe(true);
    });

    it('reports size, maxSize, hits, misses and hit ratio per area', async () => {
      const before = (
        await callRoute(adminCache, 'GET', '/api/admin/cache/stats', { headers: { cookie: admin.cookie } })
      ).body;
      expect(Object.keys(before).sort()).toEqual([...CACHE_AREAS].sort());
      await raw(recipes, '/api/recipes/search?q=pasta');
      await raw(recipes, '/api/recipes/search?q=pasta');
      await raw(recipes, '/api/recipes/search?q=pasta');
      await raw(recipes, '/api/recipes/search?q=rice');
      const res = await callRoute(adminCache, 'GET', '/api/admin/cache/stats', {
        headers: { cookie: admin.cookie },
      });
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('private, no-store');
      for (const area of CACHE_AREAS) {
        expect(Object.keys(res.body[area]!).sort()).toEqual(
          ['hitRatio', 'hits', 'instances', 'maxSize', 'misses', 'size'].sort(),
        );
        expect(res.body[area]!.maxSize).toBe(AREA_LIMITS[area].maxEntries);
      }
      const search = res.body['search']!;
      expect(search.size).toBe(2);
      expect(search.hits - before['search']!.hits).toBe(2);
      expect(search.misses - before['search']!.misses).toBe(2);
      // The server rounds to three places (0.4375 answers 0.438).
      expect(search.hitRatio).toBe(Math.round((search.hits / (search.hits + search.misses)) * 1000) / 1000);
    });

    it('clears one area, or all of them', async () => {
      await raw(recipes, '/api/recipes');
      await raw(recipes, '/api/recipes/search?q=beef');
      const one = await callRoute(adminCache, 'POST', '/api/admin/cache/clear/:area', {
        params: { area: 'search' },
        headers: { cookie: admin.cookie },
      });
      expect(one.status).toBe(200);
      expect(one.body).toEqual({ cleared: ['search'], cdnPurged: false });
      expect(isCached('search', keyOf('/api/recipes/search?q=beef'))).toBe(false);
      expect(isCached('recipes', keyOf('/api/recipes'))).toBe(true);
      const all = await callRoute(adminCache, 'POST', '/api/admin/cache/clear-all', {
        headers: { cookie: admin.cookie },
      });
      expect(all.body).toEqual({ cleared: [...CACHE_AREAS], cdnPurged: false });
      expect(Object.values(localStats()).every((s) => s.size === 0)).toBe(true);
    });

    it('refuses an unknown area with a 400 naming the valid ones', async () => {
      const res = await callRoute(adminCache, 'POST', '/api/admin/cache/clear/:area', {
        params: { area: 'images' },
        headers: { cookie: admin.cookie },
      });
      expect(res.status).toBe(400);
      expect(res.body.error).toBe(
        'There is no cache area "images". Valid areas: recipes, categories, search, featured, pages, settings.',
      );
    });

    describe('with a CDN in front (a local stand-in for Netlify’s purge API)', () => {
      let server: http.Server;
      const purges: { auth: string | undefined; body: { cache_tags: string[]; site_id: string } }[] = [];

      beforeAll(async () => {
        server = http.createServer((req, res) => {
          let body = '';
          req.on('data', (chunk: Buffer) => (body += chunk.toString()));
          req.on('end', () => {
            if (req.method === 'POST' && req.url === '/api/v1/purge')
              purges.push({ auth: req.headers.authorization, body: JSON.parse(body) });
            res.writeHead(202).end();
          });
        });
        await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
        const { port } = server.address() as AddressInfo;
        setPurgeTarget({ token: 'purge-token', siteID: 'site-1', apiURL: `http://127.0.0.1:${port}` });
      });
      afterAll(async () => {
        setPurgeTarget(null);
        await new Promise((resolve) => server.close(resolve));
      });
      beforeEach(() => {
        purges.length = 0;
      });

      it('purges the cleared areas by tag', async () => {
        const res = await callRoute(adminCache, 'POST', '/api/admin/cache/clear/:area', {
          params: { area: 'featured' },
          headers: { cookie: admin.cookie },
        });
        expect(res.body.cdnPurged).toBe(true);
        expect(purges).toEqual([
          { auth: 'Bearer purge-token', body: { cache_tags: ['featured'], site_id: 'site-1' } },
        ]);
        await callRoute(adminCache, 'POST', '/api/admin/cache/clear-all', {
          headers: { cookie: admin.cookie },
        });
        expect(purges[1]!.body.cache_tags).toEqual([...CACHE_AREAS]);
      });

      it('purges what a recipe write affects, and nothing of settings', async () => {
        const outcome = await invalidateForScope(
          { reason: 'Recipe updated', recipes: [dessert] },
          { db: db() },
        );
        expect(outcome).toEqual({ announced: true, cdnPurged: true });
        expect(purges[0]!.body.cache_tags.sort()).toEqual(
          ['recipes', 'search', 'featured', `recipe-${dessert.id}`, 'category-desserts'].sort(),
        );
      });
    });
  });
});
