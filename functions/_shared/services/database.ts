import { sql } from 'kysely';
import { migrateToLatest, type Db } from '../../../db/client.ts';
import { isSingleConnection } from '../../../db/single-connection.ts';
import { createIndexStatement, INDEXES } from '../../../db/indexes.ts';
import type { DatabaseStats, TableSize } from '../../../src/lib/api/answers.ts';

/** What "Apply indexes" did: indexes it created, the ones already there, and migrations it ran. */
export interface AppliedIndexes {
  created: string[];
  existing: string[];
  migrationsRun: string[];
  analyzed: boolean;
}

const megabytes = (bytes: number) => Math.round((bytes / 1024 / 1024) * 100) / 100;

/** The schema's indexes by name, each with whether it is usable (a failed CONCURRENTLY build is not). */
async function indexValidity(db: Db): Promise<Map<string, boolean>> {
  const { rows } = await sql<{ name: string; valid: boolean }>`
    SELECT c.relname AS name, i.indisvalid AS valid
    FROM pg_index i
    JOIN pg_class c ON c.oid = i.indexrelid
    JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = current_schema()`.execute(db);
  return new Map(rows.map((r) => [r.name, r.valid]));
}

async function tableNames(db: Db): Promise<Set<string>> {
  const { rows } = await sql<{ name: string }>`
    SELECT tablename AS name FROM pg_tables WHERE schemaname = current_schema()`.execute(db);
  return new Set(rows.map((r) => r.name));
}

/**
 * Puts back every index of db/indexes.ts the database lacks (or holds half-built after a failed
 * concurrent build), runs the migrations it missed, and refreshes the planner's statistics, which
 * go stale after bulk writes such as an import or a generator batch. On PostgreSQL each index is
 * built with CONCURRENTLY, so the site keeps reading and writing while it is built; the embedded
 * database has one connection, so there is nobody to keep serving and it builds them plainly.
 */
export async function applyIndexes(db: Db): Promise<AppliedIndexes> {
  const concurrently = !isSingleConnection(db);
  const before = await indexValidity(db);
  const tables = await tableNames(db);
  for (const index of INDEXES) {
    // A table a pending migration creates gets its indexes from that migration.
    if (before.get(index.name) === true || !tables.has(index.table)) continue;
    if (before.has(index.name)) {
      const drop = `DROP INDEX ${concurrently ? 'CONCURRENTLY ' : ''}IF EXISTS ${index.name}`;
      await sql.raw(drop).execute(db);
    }
    await sql.raw(createIndexStatement(index, { concurrently })).execute(db);
  }
  const migrationsRun = await migrateToLatest(db);
  await sql`ANALYZE`.execute(db);
  const after = await indexValidity(db);
  const names = [...after.keys()].sort();
  return {
    created: names.filter((name) => before.get(name) !== true),
    existing: names.filter((name) => before.get(name) === true),
    migrationsRun,
    analyzed: true,
  };
}

/** Every table of the schema with its exact row count and size, largest first. */
export async function databaseStats(db: Db): Promise<DatabaseStats> {
  const { rows } = await sql<{ name: string; bytes: string | number }>`
    SELECT c.relname AS name, pg_total_relation_size(c.oid) AS bytes
    FROM pg_class c
    JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'p')
    ORDER BY pg_total_relation_size(c.oid) DESC, c.relname`.execute(db);
  const sizes: TableSize[] = [];
  for (const row of rows) {
    const { rows: counted } = await sql<{ rows: string | number }>`
      SELECT count(*) AS rows FROM ${sql.table(row.name)}`.execute(db);
    sizes.push({ name: row.name, rows: Number(counted[0]?.rows ?? 0), sizeMB: megabytes(Number(row.bytes)) });
  }
  const totalBytes = rows.reduce((sum, row) => sum + Number(row.bytes), 0);
  return { tables: sizes, totalSizeMB: megabytes(totalBytes) };
}
