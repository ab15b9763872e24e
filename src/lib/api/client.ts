import type { ApiMethod, ParamNames, PathOf, RouteOf } from './routes.ts';

// The browser's typed door to /api. Every call names a route of ./routes.ts and is
// checked against it: path parameters, query, body and the answer's type.
//: every request carries the session cookie, JSON
// content type and body only when there is a payload, and any non-2xx becomes an ApiRequestError
// whose message is "{status}: {body text or status text}".

export interface ApiIssue {
  path: string;
  message: string;
}

/** A non-2xx answer from the API. `error` is the server's sentence when the body had one. */
export class ApiRequestError extends Error {
  readonly status: number;
  /** The `error` field of a JSON error body, if any: the text to show a person. */
  readonly error: string | undefined;
  readonly issues: ApiIssue[];
  /** Seconds to wait before trying again (429 answers). */
  readonly retryAfter: number | undefined;
  constructor(status: number, statusText: string, bodyText: string, retryAfter: number | undefined) {
    super(`${status}: ${bodyText || statusText}`);
    this.name = 'ApiRequestError';
    this.status = status;
    this.retryAfter = retryAfter;
    const parsed = parseErrorBody(bodyText);
    this.error = parsed.error;
    this.issues = parsed.issues;
  }
}

function parseErrorBody(text: string): { error: string | undefined; issues: ApiIssue[] } {
  try {
    const body = JSON.parse(text) as { error?: unknown; issues?: unknown };
    const error = typeof body.error === 'string' ? body.error : undefined;
    const issues = Array.isArray(body.issues) ? (body.issues as ApiIssue[]) : [];
    return { error, issues };
  } catch {
    return { error: undefined, issues: [] };
  }
}

/** The sentence to show for a failed call: the server's own words when it gave some. */
export function errorText(err: unknown, fallback: string): string {
  if (err instanceof ApiRequestError) return err.error ?? fallback;
  return fallback;
}

export type HttpMethod = ApiMethod;

/** Sends one request; a non-2xx answer becomes an ApiRequestError. */
async function send(
  method: HttpMethod,
  path: string,
  payload: unknown,
  init: { signal?: AbortSignal },
): Promise<Response> {
  // A FormData body (an upload) goes as multipart, with the boundary the browser sets.
  const form = typeof FormData !== 'undefined' && payload instanceof FormData;
  const hasJson = payload !== undefined && !form;
  const res = await fetch(path, {
    method,
    credentials: 'include',
    headers: hasJson
      ? { 'Content-Type': 'application/json', Accept: 'application/json' }
      : { Accept: 'application/json' },
    ...(form ? { body: payload } : hasJson ? { body: JSON.stringify(payload) } : {}),
    ...(init.signal ? { signal: init.signal } : {}),
  });
  return checked(res);
}

/** The answer itself when it is a 2xx, else an ApiRequestError with the server's words. */
async function checked(res: Response): Promise<Response> {
  if (!res.ok) {
    const retry = Number(res.headers.get('retry-after'));
    throw new ApiRequestError(
      res.status,
      res.statusText,
      await res.text(),
      Number.isFinite(retry) && retry > 0 ? retry : undefined,
    );
  }
  return res;
}

async function parsed<T>(res: Response): Promise<T> {
  const text = await res.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/**
 * The parsed JSON body of an API answer (undefined for an empty body), or an ApiRequestError for
 * a non-2xx. For a request sent before this module loaded (the search page's first request).
 */
export async function readApiResponse<T>(res: Response): Promise<T> {
  return parsed<T>(await checked(res));
}

/** Sends one request and returns the parsed JSON body (undefined for an empty body). */
export async function apiRequest<T>(
  method: HttpMethod,
  path: string,
  payload?: unknown,
  init: { signal?: AbortSignal } = {},
): Promise<T> {
  return parsed<T>(await send(method, path, payload, init));
}

/** Query values; undefined ones are left out. */
type QueryValue = string | number | boolean | undefined;

/** The concrete address of a route pattern: `:params` filled in (escaped), the query appended. */
export function routePath(
  pattern: string,
  params: Record<string, string | number> = {},
  query: Record<string, QueryValue> | undefined = undefined,
): string {
  const path = pattern.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`routePath: no value for :${name} in ${pattern}`);
    return encodeURIComponent(String(value));
  });
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {}))
    if (value !== undefined) search.set(key, String(value));
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

type ParamsPart<P extends string> = [ParamNames<P>] extends [never]
  ? { params?: never }
  : { params: Record<ParamNames<P>, string | number> };
type BodyPart<B> = [B] extends [undefined] ? { body?: never } : { body: B };
type QueryPart<Q> = [Q] extends [undefined]
  ? { query?: never }
  : { query?: { [K in keyof Q]?: Q[K] | undefined } };

/** What a call to route `M P` takes besides its path. */
export type CallOptions<M extends ApiMethod, P extends PathOf<M>> = ParamsPart<P> &
  BodyPart<RouteOf<M, P>['body']> &
  QueryPart<RouteOf<M, P>['query']> & { signal?: AbortSignal };
/** The options argument, optional when nothing in it is required. */
export type CallArgs<O> = object extends O ? [options?: O] : [options: O];
/** What route `M P` answers. */
export type Answer<M extends ApiMethod, P extends PathOf<M>> = RouteOf<M, P>['output'];

type RawOptions = {
  params?: Record<string, string | number>;
  query?: Record<string, QueryValue>;
  body?: unknown;
  signal?: AbortSignal;
};

function sendRoute(method: ApiMethod, path: string, options: object | undefined): Promise<Response> {
  const o: RawOptions = options ?? {};
  return send(method, routePath(path, o.params, o.query), o.body, o.signal ? { signal: o.signal } : {});
}

function caller<M extends ApiMethod>(method: M) {
  return async <P extends PathOf<M>>(
    path: P,
    ...[options]: CallArgs<CallOptions<M, P>>
  ): Promise<Answer<M, P>> => parsed<Answer<M, P>>(await sendRoute(method, path, options));
}

/**
 * The typed client: `api.post('/api/recipes/:id/reviews', { params: { id }, body })`.
 * `getOrNull` is the return-null mode: a 401 resolves to null instead of failing.
 * `getWithTotal` also reads the X-Total-Count header the paged admin listings send.
 */
export const api = {
  get: caller('GET'),
  post: caller('POST'),
  put: caller('PUT'),
  patch: caller('PATCH'),
  delete: caller('DELETE'),
  getOrNull: <P extends PathOf<'GET'>>(
    path: P,
    ...args: CallArgs<CallOptions<'GET', P>>
  ): Promise<Answer<'GET', P> | null> =>
    caller('GET')(path, ...args).catch((err: unknown) => {
      if (err instanceof ApiRequestError && err.status === 401) return null;
      throw err;
    }),
  getWithTotal: async <P extends PathOf<'GET'>>(
    path: P,
    ...[options]: CallArgs<CallOptions<'GET', P>>
  ): Promise<{ body: Awaited<Answer<'GET', P>>; total: number | null }> => {
    const res = await sendRoute('GET', path, options);
    const header = res.headers.get('x-total-count');
    const total = header !== null && /^\d+$/.test(header) ? Number(header) : null;
    return { body: await parsed<Awaited<Answer<'GET', P>>>(res), total };
  },
};
