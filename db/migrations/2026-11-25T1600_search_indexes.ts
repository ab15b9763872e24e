import { sql, type Kysely } from 'kysely';

// Indexes for every shape of search (functions/_shared/services/recipes.ts), proved by
// tests/api/search-plans.test.ts:
// - a cuisine filter compares lower(cuisine): without an expression index every cuisine search
//   read the whole table; with rating and date after it, browsing a cuisine reads in order;
// - browsing a category (no words) orders by rating, then date;
// - the typo path orders by trigram distance with a GiST KNN scan. With the default 12-byte
//   signatures the inner pages of that index hold nearly every trigram of the ~100-character
//   search_words of their children, so a KNN scan visited most of the table; 256-byte
//   signatures keep the inner pages selective;
// - search_vector is kept in the row (compressed) instead of the TOAST table: every match is
//   ranked with ts_rank, and reading each vector out of TOAST cost three more page reads per
//   match (a common word matches thousands of recipes). The UPDATE rewrites the existing rows;
// - the full-text GIN index takes new rows straight into its tree (fastupdate off). With the
//   default pending list, a bulk insert (seed, import, generator) left every new row in an
//   unsorted list that each search read through until a VACUUM, and PGlite never vacuums on its
//   own: at 10,000 seeded recipes that list was 465 of the 469 pages a search read.

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX IF NOT EXISTS recipes_cuisine_rating_idx ON recipes (lower(cuisine), rating DESC, created_at DESC)`.execute(
    db,
  );
  await sql`CREATE INDEX IF NOT EXISTS recipes_category_rating_idx ON recipes (category, rating DESC, created_at DESC)`.execute(
    db,
  );
  await sql`DROP INDEX IF EXISTS recipes_search_words_trgm_idx`.execute(db);
  await sql`CREATE INDEX recipes_search_words_trgm_idx ON recipes USING gist (search_words gist_trgm_ops (siglen = 256))`.execute(
    db,
  );
  await sql`ALTER INDEX recipes_search_vector_idx SET (fastupdate = off)`.execute(db);
  await sql`SELECT gin_clean_pending_list('recipes_search_vector_idx'::regclass)`.execute(db);
  await sql`ALTER TABLE recipes ALTER COLUMN search_vector SET STORAGE MAIN`.execute(db);
  // Stored generated columns are computed again on update, and stored as the column now says.
  await sql`UPDATE recipes SET title = title`.execute(db);
  await sql`ANALYZE recipes`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE recipes ALTER COLUMN search_vector SET STORAGE EXTENDED`.execute(db);
  await sql`ALTER INDEX recipes_search_vector_idx SET (fastupdate = on)`.execute(db);
  await sql`DROP INDEX IF EXISTS recipes_search_words_trgm_idx`.execute(db);
  await sql`CREATE INDEX recipes_search_words_trgm_idx ON recipes USING gist (search_words gist_trgm_ops)`.execute(
    db,
  );
  await sql`DROP INDEX IF EXISTS recipes_category_rating_idx`.execute(db);
  await sql`DROP INDEX IF EXISTS recipes_cuisine_rating_idx`.execute(db);
}
