import { sql, type Kysely } from 'kysely';

// The filter indexes (diets, ingredient_words) take new rows straight into their trees
// (fastupdate off), as the full-text index already does. With the default pending list, a bulk
// insert (seed, import, generator) left every new row in an unsorted list that each filtered
// search read through until a VACUUM, and PGlite never vacuums on its own: at 10,000 recipes a
// diet lookup took 11 ms and an ingredient lookup 9 ms reading that list, against under 1 ms for
// the full-text index beside them. Writes are admin edits and imports, rare next to searches.
// ingredient_words is kept in the row (like search_vector): "cook with what I have" counts, for
// each recipe holding any of the cook's ingredients, how many it holds, and reading each vector
// out of TOAST cost more page reads per candidate.

const FILTER_INDEXES = ['recipes_diets_idx', 'recipes_ingredient_words_idx'];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const index of FILTER_INDEXES) {
    await sql`ALTER INDEX ${sql.id(index)} SET (fastupdate = off)`.execute(db);
    await sql`SELECT gin_clean_pending_list(${index}::regclass)`.execute(db);
  }
  await sql`ALTER TABLE recipes ALTER COLUMN ingredient_words SET STORAGE MAIN`.execute(db);
  // Stored generated columns are computed again on update, and stored as the column now says.
  await sql`UPDATE recipes SET ingredients = ingredients`.execute(db);
  await sql`ANALYZE recipes`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE recipes ALTER COLUMN ingredient_words SET STORAGE EXTENDED`.execute(db);
  for (const index of FILTER_INDEXES)
    await sql`ALTER INDEX ${sql.id(index)} SET (fastupdate = on)`.execute(db);
}
