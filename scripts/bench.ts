// `npm run bench`: builds the site from N synthetic recipes (100 and 1,000; 10,000 with --full),
// measures API latency (p50/p95) for search and recipe-by-slug on the real local server, the
// server's memory after repeated rebuilds and under 5 minutes of mixed load, bytes per page type and (when Chromium is present)
// Lighthouse scores. Prints a table and writes bench/results.json.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { migrateToLatest } from '../db/client.ts';
import { openPGlite } from '../db/embedded.ts';
import { readRecipeFile, recipeFiles, seedDatabase } from '../db/seed.ts';
import { benchMemory, memoryReport } from './lib/memory-bench.ts';
import { SERVER_NODE_FLAGS } from './lib/server-flags.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const full = process.argv.includes('--full');
const argValue = (name: string) =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
/** --sizes=1000,10000 picks the catalogue sizes; --prepare-only=DIR only seeds the first into DIR. */
const sizes = argValue('sizes')
  ? argValue('sizes')!.split(',').map(Number)
  : full
    ? [100, 1000, 10000]
    : [100, 1000];
const REBUILDS = Number(process.env.BENCH_REBUILDS ?? 20);
const REQUESTS = 300;

interface Latency {
  p50: number;
  p95: number;
  max: number;
  requests: number;
}
interface SizeResult {
  recipes: number;
  pages: number;
  buildSeconds: number;
  startSeconds: number;
  searchMs: Latency;
  bySlugMs: Latency;
  rssMbAfterStart: number;
  rssMbAfterRebuilds?: { rebuilds: number; rssMb: number; secondsPerRebuild: number };
}

/** Fills a fresh embedded database with N recipes made from the real ones (titles numbered). */
async function prepareData(dataDir: string, n: number): Promise<void> {
  fs.rmSync(dataDir, { recursive: true, force: true });
  const { db, close } = openPGlite(path.join(dataDir, 'pglite'));
  try {
    await migrateToLatest(db);
    await seedDatabase(db, {
      contentDir: path.join(root, 'content'),
      siteUrl: 'http://localhost',
      adminPassword: 'bench-admin-password',
    });
    await db.deleteFrom('recipes').execute();
    const base = recipeFiles(path.join(root, 'content')).map((file) => ({
      slug: path.basename(file, '.json'),
      recipe: readRecipeFile(file),
    }));
    for (let start = 0; start < n; start += 500) {
      const rows = [];
      for (let i = start; i < Math.min(n, start + 500); i++) {
        const { slug, recipe: r } = base[i % base.length]!;
        const round = Math.floor(i / base.length);
        rows.push({
          slug: round ? `${slug}-${round}` : slug,
          title: round ? `${r.title} (${round + 1})` : r.title,
          description: r.description,
          summary: r.summary,
          image: `/images/recipes/${slug}.webp`,
          category: r.category,
          cuisine: r.cuisine,
          prep_time: r.prepTime,
          cook_time: r.cookTime,
          total_time: r.totalTime,
          servings: r.servings,
          difficulty: r.difficulty,
          calories: r.calories,
          nutrition: JSON.stringify(r.nutrition),
          ingredients: JSON.stringify(r.ingredients),
          instructions: JSON.stringify(r.instructions),
          tags: r.tags,
          faqs: JSON.stringify(r.faqs),
          created_at: r.createdAt,
          updated_at: r.createdAt,
        });
      }
      await db.insertInto('recipes').values(rows).execute();
    }
    // Reviews as a real catalogue has them: none to four per recipe from the sample readers, the
    // recipes' ratings and counts in step, then fresh planner statistics (as the seed leaves them).
    await sql`
      INSERT INTO reviews (recipe_id, user_id, rating, comment, created_at, updated_at)
      SELECT r.id, u.id, 3 + ((r.id + u.id) % 3), 'Made this for the family, would cook it again.',
             r.created_at + make_interval(days => 1 + u.id % 20), r.created_at + make_interval(days => 1 + u.id % 20)
      FROM recipes r
      CROSS JOIN LATERAL (SELECT id FROM users ORDER BY id LIMIT (r.id % 5)) u`.execute(db);
    await sql`
      UPDATE recipes r SET rating = s.tenths, review_count = s.n
      FROM (SELECT recipe_id, round(avg(rating) * 10)::int AS tenths, count(*)::int AS n
            FROM reviews GROUP BY recipe_id) s
      WHERE s.recipe_id = r.id`.execute(db);
    await sql`ANALYZE`.execute(db);
  } finally {
    await close();
  }
}

interface RunningServer {
  child: ChildProcess;
  output: () => string;
  port: number;
}

async function startServer(dataDir: string, port: number): Promise<RunningServer> {
  let output = '';
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, 'scripts/serve.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      FORKFUL_DATA_DIR: dataDir,
      SITE_URL: `http://localhost:${port}`,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  try {
    await waitFor(
      () => output.includes('Forkful is running at'),
      30 * 60_000,
      () => output,
      child,
    );
  } catch (err) {
    child.kill('SIGTERM');
    throw err;
  }
  return { child, output: () => output, port };
}

async function waitFor(
  condition: () => boolean,
  timeoutMs: number,
  context: () => string,
  child?: ChildProcess,
): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!condition()) {
    if (child && child.exitCode !== null) throw new Error(`The server exited:\n${context()}`);
    if (Date.now() > until) throw new Error(`Timed out:\n${context()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

/** Times `count` GETs, 4 in flight at a time (a few concurrent visitors). */
async function measure(urls: string[], count: number): Promise<Latency> {
  const times: number[] = [];
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const url = urls[next++ % urls.length]!;
      const t = performance.now();
      const res = await fetch(url);
      await res.arrayBuffer();
      if (!res.ok) throw new Error(`${url} → ${res.status}`);
      times.push(performance.now() - t);
    }
  };
  await Promise.all([worker(), worker(), worker(), worker()]);
  times.sort((a, b) => a - b);
  const round = (x: number) => Math.round(x * 100) / 100;
  return {
    p50: round(percentile(times, 50)),
    p95: round(percentile(times, 95)),
    max: round(times.at(-1) ?? 0),
    requests: times.length,
  };
}

function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round(kb / 1024);
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function benchSize(n: number): Promise<SizeResult> {
  const port = await freePort();
  const dataDir = path.join(root, '.data', `bench-${n}`);
  process.stdout.write(`\n${n} recipes: preparing data… `);
  await prepareData(dataDir, n);
  process.stdout.write('starting server and building… ');
  const t = performance.now();
  const server = await startServer(dataDir, port);
  const startSeconds = (performance.now() - t) / 1000;
  const built = /Built (\d+) pages in ([\d.]+) s/.exec(server.output());
  const base = `http://localhost:${port}`;
  const slugs = (await (await fetch(`${base}/api/recipes?limit=100`)).json()) as { slug: string }[];
  const queries = [
    'chicken',
    'chiken',
    'pasta',
    'chocolate cake',
    'vegetarian curry',
    'soup',
    'lemon',
    'spicy noodles',
  ];
  process.stdout.write('measuring… ');
  await measure([`${base}/api/recipes/search?q=warmup`], 20);
  const searchMs = await measure(
    queries.map((q) => `${base}/api/recipes/search?q=${encodeURIComponent(q)}`),
    REQUESTS,
  );
  const bySlugMs = await measure(
    slugs.map((s) => `${base}/api/recipes/slug/${s.slug}`),
    REQUESTS,
  );
  const result: SizeResult = {
    recipes: n,
    pages: Number(built?.[1] ?? 0),
    buildSeconds: Number(built?.[2] ?? 0),
    startSeconds: Math.round(startSeconds * 10) / 10,
    searchMs,
    bySlugMs,
    rssMbAfterStart: rssMb(server.child.pid!),
  };
  if (n === sizes[0] && REBUILDS > 0) {
    process.stdout.write(`${REBUILDS} rebuilds… `);
    const before = (server.output().match(/Built \d+ pages/g) ?? []).length;
    const t0 = performance.now();
    for (let i = 1; i <= REBUILDS; i++) {
      const secret = fs.readFileSync(path.join(dataDir, 'build-hook-secret'), 'utf8').trim();
      await fetch(`${base}/__hooks/build?secret=${secret}`, { method: 'POST' });
      await waitFor(
        () => (server.output().match(/Built \d+ pages/g) ?? []).length >= before + i,
        10 * 60_000,
        server.output,
      );
    }
    result.rssMbAfterRebuilds = {
      rebuilds: REBUILDS,
      rssMb: rssMb(server.child.pid!),
      secondsPerRebuild: Math.round(((performance.now() - t0) / 1000 / REBUILDS) * 10) / 10,
    };
  }
  server.child.kill('SIGTERM');
  await new Promise((r) => server.child.once('exit', r));
  fs.rmSync(dataDir, { recursive: true, force: true });
  console.log('done');
  return result;
}

/** Gzipped bytes of a built page and of the CSS and JS it references. */
function pageBytes(distDir: string, page: string): { html: number; css: number; js: number } {
  const gz = (file: string) => zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length;
  const htmlFile = path.join(distDir, page, 'index.html');
  const html = fs.readFileSync(htmlFile, 'utf8');
  const assets = [...html.matchAll(/(?:href|src)="(\/_astro\/[^"]+)"/g)].map((m) => m[1]!);
  const sum = (ext: string) =>
    [...new Set(assets.filter((a) => a.endsWith(ext)))].reduce(
      (total, a) => total + gz(path.join(distDir, a)),
      0,
    );
  return { html: gz(htmlFile), css: sum('.css'), js: sum('.js') };
}

async function main(): Promise<void> {
  const results: SizeResult[] = [];
  for (const n of sizes) results.push(await benchSize(n));

  console.log('\nrecipes | pages | build s | start s | search p50/p95 ms | by-slug p50/p95 ms | RSS MB');
  for (const r of results) {
    console.log(
      `${String(r.recipes).padStart(7)} | ${String(r.pages).padStart(5)} | ${r.buildSeconds.toFixed(1).padStart(7)} | ${r.startSeconds.toFixed(1).padStart(7)} | ${`${r.searchMs.p50} / ${r.searchMs.p95}`.padStart(17)} | ${`${r.bySlugMs.p50} / ${r.bySlugMs.p95}`.padStart(18)} | ${r.rssMbAfterStart}`,
    );
  }
  const rebuilt = results.find((r) => r.rssMbAfterRebuilds);
  if (rebuilt?.rssMbAfterRebuilds) {
    const x = rebuilt.rssMbAfterRebuilds;
    console.log(
      `\nServer RSS after ${x.rebuilds} rebuilds of ${rebuilt.recipes} recipes: ${x.rssMb} MB (after start: ${rebuilt.rssMbAfterStart} MB), ${x.secondsPerRebuild} s per rebuild`,
    );
  }

  // Memory under 5 minutes of mixed load and 2 quiet minutes (scripts/lib/memory-bench.ts).
  const extras: Record<string, unknown> = {};
  console.log('\nMemory under load…');
  const memory = await benchMemory(root);
  extras.memoryUnderLoad = memory;
  for (const line of memoryReport(memory)) console.log(line);

  // Bytes and Lighthouse on the real content, served by a fresh server.
  const dataDir = path.join(root, '.data', 'bench-site');
  fs.rmSync(dataDir, { recursive: true, force: true });
  const server = await startServer(dataDir, await freePort());
  try {
    const state = JSON.parse(fs.readFileSync(path.join(dataDir, 'builds', 'current.json'), 'utf8')) as {
      dir: string;
    };
    const base = `http://localhost:${server.port}`;
    const [recipe] = (await (await fetch(`${base}/api/recipes/featured?limit=1`)).json()) as {
      slug: string;
      category: string;
    }[];
    const pages: Record<string, string> = {
      home: '',
      recipe: `recipe/${recipe!.slug}`,
      category: `category/${recipe!.category}`,
    };
    const bytes: Record<string, unknown> = {};
    for (const [name, page] of Object.entries(pages)) {
      if (fs.existsSync(path.join(state.dir, page, 'index.html'))) bytes[name] = pageBytes(state.dir, page);
    }
    extras.gzipBytesPerPage = bytes;
    console.log('\nGzipped bytes per page type:', JSON.stringify(bytes));
    const lighthouseModule = path.join(root, 'scripts', 'lighthouse.ts');
    if (fs.existsSync(lighthouseModule) && fs.existsSync('/usr/bin/chromium')) {
      const { lighthouseScores } = (await import(lighthouseModule)) as {
        lighthouseScores: (
          base: string,
          paths: string[],
          options?: { runs?: number },
        ) => Promise<Record<string, unknown>>;
      };
      // The median of three runs: one run on a busy 2-core machine can fail or stall.
      const scores = await lighthouseScores(
        base,
        Object.values(pages).map((p) => `/${p}`),
        { runs: 3 },
      );
      extras.lighthouseMobile = scores;
      console.log('Lighthouse (mobile):', JSON.stringify(scores, null, 2));
    }
  } finally {
    server.child.kill('SIGTERM');
    await new Promise((r) => server.child.once('exit', r));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }

  const out = {
    date: new Date().toISOString(),
    machine: { cpus: os.cpus().length, node: process.version },
    sizes: results,
    ...extras,
  };
  fs.mkdirSync(path.join(root, 'bench'), { recursive: true });
  fs.writeFileSync(path.join(root, 'bench', 'results.json'), `${JSON.stringify(out, null, 2)}\n`);
  console.log('\nWrote bench/results.json');
}

/** Changes one recipe's title in a stopped server's database (to time the rebuild that follows). */
async function editOne(dataDir: string): Promise<void> {
  const { db, close } = openPGlite(path.join(dataDir, 'pglite'));
  try {
    const row = await db
      .selectFrom('recipes')
      .select(['id', 'title'])
      .orderBy('id')
      .limit(1)
      .offset(7)
      .executeTakeFirstOrThrow();
    await db
      .updateTable('recipes')
      .set({
        title: `${row.title.replace(/ \(edited \d+\)$/, '')} (edited ${Date.now()})`,
        updated_at: new Date(),
      })
      .where('id', '=', row.id)
      .execute();
    console.log(`Edited recipe ${row.id}`);
  } finally {
    await close();
  }
}

const prepareOnly = argValue('prepare-only');
const editOnly = argValue('edit-one');
if (editOnly) {
  await editOne(path.resolve(editOnly));
} else if (prepareOnly) {
  await prepareData(path.resolve(prepareOnly), sizes[0]!);
  console.log(`Seeded ${sizes[0]} recipes into ${prepareOnly}`);
} else {
  await main();
}
