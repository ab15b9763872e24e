import type { CacheArea } from './cache/areas.ts';
import { cachedResponse } from './cache/cached-response.ts';
import { getDb } from '../../db/client.ts';
import { isAdmin, optionalUser, sessionToken } from './session.ts';

// Public reads that show the admin more (drafts, timestamps): everyone else gets the public
// answer through the area's response cache; the admin's answer is made fresh and never stored.

export function publicOrAdmin<C extends { url: URL }, R extends Response>(
  area: CacheArea,
  handler: (req: Request, ctx: C, viewer: { admin: boolean }) => Promise<R> | R,
): (req: Request, ctx: C) => Promise<R> {
  return async (req, ctx) => {
    // Only a request carrying a session can be the admin's (no database call for the others).
    if (sessionToken(req) && isAdmin(await optionalUser(req, getDb())))
      return handler(req, ctx, { admin: true });
    // A cache hit is the answer the handler gave before: the same type.
    return cachedResponse(area, ctx.url, async () => handler(req, ctx, { admin: false })) as Promise<R>;
  };
}
