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
const CSP_META = /<meta http-equiv="content-security-policy" content="([^"]*)">/i;

/** sha256 source expression of an inline script or style body, as CSP compares it. */
export function cspHash(body: string): string {
  return `'sha256-${crypto.createHash('sha256').update(body, 'utf8').digest('base64')}'`;
}

/** Bodies of the inline scripts a page runs (data blocks such as JSON-LD run nothing). */
export function inlineScriptBodies(html: string): string[] {
  const bodies: string[] = [];
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const attrs = m[1] ?? '';
    if (/\bsrc\s*=/.test(attrs)) continue;
    const type = /\btype\s*=\s*"([^"]*)"/i.exec(attrs)?.[1]?.toLowerCase();
    if (type && type !== 'module' && type !== 'text/javascript') continue;
    bodies.push(m[2] ?? '');
  }
  return bodies;
}

/** Bodies of the page's <style> elements. */
export function inlineStyleBodies(html: string): string[] {
  return [...html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/gi)].map((m) => m[1] ?? '');
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

/** The finished HTML of one page (idempotent: finishing a finished page changes nothing). */
export function finishPage(html: string): string {
  // Cut the page once into head and the rest and join it once at the end: a 20,000-page build
  // runs this on every page, and each extra whole-page replace or slice copies the page again.
  const headEnd = html.indexOf('</head>');
  const cut = headEnd < 0 ? html.length : headEnd;
  let head = html.slice(0, cut);
  let rest = html.slice(cut);
  let changed = false;
  if (rest.includes(ISLAND_STYLE_TAG)) {
    rest = rest.replaceAll(ISLAND_STYLE_TAG, '');
    if (!head.includes(ISLAND_STYLE_TAG)) head += ISLAND_STYLE_TAG;
    changed = true;
  }
  // Astro writes the policy in <head>, the only place a <meta> policy counts.
  const meta = CSP_META.exec(head);
  if (!meta) return changed ? head + rest : html;
  const decoded = (meta[1] ?? '')
    .replace(/&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');
  head = head.slice(0, meta.index) + head.slice(meta.index + meta[0].length);
  const page = head + rest;
  let policy = withSources(decoded, 'script-src', inlineScriptBodies(page).map(cspHash));
  policy = withSources(policy, 'style-src', inlineStyleBodies(page).map(cspHash));
  const attr = policy.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
  const tag = `<meta http-equiv="content-security-policy" content="${attr}">`;
  // A policy covers only what follows it, so it goes first, right after the charset (which must
  // stay within the first 1024 bytes).
  const charset = /<meta charset="[^"]*">/i.exec(head);
  const at = charset ? charset.index + charset[0].length : head.indexOf('<head>') + '<head>'.length;
  return head.slice(0, at) + tag + head.slice(at) + rest;
}

/** Applies finishPage to every HTML file under a build directory; returns how many changed. */
export function finishBuild(dir: string, options: { skip?: ReadonlySet<string> } = {}): number {
  let changed = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.html')) continue;
    const file = path.join(entry.parentPath, entry.name);
    if (options.skip?.has(file)) continue;
    const html = fs.readFileSync(file, 'utf8');
    const finished = finishPage(html);
    if (finished !== html) {
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
function finishedBody(data: string | Uint8Array): string | Buffer {
  if (typeof data === 'string') return finishPage(data);
  let finished = finishedBuffers.get(data);
  if (!finished) {
    const html = Buffer.from(data.buffer, data.byteOffset, data.byteLength).toString('utf8');
    finished = Buffer.from(finishPage(html), 'utf8');
    finishedBuffers.set(data, finished);
  }
  return finished;
}

const filePath = (target: unknown): string | undefined =>
  typeof target === 'string' ? target : target instanceof URL ? fileURLToPath(target) : undefined;

/**
 * Finishing pages as Astro writes them (issue 15): a 20,000-page build would otherwise read and
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
  const promises = fs.promises;
  const writeFile = promises.writeFile;
  const copyFile = promises.copyFile;
  promises.writeFile = ((target: Parameters<typeof writeFile>[0], data: unknown, ...rest: unknown[]) => {
    const file = filePath(target);
    if (file?.endsWith('.html') && (typeof data === 'string' || data instanceof Uint8Array)) {
      written.add(file);
      return (writeFile as (...args: unknown[]) => Promise<void>)(target, finishedBody(data), ...rest);
    }
    return (writeFile as (...args: unknown[]) => Promise<void>)(target, data, ...rest);
  }) as typeof writeFile;
  promises.copyFile = ((
    from: Parameters<typeof copyFile>[0],
    to: Parameters<typeof copyFile>[1],
    mode?: number,
  ) => {
    const dest = filePath(to);
    const src = filePath(from);
    if (dest?.endsWith('.html') && src) restored.set(dest, src);
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
