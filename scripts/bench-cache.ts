// `npm run bench:cache` — the response cache's figures, measured against a running server (`npm start`):
//
// 1. the API response cache's hit ratio over 200 random recipe and search calls (read from
//    GET /api/admin/cache/stats before and after; the caches are cleared first);
// 2. p50/p95 of search calls uncached (first call of each query after clearing the search area)
//    and cached (the same query again);
// 3. image variant sizes: 3 photos uploaded through the admin route, original bytes sent against
//    the stored 1200- and 600-wide WebP variants.
//
//   FORKFUL_URL=http://localhost:8960 ADMIN_PASSWORD=… npm run bench:cache [-- --photos a.jpg,b.jpg,c.jpg]
//
// Without --photos it uploads three camera-sized JPEGs made from seed covers with grain. Wall-clock figures
// depend on the machine's load: the report prints `uptime`'s load average beside them.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { adminCookie } from './lib/admin-login.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const base = process.env.FORKFUL_URL || 'http://localhost:8888';
const args = process.argv.slice(2);
const photosArg = args[args.indexOf('--photos') + 1];

function fail(message: string): never {
  console.error(`bench:cache: ${message}`);
  process.exit(1);
}

/** A seeded random generator, so two runs browse the same sequence. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

export function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

interface AreaStats {
  hits: number;
  misses: number;
}

/**
 * Three camera-sized JPEGs (4032 × 3024, quality 88) made from seed covers with film grain, so
 * the encoder sees photo-like detail rather than flat illustration.
 */
async function cameraSizedPhotos(): Promise<{ name: string; bytes: Buffer }[]> {
  const dir = path.join(root, 'public', 'images', 'recipes');
  const covers = fs
    .readdirSync(dir)
    .filter((f) => /\.webp$/.test(f) && !/-600\.webp$/.test(f))
    .sort()
    .slice(0, 3);
  const [width, height] = [4032, 3024];
  const out: { name: string; bytes: Buffer }[] = [];
  for (const cover of covers) {
    const grain = crypto.randomBytes(width * height);
    const bytes = await sharp(await sharp(path.join(dir, cover)).resize(width, height).toBuffer())
      .composite([{ input: grain, raw: { width, height, channels: 1 }, blend: 'soft-light' }])
      .jpeg({ quality: 88 })
      .toBuffer();
    out.push({ name: cover.replace(/\.webp$/, '-4032x3024.jpg'), bytes });
  }
  return out;
}

async function main(): Promise<void> {
  const password =
    process.env.ADMIN_PASSWORD || fail('ADMIN_PASSWORD is not set (the admin routes need it).');
  const cookie = await adminCookie(base, password, fail);
  const admin = async <T>(method: string, route: string, body?: BodyInit): Promise<T> => {
    const res = await fetch(new URL(route, base), {
      method,
      headers: { cookie, Origin: base },
      body: body ?? null,
    });
    const text = await res.text();
    if (!res.ok) fail(`${method} ${route}: ${res.status} ${text}`);
    return JSON.parse(text) as T;
  };
  /** One public GET, timed; the body is read so the whole answer counts. */
  const timed = async (route: string): Promise<number> => {
    const started = performance.now();
    const res = await fetch(new URL(route, base));
    await res.arrayBuffer();
    if (!res.ok) fail(`GET ${route}: ${res.status}`);
    return performance.now() - started;
  };
  const stats = () => admin<Record<string, AreaStats>>('GET', '/api/admin/cache/stats');

  const recipes = (await (await fetch(new URL('/api/recipes?limit=100', base))).json()) as {
    id: number;
    slug: string;
    title: string;
    category: string;
  }[];
  if (recipes.length === 0) fail('the site has no recipes to browse.');
  const words = [...new Set(recipes.flatMap((r) => r.title.toLowerCase().split(/\W+/)))].filter(
    (w) => w.length > 3,
  );

  // 1. Hit ratio over 200 random calls, as a visitor browsing would make them.
  const next = random(13);
  const pick = <T>(list: T[]) => list[Math.floor(next() * list.length)]!;
  const calls: string[] = [];
  for (let i = 0; i < 200; i++) {
    const r = pick(recipes);
    const kind = next();
    calls.push(
      kind < 0.35
        ? `/api/recipes/${r.id}`
        : kind < 0.55
          ? `/api/recipes/slug/${r.slug}`
          : kind < 0.9
            ? `/api/recipes/search?q=${encodeURIComponent(pick(words))}`
            : `/api/recipes/category/${r.category}`,
    );
  }
  await admin('POST', '/api/admin/cache/clear-all');
  const before = await stats();
  for (const call of calls) await timed(call);
  const after = await stats();
  let hits = 0;
  let misses = 0;
  const perArea: string[] = [];
  for (const [area, now] of Object.entries(after)) {
    const h = now.hits - (before[area]?.hits ?? 0);
    const m = now.misses - (before[area]?.misses ?? 0);
    if (h + m === 0) continue;
    hits += h;
    misses += m;
    perArea.push(`${area} ${h}/${h + m}`);
  }
  const distinct = new Set(calls).size;

  // 2. Search, uncached against cached: each query's first call after clearing, then again.
  const queries = [...new Set(Array.from({ length: 40 }, () => pick(words)))];
  await admin('POST', '/api/admin/cache/clear/search');
  const uncached: number[] = [];
  const cached: number[] = [];
  for (const q of queries) uncached.push(await timed(`/api/recipes/search?q=${encodeURIComponent(q)}`));
  for (const q of queries) cached.push(await timed(`/api/recipes/search?q=${encodeURIComponent(q)}`));

  // 3. Image variants of three uploads.
  const photos: { name: string; bytes: Buffer }[] = photosArg
    ? photosArg.split(',').map((file) => ({ name: path.basename(file), bytes: fs.readFileSync(file) }))
    : await cameraSizedPhotos();
  const sizes: string[] = [];
  for (const { name, bytes } of photos) {
    const file = name;
    const form = new FormData();
    form.set('image', new File([new Uint8Array(bytes)], file));
    form.set('use', 'recipe');
    const image = await admin<{ key: string; width: number; height: number }>(
      'POST',
      '/api/admin/images/upload',
      form,
    );
    const variant = async (width: number) =>
      (await (await fetch(new URL(`/api/images/${image.key}/${width}.webp`, base))).arrayBuffer()).byteLength;
    sizes.push(
      `  ${file}: original ${bytes.length} B → 1200w WebP ${await variant(1200)} B, 600w WebP ${await variant(600)} B`,
    );
  }

  const ms = (v: number) => `${v.toFixed(1)} ms`;
  console.log(
    `Server ${base}; load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')} (1/5/15 min)`,
  );
  console.log(
    `Response cache: ${hits} hits / ${hits + misses} cached-area reads over 200 calls (${distinct} distinct) = hit ratio ${((hits / Math.max(1, hits + misses)) * 100).toFixed(1)} % (a repeat can hit: at most ${200 - distinct}) [${perArea.join(', ')}]`,
  );
  console.log(
    `Search (${queries.length} queries): uncached p50 ${ms(percentile(uncached, 50))}, p95 ${ms(percentile(uncached, 95))}; cached p50 ${ms(percentile(cached, 50))}, p95 ${ms(percentile(cached, 95))}`,
  );
  console.log('Image variants:');
  for (const line of sizes) console.log(line);
}

await main();
