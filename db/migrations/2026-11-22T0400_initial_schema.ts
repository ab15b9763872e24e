import { sql, type Kysely } from 'kysely';

// Frozen in time: this migration takes Kysely<any> and never imports the app's schema types.
// Every entity of the product exists from the start, with its rules enforced by the database.

export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`.execute(db);

  await db.schema
    .createTable('users')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('username', 'text', (c) => c.notNull().check(sql`char_length(username) BETWEEN 3 AND 40`))
    .addColumn('email', 'text', (c) => c.notNull().check(sql`char_length(email) BETWEEN 3 AND 254`))
    .addColumn('password_hash', 'text', (c) => c.notNull())
    // Bumped by logout-everywhere and password change: tokens carrying an older version are dead.
    .addColumn('session_version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('calorie_goal', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(2000)
        .check(sql`calorie_goal BETWEEN 1000 AND 5000`),
    )
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`CREATE UNIQUE INDEX users_username_lower_key ON users (lower(username))`.execute(db);
  await sql`CREATE UNIQUE INDEX users_email_lower_key ON users (lower(email))`.execute(db);

  await db.schema
    .createTable('categories')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull().check(sql`char_length(name) BETWEEN 1 AND 80`))
    .addColumn('slug', 'text', (c) =>
      c
        .notNull()
        .unique()
        .check(sql`slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'`),
    )
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('image', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  // array_to_string and jsonb text extraction are not marked immutable, so generated columns
  // go through these wrappers (safe: their output depends only on their input).
  await sql`
    CREATE FUNCTION forkful_join_text(parts text[]) RETURNS text
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    AS $$ SELECT coalesce(array_to_string(parts, ' '), '') $$`.execute(db);
  await sql`
    CREATE FUNCTION forkful_jsonb_text(doc jsonb) RETURNS text
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    AS $$ SELECT coalesce(string_agg(value, ' '), '') FROM jsonb_path_query(doc, 'strict $.**') AS t(j),
          LATERAL (SELECT j #>> '{}' AS value) v WHERE jsonb_typeof(j) = 'string' $$`.execute(db);

  await db.schema
    .createTable('recipes')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('slug', 'text', (c) =>
      c
        .notNull()
        .unique()
        .check(sql`slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'`),
    )
    .addColumn('title', 'text', (c) => c.notNull().check(sql`char_length(title) BETWEEN 1 AND 200`))
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('summary', 'text')
    .addColumn('image', 'text')
    .addColumn('category', 'text', (c) =>
      c.notNull().references('categories.slug').onUpdate('cascade').onDelete('restrict'),
    )
    .addColumn('cuisine', 'text', (c) => c.notNull())
    .addColumn('prep_time', 'integer', (c) => c.notNull().check(sql`prep_time >= 0`))
    .addColumn('cook_time', 'integer', (c) => c.notNull().check(sql`cook_time >= 0`))
    .addColumn('total_time', 'integer', (c) => c.notNull().check(sql`total_time >= 0`))
    .addColumn('servings', 'integer', (c) => c.notNull().check(sql`servings BETWEEN 1 AND 1000`))
    .addColumn('difficulty', 'text', (c) => c.notNull().check(sql`difficulty IN ('Easy', 'Medium', 'Hard')`))
    .addColumn('calories', 'integer', (c) => c.notNull().check(sql`calories >= 0`))
    .addColumn('nutrition', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('ingredients', 'jsonb', (c) => c.notNull())
    .addColumn('instructions', 'jsonb', (c) => c.notNull())
    .addColumn('tags', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'`))
    .addColumn('faqs', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('video_url', 'text')
    .addColumn('video_thumbnail', 'text')
    .addColumn('video_duration', 'integer', (c) => c.check(sql`video_duration > 0`))
    // Tenths of a star (45 = 4.5), kept in step with the reviews table in the same transaction.
    .addColumn('rating', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`rating BETWEEN 0 AND 50`),
    )
    .addColumn('review_count', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`review_count >= 0`),
    )
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('search_vector', sql`tsvector`, (c) =>
      c
        .generatedAlwaysAs(
          sql`
        setweight(to_tsvector('english', coalesce(title, '')), 'A') ||
        setweight(to_tsvector('english', forkful_join_text(tags) || ' ' || cuisine || ' ' || replace(category, '-', ' ')), 'B') ||
        setweight(to_tsvector('english', coalesce(description, '')), 'C') ||
        setweight(to_tsvector('english', forkful_jsonb_text(ingredients)), 'D')`,
        )
        .stored(),
    )
    // Lower-cased words a typo search compares against (title, cuisine, category, tags).
    .addColumn('search_words', 'text', (c) =>
      c
        .generatedAlwaysAs(
          sql`lower(title || ' ' || cuisine || ' ' || replace(category, '-', ' ') || ' ' || forkful_join_text(tags))`,
        )
        .stored(),
    )
    .execute();
  await sql`CREATE INDEX recipes_search_vector_idx ON recipes USING gin (search_vector)`.execute(db);
  await sql`CREATE INDEX recipes_search_words_trgm_idx ON recipes USING gist (search_words gist_trgm_ops)`.execute(
    db,
  );
  await db.schema
    .createIndex('recipes_category_idx')
    .on('recipes')
    .columns(['category', 'created_at'])
    .execute();
  await db.schema.createIndex('recipes_created_at_idx').on('recipes').column('created_at').execute();

  await db.schema
    .createTable('reviews')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('recipe_id', 'integer', (c) => c.notNull().references('recipes.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('rating', 'integer', (c) => c.notNull().check(sql`rating BETWEEN 1 AND 5`))
    .addColumn('comment', 'text', (c) => c.notNull().check(sql`char_length(comment) BETWEEN 1 AND 2000`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('reviews_one_per_user', ['recipe_id', 'user_id'])
    .execute();

  await db.schema
    .createTable('review_helpful')
    .addColumn('review_id', 'integer', (c) => c.notNull().references('reviews.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('review_helpful_pkey', ['review_id', 'user_id'])
    .execute();

  await db.schema
    .createTable('saved_recipes')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('recipe_id', 'integer', (c) => c.notNull().references('recipes.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('saved_recipes_pkey', ['user_id', 'recipe_id'])
    .execute();

  await db.schema
    .createTable('calorie_entries')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('date', 'date', (c) => c.notNull())
    .addColumn('recipe_id', 'integer', (c) => c.references('recipes.id').onDelete('set null'))
    .addColumn('recipe_name', 'text', (c) => c.notNull())
    .addColumn('servings', sql`numeric(4,1)`, (c) =>
      c.notNull().check(sql`servings BETWEEN 0.5 AND 10 AND mod(servings * 2, 1) = 0`),
    )
    .addColumn('calories', 'integer', (c) => c.notNull().check(sql`calories >= 0`))
    .addColumn('meal_type', 'text', (c) =>
      c.notNull().check(sql`meal_type IN ('breakfast', 'lunch', 'dinner', 'snack')`),
    )
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('calorie_entries_user_date_idx')
    .on('calorie_entries')
    .columns(['user_id', 'date'])
    .execute();

  await db.schema
    .createTable('shopping_items')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('ingredient', 'text', (c) => c.notNull().check(sql`char_length(ingredient) BETWEEN 1 AND 200`))
    .addColumn('amount', sql`numeric(12,3)`)
    .addColumn('unit', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('recipe_title', 'text')
    .addColumn('checked', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('category', 'text', (c) =>
      c
        .notNull()
        .defaultTo('Other')
        .check(
          sql`category IN ('Produce', 'Meat & Seafood', 'Dairy', 'Pantry', 'Bakery', 'Frozen', 'Other')`,
        ),
    )
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('shopping_items_user_idx').on('shopping_items').column('user_id').execute();

  await db.schema
    .createTable('newsletter_subscribers')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull().check(sql`char_length(email) BETWEEN 3 AND 254`))
    .addColumn('name', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`CREATE UNIQUE INDEX newsletter_email_lower_key ON newsletter_subscribers (lower(email))`.execute(
    db,
  );

  await db.schema
    .createTable('pages')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('slug', 'text', (c) =>
      c
        .notNull()
        .unique()
        .check(sql`slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'`),
    )
    .addColumn('title', 'text', (c) => c.notNull().check(sql`char_length(title) >= 1`))
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('is_published', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('blog_categories')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull().check(sql`char_length(name) >= 1`))
    .addColumn('slug', 'text', (c) =>
      c
        .notNull()
        .unique()
        .check(sql`slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'`),
    )
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .execute();

  await db.schema
    .createTable('blog_posts')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('slug', 'text', (c) =>
      c
        .notNull()
        .unique()
        .check(sql`slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'`),
    )
    .addColumn('title', 'text', (c) => c.notNull().check(sql`char_length(title) >= 1`))
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('excerpt', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('image', 'text')
    .addColumn('category_id', 'integer', (c) => c.references('blog_categories.id').onDelete('set null'))
    .addColumn('is_published', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('views', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`views >= 0`),
    )
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  // One row (id = 1): the site settings.
  await db.schema
    .createTable('settings')
    .addColumn('id', 'integer', (c) => c.primaryKey().check(sql`id = 1`))
    .addColumn('site_name', 'text', (c) => c.notNull())
    .addColumn('site_url', 'text', (c) => c.notNull())
    .addColumn('contact_email', 'text', (c) => c.notNull())
    .addColumn('enable_comments', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('enable_newsletter', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('enable_analytics', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('analytics_id', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('google_analytics_id', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('site_title', 'text', (c) => c.notNull())
    .addColumn('site_description', 'text', (c) => c.notNull())
    .addColumn('footer_text', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('privacy_link', 'text', (c) => c.notNull().defaultTo('/privacy'))
    .addColumn('terms_link', 'text', (c) => c.notNull().defaultTo('/terms'))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  // One row (id = 1): the AI generator's switches and daily counter.
  await db.schema
    .createTable('generator_config')
    .addColumn('id', 'integer', (c) => c.primaryKey().check(sql`id = 1`))
    .addColumn('is_enabled', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('current_count', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`current_count >= 0`),
    )
    .addColumn('count_date', 'date', (c) => c.notNull().defaultTo(sql`CURRENT_DATE`))
    .addColumn('max_per_day', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(1000)
        .check(sql`max_per_day BETWEEN 1 AND 1000`),
    )
    .addColumn('scheduling_enabled', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('schedule_hours', sql`integer[]`, (c) => c.notNull().defaultTo(sql`'{}'`))
    .addColumn('batch_size', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(10)
        .check(sql`batch_size BETWEEN 1 AND 100`),
    )
    .addColumn('csv_upload_enabled', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('ai_models')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('cost_per_1k_tokens', sql`numeric(10,5)`, (c) =>
      c.notNull().check(sql`cost_per_1k_tokens >= 0`),
    )
    .addColumn('is_default', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();

  await db.schema
    .createTable('generation_log')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) =>
      c.notNull().check(sql`kind IN ('recipe', 'blog', 'bulk', 'bulk-blog', 'csv')`),
    )
    .addColumn('model_id', 'text', (c) => c.references('ai_models.id').onDelete('set null'))
    .addColumn('prompt', 'text')
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status IN ('success', 'error')`))
    .addColumn('result_title', 'text')
    .addColumn('tokens', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('cost', sql`numeric(12,6)`, (c) => c.notNull().defaultTo(0))
    .addColumn('error', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  // Fixed-window counters (login per account / per IP, generator per user): functions share no memory.
  await db.schema
    .createTable('rate_limits')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('window_start', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('images')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('path', 'text', (c) => c.notNull().unique())
    .addColumn('kind', 'text', (c) =>
      c.notNull().check(sql`kind IN ('recipe', 'category', 'blog', 'fallback', 'temporary')`),
    )
    .addColumn('size_bytes', 'integer', (c) => c.notNull().check(sql`size_bytes >= 0`))
    .addColumn('width', 'integer')
    .addColumn('height', 'integer')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'images',
    'rate_limits',
    'generation_log',
    'ai_models',
    'generator_config',
    'settings',
    'blog_posts',
    'blog_categories',
    'pages',
    'newsletter_subscribers',
    'shopping_items',
    'calorie_entries',
    'saved_recipes',
    'review_helpful',
    'reviews',
    'recipes',
    'categories',
    'users',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
  await sql`DROP FUNCTION IF EXISTS forkful_jsonb_text(jsonb)`.execute(db);
  await sql`DROP FUNCTION IF EXISTS forkful_join_text(text[])`.execute(db);
}
