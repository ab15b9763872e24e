import { routePath, type Answer, type CallArgs, type CallOptions } from '../../src/lib/api/client.ts';
import type { ApiMethod, PathOf } from '../../src/lib/api/routes.ts';
import fs from 'node:fs';
import crypto from 'node:crypto';
import { afterAll, beforeAll, inject } from 'vitest';
import { sql } from 'kysely';
import { openPostgres, setDb, useLocalWebSocketProxy, type Db } from '../../db/client.ts';
import { openPGlite } from '../../db/embedded.ts';
import { startWebSocketProxy } from './ws-proxy.ts';

/** Which engine this run of the API suite uses (set per Vitest project). */
export const engine = process.env.FORKFUL_TEST_DB === 'postgres' ? 'postgres' : 'pglite';

/** False when the real-PostgreSQL project has no server to run against (the suite then skips). */
export const databaseAvailable = engine === 'pglite' || Boolean(process.env.PG_TEST_URL);

/**
 * Gives the calling test file its own copy of the seeded template database and installs it as
 * the process-wide handle the functions use. Returns a getter for direct queries.
 */
export function useTestDatabase(): () => Db {
  let db: Db | undefined;
  let cleanup: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    if (engine === 'pglite') {
      const template = new Blob([fs.readFileSync(inject('pgliteTemplate'))]);
      const embedded = openPGlite(undefined, template);
      await embedded.pglite.waitReady;
      db = embedded.db;
      cleanup = embedded.close;
    } else {
      const url = process.env.PG_TEST_URL!;
      const proxy = await startWebSocketProxy();
      useLocalWebSocketProxy(proxy.port);
      const name = `forkful_t_${crypto.randomBytes(5).toString('hex')}`;
      const admin = openPostgres(url);
      await sql`CREATE DATABASE ${sql.id(name)} TEMPLATE ${sql.id(inject('pgTemplateDb'))}`.execute(admin);
      const fileUrl = new URL(url);
      fileUrl.pathname = `/${name}`;
      db = openPostgres(fileUrl.toString());
      cleanup = async () => {
        await db?.destroy();
        await sql`DROP DATABASE IF EXISTS ${sql.id(name)} WITH (FORCE)`.execute(admin);
        await admin.destroy();
        await proxy.close();
      };
    }
    setDb(db);
  });

  afterAll(async () => {
    setDb(undefined);
    await cleanup?.();
  });

  return () => {
    if (!db) throw new Error('The test database is not open yet (use it inside tests or hooks).');
    return db;
  };
}

/** Calls a function handler the way Netlify does: with a web Request. */
async function call(
  handler: (req: Request, context?: { ip?: string }) => Promise<Response>,
  path: string,
  init: RequestInit & { json?: unknown; ip?: string | undefined } = {},
  // The body is whatever the route answered; each test asserts the fields it expects.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
): Promise<{ status: number; headers: Headers; body: any }> {
  const { json, ip, ...rest } = init;
  const headers = new Headers(rest.headers);
  if (json !== undefined) headers.set('content-type', 'application/json');
  const res = await handler(
    new Request(`http://localhost:8888${path}`, {
      ...rest,
      headers,
      ...(json !== undefined ? { body: JSON.stringify(json) } : {}),
    }),
    // The client's address, as Netlify's context.ip (never a request header) carries it.
    ip === undefined ? {} : { ip },
  );
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // Not JSON: the test sees the text.
  }
  return { status: res.status, headers: res.headers, body };
}

/** An error answer's body (functions/_shared/http.ts). */
interface ErrorBody {
  error: string;
  issues?: { path: string; message: string }[];
}

/**
 * Deliberately invalid input: a body, param or query value the route table would refuse at
 * compile time (a wrong type, an unknown or missing field, a path param that is no id), sent to
 * see the server refuse it too. The one way past callRoute's checks besides `rawBody`.
 */
export function unchecked<T>(value: unknown): T {
  return value as T;
}

/** What callRoute takes besides the route's own options: headers and the client's address. */
type RequestExtras = Omit<RequestInit, 'body' | 'method'> & { ip?: string | undefined };

/**
 * The route's options (src/lib/api/client.ts), or the same with `rawBody` for its body: this exact
 * text instead of the JSON of `body` (malformed JSON, a non-JSON body), sent as application/json
 * unless the headers name another content type.
 */
type RouteOptions<M extends ApiMethod, P extends PathOf<M>> =
  CallOptions<M, P> | (Omit<CallOptions<M, P>, 'body'> & { body?: never; rawBody: string });

/**
 * `call` through the route table (src/lib/api/routes.ts): the route must exist, its params,
 * query and body are checked at compile time, and the answer's body has the route's type (with
 * the error fields, for the 4xx cases). A FormData body (an upload) goes as multipart.
 */
export async function callRoute<M extends ApiMethod, P extends PathOf<M>>(
  handler: Parameters<typeof call>[0],
  method: M,
  path: P,
  ...[options]: CallArgs<RouteOptions<M, P> & RequestExtras>
): Promise<{ status: number; headers: Headers; body: Answer<M, P> & Partial<ErrorBody> }> {
  const {
    params,
    query,
    body,
    rawBody,
    signal: _signal,
    ...init
  } = (options ?? {}) as {
    params?: Record<string, string | number>;
    query?: Record<string, string | number | boolean | undefined>;
    body?: unknown;
    rawBody?: string;
    signal?: AbortSignal;
  } & RequestExtras;
  const address = routePath(path, params, query);
  if (rawBody !== undefined) {
    const headers = new Headers(init.headers);
    if (!headers.has('content-type')) headers.set('content-type', 'application/json');
    return call(handler, address, { ...init, headers, method, body: rawBody });
  }
  if (body instanceof FormData) return call(handler, address, { ...init, method, body });
  return call(handler, address, {
    ...init,
    method,
    ...(body !== undefined ? { json: body } : {}),
  });
}

/**
 * callRoute bound to one function file and one account: its session cookie goes with every
 * request (read at each call, since accounts sign in in beforeAll).
 */
export function routeCaller(handler: Parameters<typeof call>[0], account: () => { cookie: string }) {
  return <M extends ApiMethod, P extends PathOf<M>>(
    method: M,
    path: P,
    ...[options]: CallArgs<RouteOptions<M, P> & RequestExtras>
  ) => {
    const headers = new Headers(options?.headers);
    headers.set('cookie', account().cookie);
    // The options are the caller's, checked above; only the headers change.
    const withSession = [{ ...options, headers }] as unknown as CallArgs<RouteOptions<M, P> & RequestExtras>;
    return callRoute(handler, method, path, ...withSession);
  };
}
