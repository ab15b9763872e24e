import { getDb } from '../db/client.ts';
import { CACHE_AREAS, isCacheArea, type CacheArea } from './_shared/cache/areas.ts';
import { fleetStats } from './_shared/cache/fleet.ts';
import { invalidate } from './_shared/cache/invalidation.ts';
import { badRequest, json } from './_shared/http.ts';
import { defineRoutes, type Config, type RouteContext } from './_shared/router.ts';
import { requireAdmin } from './_shared/session.ts';

// The admin's cache panel. Stats describe every instance that
// served cached reads lately (see _shared/cache/fleet.ts); a clear drops the area here at once,
// in the other instances within a second, and on the CDN by tag when deployed.

export const config: Config = {
  path: ['/api/admin/cache/stats', '/api/admin/cache/clear/:area', '/api/admin/cache/clear-all'],
  method: ['GET', 'POST'],
};

async function clear(areas: readonly CacheArea[], { netlify }: RouteContext) {
  const outcome = await invalidate({ areas, tags: [] }, { db: getDb(), context: netlify });
  return json({ cleared: [...areas], cdnPurged: outcome.cdnPurged });
}

export default defineRoutes([
  {
    method: 'GET',
    path: '/api/admin/cache/stats',
    handler: async (req) => {
      await requireAdmin(req);
      return json(await fleetStats(getDb()));
    },
  },
  {
    method: 'POST',
    path: '/api/admin/cache/clear-all',
    handler: async (req, ctx) => {
      await requireAdmin(req);
      return clear(CACHE_AREAS, ctx);
    },
  },
  {
    method: 'POST',
    path: '/api/admin/cache/clear/:area',
    handler: async (req, ctx) => {
      await requireAdmin(req);
      const area = ctx.params.area ?? '';
      if (!isCacheArea(area))
        throw badRequest(
          `There is no cache area "${area.slice(0, 40)}". Valid areas: ${CACHE_AREAS.join(', ')}.`,
        );
      return clear([area], ctx);
    },
  },
]);
