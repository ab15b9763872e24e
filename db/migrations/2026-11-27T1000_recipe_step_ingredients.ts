import { sql, type Kysely } from 'kysely';

// The ingredients each step uses, where the admin corrected the automatic matching: per step, the
// ingredient line indexes and shares. Null (every existing recipe) means matched automatically.

export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE recipes ADD COLUMN step_ingredients jsonb`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE recipes DROP COLUMN step_ingredients`.execute(db);
}
