import type { Migration, MigrationProvider } from 'kysely/migration';
import * as initialSchema from './2026-11-22T0400_initial_schema.ts';
import * as ingredientsKeepSectionOrder from './2026-11-22T0500_ingredients_keep_section_order.ts';
import * as cacheSyncAndImageStore from './2026-11-23T1915_cache_sync_and_image_store.ts';
import * as publishRequests from './2026-11-23T1915_publish_requests.ts';
import * as contentVersionsAndTrash from './2026-11-25T1300_content_versions_and_trash.ts';
import * as generatorJobs from './2026-11-25T1310_generator_jobs.ts';
import * as listingIndexes from './2026-11-25T1400_listing_indexes.ts';
import * as searchIndexes from './2026-11-25T1600_search_indexes.ts';
import * as searchTerms from './2026-11-25T1700_search_terms.ts';
import * as blogPostViews from './2026-11-27T1000_blog_post_views.ts';
import * as newsletterConsent from './2026-11-27T1000_newsletter_consent.ts';
import * as recipeCollections from './2026-11-27T1000_recipe_collections.ts';
import * as recipeStepIngredients from './2026-11-27T1000_recipe_step_ingredients.ts';
import * as recipeDietsAndIngredientWords from './2026-11-27T1010_recipe_diets_and_ingredient_words.ts';
import * as recipeNotesAndCookingLog from './2026-11-27T1010_recipe_notes_and_cooking_log.ts';
import * as mealPlan from './2026-11-27T1020_meal_plan.ts';
import * as searchFilterGinDirect from './2026-11-27T1100_search_filter_gin_direct.ts';

/**
 * Migrations registered in code, not read from disk: Netlify bundles functions and would not
 * ship a migrations folder read at run time. Add new migrations here, in name order.
 */
const migrations: Record<string, Migration> = {
  '2026-11-22T0400_initial_schema': initialSchema,
  '2026-11-22T0500_ingredients_keep_section_order': ingredientsKeepSectionOrder,
  '2026-11-23T1915_cache_sync_and_image_store': cacheSyncAndImageStore,
  '2026-11-23T1915_publish_requests': publishRequests,
  '2026-11-25T1300_content_versions_and_trash': contentVersionsAndTrash,
  '2026-11-25T1310_generator_jobs': generatorJobs,
  '2026-11-25T1400_listing_indexes': listingIndexes,
  '2026-11-25T1600_search_indexes': searchIndexes,
  '2026-11-25T1700_search_terms': searchTerms,
  '2026-11-27T1000_blog_post_views': blogPostViews,
  '2026-11-27T1000_newsletter_consent': newsletterConsent,
  '2026-11-27T1000_recipe_collections': recipeCollections,
  '2026-11-27T1000_recipe_step_ingredients': recipeStepIngredients,
  '2026-11-27T1010_recipe_diets_and_ingredient_words': recipeDietsAndIngredientWords,
  '2026-11-27T1010_recipe_notes_and_cooking_log': recipeNotesAndCookingLog,
  '2026-11-27T1020_meal_plan': mealPlan,
  '2026-11-27T1100_search_filter_gin_direct': searchFilterGinDirect,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};
