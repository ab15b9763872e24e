import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Kysely, PGliteDialect, PostgresDialect, type PostgresPool } from 'kysely';
import { Migrator } from 'kysely/migration';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { Pool, neonConfig } from '@neondatabase/serverless';
import type { Database } from './schema.ts';
import { migrationProvider } from './migrations/index.ts';

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
  return openPGlite(path.join(dataDir(), 'pglite')).db;
}

/** Postgres through Neon's serverless Pool (WebSocket), as in production. */
export function openPostgres(connectionString: string): Db {
  const pool = new Pool({ connectionString, max: 5 });
  // A pool error on an idle client must not crash the process; the next query reports it.
  pool.on('error', (err: Error) => console.error('[db] idle client error:', err.message));
  // Neon's Pool is pg's Pool API over WebSockets; its types differ only in details kysely ignores.
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool: pool as unknown as PostgresPool }) });
}

/** Points Neon's driver at a plain (non-Neon) Postgres through a local WebSocket proxy. */
export function useLocalWebSocketProxy(proxyPort: number): void {
  neonConfig.wsProxy = (host, port) => `127.0.0.1:${proxyPort}/v2?address=${host}:${port}`;
  neonConfig.useSecureWebSocket = false;
  neonConfig.pipelineConnect = false;
  neonConfig.pipelineTLS = false;
}

export interface EmbeddedDatabase {
  db: Db;
  pglite: PGlite;
  /** Closes the database and releases the data-dir lock. */
  close: () => Promise<void>;
}

/**
 * Opens PGlite persisted in `dir` after taking the data-dir lock, or in memory when `dir` is
 * undefined (optionally from a dumped template).
 */
export function openPGlite(dir: string | undefined, template?: Blob): EmbeddedDatabase {
  const release = dir ? acquireLock(dir) : () => {};
  if (dir) fs.mkdirSync(dir, { recursive: true });
  // Options go in the single-argument form: PGlite ignores extensions when dataDir is undefined.
  const pglite = new PGlite({
    ...(dir ? { dataDir: dir } : {}),
    extensions: { pg_trgm },
    ...(template ? { loadDataDir: template } : {}),
  });
  const db = new Kysely<Database>({ dialect: new PGliteDialect({ pglite }) });
  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    try {
      await db.destroy();
    } finally {
      release();
    }
  };
  return { db, pglite, close };
}

export class DatabaseLockedError extends Error {
  constructor(lockFile: string, holder: LockHolder) {
    super(
      `The embedded database in ${path.dirname(lockFile)} is in use by process ${holder.pid} ` +
        `(${holder.command}, started ${holder.startedAt} on ${holder.host}). ` +
        `PGlite allows one process per data directory: stop that process first ` +
        `(if it is the Forkful server, its site already serves this database). Nothing was changed.`,
    );
    this.name = 'DatabaseLockedError';
  }
}

interface LockHolder {
  pid: number;
  host: string;
  command: string;
  startedAt: string;
}

/**
 * PGlite has no lock of its own: two processes on one data dir both "succeed" and silently
 * corrupt it. A lock file created with O_EXCL decides who owns the directory; a lock left by a
 * dead process (same host, pid gone) is taken over.
 */
function acquireLock(dir: string): () => void {
  fs.mkdirSync(path.dirname(dir), { recursive: true });
  const lockFile = `${dir}.lock`;
  const me: LockHolder = {
    pid: process.pid,
    host: os.hostname(),
    command: process.argv.slice(1).map((a) => path.basename(a)).join(' ') || 'node',
    startedAt: new Date().toISOString(),
  };
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockFile, JSON.stringify(me), { flag: 'wx' });
      const release = () => {
        try {
          const holder = JSON.parse(fs.readFileSync(lockFile, 'utf8')) as LockHolder;
          if (holder.pid === process.pid) fs.unlinkSync(lockFile);
        } catch {
          // Already gone: nothing to release.
        }
      };
      process.once('exit', release);
      return release;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const holder = readHolder(lockFile);
      if (holder && holder.host === os.hostname() && !isAlive(holder.pid)) {
        fs.rmSync(lockFile, { force: true });
        continue;
      }
      throw new DatabaseLockedError(lockFile, holder ?? { pid: -1, host: '?', command: '?', startedAt: '?' });
    }
  }
  throw new Error(`Could not take the database lock ${lockFile}.`);
}

function readHolder(lockFile: string): LockHolder | undefined {
  try {
    return JSON.parse(fs.readFileSync(lockFile, 'utf8')) as LockHolder;
  } catch {
    return undefined;
  }
}

function isAlive(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Runs every pending migration; throws with the failing migration's error. */
export async function migrateToLatest(db: Db): Promise<string[]> {
  const migrator = new Migrator({ db, provider: migrationProvider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
