import { sql } from 'kysely';
import { migrateToLatest, type Db } from '../../../db/client.ts';

/** What "Apply indexes" did: indexes it created, the ones already there, and migrations it ran. */
export interface AppliedIndexes {
  created: string[];
  existing: string[];
  migrationsRun: string[];
  analyzed: boolean;
}

async function indexNames(db: Db): Promise<string[]> {
  const { rows } = await sql<{ indexname: string }>`
    SELECT indexname FROM pg_indexes WHERE schemaname = current_schema() ORDER BY indexname`.execute(db);
  return rows.map((r) => r.indexname);
}

/**
 * Brings the database's indexes up to what the migrations declare (every index lives in a
 * migration, so a database that missed one — restored from an old dump, or migrated by an older
 * deploy — gets it by running the pending migrations) and refreshes the planner's statistics,
 * which go stale after bulk writes such as an import or a generator batch.
 */
export async function applyIndexes(db: Db): Promise<AppliedIndexes> {
  const before = new Set(await indexNames(db));
  const migrationsRun = await migrateToLatest(db);
  await sql`ANALYZE`.execute(db);
  const after = await indexNames(db);
  return {
    created: after.filter((name) => !before.has(name)),
    existing: after.filter((name) => before.has(name)),
    migrationsRun,
    analyzed: true,
  };
}
