import { sql, type Kysely } from 'kysely';

// "Nothing is lost by a slip": every update of a recipe, page or blog post
// keeps the previous state as a version (the last 20 per item, with time and author), and every
// delete of admin content moves the row — with what hangs on it (reviews, saves…) — to the trash,
// from where it can be restored. Neither table has foreign keys: a version or a trashed row
// outlives the row it was taken from.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('content_versions')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('entity', 'text', (c) => c.notNull().check(sql`entity IN ('recipe', 'page', 'post')`))
    .addColumn('entity_id', 'integer', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    // The item as it was before the update, in the API's own shape (what a restore sends back).
    .addColumn('data', 'jsonb', (c) => c.notNull())
    .addColumn('author', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`CREATE INDEX content_versions_entity_idx ON content_versions (entity, entity_id, id DESC)`.execute(
    db,
  );

  await db.schema
    .createTable('trash')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('entity', 'text', (c) =>
      c.notNull().check(sql`entity IN ('recipe', 'category', 'page', 'post', 'blog-category')`),
    )
    .addColumn('entity_id', 'integer', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    // The deleted row and its dependants, table by table: { rows: {table: [row, …]}, relink: … }.
    .addColumn('data', 'jsonb', (c) => c.notNull())
    .addColumn('deleted_by', 'text', (c) => c.notNull())
    .addColumn('deleted_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('trash_deleted_at_idx').on('trash').column('deleted_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('trash').ifExists().execute();
  await db.schema.dropTable('content_versions').ifExists().execute();
}
