import type * as v from 'valibot';
import type {
  CacheAreaStats,
  DatabaseStats,
  ImageConversion,
  ImageStats,
  Trashed,
  TrashEntry,
  TrashRestored,
  UploadedImage,
  Version,
  VersionSummary,
  WorkerOutcome,
} from './answers.ts';
import type { CalorieEntryInputSchema, CalorieGoalInputSchema } from '../schemas/calorie-entry.ts';
import type { CalorieDay, CalorieEntry, CalorieGoal } from '../schemas/calorie-entry.ts';
import type { ImageImportInput } from '../schemas/image-import.ts';
import type { BlogCategory, BlogCategoryInput } from '../schemas/blog-category.ts';
import type { BlogPost, BlogPostInput } from '../schemas/blog-post.ts';
import type { Category, CategoryInput } from '../schemas/category.ts';
import type {
  PlanEntry,
  PlanEntryInputSchema,
  PlanEntryUpdateSchema,
  PlanListResult,
  PlanWeek,
  PlanWeekInputSchema,
} from '../schemas/meal-plan.ts';
import type {
  CookedInputSchema,
  CookedSummary,
  CookingLogEntry,
  NoteInputSchema,
  RecipeNote,
  RecipeNotebook,
} from '../schemas/recipe-notebook.ts';
import type {
  Collection,
  CreateCollectionInputSchema,
  RenameCollectionInputSchema,
  ReorderCollectionsInputSchema,
} from '../schemas/collection.ts';
import type { PantryMatch } from '../pantry.ts';

/** The filter parameters of search and category lists (src/lib/recipe-filters.ts). */
type FilterQuery = { time?: number; diet?: string; exclude?: string; have?: string };
import type { ContentExport, ImportReport } from '../schemas/content-export.ts';
import type {
  GenerationLogEntry,
  GenerationToday,
  GeneratorJob,
  GeneratorJobAccepted,
} from '../schemas/generation-log.ts';
import type { AiModel, GeneratorConfig, GeneratorConfigUpdateSchema } from '../schemas/generator-config.ts';
import type {
  BulkBlogsRequestSchema,
  BulkRecipesRequestSchema,
  GenerateBlogRequestSchema,
  GenerateRecipeRequestSchema,
} from '../schemas/generator-request.ts';
import type { FooterContentInput, Page, PageInput } from '../schemas/page.ts';
import type {
  NewsletterResult,
  NewsletterSubscriberInputSchema,
  NewsletterTokenInputSchema,
  NewsletterTokenResult,
  SubscriberList,
  SubscriberListQuery,
} from '../schemas/newsletter-subscriber.ts';
import type { PublishStatus } from '../schemas/publish.ts';
import type { Recipe, RecipeInput, RecipeSummary, RelatedRecipe } from '../schemas/recipe.ts';
import type { Settings, SettingsInput } from '../schemas/settings.ts';
import type { HelpfulMark, Review, ReviewInputSchema, ReviewWriteResult } from '../schemas/review.ts';
import type {
  AddShoppingItemsInputSchema,
  CheckShoppingItemInputSchema,
  ShoppingItem,
} from '../schemas/shopping-item.ts';
import type {
  ChangePasswordInputSchema,
  LoginInputSchema,
  SessionUser,
  SignupInputSchema,
} from '../schemas/user.ts';

// The API's route table as one type, shared by the functions (functions/*.ts declare the same
// `METHOD path` keys; tests/unit/api-routes.test.ts checks both lists agree) and the browser
// (src/lib/api/client.ts checks every call against it). Type-only: islands import no schema code.
//
// A new route: add its key here with what it reads and answers, then call it with
// `api.post('/api/things/:id', { params: { id }, body })`.

/** One route: its JSON body (a valibot schema's input, or a plain type), query and answer. */
export interface RouteSpec<Output, Body = undefined, Query = undefined> {
  body: Body extends v.GenericSchema ? v.InferInput<Body> : Body;
  query: Query;
  output: Output;
}

/** Paging query of the list routes. */
interface Paging {
  limit?: number;
  offset?: number;
}

/**
 * Paging of the recipe lists: by `offset`, or by `cursor`, the X-Next-Cursor header of the
 * previous page (a page is read with an index seek at any depth; not both at once).
 */
type ListPaging = Paging & { cursor?: string };

export interface ApiRoutes {
  // Auth
  'POST /api/auth/signup': RouteSpec<SessionUser, typeof SignupInputSchema>;
  'POST /api/auth/login': RouteSpec<SessionUser, typeof LoginInputSchema>;
  'POST /api/auth/logout': RouteSpec<{ success: boolean }>;
  'GET /api/auth/me': RouteSpec<SessionUser>;
  'POST /api/auth/change-password': RouteSpec<{ success: boolean }, typeof ChangePasswordInputSchema>;

  // Recipes
  'GET /api/recipes': RouteSpec<
    Recipe[],
    undefined,
    ListPaging & { q?: string; sort?: 'newest' | 'updated' | 'title' | 'rating' }
  >;
  'POST /api/recipes': RouteSpec<Recipe, RecipeInput>;
  'PUT /api/recipes/:id': RouteSpec<Recipe, RecipeInput>;
  'DELETE /api/recipes/:id': RouteSpec<Trashed>;
  'GET /api/recipes/featured': RouteSpec<Recipe[], undefined, ListPaging>;
  'GET /api/recipes/search': RouteSpec<
    (RecipeSummary & { pantry?: PantryMatch })[],
    undefined,
    { q?: string; category?: string; cuisine?: string; limit?: number } & FilterQuery
  >;
  'GET /api/recipes/slug/:slug': RouteSpec<Recipe>;
  'GET /api/recipes/category/:category': RouteSpec<Recipe[], undefined, ListPaging & FilterQuery>;
  'GET /api/recipes/related/:id': RouteSpec<RelatedRecipe[], undefined, { limit?: number }>;
  'GET /api/recipes/:id': RouteSpec<Recipe>;

  // Reviews
  'GET /api/recipes/:id/reviews': RouteSpec<Review[], undefined, Paging>;
  'POST /api/recipes/:id/reviews': RouteSpec<ReviewWriteResult, typeof ReviewInputSchema>;
  'POST /api/reviews/:id/helpful': RouteSpec<HelpfulMark & { userFound: boolean }>;

  // Saved recipes
  'GET /api/recipes/:id/saved': RouteSpec<{ saved: boolean }>;
  'POST /api/recipes/:id/save': RouteSpec<{ saved: boolean }>;
  'DELETE /api/recipes/:id/save': RouteSpec<{ saved: boolean }>;
  'GET /api/user/saved-recipes': RouteSpec<Recipe[]>;

  // Collections of saved recipes
  'GET /api/collections': RouteSpec<Collection[]>;
  'POST /api/collections': RouteSpec<Collection, typeof CreateCollectionInputSchema>;
  'PUT /api/collections/order': RouteSpec<Collection[], typeof ReorderCollectionsInputSchema>;
  'GET /api/collections/:id': RouteSpec<{ collection: Collection; recipes: Recipe[] }>;
  'PATCH /api/collections/:id': RouteSpec<Collection, typeof RenameCollectionInputSchema>;
  'DELETE /api/collections/:id': RouteSpec<{ success: boolean }>;
  'PUT /api/collections/:id/recipes/:recipeId': RouteSpec<{ collectionIds: number[] }>;
  'DELETE /api/collections/:id/recipes/:recipeId': RouteSpec<{ collectionIds: number[] }>;
  'GET /api/recipes/:id/collections': RouteSpec<{ collectionIds: number[] }>;

  // A cook's private note and cooking log
  'GET /api/recipes/:id/notebook': RouteSpec<RecipeNotebook>;
  'PUT /api/recipes/:id/note': RouteSpec<{ note: RecipeNote | null }, typeof NoteInputSchema>;
  'POST /api/recipes/:id/cooked': RouteSpec<{ id: number; cooked: CookedSummary }, typeof CookedInputSchema>;
  'DELETE /api/cooked/:id': RouteSpec<{ cooked: CookedSummary }>;
  'GET /api/user/cooking': RouteSpec<CookingLogEntry[]>;

  // Meal plan
  'GET /api/plan': RouteSpec<PlanWeek, undefined, { week?: string }>;
  'POST /api/plan/entries': RouteSpec<PlanEntry, typeof PlanEntryInputSchema>;
  'PATCH /api/plan/entries/:id': RouteSpec<PlanEntry, typeof PlanEntryUpdateSchema>;
  'DELETE /api/plan/entries/:id': RouteSpec<
    { linesChanged: number },
    undefined,
    { fromList?: 'true' | 'false' }
  >;
  'POST /api/plan/shopping-list': RouteSpec<PlanListResult, typeof PlanWeekInputSchema>;

  // Categories
  'GET /api/categories': RouteSpec<Category[]>;
  'GET /api/categories/:slug': RouteSpec<Category>;
  'POST /api/categories': RouteSpec<Category, CategoryInput>;
  'PUT /api/categories/:id': RouteSpec<Category, CategoryInput>;
  'DELETE /api/categories/:id': RouteSpec<Trashed>;

  // Shopping list
  'GET /api/shopping-list': RouteSpec<ShoppingItem[]>;
  'DELETE /api/shopping-list': RouteSpec<{ deleted: number }, undefined, { checked?: 'true' | 'false' }>;
  'POST /api/shopping-list/items': RouteSpec<ShoppingItem[], typeof AddShoppingItemsInputSchema>;
  'PATCH /api/shopping-list/items/:id': RouteSpec<ShoppingItem, typeof CheckShoppingItemInputSchema>;
  'PUT /api/shopping-list/items/:id': RouteSpec<ShoppingItem, typeof CheckShoppingItemInputSchema>;
  'DELETE /api/shopping-list/items/:id': RouteSpec<{ success: boolean }>;

  // Calorie tracker
  'GET /api/calorie-tracking': RouteSpec<CalorieDay, undefined, { date?: string }>;
  'POST /api/calorie-tracking': RouteSpec<CalorieEntry, typeof CalorieEntryInputSchema>;
  'GET /api/calorie-tracking/goal': RouteSpec<CalorieGoal>;
  'PUT /api/calorie-tracking/goal': RouteSpec<CalorieGoal, typeof CalorieGoalInputSchema>;
  'DELETE /api/calorie-tracking/:id': RouteSpec<{ success: boolean }>;

  // Newsletter
  'POST /api/newsletter/subscribe': RouteSpec<NewsletterResult, typeof NewsletterSubscriberInputSchema>;
  'POST /api/newsletter/unsubscribe': RouteSpec<NewsletterTokenResult, typeof NewsletterTokenInputSchema>;
  'POST /api/newsletter/confirm': RouteSpec<NewsletterTokenResult, typeof NewsletterTokenInputSchema>;
  'GET /api/admin/newsletter/subscribers': RouteSpec<SubscriberList, undefined, SubscriberListQuery>;
  /** CSV (not for the JSON client: the panel links to it). */
  'GET /api/admin/newsletter/subscribers/export': RouteSpec<never, undefined, { q?: string }>;
  'DELETE /api/admin/newsletter/subscribers/:id': RouteSpec<{ deleted: true }>;

  // Images (binary answers: not for the JSON client, listed so the table is complete)
  'GET /api/images/:key/:file': RouteSpec<never>;

  // Admin: publishing, caches, images
  'GET /api/admin/publish/status': RouteSpec<PublishStatus>;
  'POST /api/admin/publish': RouteSpec<PublishStatus>;
  'GET /api/admin/cache/stats': RouteSpec<Record<string, CacheAreaStats>>;
  'POST /api/admin/cache/clear-all': RouteSpec<{ cleared: string[]; cdnPurged: boolean }>;
  'POST /api/admin/cache/clear/:area': RouteSpec<{ cleared: string[]; cdnPurged: boolean }>;
  'POST /api/admin/images/upload': RouteSpec<UploadedImage, FormData>;
  'POST /api/admin/images/import': RouteSpec<UploadedImage, ImageImportInput>;
  'GET /api/admin/images/stats': RouteSpec<ImageStats>;
  'POST /api/admin/images/convert-temporary': RouteSpec<ImageConversion>;
  'POST /api/admin/images/clear-cache': RouteSpec<{ removedFiles: number; freedMB: number }>;
  'POST /api/admin/images/remove-unused': RouteSpec<{
    removedImages: number;
    removedFiles: number;
    freedMB: number;
  }>;
  'GET /api/admin/database/stats': RouteSpec<DatabaseStats>;
  'POST /api/admin/database/apply-indexes': RouteSpec<{
    created: string[];
    existing: string[];
    migrationsRun: string[];
    analyzed: boolean;
  }>;

  // Admin: generator
  'GET /api/ai/models': RouteSpec<AiModel[]>;
  'GET /api/generator/config': RouteSpec<GeneratorConfig>;
  'PUT /api/generator/config': RouteSpec<GeneratorConfig, typeof GeneratorConfigUpdateSchema>;
  'POST /api/generator/recipe': RouteSpec<
    { id: number; slug: string; title: string; category: string },
    typeof GenerateRecipeRequestSchema
  >;
  // Long work answers 202 with its fields so far (generated 0) and the queued job to follow.
  'POST /api/generator/bulk': RouteSpec<GeneratorJobAccepted, typeof BulkRecipesRequestSchema>;
  'POST /api/generator/ai-blog': RouteSpec<
    { id: number; slug: string; title: string; isPublished: boolean },
    typeof GenerateBlogRequestSchema
  >;
  'POST /api/generator/bulk-blog': RouteSpec<
    GeneratorJobAccepted & { success: boolean },
    typeof BulkBlogsRequestSchema
  >;
  'POST /api/generator/csv-upload': RouteSpec<GeneratorJobAccepted, FormData>;
  'GET /api/generator/csv-template': RouteSpec<never>;
  'GET /api/generator/jobs': RouteSpec<GeneratorJob[]>;
  'GET /api/generator/jobs/:id': RouteSpec<GeneratorJob>;
  'GET /api/generator/log': RouteSpec<
    { entries: GenerationLogEntry[]; today: GenerationToday & { currentCount: number; maxPerDay: number } },
    undefined,
    { limit?: number }
  >;
  'POST /api/generator/worker': RouteSpec<WorkerOutcome>;

  // Admin: pages and footer, blog, settings
  'GET /api/pages': RouteSpec<Page[]>;
  'GET /api/pages/footer': RouteSpec<Page>;
  'GET /api/pages/:slug': RouteSpec<Page>;
  'POST /api/pages': RouteSpec<Page, PageInput>;
  'PUT /api/pages/footer': RouteSpec<Page, FooterContentInput | { content: string }>;
  'PUT /api/pages/:id': RouteSpec<Page, PageInput>;
  'DELETE /api/pages/:id': RouteSpec<Trashed>;
  'GET /api/blog/posts': RouteSpec<BlogPost[], undefined, Paging & { category?: string }>;
  'GET /api/blog/posts/:slug': RouteSpec<BlogPost>;
  'POST /api/blog/posts': RouteSpec<BlogPost, BlogPostInput>;
  'PUT /api/blog/posts/:id': RouteSpec<BlogPost, BlogPostInput>;
  'DELETE /api/blog/posts/:id': RouteSpec<Trashed>;
  /** A reader's view of a published post, counted once per visitor per day. */
  'POST /api/blog/posts/:slug/view': RouteSpec<{ counted: boolean }>;
  'GET /api/blog/categories': RouteSpec<BlogCategory[]>;
  'POST /api/blog/categories': RouteSpec<BlogCategory, BlogCategoryInput>;
  'PUT /api/blog/categories/:id': RouteSpec<BlogCategory, BlogCategoryInput>;
  'DELETE /api/blog/categories/:id': RouteSpec<Trashed>;
  'GET /api/settings': RouteSpec<Settings>;
  'PUT /api/settings': RouteSpec<Settings, SettingsInput>;

  // Admin: versions and trash
  'GET /api/recipes/:id/versions': RouteSpec<VersionSummary[]>;
  'GET /api/recipes/:id/versions/:versionId': RouteSpec<Version>;
  'POST /api/recipes/:id/versions/:versionId/restore': RouteSpec<Recipe>;
  'GET /api/pages/:id/versions': RouteSpec<VersionSummary[]>;
  'GET /api/pages/:id/versions/:versionId': RouteSpec<Version>;
  'POST /api/pages/:id/versions/:versionId/restore': RouteSpec<Page>;
  'GET /api/blog/posts/:id/versions': RouteSpec<VersionSummary[]>;
  'GET /api/blog/posts/:id/versions/:versionId': RouteSpec<Version>;
  'POST /api/blog/posts/:id/versions/:versionId/restore': RouteSpec<BlogPost>;
  'GET /api/admin/trash': RouteSpec<TrashEntry[]>;
  'POST /api/admin/trash/:id/restore': RouteSpec<TrashRestored>;
  // Admin: all content as one JSON document, and its import (?dryRun=1 reports, changes nothing)
  'GET /api/admin/content/export': RouteSpec<ContentExport>;
  'POST /api/admin/content/import': RouteSpec<
    ImportReport,
    ContentExport,
    { dryRun?: '1' | 'true' | '0' | 'false' }
  >;

  // Redirects of old addresses (HTML, not JSON)
  'GET /recipe-id/:id': RouteSpec<never>;
  'GET /recipe-id/:id/cook': RouteSpec<never>;
  'GET /recipe/:id': RouteSpec<never>;
  // The search page filled in by a function, for a visitor without JavaScript (HTML, not JSON)
  'GET /search/results': RouteSpec<never>;
}

/** `METHOD /path/:param`, every route of the API. */
export type RouteKey = keyof ApiRoutes & string;
export type ApiMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
/** The path patterns that answer `M`. */
export type PathOf<M extends ApiMethod> = RouteKey extends infer K
  ? K extends `${M} ${infer P}`
    ? P
    : never
  : never;
export type RouteOf<M extends ApiMethod, P extends PathOf<M>> = ApiRoutes[`${M} ${P}` & RouteKey];

/** The `:names` of a path pattern. */
export type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** Every route key, as a value (the table's test compares it with the functions' route tables). */
export const ROUTE_KEYS = {
  'POST /api/auth/signup': true,
  'POST /api/auth/login': true,
  'POST /api/auth/logout': true,
  'GET /api/auth/me': true,
  'POST /api/auth/change-password': true,
  'GET /api/recipes': true,
  'POST /api/recipes': true,
  'PUT /api/recipes/:id': true,
  'DELETE /api/recipes/:id': true,
  'GET /api/recipes/featured': true,
  'GET /api/recipes/search': true,
  'GET /api/recipes/slug/:slug': true,
  'GET /api/recipes/category/:category': true,
  'GET /api/recipes/related/:id': true,
  'GET /api/recipes/:id': true,
  'GET /api/recipes/:id/reviews': true,
  'POST /api/recipes/:id/reviews': true,
  'POST /api/reviews/:id/helpful': true,
  'GET /api/recipes/:id/saved': true,
  'POST /api/recipes/:id/save': true,
  'DELETE /api/recipes/:id/save': true,
  'GET /api/user/saved-recipes': true,
  'GET /api/collections': true,
  'POST /api/collections': true,
  'PUT /api/collections/order': true,
  'GET /api/collections/:id': true,
  'PATCH /api/collections/:id': true,
  'DELETE /api/collections/:id': true,
  'PUT /api/collections/:id/recipes/:recipeId': true,
  'DELETE /api/collections/:id/recipes/:recipeId': true,
  'GET /api/recipes/:id/collections': true,
  'GET /api/recipes/:id/notebook': true,
  'PUT /api/recipes/:id/note': true,
  'POST /api/recipes/:id/cooked': true,
  'DELETE /api/cooked/:id': true,
  'GET /api/user/cooking': true,
  'GET /api/plan': true,
  'POST /api/plan/entries': true,
  'PATCH /api/plan/entries/:id': true,
  'DELETE /api/plan/entries/:id': true,
  'POST /api/plan/shopping-list': true,
  'GET /api/categories': true,
  'GET /api/categories/:slug': true,
  'POST /api/categories': true,
  'PUT /api/categories/:id': true,
  'DELETE /api/categories/:id': true,
  'GET /api/shopping-list': true,
  'DELETE /api/shopping-list': true,
  'POST /api/shopping-list/items': true,
  'PATCH /api/shopping-list/items/:id': true,
  'PUT /api/shopping-list/items/:id': true,
  'DELETE /api/shopping-list/items/:id': true,
  'GET /api/calorie-tracking': true,
  'POST /api/calorie-tracking': true,
  'GET /api/calorie-tracking/goal': true,
  'PUT /api/calorie-tracking/goal': true,
  'DELETE /api/calorie-tracking/:id': true,
  'POST /api/newsletter/subscribe': true,
  'POST /api/newsletter/unsubscribe': true,
  'POST /api/newsletter/confirm': true,
  'GET /api/admin/newsletter/subscribers': true,
  'GET /api/admin/newsletter/subscribers/export': true,
  'DELETE /api/admin/newsletter/subscribers/:id': true,
  'GET /api/images/:key/:file': true,
  'GET /api/admin/publish/status': true,
  'POST /api/admin/publish': true,
  'GET /api/admin/cache/stats': true,
  'POST /api/admin/cache/clear-all': true,
  'POST /api/admin/cache/clear/:area': true,
  'POST /api/admin/images/upload': true,
  'POST /api/admin/images/import': true,
  'GET /api/admin/images/stats': true,
  'POST /api/admin/images/convert-temporary': true,
  'POST /api/admin/images/clear-cache': true,
  'POST /api/admin/images/remove-unused': true,
  'GET /api/admin/database/stats': true,
  'POST /api/admin/database/apply-indexes': true,
  'GET /api/ai/models': true,
  'GET /api/generator/config': true,
  'PUT /api/generator/config': true,
  'POST /api/generator/recipe': true,
  'POST /api/generator/bulk': true,
  'POST /api/generator/ai-blog': true,
  'POST /api/generator/bulk-blog': true,
  'POST /api/generator/csv-upload': true,
  'GET /api/generator/csv-template': true,
  'GET /api/generator/jobs': true,
  'GET /api/generator/jobs/:id': true,
  'GET /api/generator/log': true,
  'POST /api/generator/worker': true,
  'GET /api/pages': true,
  'GET /api/pages/footer': true,
  'GET /api/pages/:slug': true,
  'POST /api/pages': true,
  'PUT /api/pages/footer': true,
  'PUT /api/pages/:id': true,
  'DELETE /api/pages/:id': true,
  'GET /api/blog/posts': true,
  'GET /api/blog/posts/:slug': true,
  'POST /api/blog/posts': true,
  'PUT /api/blog/posts/:id': true,
  'DELETE /api/blog/posts/:id': true,
  'POST /api/blog/posts/:slug/view': true,
  'GET /api/blog/categories': true,
  'POST /api/blog/categories': true,
  'PUT /api/blog/categories/:id': true,
  'DELETE /api/blog/categories/:id': true,
  'GET /api/settings': true,
  'PUT /api/settings': true,
  'GET /api/recipes/:id/versions': true,
  'GET /api/recipes/:id/versions/:versionId': true,
  'POST /api/recipes/:id/versions/:versionId/restore': true,
  'GET /api/pages/:id/versions': true,
  'GET /api/pages/:id/versions/:versionId': true,
  'POST /api/pages/:id/versions/:versionId/restore': true,
  'GET /api/blog/posts/:id/versions': true,
  'GET /api/blog/posts/:id/versions/:versionId': true,
  'POST /api/blog/posts/:id/versions/:versionId/restore': true,
  'GET /api/admin/trash': true,
  'POST /api/admin/trash/:id/restore': true,
  'GET /api/admin/content/export': true,
  'POST /api/admin/content/import': true,
  'GET /recipe-id/:id': true,
  'GET /recipe-id/:id/cook': true,
  'GET /recipe/:id': true,
  'GET /search/results': true,
} as const satisfies Record<RouteKey, true>;
