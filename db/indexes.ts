// Every index the schema has beyond its primary keys and UNIQUE constraints, as the migrations
// leave them (tests/api/admin-database.test.ts checks the two agree on a freshly migrated
// database). The migrations create them for a new database; "Apply indexes" (Cache tab)
// uses this list to put back one a database lost, with CREATE INDEX CONCURRENTLY on
// PostgreSQL so the site keeps reading and writing the table while it is built.
//
// When a migration adds, changes or drops an index, change it here too (the test says which).

export interface IndexDefinition {
  name: string;
  table: string;
  unique?: true;
  /** What follows `ON <table>` in the definition PostgreSQL reports (pg_indexes.indexdef). */
  definition: string;
}

export const INDEXES: readonly IndexDefinition[] = [
  {
    name: 'recipes_diets_idx',
    table: 'recipes',
    definition: 'USING gin (diets) WITH (fastupdate=off)',
  },
  {
    name: 'recipes_ingredient_words_idx',
    table: 'recipes',
    definition: 'USING gin (ingredient_words) WITH (fastupdate=off)',
  },
  {
    name: 'ai_models_one_default',
    table: 'ai_models',
    unique: true,
    definition: 'USING btree ((true)) WHERE is_default',
  },
  {
    name: 'calorie_entries_user_date_idx',
    table: 'calorie_entries',
    definition: 'USING btree (user_id, date)',
  },
  {
    name: 'collection_recipes_recipe_idx',
    table: 'collection_recipes',
    definition: 'USING btree (recipe_id)',
  },
  {
    name: 'collections_user_name_key',
    table: 'collections',
    unique: true,
    definition: 'USING btree (user_id, lower(name))',
  },
  {
    name: 'content_versions_entity_idx',
    table: 'content_versions',
    definition: 'USING btree (entity, entity_id, id DESC)',
  },
  {
    name: 'cooking_log_recipe_idx',
    table: 'cooking_log',
    definition: 'USING btree (recipe_id)',
  },
  {
    name: 'cooking_log_user_date_idx',
    table: 'cooking_log',
    definition: 'USING btree (user_id, cooked_on DESC, id DESC)',
  },
  {
    name: 'cooking_log_user_recipe_idx',
    table: 'cooking_log',
    definition: 'USING btree (user_id, recipe_id, cooked_on)',
  },
  {
    name: 'generation_log_created_idx',
    table: 'generation_log',
    definition: 'USING btree (created_at DESC)',
  },
  {
    name: 'generator_jobs_open_idx',
    table: 'generator_jobs',
    definition: "USING btree (id) WHERE (status = ANY (ARRAY['queued'::text, 'running'::text]))",
  },
  {
    name: 'newsletter_email_lower_key',
    table: 'newsletter_subscribers',
    unique: true,
    definition: 'USING btree (lower(email))',
  },
  { name: 'plan_entries_recipe_idx', table: 'plan_entries', definition: 'USING btree (recipe_id)' },
  { name: 'plan_entries_user_day_idx', table: 'plan_entries', definition: 'USING btree (user_id, day)' },
  {
    name: 'plan_list_items_item_idx',
    table: 'plan_list_items',
    definition: 'USING btree (shopping_item_id)',
  },
  {
    name: 'publish_requests_finished_idx',
    table: 'publish_requests',
    definition: 'USING btree (finished_at DESC) WHERE ((finished_at IS NOT NULL) AND (error IS NULL))',
  },
  {
    name: 'publish_requests_one_pending',
    table: 'publish_requests',
    unique: true,
    definition: 'USING btree ((true)) WHERE (started_at IS NULL)',
  },
  {
    name: 'publish_requests_one_running',
    table: 'publish_requests',
    unique: true,
    definition: 'USING btree ((true)) WHERE ((started_at IS NOT NULL) AND (finished_at IS NULL))',
  },
  { name: 'recipe_notes_recipe_idx', table: 'recipe_notes', definition: 'USING btree (recipe_id)' },
  { name: 'recipes_category_idx', table: 'recipes', definition: 'USING btree (category, created_at)' },
  {
    name: 'recipes_category_newest_idx',
    table: 'recipes',
    definition: 'USING btree (category, created_at DESC, id DESC)',
  },
  {
    name: 'recipes_category_rating_idx',
    table: 'recipes',
    definition: 'USING btree (category, rating DESC, created_at DESC)',
  },
  { name: 'recipes_created_at_idx', table: 'recipes', definition: 'USING btree (created_at)' },
  {
    name: 'recipes_cuisine_rating_idx',
    table: 'recipes',
    definition: 'USING btree (lower(cuisine), rating DESC, created_at DESC)',
  },
  {
    name: 'recipes_featured_idx',
    table: 'recipes',
    definition: 'USING btree (rating DESC, review_count DESC, created_at DESC, id DESC)',
  },
  { name: 'recipes_newest_idx', table: 'recipes', definition: 'USING btree (created_at DESC, id DESC)' },
  {
    name: 'recipes_search_vector_idx',
    table: 'recipes',
    definition: 'USING gin (search_vector) WITH (fastupdate=off)',
  },
  {
    name: 'recipes_search_words_trgm_idx',
    table: 'recipes',
    definition: "USING gist (search_words gist_trgm_ops (siglen='256'))",
  },
  { name: 'search_terms_trgm_idx', table: 'search_terms', definition: 'USING gist (term gist_trgm_ops)' },
  { name: 'shopping_items_user_idx', table: 'shopping_items', definition: 'USING btree (user_id)' },
  { name: 'trash_deleted_at_idx', table: 'trash', definition: 'USING btree (deleted_at)' },
  { name: 'users_email_lower_key', table: 'users', unique: true, definition: 'USING btree (lower(email))' },
  {
    name: 'users_username_lower_key',
    table: 'users',
    unique: true,
    definition: 'USING btree (lower(username))',
  },
];

/** The statement that creates `index`; `concurrently` on PostgreSQL, never inside a transaction. */
export function createIndexStatement(index: IndexDefinition, options: { concurrently: boolean }): string {
  const unique = index.unique ? 'UNIQUE ' : '';
  const concurrently = options.concurrently ? 'CONCURRENTLY ' : '';
  return `CREATE ${unique}INDEX ${concurrently}IF NOT EXISTS ${index.name} ON ${index.table} ${index.definition}`;
}
