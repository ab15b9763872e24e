// The requests the API fuzz test sends: every route from the functions' own route tables, and
// fast-check arbitraries for broken escapes and encodings, odd methods, absurd headers and content
// types, and truncated, deep, huge, prototype-polluting or wrongly typed JSON, as every role.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import fc from 'fast-check';
import { ROOT } from './paths.ts';
import type { TableSummary } from '../../scripts/lib/local-control.ts';

export interface RouteEntry {
  method: string;
  path: string;
}

/** Every route of every function file: its defineRoutes table, else its config. */
export async function routeTables(): Promise<RouteEntry[]> {
  const dir = path.join(ROOT, 'functions');
  const routes: RouteEntry[] = [];
  for (const file of fs
    .readdirSync(dir)
    .filter((f) => /\.m?ts$/.test(f) && !f.endsWith('.test.ts'))
    .sort()) {
    const mod = (await import(pathToFileURL(path.join(dir, file)).href)) as {
      default: { routes?: readonly RouteEntry[] };
      config?: { path?: string | string[]; method?: string | string[] };
    };
    if (mod.default.routes?.length) {
      routes.push(...mod.default.routes.map((r) => ({ method: r.method, path: r.path })));
      continue;
    }
    const methods = ([] as string[]).concat(mod.config?.method ?? ['GET', 'POST']);
    for (const p of ([] as string[]).concat(mod.config?.path ?? []))
      for (const method of methods) routes.push({ method, path: p });
  }
  return routes;
}

/**
 * Tables the server writes on its own or on purpose for refused requests: failed logins and
 * sign-ups are counted per address and account (rate_limits, by design), publishing and cache
 * bookkeeping run in the background after successful admin writes.
 */
const NOT_CONTENT = new Set([
  'rate_limits',
  'publish_requests',
  'publish_slots',
  'cache_invalidations',
  'cache_instance_stats',
  'kysely_migration',
  'kysely_migration_lock',
]);

export function changedTables(before: TableSummary, after: TableSummary): string[] {
  return Object.keys({ ...before, ...after }).filter(
    (name) => !NOT_CONTENT.has(name) && before[name]?.checksum !== after[name]?.checksum,
  );
}

export const PASSWORD = 'Brisket-Marigold-Kettle-93';
export const ADMIN_PASSWORD = 'Fuzz-Admin-Kettle-2026';
const FIELD_NAMES = [
  'username',
  'email',
  'password',
  'currentPassword',
  'newPassword',
  'rating',
  'comment',
  'title',
  'name',
  'slug',
  'description',
  'servings',
  'prepTime',
  'cookTime',
  'ingredients',
  'instructions',
  'category',
  'tags',
  'calories',
  'date',
  'goal',
  'dailyGoal',
  'recipeId',
  'quantity',
  'unit',
  'checked',
  'item',
  'items',
  'text',
  'area',
  'url',
  'image',
  'scope',
  'reason',
  'id',
  'content',
  'published',
  'q',
  'page',
  'limit',
  '__proto__',
  'constructor',
  'prototype',
  'isAdmin',
  'role',
];

// ---- arbitraries ----------------------------------------------------------------------------

const brokenEscape = fc.constantFrom('%', '%E0%A4%A', '%ZZ', '%C0%AF', '%00', '%FF%FE', '%%', '%2', '%u0041');
const oddSegment = fc.oneof(
  fc.integer({ min: 1, max: 140 }).map(String),
  fc.constantFrom('0', '-1', '1.5', '1e3', '0x10', '99999999999999999999', 'NaN', 'null', 'undefined'),
  fc.constantFrom('__proto__', 'constructor', 'prototype', '..', '.', 'admin', "'; DROP TABLE users;--"),
  fc.constantFrom('classic-pancakes', 'soups', 'breakfast', 'desserts', 'a'.repeat(3000)),
  fc.string({ maxLength: 40 }).map(encodeURIComponent),
  fc
    .string({ unit: 'binary', maxLength: 20 })
    .map((s) => encodeURIComponent(s.replace(/[\uD800-\uDFFF]/g, ''))),
  brokenEscape,
  fc.tuple(fc.string({ maxLength: 8 }).map(encodeURIComponent), brokenEscape).map(([a, b]) => a + b),
);

const queryString = fc.oneof(
  fc.constant(''),
  fc
    .array(
      fc.tuple(
        fc.oneof(fc.constantFrom('q', 'page', 'limit', 'sort', 'category', 'from', 'to', 'date'), oddSegment),
        fc.oneof(oddSegment, fc.constant('')),
      ),
      { maxLength: 4 },
    )
    .map((pairs) => '?' + pairs.map(([k, val]) => `${k}=${val}`).join('&')),
  brokenEscape.map((e) => `?q=${e}`),
);

const fieldValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constantFrom(-1, 0, 1e308, Number.MAX_SAFE_INTEGER + 2, '', ' ', '\u0000', '<script>', 'x'.repeat(5000)),
  fc.array(fc.oneof(fc.string({ maxLength: 10 }), fc.integer()), { maxLength: 4 }),
  fc.dictionary(fc.constantFrom(...FIELD_NAMES), fc.oneof(fc.string({ maxLength: 10 }), fc.integer()), {
    maxKeys: 3,
  }),
);

const jsonBody: fc.Arbitrary<string> = fc.oneof(
  // Plausible objects with wrong types in every field.
  fc.dictionary(fc.constantFrom(...FIELD_NAMES), fieldValue, { maxKeys: 8 }).map((o) => JSON.stringify(o)),
  fc.json({ maxDepth: 4 }),
  // Truncated JSON.
  fc
    .tuple(fc.dictionary(fc.constantFrom(...FIELD_NAMES), fieldValue, { minKeys: 1, maxKeys: 5 }), fc.nat())
    .map(([o, n]) => {
      const text = JSON.stringify(o);
      return text.slice(0, n % text.length);
    }),
  // Deep nesting.
  fc.integer({ min: 100, max: 20_000 }).map((n) => '['.repeat(n) + ']'.repeat(n)),
  fc.integer({ min: 100, max: 5_000 }).map((n) => '{"a":'.repeat(n) + '1' + '}'.repeat(n)),
  // Prototype pollution.
  fc.constantFrom(
    '{"__proto__":{"isAdmin":true,"role":"admin"},"username":"x"}',
    '{"constructor":{"prototype":{"isAdmin":true}}}',
    '{"__proto__":null}',
    '[{"__proto__":{"polluted":1}}]',
  ),
  // Huge (over the 64 KiB body cap) and odd scalars.
  fc.constantFrom('"' + 'x'.repeat(70_000) + '"', JSON.stringify({ comment: 'y'.repeat(66_000) })),
  fc.constantFrom(
    '',
    'null',
    '0',
    'true',
    '"str"',
    '[]',
    '{}',
    'undefined',
    'NaN',
    '\u0000',
    '{"a":1}{"b":2}',
  ),
  fc.string({ unit: 'binary', maxLength: 200 }),
);

const contentType = fc.oneof(
  fc.constant('application/json'),
  fc.constantFrom(
    'application/json; charset=utf-8',
    'application/json; charset=utf-16',
    'text/plain',
    'application/x-www-form-urlencoded',
    'multipart/form-data; boundary=----x',
    'multipart/form-data',
    'image/png',
    'application/octet-stream',
    'application/json, text/html',
    '',
    ';;;',
    'a'.repeat(2000),
  ),
);

const oddMethod = fc.constantFrom(
  'GET',
  'HEAD',
  'POST',
  'PUT',
  'PATCH',
  'DELETE',
  'OPTIONS',
  'PROPFIND',
  'TRACE',
  'MKCOL',
);

const extraHeaders = fc.dictionary(
  fc.constantFrom(
    'Origin',
    'Sec-Fetch-Site',
    'X-Forwarded-For',
    'Accept',
    'Accept-Encoding',
    'Accept-Language',
    'If-None-Match',
    'Range',
    'X-HTTP-Method-Override',
    'Content-Encoding',
    'Referer',
  ),
  fc.oneof(
    fc.constantFrom(
      'http://evil.example',
      'null',
      'cross-site',
      'same-origin',
      '*',
      '1.2.3.4',
      'br;q=0',
      'bytes=0-1',
      'DELETE',
      'gzip',
      'x'.repeat(4000),
    ),
    fc.string({ unit: 'grapheme-ascii', maxLength: 30 }).map((s) => s.replace(/[\r\n]/g, '')),
  ),
  { maxKeys: 3 },
);

export type Role = 'anonymous' | 'user' | 'admin';

export interface FuzzRequest {
  role: Role;
  method: string;
  target: string;
  headers: Record<string, string>;
  body: string | undefined;
}

export function requestFor(routes: RouteEntry[]): fc.Arbitrary<FuzzRequest> {
  return fc
    .record({
      route: fc.constantFrom(...routes),
      role: fc.constantFrom<Role>('anonymous', 'user', 'admin'),
      ownMethod: fc
        .boolean()
        .chain((b) => (b ? fc.constant(true) : fc.boolean()))
        .chain((b) => (b ? fc.constant(true) : fc.boolean())),
      odd: oddMethod,
      segments: fc.array(oddSegment, { minLength: 4, maxLength: 4 }),
      query: queryString,
      headers: extraHeaders,
      contentType,
      body: fc.option(jsonBody, { freq: 4 }),
    })
    .map(({ route, role, ownMethod, odd, segments, query, headers, contentType: type, body }) => {
      let i = 0;
      const target = route.path.replace(/:[A-Za-z_]\w*/g, () => segments[i++ % segments.length]!) + query;
      const hs: Record<string, string> = { ...headers };
      if (body !== null && type) hs['Content-Type'] = type;
      return { role, method: ownMethod ? route.method : odd, target, headers: hs, body: body ?? undefined };
    });
}
