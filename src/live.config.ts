import { defineLiveCollection } from 'astro:content';
import type { LiveLoader } from 'astro/loaders';
import { getReadyDb } from '../db/ready.ts';
import { recipesByIds } from '../db/queries/recipes.ts';
import { reviewsByRecipe } from '../db/queries/reviews.ts';
import type { RecipePageRecord } from './lib/site-records.ts';

// Collections read as pages render rather than held by the build (src/content.config.ts keeps
// only what lists need of a recipe). A recipe page asks for its own record through
// src/data/site-content.ts, which batches the pages' requests and reads ahead.

interface RecipeFilter {
  /** Recipe ids. */
  ids: number[];
  /** Whether to read each recipe's newest reviews too (the cooking page shows none). */
  reviews: boolean;
}

/** Whole recipes (and, if asked, their newest reviews) by id, from the database. */
async function recipeRecordsOf({ ids, reviews }: RecipeFilter) {
  const db = await getReadyDb();
  const [recipes, reviewLists] = await Promise.all([
    recipesByIds(db, ids),
    reviews ? reviewsByRecipe(db, ids) : [],
  ]);
  const reviewsOf = new Map(reviewLists.map((r) => [r.recipeId, r.reviews]));
  return recipes.map((recipe) => ({
    id: String(recipe.id),
    data: { recipe, reviews: reviewsOf.get(recipe.id) ?? [] },
  }));
}

const recipeRecords: LiveLoader<RecipePageRecord, { id: number }, RecipeFilter> = {
  name: 'database-recipe-records',
  loadCollection: async ({ filter }) => ({
    entries: await recipeRecordsOf(filter ?? { ids: [], reviews: false }),
  }),
  loadEntry: async ({ filter }) => (await recipeRecordsOf({ ids: [filter.id], reviews: true }))[0],
};

export const collections = {
  recipeRecords: defineLiveCollection({ loader: recipeRecords }),
};
