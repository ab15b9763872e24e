import type { Config, Context } from '@netlify/functions';
import type { ApiRoutes, RouteKey } from '../../src/lib/api/routes.ts';
import { ApiError, errorResponse, type JsonResponse } from './http.ts';
import { configuredSiteOrigin } from '../../src/lib/site-url.ts';
import { assertSameSite } from './same-site.ts';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RouteContext {
  params: Record<string, string>;
  url: URL;
  /** The Netlify context when deployed; locally and in tests a minimal stand-in. */
  netlify: Partial<Context>;
}

/** A route as the router runs it. */
export interface Route {
  method: Method;
  path: string;
  handler: (req: Request, ctx: RouteContext) => Promise<Response> | Response;
}

/**
 * What the handler of route `K` may answer: a `json()` of the route table's answer type
 * (src/lib/api/routes.ts), or any Response for the routes that answer no JSON (`never`: images,
 * redirects, CSV). Errors are thrown (ApiError), so they need no place here.
 */
export type AnswerOf<K extends RouteKey> = [ApiRoutes[K]['output']] extends [never]
  ? Response
  : JsonResponse<ApiRoutes[K]['output']>;

/** The handler of route `K`, its answer checked against the route table. */
export type RouteHandler<K extends RouteKey> = (
  req: Request,
  ctx: RouteContext,
) => Promise<AnswerOf<K>> | AnswerOf<K>;

/** One entry of a function's route table: a key of the route table and its checked handler. */
export type TypedRoute = {
  [K in RouteKey]: K extends `${infer M extends Method} ${infer P}`
    ? { method: M; path: P; handler: RouteHandler<K> }
    : never;
}[RouteKey];

/** Origins besides the request's own that may send state-changing requests (the site's URL). */
function trustedOrigins(): string[] {
  const site = configuredSiteOrigin(process.env);
  return site ? [site] : [];
}

/**
 * The sentence a function answers when its runtime lacks URLPattern (global from Node.js 24 on):
 * deployed on an older Node, every route would otherwise fail with a ReferenceError's stack.
 */
export function runtimeTooOldMessage(version = process.versions.node): string {
  return `This site's functions need Node.js 24 or newer (they use URLPattern), and this runtime is Node.js ${version}. Set NODE_VERSION=24 in the site's environment variables in the Netlify UI (AWS_LAMBDA_JS_RUNTIME=nodejs24.x pins the functions' runtime) and deploy again.`;
}

let toldTooOld = false;

/** The 500 every route answers on a runtime without URLPattern; the reason is logged once. */
function runtimeTooOld(): Response {
  const message = runtimeTooOldMessage();
  if (!toldTooOld) {
    toldTooOld = true;
    console.error(`[router] ${message}`);
  }
  return errorResponse(new ApiError(500, message));
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
export function defineRoutes(routes: readonly TypedRoute[]): Handler {
  const Pattern = (globalThis as { URLPattern?: typeof URLPattern }).URLPattern;
  if (!Pattern) {
    const tooOld = async () => runtimeTooOld();
    return Object.assign(tooOld, { routes: routes as readonly Route[] });
  }
  const compiled = routes.map((route) => ({ ...route, pattern: new Pattern({ pathname: route.path }) }));
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
  return Object.assign(handler, { routes: routes as readonly Route[] });
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
