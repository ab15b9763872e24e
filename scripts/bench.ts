// `npm run bench`: builds the site from N synthetic recipes with reviews (100 and 1,000; 1,000,
// 10,000 and 50,000 with --full; --sizes=1000,10000 picks), records each build's figures (pages per
// recipe, output size, CPU, peak RSS, where the time went), times one admin edit until it is live,
// measures API latency (p50/p95, sequential, uncached) for search (words, typos, a category) and
// recipe-by-slug on the real local server, a week of the meal plan of a cook with a year of
// entries (scripts/lib/bench/plan-week.ts), the
// server's memory after repeated rebuilds and under 5 minutes of mixed load, bytes per page type and (when Chromium is present)
// Lighthouse scores. Prints a table and writes bench/results.json.
// --engine=postgres runs the same catalogues on a real PostgreSQL server (BENCH_PG_URL, default the
// local postgres://postgres@127.0.0.1:5432/postgres; a database forkful_bench_<n> is made for each
// size and dropped after) and writes bench/results-postgres.json; memory and Lighthouse, which do
// not depend on the database, are left to the embedded run.
import fs from 'node:fs';
import path from 'node:path';
import { useLocalWebSocketProxy } from '../db/client.ts';
import { editOne, prepareData } from './lib/bench/catalogue.ts';
import { pageBytes, type SizeResult } from './lib/bench/figures.ts';
import { argValue, engine, PG_URL, root, sizes } from './lib/bench/options.ts';
import { printSummary, writeResults } from './lib/bench/results.ts';
import { benchSize } from './lib/bench/size-run.ts';
import { freePort, startServer } from './lib/bench/server.ts';
import { benchMemory, memoryReport } from './lib/memory-bench.ts';
import { startWebSocketProxy } from './lib/ws-proxy.ts';

async function main(): Promise<void> {
  const results: SizeResult[] = [];
  // Neon's driver speaks WebSocket; locally a proxy carries it to the PostgreSQL server.
  const proxy = engine === 'postgres' ? await startWebSocketProxy() : undefined;
  if (proxy) useLocalWebSocketProxy(proxy.port);
  try {
    for (const n of sizes) results.push(await benchSize(n));
  } finally {
    await proxy?.close();
  }

  printSummary(results);

  // Memory under 5 minutes of mixed load and 2 quiet minutes (scripts/lib/memory-bench.ts).
  // BENCH_MEMORY=0 skips it (and BENCH_LIGHTHOUSE=0 the Lighthouse runs below).
  const extras: Record<string, unknown> = {};
  if (engine === 'postgres') {
    await writeResults('results-postgres.json', {
      engine,
      postgres: PG_URL.replace(/\/\/[^@]*@/, '//'),
      sizes: results,
    });
    return;
  }
  if (process.env.BENCH_MEMORY !== '0') {
    console.log('\nMemory under load…');
    const memory = await benchMemory(root);
    extras.memoryUnderLoad = memory;
    for (const line of memoryReport(memory)) console.log(line);
  }

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
    if (
      process.env.BENCH_LIGHTHOUSE !== '0' &&
      fs.existsSync(lighthouseModule) &&
      fs.existsSync('/usr/bin/chromium')
    ) {
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
        // The search page too, with a query: its results come from the API.
        [...Object.values(pages).map((p) => `/${p}`), '/search?q=chicken'],
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

  await writeResults('results.json', { engine, sizes: results, ...extras });
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
