import { sql, type Kysely } from 'kysely';

// Frozen in time (takes Kysely<any>). Netlify runs every function file in its own instances,
// which share no memory: the API response caches of all instances learn about content writes
// and admin clears from `cache_invalidations`, and report their sizes to `cache_instance_stats`
// so the admin sees the whole fleet. `images` gains what the image store needs to serve,
// re-make and account for its files.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('cache_invalidations')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('areas', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'`))
    .addColumn('tags', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('cache_instance_stats')
    .addColumn('instance', 'text', (c) => c.notNull())
    .addColumn('area', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull().check(sql`size >= 0`))
    .addColumn('max_size', 'integer', (c) => c.notNull().check(sql`max_size >= 0`))
    .addColumn('hits', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('misses', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('reported_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('cache_instance_stats_pkey', ['instance', 'area'])
    .execute();

  // Content-addressed key (hex of the stored original's SHA-256), its format, where it came
  // from (an upload, a remote URL being converted, the generator) and the bytes its derived
  // variants take right now (0 after the variants are dropped, until they are re-made).
  await sql`ALTER TABLE images ADD COLUMN key text UNIQUE CHECK (key ~ '^[0-9a-f]{32}$')`.execute(db);
  await sql`ALTER TABLE images ADD COLUMN format text CHECK (format IN ('jpeg', 'png', 'webp', 'avif'))`.execute(
    db,
  );
  await sql`ALTER TABLE images ADD COLUMN source text CHECK (source IN ('upload', 'remote', 'generator'))`.execute(
    db,
  );
  await sql`ALTER TABLE images ADD COLUMN source_url text`.execute(db);
  await sql`ALTER TABLE images ADD COLUMN variant_bytes integer NOT NULL DEFAULT 0 CHECK (variant_bytes >= 0)`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const column of ['variant_bytes', 'source_url', 'source', 'format', 'key'])
    await sql`ALTER TABLE images DROP COLUMN IF EXISTS ${sql.id(column)}`.execute(db);
  await db.schema.dropTable('cache_instance_stats').ifExists().execute();
  await db.schema.dropTable('cache_invalidations').ifExists().execute();
}
