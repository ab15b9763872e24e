import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { NotebookTables } from './notebook-schema.ts';
import type { MealType } from '../src/lib/schemas/calorie-entry.ts';
import type {
  Difficulty,
  Faq,
  Ingredients,
  InstructionStep,
  Nutrition,
  StepIngredients,
} from '../src/lib/schemas/recipe.ts';
import type { ShoppingCategory } from '../src/lib/shopping/categories.ts';
import type { PendingScope } from '../src/lib/schemas/publish.ts';

// Kysely's view of the database (see db/migrations): the one declaration of every table. Row
// types derive from it (Selectable/Insertable/Updateable below); db/mappers/ turns rows into the
// public shapes of src/lib/schemas/ (camelCase names) and inputs into rows.

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
/** jsonb: written as a JSON string or value, read back parsed. */
type Json<T> = ColumnType<T, string | T, string | T>;
/** numeric: the driver returns a string (exact decimal); we write numbers. */
type Numeric = ColumnType<string, number | string, number | string>;

export interface UsersTable {
  id: Generated<number>;
  username: string;
  email: string;
  password_hash: string;
  session_version: Generated<number>;
  calorie_goal: Generated<number>;
  created_at: Timestamp;
}

export interface CategoriesTable {
  id: Generated<number>;
  name: string;
  slug: string;
  description: Generated<string>;
  image: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface RecipesTable {
  id: Generated<number>;
  slug: string;
  title: string;
  description: string;
  summary: string | null;
  image: string | null;
  category: string;
  cuisine: string;
  prep_time: number;
  cook_time: number;
  total_time: number;
  servings: number;
  difficulty: Difficulty;
  calories: number;
  nutrition: Json<Nutrition>;
  /** A JSON string inside the jsonb is allowed as well: readers parse it (db/mappers/recipe.ts). */
  ingredients: Json<Ingredients | string>;
  instructions: Json<InstructionStep[] | string>;
  tags: string[];
  faqs: Json<Faq[]>;
  video_url: string | null;
  video_thumbnail: string | null;
  video_duration: number | null;
  /** The admin's step ingredients (null: matched automatically). */
  step_ingredients: Json<StepIngredients> | null;
  /** The diets the recipe suits: read from its ingredients when written, or set by the admin. */
  diets: Generated<string[]>;
  diets_by_hand: Generated<boolean>;
  /** The version of the diet rules that read `diets` (src/lib/diets.ts DIET_RULES_VERSION). */
  diet_rules: Generated<number>;
  rating: Generated<number>;
  review_count: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
  search_vector: ColumnType<string, never, never>;
  search_words: ColumnType<string, never, never>;
  ingredient_words: ColumnType<string, never, never>;
}

export interface ReviewsTable {
  id: Generated<number>;
  recipe_id: number;
  user_id: number;
  rating: number;
  comment: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ReviewHelpfulTable {
  review_id: number;
  user_id: number;
  created_at: Timestamp;
}

export interface SavedRecipesTable {
  user_id: number;
  recipe_id: number;
  created_at: Timestamp;
}

export interface CalorieEntriesTable {
  id: Generated<number>;
  user_id: number;
  date: ColumnType<string, string, string>;
  recipe_id: number | null;
  recipe_name: string;
  servings: Numeric;
  calories: number;
  meal_type: MealType;
  created_at: Timestamp;
}

export interface ShoppingItemsTable {
  id: Generated<number>;
  user_id: number;
  ingredient: string;
  amount: Numeric | null;
  unit: Generated<string>;
  recipe_title: string | null;
  checked: Generated<boolean>;
  category: ColumnType<ShoppingCategory, ShoppingCategory | undefined, ShoppingCategory>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface NewsletterSubscribersTable {
  id: Generated<number>;
  email: string;
  name: string | null;
  created_at: Timestamp;
  consented_at: Timestamp;
  /** The page the sign-up form was on. */
  source_page: string | null;
  /** 'pending' until the address confirms (double opt-in, only when the site can send mail). */
  status: ColumnType<NewsletterStatus, NewsletterStatus | undefined, NewsletterStatus>;
  confirmed_at: NullableTimestamp;
}
export type NewsletterStatus = 'pending' | 'confirmed';

export interface PagesTable {
  id: Generated<number>;
  slug: string;
  title: string;
  description: Generated<string>;
  content: string;
  is_published: Generated<boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface BlogCategoriesTable {
  id: Generated<number>;
  name: string;
  slug: string;
  description: Generated<string>;
}

export interface BlogPostsTable {
  id: Generated<number>;
  slug: string;
  title: string;
  content: string;
  excerpt: Generated<string>;
  image: string | null;
  category_id: number | null;
  is_published: Generated<boolean>;
  views: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** One counted view of a blog post: a visitor's keyed hash and the UTC day. */
export interface BlogPostViewsTable {
  post_id: number;
  visitor: string;
  day: string;
}

export interface SettingsTable {
  id: number;
  site_name: string;
  site_url: string;
  contact_email: string;
  enable_comments: Generated<boolean>;
  enable_newsletter: Generated<boolean>;
  enable_analytics: Generated<boolean>;
  analytics_id: Generated<string>;
  google_analytics_id: Generated<string>;
  site_title: string;
  site_description: string;
  footer_text: Generated<string>;
  privacy_link: Generated<string>;
  terms_link: Generated<string>;
  updated_at: Timestamp;
}

export interface GeneratorConfigTable {
  id: number;
  is_enabled: Generated<boolean>;
  current_count: Generated<number>;
  count_date: ColumnType<string, string | undefined, string>;
  max_per_day: Generated<number>;
  scheduling_enabled: Generated<boolean>;
  schedule_hours: Generated<number[]>;
  batch_size: Generated<number>;
  csv_upload_enabled: Generated<boolean>;
  updated_at: Timestamp;
  /** The UTC hour the last scheduled batch ran in (one batch per hour). */
  last_scheduled_hour: NullableTimestamp;
  run_lock_until: NullableTimestamp;
  run_lock_owner: string | null;
}

export interface AiModelsTable {
  id: string;
  name: string;
  cost_per_1k_tokens: Numeric;
  is_default: Generated<boolean>;
}

export interface GenerationLogTable {
  id: Generated<number>;
  kind: GenerationKind;
  model_id: string | null;
  prompt: string | null;
  status: 'success' | 'error';
  result_title: string | null;
  tokens: Generated<number>;
  cost: ColumnType<string, number | string | undefined, number | string>;
  error: string | null;
  created_at: Timestamp;
  prompt_tokens: Generated<number>;
  completion_tokens: Generated<number>;
  duration_ms: Generated<number>;
  job_id: number | null;
  result_id: number | null;
  result_slug: string | null;
}

export type GenerationKind = 'recipe' | 'blog' | 'bulk' | 'bulk-blog' | 'csv' | 'scheduled';
export type GeneratorJobKind = 'bulk' | 'bulk-blog' | 'csv' | 'scheduled';
export type GeneratorJobStatus = 'queued' | 'running' | 'done' | 'failed';

export interface JobFailure {
  item: string;
  reason: string;
}
export interface JobResult {
  id: number;
  slug: string;
  title: string;
  /** Recipes only: the publish scope needs it. */
  category?: string;
}

/** Long generator work as a row drained by a worker (db/migrations/2026-11-25T1310_generator_jobs.ts). */
export interface GeneratorJobsTable {
  id: Generated<number>;
  kind: GeneratorJobKind;
  status: ColumnType<GeneratorJobStatus, GeneratorJobStatus | undefined, GeneratorJobStatus>;
  model_id: string | null;
  params: ColumnType<Record<string, unknown>, string | undefined, string>;
  total: number;
  done: Generated<number>;
  failed: Generated<number>;
  failures: ColumnType<JobFailure[], string | undefined, string>;
  results: ColumnType<JobResult[], string | undefined, string>;
  budget_date: ColumnType<string | null, string | null | undefined, string | null>;
  error: string | null;
  worker: string | null;
  heartbeat_at: NullableTimestamp;
  created_at: Timestamp;
  started_at: NullableTimestamp;
  finished_at: NullableTimestamp;
}

export interface RateLimitsTable {
  key: string;
  count: Generated<number>;
  window_start: Timestamp;
}

export interface ImagesTable {
  id: Generated<number>;
  path: string;
  kind: 'recipe' | 'category' | 'blog' | 'fallback' | 'temporary';
  size_bytes: number;
  width: number | null;
  height: number | null;
  created_at: Timestamp;
  /** Hex of the stored original's SHA-256 (first 32 digits): the URL names the bytes. */
  key: string | null;
  format: 'jpeg' | 'png' | 'webp' | 'avif' | null;
  source: 'upload' | 'remote' | 'generator' | null;
  /** Where a converted remote image was fetched from. */
  source_url: string | null;
  /** Bytes the derived WebP variants take now (0 after the image cache is cleared). */
  variant_bytes: Generated<number>;
}

export interface CacheInvalidationsTable {
  id: Generated<number>;
  areas: ColumnType<string[], string[] | undefined, string[]>;
  tags: ColumnType<string[], string[] | undefined, string[]>;
  created_at: Timestamp;
}

/** bigint: the driver returns a string. */
type BigCount = ColumnType<string | number, number, number>;

export interface CacheInstanceStatsTable {
  instance: string;
  area: string;
  size: number;
  max_size: number;
  hits: BigCount;
  misses: BigCount;
  reported_at: Timestamp;
}

/** The merged scope a publish request carries (src/lib/schemas/publish.ts). */
export interface PublishRequestsTable {
  id: Generated<number>;
  scope: Json<PendingScope>;
  requested_at: Timestamp;
  last_requested_at: Timestamp;
  content: Generated<boolean>;
  hook_called_at: NullableTimestamp;
  started_at: NullableTimestamp;
  finished_at: NullableTimestamp;
  error: string | null;
  builder: string | null;
}

export interface PublishSlotsTable {
  name: string;
  used_at: Timestamp;
}

/** Earlier states of recipes, pages and posts (the last 20 each), newest first by id. */
export interface ContentVersionsTable {
  id: Generated<number>;
  entity: VersionedEntity;
  entity_id: number;
  title: string;
  data: Json<Record<string, unknown>>;
  author: string;
  created_at: Timestamp;
}
export type VersionedEntity = 'recipe' | 'page' | 'post';

/** Deleted admin content and its dependants, restorable (see functions/_shared/services/trash.ts). */
export interface TrashTable {
  id: Generated<number>;
  entity: TrashedEntity;
  entity_id: number;
  title: string;
  data: Json<Record<string, unknown>>;
  deleted_by: string;
  deleted_at: Timestamp;
}
export type TrashedEntity = 'recipe' | 'category' | 'page' | 'post' | 'blog-category';

/** Distinct words of the recipes' search_words, kept by triggers: what a typo is corrected to. */
export interface SearchTermsTable {
  term: string;
  /** How many recipes hold the word. */
  uses: number;
}

export interface Database extends NotebookTables {
  users: UsersTable;
  categories: CategoriesTable;
  recipes: RecipesTable;
  reviews: ReviewsTable;
  review_helpful: ReviewHelpfulTable;
  saved_recipes: SavedRecipesTable;
  calorie_entries: CalorieEntriesTable;
  shopping_items: ShoppingItemsTable;
  newsletter_subscribers: NewsletterSubscribersTable;
  pages: PagesTable;
  blog_categories: BlogCategoriesTable;
  blog_posts: BlogPostsTable;
  blog_post_views: BlogPostViewsTable;
  settings: SettingsTable;
  generator_config: GeneratorConfigTable;
  ai_models: AiModelsTable;
  generation_log: GenerationLogTable;
  generator_jobs: GeneratorJobsTable;
  rate_limits: RateLimitsTable;
  images: ImagesTable;
  publish_requests: PublishRequestsTable;
  publish_slots: PublishSlotsTable;
  cache_invalidations: CacheInvalidationsTable;
  cache_instance_stats: CacheInstanceStatsTable;
  content_versions: ContentVersionsTable;
  trash: TrashTable;
  search_terms: SearchTermsTable;
}

/** The generated full-text columns: only search reads them, and they are never written. */
type SearchColumns = 'search_vector' | 'search_words' | 'ingredient_words';

export type RecipeRow = Omit<Selectable<RecipesTable>, SearchColumns>;
export type NewRecipeRow = Insertable<RecipesTable>;
export type RecipeRowUpdate = Updateable<RecipesTable>;
export type CategoryRow = Selectable<CategoriesTable>;
export type UserRow = Selectable<UsersTable>;
export type ReviewRow = Selectable<ReviewsTable>;
export type CalorieEntryRow = Selectable<CalorieEntriesTable>;
export type NewCalorieEntryRow = Insertable<CalorieEntriesTable>;
export type ShoppingItemRow = Selectable<ShoppingItemsTable>;
export type NewShoppingItemRow = Insertable<ShoppingItemsTable>;
export type NewsletterSubscriberRow = Selectable<NewsletterSubscribersTable>;
export type NewNewsletterSubscriberRow = Insertable<NewsletterSubscribersTable>;
