import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Kysely, PGliteDialect } from 'kysely';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { Database } from './schema.ts';
import { markSingleConnection } from './single-connection.ts';

// The embedded database (PGlite, Postgres compiled to WASM) for local use and tests. Its own
// module so that deployed functions, which always talk to Neon, never bundle it: db/client.ts
// imports it lazily, only when no DATABASE_URL is set.

export interface EmbeddedDatabase {
  db: Kysely<Database>;
  pglite: PGlite;
  /** Waits until the database is open; a directory PGlite cannot open is a DamagedDatabaseError. */
  ready: () => Promise<void>;
  /** Closes the database and releases the data-dir lock. */
  close: () => Promise<void>;
}

/**
 * Opens PGlite persisted in `dir` after taking the data-dir lock, or in memory when `dir` is
 * undefined (optionally from a dumped template).
 */
export function openPGlite(dir: string | undefined, template?: Blob): EmbeddedDatabase {
  const release = dir ? acquireLock(dir) : () => {};
  let existing = false;
  if (dir) {
    try {
      // Only an absent or empty directory may become a new database; a damaged one is refused.
      existing = inspectDataDir(dir) === 'database';
    } catch (err) {
      release();
      throw err;
    }
    fs.mkdirSync(dir, { recursive: true });
  }
  // Options go in the single-argument form: PGlite ignores extensions when dataDir is undefined.
  const pglite = new PGlite({
    ...(dir ? { dataDir: dir } : {}),
    extensions: { pg_trgm },
    ...(template ? { loadDataDir: template } : {}),
  });
  const db = markSingleConnection(new Kysely<Database>({ dialect: new PGliteDialect({ pglite }) }));
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
  const ready = async () => {
    try {
      await pglite.waitReady;
    } catch (err) {
      await close().catch(() => {});
      if (!existing || !dir) throw err;
      // The files looked whole but PostgreSQL could not start on them (a corrupt control file…).
      throw new DamagedDatabaseError(
        dir,
        `PGlite could not start on it (${err instanceof Error ? err.message : String(err)})`,
      );
    }
  };
  return { db, pglite, ready, close };
}

/**
 * The data directory holds something that is not a whole database. Nothing was changed: PGlite
 * was not started on it (it would initialise a new, empty database over the old files when
 * PG_VERSION is missing, and abort on a broken control file or log).
 */
export class DamagedDatabaseError extends Error {
  constructor(dir: string, problem: string) {
    super(
      `The embedded database in ${dir} cannot be opened: ${problem}. Nothing was changed: ` +
        `Forkful creates a new database only in an empty directory and never writes over a damaged one. ` +
        `To restore from a backup, stop the server and run "npm run restore <backup file>" ` +
        `(it keeps the damaged directory beside the restored one); to start over with a fresh seeded ` +
        `database instead, move ${dir} out of the way.`,
    );
    this.name = 'DamagedDatabaseError';
  }
}

/** A write-ahead log segment file name (timeline, log, segment: 24 hex digits). */
const WAL_SEGMENT = /^[0-9A-F]{24}$/;

/**
 * What is in a data directory: 'new' (absent or empty: a database may be created there) or
 * 'database' (the files a Postgres cluster cannot do without are present and not blank).
 * Throws DamagedDatabaseError for anything else.
 */
export function inspectDataDir(dir: string): 'new' | 'database' {
  let entries: string[];
  try {
    entries = fs.readdirSync(dir);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return 'new';
    throw new DamagedDatabaseError(dir, `it cannot be read (${(err as Error).message})`);
  }
  if (entries.length === 0) return 'new';
  const damaged = (problem: string) => new DamagedDatabaseError(dir, problem);
  if (!entries.includes('PG_VERSION'))
    throw damaged(
      'the directory is not empty but its PG_VERSION file is missing, so it is not a whole database',
    );
  if (!/^\d+\s*$/.test(fs.readFileSync(path.join(dir, 'PG_VERSION'), 'utf8')))
    throw damaged('its PG_VERSION file does not hold a PostgreSQL version');
  const control = path.join(dir, 'global', 'pg_control');
  if (!fs.existsSync(control)) throw damaged('its control file global/pg_control is missing');
  const bytes = fs.readFileSync(control);
  // The control file starts with the cluster's system identifier: never zero in a real one.
  if (bytes.length < 16 || bytes.subarray(0, 16).every((b) => b === 0))
    throw damaged('its control file global/pg_control is empty or zeroed');
  const wal = path.join(dir, 'pg_wal');
  const segments = fs.existsSync(wal) ? fs.readdirSync(wal).filter((f) => WAL_SEGMENT.test(f)) : [];
  if (segments.length === 0) throw damaged('its write-ahead log (pg_wal) holds no log segment');
  return 'database';
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
export function acquireLock(dir: string): () => void {
  fs.mkdirSync(path.dirname(dir), { recursive: true });
  const lockFile = `${dir}.lock`;
  const me: LockHolder = {
    pid: process.pid,
    host: os.hostname(),
    command:
      process.argv
        .slice(1)
        .map((a) => path.basename(a))
        .join(' ') || 'node',
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
