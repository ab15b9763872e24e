// The admin cache routes: report and clear the cache behind the admin guard.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import adminCache from '../../functions/admin-cache.ts';
import recipes from '../../functions/recipes.ts';
import { AREA_LIMITS, CACHE_AREAS } from '../../functions/_shared/cache/areas.ts';
import { setPurgeTarget } from '../../functions/_shared/cache/cdn-purge.ts';
import { invalidateForScope } from '../../functions/_shared/cache/invalidation.ts';
import { isCached, localStats } from '../../functions/_shared/cache/local-cache.ts';
import { expectAdminOnly, type AdminRequest } from '../helpers/admin-session.ts';
import { callRoute, databaseAvailable, engine } from '../helpers/test-db.ts';
import { useCacheSuite, raw, keyOf } from '../helpers/cache-suite.ts';

describe.skipIf(!databaseAvailable)(`API response cache on ${engine}`, () => {
  const { db, dessert, cook, admin } = useCacheSuite();

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
