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
export async function call(
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

/**
 * Deliberately invalid input: a body, param or query value the route's type refuses, sent to
 * see the server refuse it too. The one way around callRoute's compile-time checks.
 */
export function unchecked<T>(value: unknown): T {
  return value as T;
}

/** An error answer's body (functions/_shared/http.ts). */
interface ErrorBody {
  error: string;
  issues?: { path: string; message: string }[];
}

/**
 * `call` through the route table (src/lib/api/routes.ts): the route must exist, its params,
 * query and body are checked at compile time, and the answer's body has the route's type (with
 * the error fields, for the 4xx cases). `rawBody` sends text that is not JSON as the body.
 */
export async function callRoute<M extends ApiMethod, P extends PathOf<M>>(
  handler: Parameters<typeof call>[0],
  method: M,
  path: P,
  ...[options]: CallArgs<
    CallOptions<M, P> & Omit<RequestInit, 'body' | 'method'> & { ip?: string; rawBody?: string }
  >
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
  } & Omit<RequestInit, 'body' | 'method'> & { ip?: string };
  // A FormData body (an upload) goes as multipart; rawBody (text that is not JSON) as it is.
  const sent =
    rawBody !== undefined
      ? { body: rawBody }
      : body instanceof FormData
        ? { body }
        : body !== undefined
          ? { json: body }
          : {};
  return call(handler, routePath(path, params, query), { ...init, method, ...sent });
}
