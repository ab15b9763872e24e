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
  let out = html;
  const headEnd = out.indexOf('</head>');
  if (headEnd >= 0 && out.slice(headEnd).includes(ISLAND_STYLE_TAG)) {
    const body = out.slice(headEnd).replaceAll(ISLAND_STYLE_TAG, '');
    const head = out.slice(0, headEnd);
    out = (head.includes(ISLAND_STYLE_TAG) ? head : head + ISLAND_STYLE_TAG) + body;
  }
  const meta = CSP_META.exec(out);
  if (meta) {
    const decoded = (meta[1] ?? '')
      .replace(/&#39;/g, "'")
      .replace(/&quot;/g, '"')
      .replace(/&amp;/g, '&');
    let policy = withSources(decoded, 'script-src', inlineScriptBodies(out).map(cspHash));
    policy = withSources(policy, 'style-src', inlineStyleBodies(out).map(cspHash));
    const attr = policy.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
    const tag = `<meta http-equiv="content-security-policy" content="${attr}">`;
    // Astro writes the <meta> at the end of <head>; a policy covers only what follows it, so it
    // goes first, right after the charset (which must stay within the first 1024 bytes).
    out = out.replace(meta[0], '');
    const charset = /<meta charset="[^"]*">/i.exec(out);
    const at = charset ? charset.index + charset[0].length : out.indexOf('<head>') + '<head>'.length;
    out = out.slice(0, at) + tag + out.slice(at);
  }
  return out;
}

/** Applies finishPage to every HTML file under a build directory; returns how many changed. */
export function finishBuild(dir: string): number {
  let changed = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.html')) continue;
    const file = path.join(entry.parentPath, entry.name);
    const html = fs.readFileSync(file, 'utf8');
    const finished = finishPage(html);
    if (finished !== html) {
      fs.writeFileSync(file, finished);
      changed++;
    }
  }
  return changed;
}

/** The Astro integration running finishBuild after each build. */
export function finishPages(): AstroIntegration {
  return {
    name: 'forkful:finish-pages',
    hooks: {
      'astro:build:done': ({ dir }) => {
        finishBuild(fileURLToPath(dir));
      },
    },
  };
}
