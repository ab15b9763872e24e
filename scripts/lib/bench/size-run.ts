import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { postgresUrl, prepareData, withPostgresAdmin } from './catalogue.ts';
import { directoryBytes, lastBuild, load1, rssMb, type SizeResult } from './figures.ts';
import { measure, measureConcurrentSearch, measureFilteredSearch } from './latency.ts';
import { measurePlanWeek } from './plan-week.ts';
import { engine, REBUILDS, REQUESTS, root, sizes } from './options.ts';
import { buildTimeoutMs, freePort, startServer, waitFor, type RunningServer } from './server.ts';

// One catalogue size measured end to end: seed, build, API latency, an edit until it is live and,
// for the smallest size, the server's memory after repeated rebuilds.

/** Logs in as the bench's admin and changes one recipe's title; resolves when it is Published. */
export async function editToLive(
  base: string,
  server: RunningServer,
  recipes: number,
): Promise<SizeResult['editToLive']> {
  const headers = { 'Content-Type': 'application/json', Origin: base };
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ username: 'admin', password: 'bench-admin-password' }),
  });
  if (!login.ok) return { error: `admin login: ${login.status} ${await login.text()}` };
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const [first] = (await (await fetch(`${base}/api/recipes?limit=1&offset=7`)).json()) as { id: number }[];
  const recipe = (await (await fetch(`${base}/api/recipes/${first!.id}`)).json()) as Record<string, unknown>;
  const published = () => (server.output().match(/^Published: /gm) ?? []).length;
  const before = published();
  const loadBefore = load1();
  const t = performance.now();
  const put = await fetch(`${base}/api/recipes/${first!.id}`, {
    method: 'PUT',
    headers: { ...headers, Cookie: cookie },
    // The recipe as read, minus empty optional fields (the form leaves them out), one word longer.
    body: JSON.stringify({
      ...Object.fromEntries(Object.entries(recipe).filter(([, value]) => value !== null)),
      title: `${String(recipe.title)} (edited)`,
    }),
  });
  if (!put.ok) return { error: `PUT /api/recipes/${first!.id}: ${put.status} ${await put.text()}` };
  await waitFor(() => published() > before, buildTimeoutMs(recipes), server.output);
  return { seconds: Math.round((performance.now() - t) / 100) / 10, loadAverage: [loadBefore, load1()] };
}

export async function benchSize(n: number): Promise<SizeResult> {
  const port = await freePort();
  const dataDir = path.join(root, '.data', `bench-${n}`);
  process.stdout.write(`\n${n} recipes: preparing data… `);
  await prepareData(dataDir, n);
  process.stdout.write('starting server and building… ');
  const loadBefore = load1();
  const t = performance.now();
  const server = await startServer(dataDir, port, n, engine === 'postgres' ? postgresUrl(n) : undefined);
  const startSeconds = (performance.now() - t) / 1000;
  const loadAfter = load1();
  const built = /Built (\d+) pages in ([\d.]+) s/.exec(server.output());
  const build = lastBuild(dataDir);
  const state = JSON.parse(fs.readFileSync(path.join(dataDir, 'builds', 'current.json'), 'utf8')) as {
    dir: string;
  };
  const recipePages = fs.existsSync(path.join(state.dir, 'recipe'))
    ? fs
        .readdirSync(path.join(state.dir, 'recipe'), { withFileTypes: true, recursive: true })
        .filter((e) => e.isFile() && e.name === 'index.html').length
    : 0;
  const outputMb = Math.round(directoryBytes(state.dir) / 1024 / 1024);
  const base = `http://localhost:${port}`;
  const slugs = (await (await fetch(`${base}/api/recipes?limit=100`)).json()) as { slug: string }[];
  const search = (queries: string[], extra = '') =>
    queries.map((q) => `${base}/api/recipes/search?q=${encodeURIComponent(q)}${extra}`);
  process.stdout.write('measuring… ');
  await measure([`${base}/api/recipes/search?q=warmup`], 20);
  // Each search is new to the response cache (uncached): the database answers every one.
  const words = ['chicken', 'pasta', 'chocolate cake', 'vegetarian curry', 'soup', 'lemon', 'spicy noodles'];
  const typos = ['chiken', 'choclate', 'lemn', 'spagetti', 'curyy', 'noodels'];
  const searchMs = await measure(search(words), REQUESTS, { sequential: true, uncached: true });
  const searchTypoMs = await measure(search(typos), REQUESTS, { sequential: true, uncached: true });
  const searchCategoryMs = await measure(search(words, '&category=main-course'), REQUESTS, {
    sequential: true,
    uncached: true,
  });
  const searchFilteredMs = await measureFilteredSearch(base, REQUESTS);
  const bySlugMs = await measure(
    slugs.map((s) => `${base}/api/recipes/slug/${s.slug}?`),
    REQUESTS,
    { sequential: true, uncached: true },
  );
  const planWeekMs = await measurePlanWeek(base);
  const searchConcurrent = await measureConcurrentSearch(base);
  const result: SizeResult = {
    recipes: n,
    pages: Number(built?.[1] ?? 0),
    pagesPerRecipe: Math.round((recipePages / n) * 100) / 100,
    outputMb,
    buildSeconds: Number(built?.[2] ?? 0),
    ...(build ? { build } : {}),
    startSeconds: Math.round(startSeconds * 10) / 10,
    loadAverage: [loadBefore, loadAfter],
    searchMs,
    searchTypoMs,
    searchCategoryMs,
    searchFilteredMs,
    bySlugMs,
    planWeekMs,
    searchConcurrent,
    rssMbAfterStart: rssMb(server.child.pid!),
  };
  process.stdout.write('editing one recipe… ');
  try {
    const edit = await editToLive(base, server, n);
    result.editToLive = edit && 'seconds' in edit ? { ...edit, build: lastBuild(dataDir) } : edit;
  } catch (err) {
    result.editToLive = { error: (err as Error).message };
  }
  if (n === sizes[0] && n <= 100 && REBUILDS > 0) {
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
  if (!process.env.BENCH_KEEP) {
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (engine === 'postgres')
      await withPostgresAdmin(async (admin) => {
        await sql`DROP DATABASE IF EXISTS ${sql.id(`forkful_bench_${n}`)} WITH (FORCE)`.execute(admin);
      });
  }
  console.log('done');
  return result;
}
