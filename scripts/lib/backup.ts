import fs from 'node:fs';
import path from 'node:path';
import { Kysely, PGliteDialect } from 'kysely';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { databaseUrl } from '../../db/client.ts';
import type { Database } from '../../db/schema.ts';
import { acquireLock, inspectDataDir, openPGlite } from '../../db/embedded.ts';
import {
  CONTROL_SECRET_HEADER,
  runningServer,
  snapshotDatabase,
  summariseTables,
  type TableSummary,
} from './local-control.ts';

// `npm run backup` / `npm run restore FILE` for the embedded database (docs/DECISIONS.md "One owner per embedded database": one
// process owns a PGlite data dir). A backup is PGlite's own dump of the data dir (a gzipped
// tar): taken through the running server when there is one, else by opening the database here.
// A restore never runs beside a server, checks the file by opening it before anything is
// replaced, and keeps the directory it replaces.

/**
 * Backups and restores are of the embedded database: with DATABASE_URL set (PostgreSQL, Neon in
 * production) this says what to use instead (`advice`) and exits.
 */
export function refuseWithPostgres(advice: string): void {
  if (!databaseUrl()) return;
  console.error(
    `DATABASE_URL is set: that database is PostgreSQL (Neon in production), not the embedded one. ${advice}`,
  );
  process.exit(1);
}

export interface BackupResult {
  file: string;
  bytes: number;
  seconds: number;
  via: 'server' | 'direct';
  tables: TableSummary;
}

const stamp = () => new Date().toISOString().replace(/[-:]/g, '').replace(/\..*/, '').replace('T', '-');

/** Where a backup goes when no file is named: <data dir>/backups/forkful-<UTC time>.tar.gz. */
export function defaultBackupFile(dataDir: string): string {
  return path.join(dataDir, 'backups', `forkful-${stamp()}.tar.gz`);
}

/** Writes a consistent snapshot of the embedded database in `dataDir` to `file`. */
export async function takeBackup(dataDir: string, file = defaultBackupFile(dataDir)): Promise<BackupResult> {
  const started = performance.now();
  const pgliteDir = path.join(dataDir, 'pglite');
  fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const partial = `${file}.part`;
  let tables: TableSummary;
  let via: BackupResult['via'];
  const server = runningServer(dataDir);
  if (server) {
    via = 'server';
    const headers = { [CONTROL_SECRET_HEADER]: server.secret };
    const res = await fetch(`${server.url}/__local/backup`, { method: 'POST', headers });
    if (!res.ok) throw new Error(`The server refused the backup: ${await errorOf(res)}`);
    fs.writeFileSync(partial, Buffer.from(await res.arrayBuffer()));
    const summary = await fetch(`${server.url}/__local/tables`, { headers });
    if (!summary.ok) throw new Error(`The server did not list its tables: ${await errorOf(summary)}`);
    tables = (await summary.json()) as TableSummary;
  } else {
    via = 'direct';
    if (inspectDataDir(pgliteDir) === 'new')
      throw new Error(`There is no database in ${pgliteDir} to back up.`);
    const embedded = openPGlite(pgliteDir);
    try {
      await embedded.ready();
      tables = await summariseTables(embedded.db);
      const blob = await snapshotDatabase(embedded.pglite);
      fs.writeFileSync(partial, Buffer.from(await blob.arrayBuffer()));
    } finally {
      await embedded.close();
    }
  }
  fs.renameSync(partial, file);
  return {
    file,
    bytes: fs.statSync(file).size,
    seconds: (performance.now() - started) / 1000,
    via,
    tables,
  };
}

async function errorOf(res: Response): Promise<string> {
  const text = await res.text();
  try {
    return (JSON.parse(text) as { error?: string }).error ?? `${res.status}`;
  } catch {
    return `${res.status} ${text.slice(0, 200)}`;
  }
}

export interface RestoreResult {
  tables: TableSummary;
  /** Where the directory that was replaced now is (undefined when there was none). */
  keptAs: string | undefined;
}

/**
 * Puts a backup back into `dataDir`. Refuses (DatabaseLockedError) while a server or another
 * process holds the database. The backup is opened in a new directory first; only when it opens
 * and holds Forkful's tables is the current directory moved aside and the new one put in place.
 */
export async function restoreBackup(dataDir: string, file: string): Promise<RestoreResult> {
  if (!fs.existsSync(file)) throw new Error(`There is no backup file ${file}. Nothing was changed.`);
  const pgliteDir = path.join(dataDir, 'pglite');
  const release = acquireLock(pgliteDir);
  const when = stamp();
  const incoming = `${pgliteDir}.restoring-${when}`;
  try {
    fs.rmSync(incoming, { recursive: true, force: true });
    let tables: TableSummary;
    try {
      tables = await openAndSummarise(incoming, new Blob([fs.readFileSync(file)]));
      if (!tables['kysely_migration']) throw new Error('it holds no Forkful tables');
    } catch (err) {
      fs.rmSync(incoming, { recursive: true, force: true });
      throw new Error(
        `${file} is not a backup this server can load (${err instanceof Error ? err.message : String(err)}). Nothing was changed.`,
        { cause: err },
      );
    }
    let keptAs: string | undefined;
    if (fs.existsSync(pgliteDir) && fs.readdirSync(pgliteDir).length > 0) {
      keptAs = `${pgliteDir}.before-restore-${when}`;
      fs.renameSync(pgliteDir, keptAs);
    } else {
      fs.rmSync(pgliteDir, { recursive: true, force: true });
    }
    fs.renameSync(incoming, pgliteDir);
    return { tables, keptAs };
  } finally {
    release();
  }
}

async function openAndSummarise(dir: string, dump: Blob): Promise<TableSummary> {
  const pglite = new PGlite({ dataDir: dir, loadDataDir: dump, extensions: { pg_trgm } });
  const db = new Kysely<Database>({ dialect: new PGliteDialect({ pglite }) });
  try {
    await pglite.waitReady;
    return await summariseTables(db);
  } finally {
    await db.destroy().catch(() => {});
  }
}

/** "1.2 MB" */
export function formatBytes(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.ceil(bytes / 1024)} KB`;
}

/** Total rows across tables, for one-line reports. */
export function totalRows(tables: TableSummary): number {
  return Object.values(tables).reduce((sum, t) => sum + t.rows, 0);
}
