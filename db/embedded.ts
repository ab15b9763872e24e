import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Kysely, PGliteDialect } from 'kysely';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { Database } from './schema.ts';
import type { Db } from './client.ts';

// The embedded database (PGlite, Postgres compiled to WASM) for local use and tests. Its own
// module so that deployed functions, which always talk to Neon, never bundle it: db/client.ts
// imports it lazily, only when no DATABASE_URL is set.

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
