import type { Config, Context } from '@netlify/functions';
import { ApiError, errorResponse } from './http.ts';
import { assertSameSite } from './same-site.ts';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RouteContext {
  params: Record<string, string>;
  url: URL;
  /** The Netlify context when deployed; locally and in tests a minimal stand-in. */
  netlify: Partial<Context>;
}

export interface Route {
  method: Method;
  path: string;
  handler: (req: Request, ctx: RouteContext) => Promise<Response> | Response;
}

/** Origins besides the request's own that may send state-changing requests (SITE_URL). */
function trustedOrigins(): string[] {
  const site = process.env.SITE_URL;
  return site ? [new URL(site).origin] : [];
}

export type Handler = ((req: Request, context?: Partial<Context>) => Promise<Response>) & {
  routes: readonly Route[];
};

/**
 * One function file serves one API resource with several routes. Netlify routes the request to
 * the file by its `config.path` (a literal in the file: Netlify reads it without running code);
 * this picks the route by method and URLPattern, in table order (so `/api/recipes/featured`
 * comes before `/api/recipes/:id`). A test checks that every route path is in the config.
 */
export function defineRoutes(routes: Route[]): Handler {
  const compiled = routes.map((route) => ({ ...route, pattern: new URLPattern({ pathname: route.path }) }));
  const handler = async (req: Request, context: Partial<Context> = {}): Promise<Response> => {
    try {
      const url = new URL(req.url);
      const onPath = compiled.filter((r) => r.pattern.test({ pathname: url.pathname }));
      if (onPath.length === 0) throw new ApiError(404, 'No such API endpoint.');
      const method = req.method === 'HEAD' ? 'GET' : req.method;
      const route = onPath.find((r) => r.method === method);
      if (!route) {
        const allowed = [...new Set(onPath.map((r) => r.method))].join(', ');
        throw new ApiError(405, `Method ${req.method} is not allowed here.`, { headers: { Allow: allowed } });
      }
      assertSameSite(req, trustedOrigins());
      const match = route.pattern.exec({ pathname: url.pathname });
      const params = Object.fromEntries(
        Object.entries(match?.pathname.groups ?? {}).map(([k, val]) => [k, decodePathParam(k, val ?? '')]),
      );
      return await route.handler(req, { params, url, netlify: context });
    } catch (err) {
      return errorResponse(err);
    }
  };
  return Object.assign(handler, { routes });
}

/** A path parameter with its percent-escapes decoded; a broken escape is the client's error. */
function decodePathParam(name: string, raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    throw new ApiError(400, `The address has a malformed percent-escape in its ${name}.`);
  }
}

export type { Config };
