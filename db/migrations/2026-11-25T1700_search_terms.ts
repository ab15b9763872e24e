import { sql, type Kysely } from 'kysely';

// The words a typo can be corrected to ("the typo path needs its own index plan").
// A trigram KNN over each recipe's ~100-character search_words has to visit most of the table
// (inner GiST pages hold nearly every trigram); over a table of distinct short words it stays a
// handful of pages however large the catalogue grows. The search service corrects each query
// word to its nearest term here and then runs the ordinary full-text search.
//
// search_terms is kept by statement-level triggers with transition tables, so a bulk insert
// (seed, import, generator batch) costs one grouped upsert, not one per row. `uses` counts the
// recipes whose words hold the term; a term nobody uses any more is removed. Words are the
// lower-cased, unstemmed tokens of search_words (title, cuisine, category, tags) by the 'simple'
// text-search configuration; numbers and words under three letters are left out.

const WORDS_OF = (relation: string) =>
  sql.raw(`
    SELECT lexeme AS term, count(*)::int AS uses
    FROM ${relation}, unnest(to_tsvector('simple', ${relation}.search_words))
    WHERE length(lexeme) >= 3 AND lexeme !~ '[0-9]'
    GROUP BY lexeme`);

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE TABLE search_terms (term text PRIMARY KEY, uses integer NOT NULL)`.execute(db);
  await sql`CREATE INDEX search_terms_trgm_idx ON search_terms USING gist (term gist_trgm_ops)`.execute(db);
  await sql`
    CREATE FUNCTION forkful_search_terms_add() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO search_terms AS t (term, uses)
      ${WORDS_OF('new_rows')}
      ORDER BY 1
      ON CONFLICT (term) DO UPDATE SET uses = t.uses + excluded.uses;
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE FUNCTION forkful_search_terms_remove() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE search_terms AS t SET uses = t.uses - o.uses
      FROM (${WORDS_OF('old_rows')}) AS o
      WHERE t.term = o.term;
      DELETE FROM search_terms WHERE uses <= 0;
      RETURN NULL;
    END $$`.execute(db);
  // An UPDATE adds the new words before it removes the old ones, so a word kept by the edit never
  // reaches zero on the way. (Triggers with transition tables cannot name columns, so every
  // UPDATE of recipes fires them; a rating change nets to no change.)
  await sql`
    CREATE TRIGGER recipes_search_terms_insert AFTER INSERT ON recipes
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION forkful_search_terms_add()`.execute(
    db,
  );
  await sql`
    CREATE TRIGGER recipes_search_terms_update_1_add AFTER UPDATE ON recipes
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION forkful_search_terms_add()`.execute(
    db,
  );
  await sql`
    CREATE TRIGGER recipes_search_terms_update_2_remove AFTER UPDATE ON recipes
    REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION forkful_search_terms_remove()`.execute(
    db,
  );
  await sql`
    CREATE TRIGGER recipes_search_terms_delete AFTER DELETE ON recipes
    REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION forkful_search_terms_remove()`.execute(
    db,
  );
  await sql`INSERT INTO search_terms (term, uses) ${WORDS_OF('recipes')}`.execute(db);
  await sql`ANALYZE search_terms`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const trigger of [
    'recipes_search_terms_insert',
    'recipes_search_terms_update_1_add',
    'recipes_search_terms_update_2_remove',
    'recipes_search_terms_delete',
  ])
    await sql`DROP TRIGGER IF EXISTS ${sql.id(trigger)} ON recipes`.execute(db);
  await sql`DROP FUNCTION IF EXISTS forkful_search_terms_add()`.execute(db);
  await sql`DROP FUNCTION IF EXISTS forkful_search_terms_remove()`.execute(db);
  await sql`DROP TABLE IF EXISTS search_terms`.execute(db);
}
