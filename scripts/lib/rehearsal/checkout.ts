import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

// A clean checkout of the working tree for one rehearsed deploy, as Netlify clones the
// repository for each build: the tracked files and the new ones git does not ignore (so a
// rehearsal tries what is about to be committed), and nothing a previous build left behind — no
// dist/, no Astro cache, no .netlify/. Dependencies are linked, not installed: Netlify restores
// node_modules from its own dependency cache; here each package is a link to the repository's
// installed copy, while node_modules/.astro (Astro's cache, which the build plugin restores)
// stays a real folder of the checkout's own.

/** Entries of node_modules a checkout keeps to itself rather than sharing with the repository. */
const OWN_ENTRIES = new Set(['.astro', '.cache', '.vite', '.vite-temp']);

/** Copies the working tree's files into `dest` and links the installed packages. */
export function makeCheckout(repoRoot: string, dest: string): void {
  const files = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: repoRoot,
    maxBuffer: 64 * 1024 * 1024,
  })
    .toString('utf8')
    .split('\0')
    .filter(Boolean);
  fs.mkdirSync(dest, { recursive: true });
  for (const file of files) {
    const from = path.join(repoRoot, file);
    if (!fs.existsSync(from)) continue; // deleted in the working tree, not yet in the index
    const to = path.join(dest, file);
    fs.mkdirSync(path.dirname(to), { recursive: true });
    fs.copyFileSync(from, to);
  }
  const modules = path.join(dest, 'node_modules');
  fs.mkdirSync(modules, { recursive: true });
  for (const entry of fs.readdirSync(path.join(repoRoot, 'node_modules'))) {
    if (OWN_ENTRIES.has(entry)) continue;
    fs.symlinkSync(path.join(repoRoot, 'node_modules', entry), path.join(modules, entry));
  }
}

/**
 * Makes `dir` a clean checkout again for the next build, in the same place (Netlify always builds
 * in the same folder, and Astro's incremental cache is only valid there: its page records carry
 * the components' paths). Everything goes but `.netlify/`, which is Netlify's, not the
 * repository's: its build cache (restored by the build plugin) and `netlify serve`'s runtime state.
 */
export function renewCheckout(repoRoot: string, dir: string): void {
  for (const entry of fs.readdirSync(dir)) {
    if (entry === '.netlify') continue;
    fs.rmSync(path.join(dir, entry), { recursive: true, force: true });
  }
  makeCheckout(repoRoot, dir);
}
