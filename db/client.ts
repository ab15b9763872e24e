import path from 'node:path';
import { Kysely, PGliteDialect, PostgresDialect, type PostgresPool } from 'kysely';
import { Migrator } from 'kysely/migration';
import { Pool, neonConfig, type PoolClient } from '@neondatabase/serverless';
import type * as Embedded from './embedded.ts';
import type { Database } from './schema.ts';
import { migrationProvider } from './migrations/index.ts';
import { refreshRecipeDiets } from './queries/recipe-diets.ts';
import { isSingleConnection, markSingleConnection } from './single-connection.ts';

export type Db = Kysely<Database>;

/**
 * The process-wide database handle. A Symbol on globalThis, not a module variable, so the Astro
 * content loaders (run by Vite's module runner, a separate module graph) reach the very same
 * PGlite instance as the host process that opened it.
 */
const HANDLE = Symbol.for('forkful.db');
type GlobalWithDb = typeof globalThis & { [HANDLE]?: Db };

/** Where the embedded database lives; FORKFUL_DATA_DIR moves it (tests, bench). */
export function dataDir(): string {
  return path.resolve(process.env.FORKFUL_DATA_DIR || '.data');
}

/**
 * Runs a request's reads as one turn on the database. PGlite has one connection and serves
 * queries in arrival order, so a search that needs three queries (exact words, the nearest
 * known words, the corrected words) queues three times behind every other request's queries: at
 * 50 concurrent searches of 10,000 recipes its p95 was 3.2 s. A transaction takes PGlite's lock
 * once for all of them, so requests are served whole, first come first served. On PostgreSQL the
 * reads run on the pool as they are (a transaction there would only add round trips).
 */
export function inOneTurn<T>(db: Db, work: (db: Db) => Promise<T>): Promise<T> {
  if (!isSingleConnection(db)) return work(db);
  return db.transaction().execute(work);
}

/** The Postgres URL of the environment, if any (Netlify DB sets NETLIFY_DATABASE_URL). */
export function databaseUrl(): string | undefined {
  return process.env.DATABASE_URL || process.env.NETLIFY_DATABASE_URL || undefined;
}

/** Returns the shared handle, opening the database for this process on first use. */
export function getDb(): Db {
  const g = globalThis as GlobalWithDb;
  if (!g[HANDLE]) g[HANDLE] = openDefaultDatabase();
  return g[HANDLE];
}

/** Installs a handle (the server and tests open the database themselves). */
export function setDb(db: Db | undefined): void {
  const g = globalThis as GlobalWithDb;
  if (db) g[HANDLE] = db;
  else delete g[HANDLE];
}

function openDefaultDatabase(): Db {
  const url = databaseUrl();
  if (url) return openPostgres(url);
  return lazyEmbeddedDatabase(path.join(dataDir(), 'pglite'));
}

/**
 * The embedded database (db/embedded.ts) is PGlite's ~7 MiB of WASM. Deployed functions always
 * have DATABASE_URL and must not carry it, so it is imported only here, on the first query, from
 * a specifier bundlers do not follow (a literal `import('./embedded.ts')` would be inlined into
 * every function bundle). getDb() stays synchronous: kysely's PGlite dialect accepts a factory
 * that it awaits when the first connection is made. The data-dir lock is released at exit.
 */
function lazyEmbeddedDatabase(dir: string): Db {
  const embeddedModule = new URL('./embedded.ts', import.meta.url).href;
  return markSingleConnection(
    new Kysely<Database>({
      dialect: new PGliteDialect({
        pglite: async () => {
          // @vite-ignore: the specifier is computed on purpose (see above), not an oversight.
          const embedded = (await import(/* @vite-ignore */ embeddedModule)) as typeof Embedded;
          const opened = embedded.openPGlite(dir);
          await opened.ready();
          return opened.pglite;
        },
      }),
    }),
  );
}

/** Postgres through Neon's serverless Pool (WebSocket), as in production. */
export function openPostgres(connectionString: string): Db {
  // A database that is down or unreachable must cost a request seconds, not a hang:
  // connecting gives up after 3 s, a query after 10 s; the request then answers 503.
  const pool = new Pool({ connectionString, max: 5, connectionTimeoutMillis: 3_000, query_timeout: 10_000 });
  // A pool error on an idle client must not crash the process; the next query reports it.
  pool.on('error', (err: Error) => console.error('[db] idle client error:', err.message || String(err)));
  // A client checked out when its connection drops has no pool listener: without one of its own
  // its 'error' event would end the process. The query it was running fails and answers 503.
  pool.on('connect', (client: PoolClient) => {
    client.on('error', () => {});
  });
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool: kyselyPool(pool) }) });
}

/**
 * Neon's Pool is pg's Pool API over WebSockets. Kysely's PostgresPool type wants more of it than
 * kysely calls (connect() resolving to a client where pg resolves to nothing), so kysely gets
 * the members it uses, typed as Neon declares them. No query of ours is cancellable, so kysely's
 * cancellation client (Pool.Client) is not handed over.
 */
function kyselyPool(pool: Pool): PostgresPool {
  return {
    connect: () => pool.connect(),
    end: () => pool.end(),
    options: pool.options,
  };
}

/** Points Neon's driver at a plain (non-Neon) Postgres through a local WebSocket proxy. */
export function useLocalWebSocketProxy(proxyPort: number): void {
  neonConfig.wsProxy = (host, port) => `127.0.0.1:${proxyPort}/v2?address=${host}:${port}`;
  neonConfig.useSecureWebSocket = false;
  neonConfig.pipelineConnect = false;
  neonConfig.pipelineTLS = false;
}

/** Runs every pending migration; throws with the failing migration's error. */
export async function migrateToLatest(db: Db): Promise<string[]> {
  // Unordered: parallel branches add migrations with their own timestamps; each one still runs once.
  const migrator = new Migrator({ db, provider: migrationProvider, allowUnorderedMigrations: true });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  // Columns computed at write time whose rules changed are brought up to date.
  await refreshRecipeDiets(db);
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
