import { sql } from 'kysely';
import type { Db } from '../../db/client.ts';
import type { Database } from '../../db/schema.ts';
import { signUp, type TestAccount } from './accounts.ts';

// Small fixtures the API tests of one cook's private data share: two signed-up cooks (what
// alice keeps, bob must never see) with the first seeded recipes, and a table's row count for
// "stores nothing" checks.

/** Two fresh cooks and the ids of the first `recipes` seeded recipes, by id. */
export async function twoCooks(
  db: Db,
  recipes: number,
): Promise<{ alice: TestAccount; bob: TestAccount; recipeIds: number[] }> {
  const [alice, bob] = [await signUp('alice'), await signUp('bob')];
  const rows = await db.selectFrom('recipes').select('id').orderBy('id').limit(recipes).execute();
  return { alice, bob, recipeIds: rows.map((r) => r.id) };
}

/** How many rows `table` holds. */
export async function rowCount(db: Db, table: keyof Database): Promise<number> {
  const { n } = await db
    .selectFrom(table)
    .select(sql<string>`count(*)`.as('n'))
    .executeTakeFirstOrThrow();
  return Number(n);
}
