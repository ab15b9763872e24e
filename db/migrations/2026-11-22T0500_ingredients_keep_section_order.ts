import { sql, type Kysely } from 'kysely';

// jsonb re-sorts object keys (shorter keys first), so grouped ingredients came back with their
// sections out of order ("To assemble" before "For the sauce"). `json` keeps the text as
// written. The search vector read ingredients as jsonb: it is rebuilt on a cast.

export async function up(db: Kysely<any>): Promise<void> {
  await sql`DROP INDEX IF EXISTS recipes_search_vector_idx`.execute(db);
  await sql`ALTER TABLE recipes DROP COLUMN search_vector`.execute(db);
  await sql`ALTER TABLE recipes ALTER COLUMN ingredients TYPE json USING ingredients::json`.execute(db);
  await sql`
    ALTER TABLE recipes ADD COLUMN search_vector tsvector GENERATED ALWAYS AS (
      setweight(to_tsvector('english', coalesce(title, '')), 'A') ||
      setweight(to_tsvector('english', forkful_join_text(tags) || ' ' || cuisine || ' ' || replace(category, '-', ' ')), 'B') ||
      setweight(to_tsvector('english', coalesce(description, '')), 'C') ||
      setweight(to_tsvector('english', forkful_jsonb_text(ingredients::jsonb)), 'D')
    ) STORED`.execute(db);
  await sql`CREATE INDEX recipes_search_vector_idx ON recipes USING gin (search_vector)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP INDEX IF EXISTS recipes_search_vector_idx`.execute(db);
  await sql`ALTER TABLE recipes DROP COLUMN search_vector`.execute(db);
  await sql`ALTER TABLE recipes ALTER COLUMN ingredients TYPE jsonb USING ingredients::jsonb`.execute(db);
  await sql`
    ALTER TABLE recipes ADD COLUMN search_vector tsvector GENERATED ALWAYS AS (
      setweight(to_tsvector('english', coalesce(title, '')), 'A') ||
      setweight(to_tsvector('english', forkful_join_text(tags) || ' ' || cuisine || ' ' || replace(category, '-', ' ')), 'B') ||
      setweight(to_tsvector('english', coalesce(description, '')), 'C') ||
      setweight(to_tsvector('english', forkful_jsonb_text(ingredients)), 'D')
    ) STORED`.execute(db);
  await sql`CREATE INDEX recipes_search_vector_idx ON recipes USING gin (search_vector)`.execute(db);
}
