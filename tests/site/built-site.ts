import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { inject } from 'vitest';

// Reading the built site (the folder the test server serves): its pages, their JSON-LD, their
// canonical URL and the assets they load.

export interface BuiltPage {
  /** URL path: "/", "/recipe/lemon-chicken", "/404". */
  path: string;
  file: string;
  html: string;
}

/**
 * The build the test server serves now. Browser tests publish (the admin and generator journeys),
 * and a publish swaps in a new build and deletes older ones, so a suite asks when it starts
 * rather than keeping the folder of the server's first build.
 */
export function currentBuildDir(): string {
  const current = path.join(inject('buildsDir'), 'current.json');
  return (JSON.parse(fs.readFileSync(current, 'utf8')) as { dir: string }).dir;
}

/** Every HTML page of the build, by URL path (directory format: a/b/index.html → /a/b). */
export function builtPages(buildDir: string): BuiltPage[] {
  const pages: BuiltPage[] = [];
  for (const entry of fs.readdirSync(buildDir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.html')) continue;
    const file = path.join(entry.parentPath, entry.name);
    const rel = path.relative(buildDir, file).split(path.sep).join('/');
    const urlPath =
      rel === 'index.html' ? '/' : `/${rel.replace(/\/index\.html$/, '').replace(/\.html$/, '')}`;
    pages.push({ path: urlPath, file, html: fs.readFileSync(file, 'utf8') });
  }
  return pages.sort((a, b) => a.path.localeCompare(b.path));
}

/** The parsed JSON-LD blocks of a page. */
export function jsonLdOf(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (m) => JSON.parse(m[1] ?? '') as Record<string, unknown>,
  );
}

/** The first value of a <meta name|property=…> tag. */
export function metaContent(html: string, key: string): string | undefined {
  const tag = html.match(
    new RegExp(`<meta (?:name|property)="${key.replace(/[.:]/g, '\\$&')}" content="([^"]*)"`),
  );
  return tag?.[1] === undefined ? undefined : decodeEntities(tag[1]);
}

export function canonicalOf(html: string): string | undefined {
  return html.match(/<link rel="canonical" href="([^"]+)"/)?.[1];
}

export function titleOf(html: string): string | undefined {
  const t = html.match(/<title>([^<]*)<\/title>/)?.[1];
  return t === undefined ? undefined : decodeEntities(t);
}

export const isNoindex = (html: string) => /<meta name="robots" content="[^"]*noindex/.test(html);
export const isRedirectStub = (html: string) => /<meta http-equiv="refresh"/.test(html);

function decodeEntities(text: string): string {
  return text
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

export const gzipSize = (data: string | Buffer) => zlib.gzipSync(data, { level: 9 }).length;

/** The site's CSS files a page links. */
export function stylesheetsOf(html: string): string[] {
  return [...html.matchAll(/<link rel="stylesheet" href="([^"]+)"/g)].map((m) => m[1] ?? '');
}

/** Inline script bodies and external script URLs of a page (JSON-LD excluded). */
export function scriptsOf(html: string): { inline: string[]; external: string[]; tags: string[] } {
  const inline: string[] = [];
  const external: string[] = [];
  const tags: string[] = [];
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
    const attrs = m[1] ?? '';
    if (/type="application\/(ld\+)?json"/.test(attrs)) continue;
    tags.push(attrs);
    const src = attrs.match(/\bsrc="([^"]+)"/)?.[1];
    if (src) external.push(src);
    else inline.push(m[2] ?? '');
  }
  return { inline, external, tags };
}

/** The JS entry points of a page: external scripts, inline modules' imports, and every island's component and renderer. */
export function javascriptEntriesOf(html: string): { inline: string[]; urls: string[] } {
  const { inline, external } = scriptsOf(html);
  const islands = [...html.matchAll(/<astro-island\b[^>]*>/g)].flatMap((m) =>
    [...m[0].matchAll(/\b(?:component|renderer)-url="([^"]+)"/g)].map((a) => a[1] ?? ''),
  );
  return {
    inline,
    urls: [...new Set([...external, ...inline.flatMap((code) => importsOf(code, true)), ...islands])],
  };
}

/**
 * The gzip bytes of a page's JS if every script ran and every island hydrated: the entry points
 * and their static imports; with `dynamic`, also every chunk loaded on demand (dialogs opened,
 * tabs chosen).
 */
export function javascriptBytesOf(
  buildDir: string,
  html: string,
  options: { dynamic?: boolean } = {},
): { files: string[]; gzip: number } {
  const { inline, urls } = javascriptEntriesOf(html);
  const seen = new Set<string>();
  const queue = [...urls];
  while (queue.length) {
    const url = queue.shift() ?? '';
    if (seen.has(url) || !url.startsWith('/')) continue;
    seen.add(url);
    const code = fs.readFileSync(path.join(buildDir, url), 'utf8');
    for (const imported of importsOf(code, options.dynamic ?? false))
      queue.push(new URL(imported, `http://x${url}`).pathname);
  }
  const files = [...seen];
  const gzip =
    gzipSize(inline.join('\n')) +
    files.reduce((sum, f) => sum + gzipSize(fs.readFileSync(path.join(buildDir, f))), 0);
  return { files, gzip };
}

/** Import specifiers of a module: static ones (`import … from`, `import "x"`), and `import()` when asked. */
function importsOf(code: string, dynamic: boolean): string[] {
  const staticImports = [...code.matchAll(/(?:\bimport|\bfrom)\s*["']([^"']+\.js)["']/g)].map(
    (m) => m[1] ?? '',
  );
  // The bundler writes dynamic specifiers as template literals: import(`./Dialog.js`).
  const dynamicImports = dynamic
    ? [...code.matchAll(/\bimport\s*\(\s*["'`]([^"'`]+\.js)["'`]/g)].map((m) => m[1] ?? '')
    : [];
  return [...staticImports, ...dynamicImports];
}

/** The <head> of a page. */
export function headOf(html: string): string {
  return html.slice(0, html.indexOf('</head>'));
}
