import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { LRUCache } from 'lru-cache';
import { parse as parseToml } from 'smol-toml';

// Serves a built site the way Netlify's CDN does: netlify.toml redirects and headers, pretty
// URLs (/a → a/index.html), 404.html for unknown paths, compressed text.

interface Redirect {
  from: URLPattern;
  to: string;
  status: number;
}

interface HeaderRule {
  pattern: RegExp;
  values: Record<string, string>;
}

export interface NetlifyRules {
  redirects: Redirect[];
  headers: HeaderRule[];
}

/** Reads the redirects and header rules of netlify.toml. */
export function readNetlifyRules(tomlFile: string): NetlifyRules {
  const doc = parseToml(fs.readFileSync(tomlFile, 'utf8')) as {
    redirects?: { from: string; to: string; status?: number }[];
    headers?: { for: string; values: Record<string, string> }[];
  };
  return {
    redirects: (doc.redirects ?? []).map((r) => ({
      from: new URLPattern({ pathname: r.from.replace(/\/\*$/, '/:splat*') }),
      to: r.to,
      status: r.status ?? 301,
    })),
    headers: (doc.headers ?? []).map((h) => ({ pattern: globToRegExp(h.for), values: h.values })),
  };
}

function globToRegExp(glob: string): RegExp {
  return new RegExp(
    `^${glob
      .split('*')
      .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
      .join('.*')}$`,
  );
}

/** The redirect for a path, if a rule matches (":name" and ":splat" are substituted). */
export function findRedirect(
  rules: NetlifyRules,
  pathname: string,
): { location: string; status: number } | undefined {
  for (const rule of rules.redirects) {
    const match = rule.from.exec({ pathname });
    if (!match) continue;
    const groups = match.pathname.groups;
    const location = rule.to.replace(/:([a-z]+)/gi, (_m, name: string) => groups[name] ?? '');
    return { location, status: rule.status };
  }
  return undefined;
}

/** Headers of every rule matching the path, later rules overriding earlier ones. */
export function headersFor(rules: NetlifyRules, pathname: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const rule of rules.headers) if (rule.pattern.test(pathname)) Object.assign(out, rule.values);
  return out;
}

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
  '.mov': 'video/quicktime',
  '.mp3': 'audio/mpeg',
  '.vtt': 'text/vtt; charset=utf-8',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.webmanifest': 'application/manifest+json',
};

const COMPRESSIBLE = new Set([
  '.html',
  '.css',
  '.js',
  '.mjs',
  '.json',
  '.xml',
  '.txt',
  '.svg',
  '.webmanifest',
]);

export interface StaticFile {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/**
 * Finds and encodes files of the current build directory. The previous build stays reachable
 * for hashed assets (`/_astro/*`) so pages loaded just before a swap keep their scripts.
 */
export class StaticSite {
  #dirs: string[] = [];
  readonly #rules: NetlifyRules;
  /**
   * Compressed files, kept so a page is compressed once, not per request: bounded by bytes
   * (a 10,000-recipe site in two encodings would otherwise keep ~200 MB), least recently used out.
   */
  readonly #encoded: LRUCache<string, Buffer>;

  constructor(rules: NetlifyRules, options: { cacheBytes?: number } = {}) {
    this.#rules = rules;
    this.#encoded = new LRUCache<string, Buffer>({
      maxSize: options.cacheBytes ?? ENCODED_CACHE_BYTES,
      sizeCalculation: (b) => b.length + 64,
    });
  }

  /** What the compressed-file cache holds now (tests, the bench). */
  get cacheStats(): { entries: number; bytes: number; maxBytes: number } {
    return {
      entries: this.#encoded.size,
      bytes: this.#encoded.calculatedSize,
      maxBytes: this.#encoded.maxSize,
    };
  }

  /** Switches to a freshly built directory, keeping the one before it for asset misses. */
  use(dir: string): void {
    this.#dirs = [dir, ...this.#dirs.filter((d) => d !== dir)].slice(0, 2);
    this.#encoded.clear();
  }

  get currentDir(): string | undefined {
    return this.#dirs[0];
  }

  get rules(): NetlifyRules {
    return this.#rules;
  }

  /**
   * Resolves a URL path to a response: the file, a redirect, or the 404 page. With a `range`
   * (the Range header) a file sent as it is on disk answers 206 with that part (a video seeks),
   * or 416 when the range lies outside it.
   */
  respond(pathname: string, acceptEncoding: string, range?: string): StaticFile {
    const redirect = findRedirect(this.#rules, pathname);
    if (redirect) {
      return {
        status: redirect.status,
        headers: { Location: redirect.location, 'Cache-Control': 'public, max-age=0' },
        body: Buffer.alloc(0),
      };
    }
    const file = this.#resolve(pathname);
    if (file) return partOf(this.#fileResponse(file, pathname, 200, acceptEncoding), range);
    const notFoundPage = this.#dirs[0] ? path.join(this.#dirs[0], '404.html') : undefined;
    if (notFoundPage && fs.existsSync(notFoundPage))
      return this.#fileResponse(notFoundPage, pathname, 404, acceptEncoding);
    return {
      status: 404,
      headers: { 'Content-Type': 'text/plain; charset=utf-8' },
      body: Buffer.from('Not found'),
    };
  }

  #resolve(pathname: string): string | undefined {
    let decoded: string;
    try {
      decoded = decodeURIComponent(pathname);
    } catch {
      return undefined;
    }
    if (decoded.includes('\0')) return undefined;
    const dirs = decoded.startsWith('/_astro/') ? this.#dirs : this.#dirs.slice(0, 1);
    for (const root of dirs) {
      const base = path.join(root, path.normalize(decoded));
      // Never serve outside the build directory.
      if (base !== root && !base.startsWith(root + path.sep)) return undefined;
      for (const candidate of [base, path.join(base, 'index.html'), `${base}.html`]) {
        try {
          if (fs.statSync(candidate).isFile()) return candidate;
        } catch {
          // Try the next form.
        }
      }
    }
    return undefined;
  }

  #fileResponse(file: string, pathname: string, status: number, acceptEncoding: string): StaticFile {
    const ext = path.extname(file);
    const headers: Record<string, string> = {
      'Content-Type': CONTENT_TYPES[ext] ?? 'application/octet-stream',
      ...headersFor(this.#rules, pathname),
    };
    let body: Buffer = fs.readFileSync(file);
    if (COMPRESSIBLE.has(ext) && body.length > 512) {
      const encoding = chooseEncoding(acceptEncoding);
      if (encoding) {
        const key = `${encoding}:${file}`;
        let encoded = this.#encoded.get(key);
        if (!encoded) {
          encoded =
            encoding === 'br'
              ? zlib.brotliCompressSync(body, {
                  // A window sized to the file (pages are < 1 MB) instead of brotli's 4 MB default:
                  // the encoder's buffers follow the window, and large short-lived native
                  // allocations fragment the malloc heap, which then never shrinks.
                  params: {
                    [zlib.constants.BROTLI_PARAM_QUALITY]: 5,
                    [zlib.constants.BROTLI_PARAM_LGWIN]: brotliWindowFor(body.length),
                    [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
                  },
                })
              : zlib.gzipSync(body, { level: 6 });
          this.#encoded.set(key, encoded);
        }
        body = encoded;
        headers['Content-Encoding'] = encoding;
      }
      headers.Vary = 'Accept-Encoding';
    }
    return { status, headers, body };
  }
}

/**
 * A byte range of a whole-file answer (RFC 9110 §14): one range, `bytes=a-b`, `bytes=a-` or
 * `bytes=-n`. Satisfiable → 206 with Content-Range; outside the file → 416 whose Content-Range
 * is `bytes *` and the size. Anything else (no header, several ranges, another unit, a
 * compressed answer) → the whole file, which a client must accept.
 */
export function partOf(file: StaticFile, range: string | undefined): StaticFile {
  if (file.status !== 200 || file.headers['Content-Encoding']) return file;
  const headers = { ...file.headers, 'Accept-Ranges': 'bytes' };
  const whole = { ...file, headers };
  if (!range) return whole;
  const match = /^bytes=(\d*)-(\d*)$/.exec(range.trim());
  if (!match || (match[1] === '' && match[2] === '')) return whole;
  const size = file.body.length;
  let start: number;
  let end: number;
  if (match[1] === '') {
    // The last n bytes.
    const suffix = Number(match[2]);
    if (suffix === 0) return unsatisfiable(headers, size);
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
    if (match[2] !== '' && Number(match[2]) < start) return whole;
  }
  if (start >= size || size === 0) return unsatisfiable(headers, size);
  return {
    status: 206,
    headers: { ...headers, 'Content-Range': `bytes ${start}-${end}/${size}` },
    body: file.body.subarray(start, end + 1),
  };
}

function unsatisfiable(headers: Record<string, string>, size: number): StaticFile {
  const { 'Content-Type': _type, ...rest } = headers;
  return {
    status: 416,
    headers: { ...rest, 'Content-Type': 'text/plain; charset=utf-8', 'Content-Range': `bytes */${size}` },
    body: Buffer.from('Range Not Satisfiable'),
  };
}

/** Bytes of compressed files the server keeps (see StaticSite). */
export const ENCODED_CACHE_BYTES = 24 * 1024 * 1024;

/** The smallest brotli window (log2 bytes, 16–22) that covers a body of this size. */
export function brotliWindowFor(bytes: number): number {
  return Math.min(22, Math.max(16, Math.ceil(Math.log2(Math.max(bytes, 1)))));
}

/**
 * The content coding to send for an Accept-Encoding header (RFC 9110 §12.5.3): the client's
 * highest-q coding among br and gzip (br first on a tie), honouring q=0 as "not acceptable" and
 * `*` for codings not named; undefined means identity.
 */
export function chooseEncoding(acceptEncoding: string): 'br' | 'gzip' | undefined {
  const weights = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...params] = part.split(';').map((p) => p.trim().toLowerCase());
    if (!name) continue;
    const q = params.find((p) => /^q\s*=/.test(p));
    const weight = q === undefined ? 1 : Number(q.slice(q.indexOf('=') + 1).trim());
    weights.set(name, Number.isFinite(weight) && weight >= 0 && weight <= 1 ? weight : 0);
  }
  let best: 'br' | 'gzip' | undefined;
  let bestWeight = 0;
  for (const coding of ['br', 'gzip'] as const) {
    const weight =
      weights.get(coding) ?? (coding === 'gzip' ? weights.get('x-gzip') : undefined) ?? weights.get('*') ?? 0;
    if (weight > bestWeight) {
      best = coding;
      bestWeight = weight;
    }
  }
  return best;
}
