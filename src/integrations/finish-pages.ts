import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';

// The last step of every build (astro build, the local server's builds, Netlify's): two fixes
// to the HTML Astro writes that Astro itself offers no switch for.
//
// 1. Content-Security-Policy. Astro's own CSP (security.csp in astro.config.mjs) writes a
//    <meta http-equiv="content-security-policy"> with hashes of the scripts and styles Astro
//    bundles, but not of `is:inline` scripts (documented limitation): the theme-before-paint
//    script, redirect stubs, islands' early-input replay. Their hashes are added here, from the
//    bytes actually written, so a new inline script can never be blocked by a stale list.
//    Astro also writes the <meta> last in <head>, after inline scripts it should govern: it moves
//    to the top.
// 2. Astro writes `<style>astro-island,…{display:contents}</style>` just before the first
//    island, usually inside a <div>, where HTML does not allow <style>. It moves into <head>.

const ISLAND_STYLE_TAG = '<style>astro-island,astro-slot,astro-static-slot{display:contents}</style>';
const ISLAND_STYLE_BYTES = Buffer.from(ISLAND_STYLE_TAG);
const HEAD_END = Buffer.from('</head>');
const CSP_META = /<meta http-equiv="content-security-policy" content="([^"]*)">/i;

/** sha256 source expression of an inline script or style body (its UTF-8 bytes), as CSP compares it. */
export function cspHash(body: string | Uint8Array): string {
  return `'sha256-${crypto.hash('sha256', body, 'base64')}'`;
}

// Pages are finished as the bytes Astro writes: decoding a 60 KB page to a string and
// encoding it back cost more than the finishing itself. Only <head> (a few KB) is decoded; the
// elements are found with byte searches and hashed as bytes.

const TAG_NAME_END = new Set([0x3e, 0x20, 0x09, 0x0a, 0x0c, 0x0d, 0x2f]); // > space \t \n \f \r /

/** The <script> or <style> elements of a page, in order: their attributes and body bytes. */
function* elements(page: Buffer, tag: 'script' | 'style'): Generator<{ attrs: string; body: Buffer }> {
  const open = Buffer.from(`<${tag}`);
  const close = Buffer.from(`</${tag}>`);
  let at = page.indexOf(open);
  while (at >= 0) {
    const nameEnd = at + open.length;
    if (!TAG_NAME_END.has(page[nameEnd] ?? 0)) {
      at = page.indexOf(open, nameEnd);
      continue;
    }
    const tagEnd = page.indexOf(0x3e, nameEnd);
    const bodyEnd = tagEnd < 0 ? -1 : page.indexOf(close, tagEnd + 1);
    if (bodyEnd < 0) return;
    yield { attrs: page.toString('latin1', nameEnd, tagEnd), body: page.subarray(tagEnd + 1, bodyEnd) };
    at = page.indexOf(open, bodyEnd + close.length);
  }
}

/** Whether a script element runs (data blocks such as JSON-LD run nothing; external ones are 'self'). */
function runsInline(attrs: string): boolean {
  if (/\bsrc\s*=/.test(attrs)) return false;
  const type = /\btype\s*=\s*"([^"]*)"/i.exec(attrs)?.[1]?.toLowerCase();
  return !type || type === 'module' || type === 'text/javascript';
}

const scriptBodies = (page: Buffer) =>
  [...elements(page, 'script')].filter((e) => runsInline(e.attrs)).map((e) => e.body);
const styleBodies = (page: Buffer) => [...elements(page, 'style')].map((e) => e.body);

/** Bodies of the inline scripts a page runs. */
export function inlineScriptBodies(html: string): string[] {
  return scriptBodies(Buffer.from(html)).map((b) => b.toString('utf8'));
}

/** Adds source expressions to one directive of a policy, unless already there. */
function withSources(policy: string, directive: string, sources: string[]): string {
  const parts = policy
    .split(';')
    .map((p) => p.trim())
    .filter(Boolean);
  const index = parts.findIndex((p) => p.split(/\s+/)[0] === directive);
  if (index < 0) return policy;
  const tokens = (parts[index] ?? '').split(/\s+/);
  for (const source of sources) if (!tokens.includes(source)) tokens.push(source);
  parts[index] = tokens.join(' ');
  return `${parts.join('; ')};`;
}

/**
 * The finished bytes of one page (idempotent: finishing a finished page changes nothing; an
 * unchanged page comes back as the same Buffer).
 */
export function finishPageBytes(page: Buffer): Buffer {
  const headEnd = page.indexOf(HEAD_END);
  const cut = headEnd < 0 ? page.length : headEnd;
  let head = page.toString('utf8', 0, cut);
  // The rest of the page, without the island styles Astro left in the body.
  const rest: Buffer[] = [];
  let from = cut;
  for (let at = page.indexOf(ISLAND_STYLE_BYTES, cut); at >= 0; at = page.indexOf(ISLAND_STYLE_BYTES, from)) {
    rest.push(page.subarray(from, at));
    from = at + ISLAND_STYLE_BYTES.length;
  }
  rest.push(page.subarray(from));
  const movedStyle = rest.length > 1;
  if (movedStyle && !head.includes(ISLAND_STYLE_TAG)) head += ISLAND_STYLE_TAG;
  // Astro writes the policy in <head>, the only place a <meta> policy counts.
  const meta = CSP_META.exec(head);
  if (!meta) return movedStyle ? Buffer.concat([Buffer.from(head), ...rest]) : page;
  const decoded = (meta[1] ?? '')
    .replace(/&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');
  head = head.slice(0, meta.index) + head.slice(meta.index + meta[0].length);
  const withoutPolicy = Buffer.concat([Buffer.from(head), ...rest]);
  let policy = withSources(decoded, 'script-src', scriptBodies(withoutPolicy).map(cspHash));
  policy = withSources(policy, 'style-src', styleBodies(withoutPolicy).map(cspHash));
  const attr = policy.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
  const tag = `<meta http-equiv="content-security-policy" content="${attr}">`;
  // A policy covers only what follows it, so it goes first, right after the charset (which must
  // stay within the first 1024 bytes).
  const charset = /<meta charset="[^"]*">/i.exec(head);
  const at = charset ? charset.index + charset[0].length : head.indexOf('<head>') + '<head>'.length;
  return Buffer.concat([Buffer.from(head.slice(0, at) + tag + head.slice(at)), ...rest]);
}

/** The finished HTML of one page (finishPageBytes on a string). */
export function finishPage(html: string): string {
  const bytes = Buffer.from(html);
  const finished = finishPageBytes(bytes);
  return finished === bytes ? html : finished.toString('utf8');
}

/** Applies finishPage to every HTML file under a build directory; returns how many changed. */
export function finishBuild(dir: string, options: { skip?: ReadonlySet<string> } = {}): number {
  let changed = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.html')) continue;
    const file = path.join(entry.parentPath, entry.name);
    if (options.skip?.has(file)) continue;
    const page = fs.readFileSync(file);
    const finished = finishPageBytes(page);
    if (!finished.equals(page)) {
      fs.writeFileSync(file, finished);
      changed++;
    }
  }
  return changed;
}

/**
 * Astro writes each rendered page twice, the same Buffer to the output and to its incremental
 * cache: the page is decoded, finished and encoded once for both.
 */
const finishedBuffers = new WeakMap<Uint8Array, Buffer>();
function finishedBody(data: string | Uint8Array): Buffer {
  if (typeof data === 'string') return finishPageBytes(Buffer.from(data));
  let finished = finishedBuffers.get(data);
  if (!finished) {
    finished = finishPageBytes(Buffer.from(data.buffer, data.byteOffset, data.byteLength));
    finishedBuffers.set(data, finished);
  }
  return finished;
}

const filePath = (target: unknown): string | undefined =>
  typeof target === 'string' ? target : target instanceof URL ? fileURLToPath(target) : undefined;

/**
 * Finishing pages as Astro writes them: a 20,000-page build would otherwise read and
 * write every page again afterwards, and an incremental build every page it merely restored.
 * Rendered pages are finished on their way to disk (the output and Astro's incremental cache
 * alike); a page restored from that cache is a copy of a finished page, once the cache holds
 * only finished pages (the marker file says so; the first build without it finishes its restored
 * pages afterwards and their cache copies with them).
 */
function finishAsWritten(cacheDist: string | undefined) {
  const written = new Set<string>();
  const restored = new Map<string, string>();
  const marker = cacheDist ? path.join(cacheDist, '.forkful-finished-pages') : undefined;
  const cacheFinished = marker ? fs.existsSync(marker) : false;
  // The local server's builds link a restored page to its cache copy instead of copying it: an
  // incremental build restores every unchanged page (20,000 at 10,000 recipes). Only there: the
  // output and the cache then share each file, which is safe because nothing changes a built
  // page in place and a page written to the cache replaces its file (below) rather than
  // overwriting the one a live build links to. Netlify's builds copy, as Astro does.
  const linkRestored = cacheFinished && process.env.FORKFUL_LINK_RESTORED_PAGES === '1';
  const inCache = (file: string) => cacheDist !== undefined && file.startsWith(cacheDist + path.sep);
  const promises = fs.promises;
  const writeFile = promises.writeFile;
  const copyFile = promises.copyFile;
  promises.writeFile = (async (
    target: Parameters<typeof writeFile>[0],
    data: unknown,
    ...rest: unknown[]
  ) => {
    const file = filePath(target);
    if (file?.endsWith('.html') && (typeof data === 'string' || data instanceof Uint8Array)) {
      written.add(file);
      if (linkRestored && inCache(file)) await promises.rm(file, { force: true });
      return (writeFile as (...args: unknown[]) => Promise<void>)(target, finishedBody(data), ...rest);
    }
    return (writeFile as (...args: unknown[]) => Promise<void>)(target, data, ...rest);
  }) as typeof writeFile;
  promises.copyFile = (async (
    from: Parameters<typeof copyFile>[0],
    to: Parameters<typeof copyFile>[1],
    mode?: number,
  ) => {
    const dest = filePath(to);
    const src = filePath(from);
    if (dest?.endsWith('.html') && src) {
      restored.set(dest, src);
      if (linkRestored) {
        try {
          return await promises.link(src, dest);
        } catch {
          // Another file system, or no hard links there: a copy, as Astro makes.
        }
      }
    }
    return copyFile(from, to, mode);
  }) as typeof copyFile;
  return {
    /** Stops finishing writes; finishes what was not finished on the way (see above). */
    done(dir: string): void {
      promises.writeFile = writeFile;
      promises.copyFile = copyFile;
      const skip = new Set(written);
      if (cacheFinished) for (const dest of restored.keys()) skip.add(dest);
      finishBuild(dir, { skip });
      if (!cacheDist || !marker) return;
      if (!cacheFinished) {
        for (const [dest, src] of restored) {
          try {
            fs.copyFileSync(dest, src);
          } catch {
            // A cache copy that cannot be refreshed is rendered again next time at worst.
          }
        }
      }
      if (fs.existsSync(cacheDist))
        fs.writeFileSync(marker, 'Pages in this cache are finished (finish-pages.ts).\n');
    },
  };
}

/** The Astro integration finishing every page of each build (as it is written, see above). */
export function finishPages(): AstroIntegration {
  let cacheDist: string | undefined;
  let finishing: ReturnType<typeof finishAsWritten> | undefined;
  return {
    name: 'forkful:finish-pages',
    hooks: {
      'astro:config:done': ({ config }) => {
        // Astro's incremental build keeps its copies of the pages in <cacheDir>/dist/.
        cacheDist = path.join(fileURLToPath(config.cacheDir), 'dist');
      },
      'astro:build:start': () => {
        finishing = finishAsWritten(cacheDist);
      },
      'astro:build:done': ({ dir }) => {
        if (finishing) finishing.done(fileURLToPath(dir));
        else finishBuild(fileURLToPath(dir));
        finishing = undefined;
      },
    },
  };
}
