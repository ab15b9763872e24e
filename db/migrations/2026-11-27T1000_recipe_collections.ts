import { sql, type Kysely } from 'kysely';

// A cook's named collections of saved recipes. Names are unique per cook whatever their
// letter case (the unique index is on lower(name)); a recipe may sit in several collections, and
// deleting a collection, its owner or the recipe takes its memberships with it.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('collections')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull().check(sql`char_length(name) BETWEEN 1 AND 60`))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`CREATE UNIQUE INDEX collections_user_name_key ON collections (user_id, lower(name))`.execute(db);

  await db.schema
    .createTable('collection_recipes')
    .addColumn('collection_id', 'integer', (c) =>
      c.notNull().references('collections.id').onDelete('cascade'),
    )
    .addColumn('recipe_id', 'integer', (c) => c.notNull().references('recipes.id').onDelete('cascade'))
    .addColumn('added_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('collection_recipes_pkey', ['collection_id', 'recipe_id'])
    .execute();
  await db.schema
    .createIndex('collection_recipes_recipe_idx')
    .on('collection_recipes')
    .column('recipe_id')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('collection_recipes').ifExists().execute();
  await db.schema.dropTable('collections').ifExists().execute();
}
