import * as v from 'valibot';
import { readBodyCapped } from './capped-body.ts';

// JSON in, JSON out (docs/DECISIONS.md "API conventions"). Errors are
// {"error": sentence, "issues"?: [{path, message}]}.

/** Headers every function response carries (netlify.toml headers only reach static files). */
const SECURITY_HEADERS: Record<string, string> = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'",
  'Cross-Origin-Resource-Policy': 'same-origin',
};

export type CachePolicy =
  /**
   * Public and the same for everyone: the CDN may keep it, purged by tag after admin writes.
   * `browserMaxAge` (seconds) lets browsers keep it too, unasked, for that long (the CDN's purge
   * does not reach them); without it they ask again every time.
   */
  | { kind: 'public'; tags: string[]; browserMaxAge?: number }
  /** Depends on the caller or changes state: never stored anywhere. */
  | { kind: 'private' }
  /** Content-addressed (the URL names the bytes): browsers and the CDN keep it for a year. */
  | { kind: 'immutable' };

const PRIVATE: CachePolicy = { kind: 'private' };

function cacheHeaders(policy: CachePolicy): Record<string, string> {
  if (policy.kind === 'private') return { 'Cache-Control': 'private, no-store' };
  if (policy.kind === 'immutable')
    return {
      'Cache-Control': 'public, max-age=31536000, immutable',
      'Netlify-CDN-Cache-Control': 'public, durable, max-age=31536000, immutable',
    };
  return {
    'Cache-Control': policy.browserMaxAge
      ? `public, max-age=${policy.browserMaxAge}`
      : 'public, max-age=0, must-revalidate',
    'Netlify-CDN-Cache-Control': 'public, durable, s-maxage=300, stale-while-revalidate=86400',
    'Netlify-Cache-Tag': policy.tags.join(','),
  };
}

declare const answerType: unique symbol;
/**
 * A JSON response that remembers its body's type, so a route table (./router.ts) can check it
 * against the route's answer in src/lib/api/routes.ts at compile time. Only a type: at run time
 * it is a plain Response.
 */
export type JsonResponse<T> = Response & { readonly [answerType]: T };

/** A JSON response with security and cache headers. */
export function json<T>(
  body: T,
  init: { status?: number; cache?: CachePolicy; headers?: Record<string, string>; cookies?: string[] } = {},
): JsonResponse<T> {
  const headers = new Headers({
    'Content-Type': 'application/json; charset=utf-8',
    ...SECURITY_HEADERS,
    ...cacheHeaders(init.cache ?? PRIVATE),
    ...init.headers,
  });
  for (const cookie of init.cookies ?? []) headers.append('Set-Cookie', cookie);
  return new Response(JSON.stringify(body), { status: init.status ?? 200, headers }) as JsonResponse<T>;
}

/** A non-JSON body (an image) with the same security and cache headers. */
export function binary(
  body: Uint8Array,
  contentType: string,
  init: { status?: number; cache?: CachePolicy; headers?: Record<string, string> } = {},
): Response {
  const headers = new Headers({
    'Content-Type': contentType,
    'Content-Length': String(body.byteLength),
    ...SECURITY_HEADERS,
    ...cacheHeaders(init.cache ?? PRIVATE),
    ...init.headers,
  });
  return new Response(new Uint8Array(body), { status: init.status ?? 200, headers });
}

/**
 * What a function-made HTML page (a prebuilt page filled in) carries instead of the API's
 * `default-src 'none'`: the static pages' own header policy (netlify.toml), their inline script
 * hashes staying in the page's <meta> policy.
 */
const PAGE_SECURITY_HEADERS: Record<string, string> = {
  ...SECURITY_HEADERS,
  'Content-Security-Policy': "frame-ancestors 'none'; object-src 'none'; base-uri 'none'",
};

/** An HTML page with the pages' security headers and the given cache policy. */
export function htmlPage(body: string, init: { status?: number; cache?: CachePolicy } = {}): Response {
  const headers = new Headers({
    'Content-Type': 'text/html; charset=utf-8',
    ...PAGE_SECURITY_HEADERS,
    ...cacheHeaders(init.cache ?? PRIVATE),
  });
  return new Response(body, { status: init.status ?? 200, headers });
}

/** A CSV download (`filename` names the file), never stored anywhere. */
export function csvDownload(body: string, filename: string): Response {
  return new Response(body, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${filename}"`,
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy': SECURITY_HEADERS['Content-Security-Policy']!,
    },
  });
}

/** A redirect (a 301 by default) with the security headers and the given cache policy. */
export function redirect(
  location: string,
  init: { status?: 301 | 302 | 307 | 308; cache?: CachePolicy } = {},
): Response {
  const headers = new Headers({
    Location: location,
    ...SECURITY_HEADERS,
    ...cacheHeaders(init.cache ?? PRIVATE),
  });
  return new Response(null, { status: init.status ?? 301, headers });
}

export interface Issue {
  path: string;
  message: string;
}

/** An error the client should see, with its HTTP status. Thrown anywhere in a handler. */
export class ApiError extends Error {
  readonly status: number;
  readonly issues: Issue[] | undefined;
  readonly headers: Record<string, string>;
  constructor(
    status: number,
    message: string,
    options: { issues?: Issue[]; headers?: Record<string, string> } = {},
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.issues = options.issues;
    this.headers = options.headers ?? {};
  }
}

export const badRequest = (message: string, issues?: Issue[]) =>
  new ApiError(400, message, issues ? { issues } : {});
export const notFound = (message: string) => new ApiError(404, message);

/** The error response for anything thrown; unknown errors are logged and never described. */
export function errorResponse(err: unknown): Response {
  if (err instanceof ApiError) {
    const body: { error: string; issues?: Issue[] } = { error: err.message };
    if (err.issues) body.issues = err.issues;
    return json(body, { status: err.status, headers: err.headers });
  }
  if (isInvalidText(err)) {
    return json(
      { error: 'The request contains characters that cannot be stored (such as NUL).' },
      { status: 400 },
    );
  }
  if (isDatabaseUnavailable(err)) {
    console.error(
      '[api] database unavailable:',
      (err as Error).message || 'the connection could not be opened',
    );
    return json(
      { error: 'The database is not reachable right now. Please try again shortly.' },
      { status: 503, headers: { 'Retry-After': '5' } },
    );
  }
  console.error('[api] unexpected error:', err);
  return json({ error: 'Something went wrong on our side. Please try again.' }, { status: 500 });
}

/** Postgres refuses NUL bytes and invalid encodings in text: that is bad input, not a crash. */
function isInvalidText(err: unknown): boolean {
  const code = (err as { code?: string } | null)?.code;
  return code === '22021' || code === '22P05';
}

/** Network codes and Postgres SQLSTATEs (class 08 connection, 57P0x shutdown, 53300 too many connections). */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  '53300',
]);
/** What pg/Neon's driver says when the connection is lost or never made (they carry no code). */
const UNAVAILABLE_MESSAGE =
  /Connection terminated|connection timeout|timeout expired|Query read timeout|Client has encountered a connection error|WebSocket/i;

/** Whether an error means the database could not be reached (the request answers 503). */
export function isDatabaseUnavailable(err: unknown): boolean {
  // Neon's driver rejects with the WebSocket's own error event (no message, no code) when the
  // connection cannot be opened at all: an unreachable endpoint, a refused port.
  if (typeof Event !== 'undefined' && err instanceof Event && err.type === 'error') return true;
  for (
    let e = err as { code?: unknown; message?: unknown; cause?: unknown } | null, depth = 0;
    e && depth < 4;
    depth++
  ) {
    const code = typeof e.code === 'string' ? e.code : '';
    if (UNAVAILABLE_CODES.has(code) || code.startsWith('08') || /^57P0[1-3]$/.test(code)) return true;
    if (typeof e.message === 'string' && UNAVAILABLE_MESSAGE.test(e.message)) return true;
    e = (e.cause as typeof e) ?? null;
  }
  return false;
}

/** Turns valibot issues into the API's issue list. */
export function toIssues(issues: readonly v.BaseIssue<unknown>[]): Issue[] {
  return issues.map((issue) => ({ path: v.getDotPath(issue) ?? '', message: issue.message }));
}

const WORD_FORMS: Record<string, string> = { url: 'URL', id: 'ID', ids: 'IDs' };

/** A field path as people read it: 'social.videoUrl' → 'Video URL', 'ingredients.2' → 'Ingredients'. */
export function fieldLabel(path: string): string {
  const key = path
    .split('.')
    .filter((part) => part !== '' && !/^\d+$/.test(part))
    .at(-1);
  if (!key) return 'The value';
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .toLowerCase()
    .replace(/^is (?=\w)/, '')
    .split(' ')
    .map((word) => WORD_FORMS[word] ?? word);
  const text = words.join(' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

/**
 * The sentence a person reads for one issue: the rule's own sentence when it names what it is
 * about ("Username must be at least 3 characters"); one that does not ("Must be a valid URL")
 * gets the field's name in front ("Image must be a valid URL"); a bare type complaint of the
 * schema library ("Invalid type: Expected number but received null") becomes "Video duration is
 * not valid: expected number but received null". Never a "path: " prefix.
 */
export function issueSentence(issue: Issue): string {
  const { path, message } = issue;
  if (!path) return message;
  const generic = /^Invalid [a-z]+: (.*)$/s.exec(message);
  if (generic) return `${fieldLabel(path)} is not valid: ${lowerFirst(generic[1]!)}`;
  if (/^(Must|Is|Are|Should|Cannot|Can't|Needs|Has) /.test(message))
    return `${fieldLabel(path)} ${lowerFirst(message)}`;
  return message;
}

/** Parses a value with a schema or throws a 400: the first issue's sentence, every issue beside it. */
export function parseOrThrow<S extends v.GenericSchema>(
  schema: S,
  value: unknown,
  what = 'input',
): v.InferOutput<S> {
  const result = v.safeParse(schema, value);
  if (!result.success) {
    const issues = toIssues(result.issues);
    const first = issues[0];
    throw badRequest(first ? issueSentence(first) : `The ${what} is not valid`, issues);
  }
  return result.output;
}

/** Largest JSON body any endpoint accepts (well under Netlify's 6 MB). */
export const MAX_BODY_BYTES = 64 * 1024;

/** Reads a JSON body, capped in size, and validates it. */
export async function readJson<S extends v.GenericSchema>(
  req: Request,
  schema: S,
  maxBytes = MAX_BODY_BYTES,
): Promise<v.InferOutput<S>> {
  const bytes = await readBodyCapped(req, {
    maxBytes,
    tooLarge: () => new ApiError(413, `The request body is too large (limit ${maxBytes} bytes).`),
    unreadable: () => badRequest('The request body could not be read completely.'),
  });
  const raw = new TextDecoder().decode(bytes);
  let value: unknown;
  try {
    value = raw.length === 0 ? undefined : JSON.parse(raw);
  } catch {
    throw badRequest('The request body is not valid JSON.');
  }
  return parseOrThrow(schema, value, 'request');
}

/** Query parameters as a plain object (last value wins), for schema parsing. */
export function queryOf(url: URL): Record<string, string> {
  return Object.fromEntries(url.searchParams.entries());
}
