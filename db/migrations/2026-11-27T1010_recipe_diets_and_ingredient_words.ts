import { sql, type Kysely } from 'kysely';

// Search filters kept fast by computing at write time:
// - diets: the diets a recipe suits (vegetarian, vegan, gluten-free, dairy-free), read from its
//   ingredients when it is written, or set by the admin (diets_by_hand); diet_rules is the version
//   of the rule table that read them (0: not yet read, so they are read when migrations finish).
//   A GIN index answers "diets @> '{vegan}'".
// - ingredient_words: the ingredient lines as a text-search vector, with a GIN index: "no
//   mushrooms" and "cook with what I have" look words up in it instead of reading every recipe's
//   ingredients.

export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE recipes ADD COLUMN diets text[] NOT NULL DEFAULT '{}'`.execute(db);
  await sql`ALTER TABLE recipes ADD COLUMN diets_by_hand boolean NOT NULL DEFAULT false`.execute(db);
  await sql`ALTER TABLE recipes ADD COLUMN diet_rules smallint NOT NULL DEFAULT 0`.execute(db);
  await sql`
    ALTER TABLE recipes ADD COLUMN ingredient_words tsvector GENERATED ALWAYS AS (
      to_tsvector('english', forkful_jsonb_text(ingredients::jsonb))
    ) STORED`.execute(db);
  await sql`CREATE INDEX IF NOT EXISTS recipes_diets_idx ON recipes USING gin (diets)`.execute(db);
  await sql`CREATE INDEX IF NOT EXISTS recipes_ingredient_words_idx ON recipes USING gin (ingredient_words)`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP INDEX IF EXISTS recipes_ingredient_words_idx`.execute(db);
  await sql`DROP INDEX IF EXISTS recipes_diets_idx`.execute(db);
  await sql`ALTER TABLE recipes DROP COLUMN ingredient_words`.execute(db);
  await sql`ALTER TABLE recipes DROP COLUMN diet_rules`.execute(db);
  await sql`ALTER TABLE recipes DROP COLUMN diets_by_hand`.execute(db);
  await sql`ALTER TABLE recipes DROP COLUMN diets`.execute(db);
}
