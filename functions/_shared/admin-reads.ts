import type { CacheArea } from './cache/areas.ts';
import { cachedResponse } from './cache/cached-response.ts';
import { getDb } from '../../db/client.ts';
import { isAdmin, optionalUser, sessionToken } from './session.ts';

// Public reads that show the admin more (drafts, timestamps): everyone else gets the public
// answer through the area's response cache; the admin's answer is made fresh and never stored.

export function publicOrAdmin<C extends { url: URL }>(
  area: CacheArea,
  handler: (req: Request, ctx: C, viewer: { admin: boolean }) => Promise<Response> | Response,
): (req: Request, ctx: C) => Promise<Response> {
  return async (req, ctx) => {
    // Only a request carrying a session can be the admin's (no database call for the others).
    if (sessionToken(req) && isAdmin(await optionalUser(req, getDb())))
      return handler(req, ctx, { admin: true });
    return cachedResponse(area, ctx.url, async () => handler(req, ctx, { admin: false }));
  };
}
