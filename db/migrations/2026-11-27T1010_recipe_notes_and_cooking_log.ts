import { sql, type Kysely } from 'kysely';

// A cook's private note on a recipe (one per cook and recipe) and their log of the times they
// cooked it. Both go with the account and with the recipe (the trash keeps a copy of them).

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('recipe_notes')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('recipe_id', 'integer', (c) => c.notNull().references('recipes.id').onDelete('cascade'))
    .addColumn('body', 'text', (c) => c.notNull().check(sql`char_length(body) BETWEEN 1 AND 2000`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('recipe_notes_pkey', ['user_id', 'recipe_id'])
    .execute();
  await db.schema.createIndex('recipe_notes_recipe_idx').on('recipe_notes').column('recipe_id').execute();

  await db.schema
    .createTable('cooking_log')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('recipe_id', 'integer', (c) => c.notNull().references('recipes.id').onDelete('cascade'))
    .addColumn('cooked_on', 'date', (c) => c.notNull())
    .addColumn('servings', 'integer', (c) => c.check(sql`servings BETWEEN 1 AND 24`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('cooking_log_user_recipe_idx')
    .on('cooking_log')
    .columns(['user_id', 'recipe_id', 'cooked_on'])
    .execute();
  await db.schema
    .createIndex('cooking_log_user_date_idx')
    .on('cooking_log')
    .columns(['user_id', 'cooked_on desc', 'id desc'])
    .execute();
  await db.schema.createIndex('cooking_log_recipe_idx').on('cooking_log').column('recipe_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('cooking_log').ifExists().execute();
  await db.schema.dropTable('recipe_notes').ifExists().execute();
}
