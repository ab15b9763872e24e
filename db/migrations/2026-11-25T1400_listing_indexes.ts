import { sql, type Kysely } from 'kysely';

// Indexes in the order the public lists read: a category's recipes newest first, all
// recipes newest first, and the featured order (functions/_shared/services/recipes.ts). With them
// a page of a list reads its rows in order from the index instead of sorting the whole catalogue
// (or category) on every request, and a deep offset walks index entries only.

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX IF NOT EXISTS recipes_category_newest_idx ON recipes (category, created_at DESC, id DESC)`.execute(
    db,
  );
  await sql`CREATE INDEX IF NOT EXISTS recipes_newest_idx ON recipes (created_at DESC, id DESC)`.execute(db);
  await sql`CREATE INDEX IF NOT EXISTS recipes_featured_idx ON recipes (rating DESC, review_count DESC, created_at DESC, id DESC)`.execute(
    db,
  );
  await sql`ANALYZE recipes`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS recipes_featured_idx`.execute(db);
  await sql`DROP INDEX IF EXISTS recipes_newest_idx`.execute(db);
  await sql`DROP INDEX IF EXISTS recipes_category_newest_idx`.execute(db);
}
