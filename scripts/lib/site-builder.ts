import { fork, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import type { Db } from '../../db/client.ts';
import { serveQueriesTo, type SharedQueries } from './ipc-database.ts';
import { buildShards, combineReports, mergeBuildInto } from './build-shards.ts';
import type { WorkerReport } from '../build-worker.ts';
import { BUILD_WORKER_ENV, buildWorkerHeapMb, withoutServerFlags } from './server-flags.ts';
import { configuredSiteUrl } from '../../src/lib/site-url.ts';

// Builds the static site into a fresh folder per build and tells the server to switch to it
// when done (building into the served folder gave 404s under load). One build at a time;
// triggers that arrive meanwhile coalesce into one more build.

export interface BuildResult {
  dir: string;
  pages: number;
  seconds: number;
  skipped: boolean;
  /** Where the build's time went and its peak memory, as the build worker measured them. */
  report?: WorkerReport;
}

interface BuildState {
  dir: string;
  stamp: string;
}

/** What the pages are made from: the database's content version and the source files. */
async function currentStamp(db: Db, root: string): Promise<string> {
  const { rows } = await sql<{ v: string }>`
    SELECT concat_ws('|',
      (SELECT count(*) || ':' || coalesce(max(updated_at)::text, '') || ':' || coalesce(sum(rating + review_count), 0) FROM recipes),
      (SELECT count(*) || ':' || coalesce(max(updated_at)::text, '') FROM categories),
      (SELECT count(*) || ':' || coalesce(max(updated_at)::text, '') FROM pages),
      (SELECT count(*) || ':' || coalesce(max(updated_at)::text, '') FROM blog_posts),
      (SELECT count(*) FROM blog_categories),
      (SELECT coalesce(max(updated_at)::text, '') FROM settings)) AS v`.execute(db);
  const hash = crypto
    .createHash('sha256')
    .update(rows[0]?.v ?? '')
    .update(configuredSiteUrl(process.env) ?? '');
  for (const entry of ['src', 'public', 'astro.config.mjs', 'package-lock.json'])
    hashTree(hash, path.join(root, entry));
  return hash.digest('hex').slice(0, 16);
}

function hashTree(hash: crypto.Hash, target: string): void {
  let stat: fs.Stats;
  try {
    stat = fs.statSync(target);
  } catch {
    return;
  }
  if (stat.isDirectory()) {
    for (const name of fs.readdirSync(target).sort()) hashTree(hash, path.join(target, name));
  } else {
    hash.update(`${target}:${stat.size}:${stat.mtimeMs}\n`);
  }
}

async function recipeCount(db: Db): Promise<number> {
  const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM recipes`.execute(db);
  return rows[0]?.n ?? 0;
}

function countPages(dir: string): number {
  let n = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile() && entry.name.endsWith('.html')) n++;
  }
  return n;
}

export class SiteBuilder {
  readonly #root: string;
  readonly #buildsDir: string;
  readonly #db: Db;
  readonly #onBuilt: (result: BuildResult) => void;
  #running: Promise<BuildResult> | undefined;
  #pending = false;
  #counter = 0;
  readonly #workers = new Set<ChildProcess>();

  constructor(options: { root: string; buildsDir: string; db: Db; onBuilt: (result: BuildResult) => void }) {
    this.#root = options.root;
    this.#buildsDir = options.buildsDir;
    this.#db = options.db;
    this.#onBuilt = options.onBuilt;
  }

  get #stateFile(): string {
    return path.join(this.#buildsDir, 'current.json');
  }

  #readState(): BuildState | undefined {
    try {
      const state = JSON.parse(fs.readFileSync(this.#stateFile, 'utf8')) as BuildState;
      return fs.existsSync(path.join(state.dir, 'index.html')) ? state : undefined;
    } catch {
      return undefined;
    }
  }

  /** Builds unless the last build was made from the same database content and sources. */
  async buildIfNeeded(): Promise<BuildResult> {
    const stamp = await currentStamp(this.#db, this.#root);
    const state = this.#readState();
    if (state && state.stamp === stamp) {
      const result = { dir: state.dir, pages: countPages(state.dir), seconds: 0, skipped: true };
      this.#onBuilt(result);
      return result;
    }
    return this.rebuild();
  }

  /** Queues a rebuild; calls during a build coalesce into one follow-up build. */
  rebuild(): Promise<BuildResult> {
    if (this.#running) {
      this.#pending = true;
      return this.#running;
    }
    this.#running = this.#runBuild().finally(() => {
      this.#running = undefined;
      if (this.#pending) {
        this.#pending = false;
        void this.rebuild().catch((err: unknown) => console.error('[build] rebuild failed:', err));
      }
    });
    return this.#running;
  }

  /** Ends a build in progress (server shutdown). */
  stop(): void {
    this.#pending = false;
    for (const worker of this.#workers) worker.kill('SIGTERM');
  }

  get isBuilding(): boolean {
    return this.#running !== undefined;
  }

  async #runBuild(): Promise<BuildResult> {
    const started = performance.now();
    const stamp = await currentStamp(this.#db, this.#root);
    fs.mkdirSync(this.#buildsDir, { recursive: true });
    const dir = path.join(this.#buildsDir, `build-${Date.now()}-${++this.#counter}`);
    const report = await this.#buildInWorkers(dir, await recipeCount(this.#db));
    const previous = this.#readState();
    fs.writeFileSync(this.#stateFile, JSON.stringify({ dir, stamp } satisfies BuildState));
    const result: BuildResult = {
      dir,
      pages: countPages(dir),
      seconds: (performance.now() - started) / 1000,
      skipped: false,
      report,
    };
    // The last build's figures, for the bench (npm run bench) and anyone curious.
    fs.writeFileSync(path.join(this.#buildsDir, 'last-build.json'), `${JSON.stringify(result, null, 2)}\n`);
    this.#onBuilt(result);
    this.#removeOldBuilds([dir, previous?.dir]);
    return result;
  }

  /**
   * Builds in forked children: each in-process Astro build leaves ~20 MB behind for good, a
   * child returns it when it exits. The host keeps the database and answers the children's
   * queries. A large catalogue is split between several children, each rendering a share of the
   * per-recipe pages into a folder of its own (src/data/build-shard.ts); their folders are merged
   * into the first.
   */
  async #buildInWorkers(outDir: string, recipes: number): Promise<WorkerReport> {
    const shards = buildShards(recipes);
    // Astro's cache (the content store, the incremental build manifest) per site and per shard,
    // not shared by every server of the checkout. A change in the number of shards starts the
    // caches afresh; the old ones are removed.
    const cacheName = (k: number) => (shards === 1 ? 'astro-cache' : `astro-cache-${k + 1}-of-${shards}`);
    const caches = new Set(Array.from({ length: shards }, (_, k) => cacheName(k)));
    for (const name of fs.readdirSync(this.#buildsDir))
      if (name.startsWith('astro-cache') && !caches.has(name))
        fs.rmSync(path.join(this.#buildsDir, name), { recursive: true, force: true });
    const outDirs = Array.from({ length: shards }, (_, k) => (k === 0 ? outDir : `${outDir}.shard-${k + 1}`));
    const sharedQueries: SharedQueries = new Map();
    try {
      const reports = await Promise.all(
        outDirs.map((dir, k) =>
          this.#buildInWorker(
            dir,
            path.join(this.#buildsDir, cacheName(k)),
            recipes,
            shards > 1 ? `${k}/${shards}` : undefined,
            sharedQueries,
          ),
        ),
      );
      for (const dir of outDirs.slice(1)) mergeBuildInto(dir, outDir);
      return combineReports(reports);
    } finally {
      for (const dir of outDirs.slice(1)) fs.rmSync(dir, { recursive: true, force: true });
    }
  }

  #buildInWorker(
    outDir: string,
    cacheDir: string,
    recipes: number,
    shard: string | undefined,
    sharedQueries: SharedQueries,
  ): Promise<WorkerReport> {
    const execArgv = [
      ...withoutServerFlags(process.execArgv),
      `--max-old-space-size=${buildWorkerHeapMb(recipes)}`,
    ];
    return new Promise((resolve, reject) => {
      const child = fork(
        path.join(this.#root, 'scripts', 'build-worker.ts'),
        [this.#root, outDir, cacheDir],
        {
          cwd: this.#root,
          env: { ...process.env, ...BUILD_WORKER_ENV, ...(shard ? { FORKFUL_BUILD_SHARD: shard } : {}) },
          // Not the server's heap limits: a build's limit follows the catalogue's size, and the
          // worker returns its memory on exit.
          // FORKFUL_BUILD_PROFILE=dir writes a V8 CPU profile of each build there (.cpuprofile).
          execArgv: process.env.FORKFUL_BUILD_PROFILE
            ? [...execArgv, '--cpu-prof', '--cpu-prof-dir', process.env.FORKFUL_BUILD_PROFILE]
            : execArgv,
          serialization: 'advanced',
          stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
        },
      );
      this.#workers.add(child);
      serveQueriesTo(child, this.#db, sharedQueries);
      let built: WorkerReport | undefined;
      child.on('message', (m: { type?: string }) => {
        if (m?.type === 'built') built = m as WorkerReport;
      });
      child.once('error', reject);
      child.once('exit', (code) => {
        this.#workers.delete(child);
        if (built) resolve(built);
        else {
          // One shard failing fails the build: the others have nothing to be merged into.
          for (const other of this.#workers) other.kill('SIGTERM');
          reject(new Error(`The site build failed (exit code ${code}); see the messages above.`));
        }
      });
    });
  }

  /** Keeps the current and the previous build (for asset misses); deletes older ones. */
  #removeOldBuilds(keep: (string | undefined)[]): void {
    for (const name of fs.readdirSync(this.#buildsDir)) {
      const full = path.join(this.#buildsDir, name);
      if (name.startsWith('build-') && !keep.includes(full))
        fs.rmSync(full, { recursive: true, force: true });
    }
  }
}
