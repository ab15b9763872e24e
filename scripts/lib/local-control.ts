import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import type { PGlite } from '@electric-sql/pglite';
import type { Db } from '../../db/client.ts';
import { ensureDataDirSecret, localAnswer as answer, secretMatches } from './local-endpoint.ts';

// The local server owns the embedded database (one process per PGlite data dir, docs/DECISIONS.md "One owner per embedded database"),
// so command-line tools that need it while the server runs (`npm run backup`) ask the server.
// They find it through `server.json` in the data dir and prove they may ask with a secret
// generated into the same dir (readable by its owner only): only someone who can read the data
// dir can take a copy of it. Browsers cannot call it from a page (cross-site requests refused).

export const CONTROL_PATH_PREFIX = '/__local/';
const SECRET_FILE = 'control-secret';
const SERVER_FILE = 'server.json';
export const CONTROL_SECRET_HEADER = 'x-forkful-control-secret';

/** What a running server writes into its data dir so local tools can reach it. */
export interface ServerInfo {
  pid: number;
  url: string;
  startedAt: string;
}

/** The control secret, generated once into the data dir. */
export function ensureControlSecret(dataDir: string): string {
  return ensureDataDirSecret(dataDir, SECRET_FILE);
}

/** Records where this server listens; removed again when it stops. */
export function announceServer(dataDir: string, url: string): () => void {
  const file = path.join(dataDir, SERVER_FILE);
  const info: ServerInfo = { pid: process.pid, url, startedAt: new Date().toISOString() };
  fs.writeFileSync(file, JSON.stringify(info), { mode: 0o600 });
  const remove = () => {
    try {
      if ((JSON.parse(fs.readFileSync(file, 'utf8')) as ServerInfo).pid === process.pid) fs.unlinkSync(file);
    } catch {
      // Already gone.
    }
  };
  process.once('exit', remove);
  return remove;
}

/** The server running on this data dir, if one announced itself and its process is alive. */
export function runningServer(dataDir: string): (ServerInfo & { secret: string }) | undefined {
  let info: ServerInfo;
  try {
    info = JSON.parse(fs.readFileSync(path.join(dataDir, SERVER_FILE), 'utf8')) as ServerInfo;
    process.kill(info.pid, 0);
  } catch {
    return undefined;
  }
  return { ...info, secret: ensureControlSecret(dataDir) };
}

/** Row count and a checksum of every row of every table, in one consistent read. */
export type TableSummary = Record<string, { rows: number; checksum: string }>;

/** Summarises every table of the public schema (the same rows give the same checksums). */
export async function summariseTables(db: Db): Promise<TableSummary> {
  return db.transaction().execute(async (trx) => {
    const tables = await sql<{ name: string }>`
      select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind in ('r', 'p') order by c.relname`.execute(trx);
    if (tables.rows.length === 0) return {};
    // One statement for every table: a summary is read after every fuzzed request.
    const parts = tables.rows.map(
      ({ name }) => sql`select ${name}::text as name, count(*)::text as rows,
        md5(coalesce(string_agg(t::text, E'\n' order by t::text), '')) as checksum
        from ${sql.table(name)} t`,
    );
    const { rows } = await sql<{
      name: string;
      rows: string;
      checksum: string;
    }>`${sql.join(parts, sql` union all `)}`.execute(trx);
    return Object.fromEntries(rows.map((r) => [r.name, { rows: Number(r.rows), checksum: r.checksum }]));
  });
}

/**
 * A consistent snapshot of the embedded database as a gzipped tar of its data dir (PGlite's own
 * format, which `npm run restore` loads back). It waits for open transactions to end and holds
 * PGlite's locks while it copies, after a CHECKPOINT so the copy needs no log replay.
 */
export async function snapshotDatabase(pglite: PGlite): Promise<Blob> {
  await pglite.exec('CHECKPOINT');
  // Inside PGlite's transaction lock (kysely's transactions take it too): no write is half-done.
  return pglite.transaction(() => pglite.dumpDataDir('gzip'));
}

/**
 * Answers a local tool: `POST /__local/backup` → the snapshot (application/gzip);
 * `GET /__local/tables` → the TableSummary. 403 without the secret or from a web page.
 */
export async function handleControl(
  req: Request,
  options: { db: Db; pglite: PGlite | undefined; secret: string },
): Promise<Response> {
  const fetchSite = req.headers.get('sec-fetch-site');
  if ((fetchSite && fetchSite !== 'none') || req.headers.get('origin') !== null)
    return answer(403, { error: 'Local control requests cannot come from a web page.' });
  if (!secretMatches(req.headers.get(CONTROL_SECRET_HEADER), options.secret))
    return answer(403, { error: 'The control secret is missing or wrong.' });
  const { pathname } = new URL(req.url);
  const action = pathname.slice(CONTROL_PATH_PREFIX.length);
  if (action === 'tables') {
    if (req.method !== 'GET') return answer(405, { error: 'Use GET.' }, { Allow: 'GET' });
    return answer(200, await summariseTables(options.db));
  }
  if (action === 'backup') {
    if (req.method !== 'POST') return answer(405, { error: 'Use POST.' }, { Allow: 'POST' });
    if (!options.pglite)
      return answer(409, {
        error:
          'This server uses DATABASE_URL (PostgreSQL), not the embedded database: back that up with your provider (Neon: point-in-time restore, see README).',
      });
    const blob = await snapshotDatabase(options.pglite);
    return new Response(blob, {
      status: 200,
      headers: { 'Content-Type': 'application/gzip', 'Cache-Control': 'private, no-store' },
    });
  }
  return answer(404, { error: 'No such local control action.' });
}
