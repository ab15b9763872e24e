import type { NewRecipeRow, RecipeRow } from '../schema.ts';
import {
  starsFromTenths,
  type Ingredients,
  type InstructionStep,
  type Recipe,
  type RecipeInputValues,
  type RecipeSummary,
} from '../../src/lib/schemas/recipe.ts';
import { isoTimestamp } from './timestamp.ts';
import { DIET_RULES_VERSION, DIETS, dietsOf, type Diet } from '../../src/lib/diets.ts';
import { allIngredientLines } from '../../src/lib/recipe-text.ts';

// The one mapping between a recipes row (snake_case, db/schema.ts) and the public Recipe
// (src/lib/schemas/recipe.ts), in both directions. Services and build queries use nothing else.

/** The columns of a card or list entry (recipeSummaryFromRow): no ingredients, steps or FAQs. */
export const RECIPE_SUMMARY_COLUMNS = [
  'recipes.id',
  'recipes.slug',
  'recipes.title',
  'recipes.description',
  'recipes.image',
  'recipes.category',
  'recipes.cuisine',
  'recipes.prep_time',
  'recipes.cook_time',
  'recipes.total_time',
  'recipes.servings',
  'recipes.difficulty',
  'recipes.calories',
  'recipes.tags',
  'recipes.rating',
  'recipes.review_count',
  'recipes.created_at',
] as const satisfies readonly `recipes.${keyof RecipeRow}`[];

/**
 * The columns recipeFromRow reads: the summary's and the rest, qualified so joins can select them
 * (never the search columns).
 */
export const RECIPE_COLUMNS = [
  ...RECIPE_SUMMARY_COLUMNS,
  'recipes.summary',
  'recipes.nutrition',
  'recipes.ingredients',
  'recipes.instructions',
  'recipes.faqs',
  'recipes.video_url',
  'recipes.video_thumbnail',
  'recipes.video_duration',
  'recipes.step_ingredients',
  'recipes.diets',
  'recipes.diets_by_hand',
  'recipes.diet_rules',
  'recipes.updated_at',
] as const satisfies readonly `recipes.${keyof RecipeRow}`[];

/** A summary row (RECIPE_SUMMARY_COLUMNS) as the API lists it (RecipeSummarySchema's fields). */
export function recipeSummaryFromRow(
  row: Pick<RecipeRow, (typeof RECIPE_SUMMARY_COLUMNS)[number] extends `recipes.${infer C}` ? C : never>,
): RecipeSummary {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    description: row.description,
    image: row.image,
    category: row.category,
    cuisine: row.cuisine,
    prepTime: row.prep_time,
    cookTime: row.cook_time,
    totalTime: row.total_time,
    servings: row.servings,
    difficulty: row.difficulty,
    calories: row.calories,
    rating: row.rating,
    averageRating: starsFromTenths(row.rating),
    reviewCount: row.review_count,
    tags: row.tags,
    createdAt: isoTimestamp(row.created_at),
  };
}

/** Ingredients/instructions may be stored as a JSON string: always hand out parsed values. */
export function parsedJson<T>(value: T | string, fallback: T): T {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value) as T;
  } catch {
    return fallback;
  }
}

const knownDiets = (values: string[]): Diet[] => DIETS.filter((diet) => values.includes(diet));

/** The diet columns of a written recipe: the admin's diets, or read from its ingredients now. */
export function dietColumns(input: Pick<RecipeInputValues, 'diets' | 'dietsByHand' | 'ingredients'>) {
  const byHand = input.dietsByHand === true && Array.isArray(input.diets);
  return {
    diets: byHand ? knownDiets(input.diets!) : dietsOf(allIngredientLines(input.ingredients)),
    diets_by_hand: byHand,
    diet_rules: DIET_RULES_VERSION,
  };
}

/** A recipes row as the API returns it and pages render it. */
export function recipeFromRow(row: RecipeRow): Recipe {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    description: row.description,
    summary: row.summary,
    image: row.image,
    category: row.category,
    cuisine: row.cuisine,
    prepTime: row.prep_time,
    cookTime: row.cook_time,
    noCooking: row.cook_time === 0,
    totalTime: row.total_time,
    servings: row.servings,
    difficulty: row.difficulty,
    calories: row.calories,
    nutrition: row.nutrition,
    ingredients: parsedJson<Ingredients>(row.ingredients, []),
    instructions: parsedJson<InstructionStep[]>(row.instructions, []),
    rating: row.rating,
    averageRating: starsFromTenths(row.rating),
    reviewCount: row.review_count,
    faqs: row.faqs,
    tags: row.tags,
    videoUrl: row.video_url,
    videoThumbnail: row.video_thumbnail,
    videoDuration: row.video_duration,
    stepIngredients: row.step_ingredients ?? null,
    diets: knownDiets(row.diets),
    dietsByHand: row.diets_by_hand,
    createdAt: isoTimestamp(row.created_at),
    updatedAt: isoTimestamp(row.updated_at),
  };
}

/**
 * A validated recipe input as a row to insert. `createdAt`, when given, dates both timestamps
 * (seeded recipes keep their publication date); otherwise the database sets them. A missing
 * total time is preparation plus cooking. JSON columns are written as JSON text, which the
 * drivers never mistake for a Postgres array.
 */
export function recipeToRow(
  input: RecipeInputValues,
  options: { slug: string; createdAt?: string | undefined },
): NewRecipeRow {
  return {
    slug: options.slug,
    title: input.title,
    description: input.description,
    summary: input.summary ?? null,
    image: input.image ?? null,
    category: input.category,
    cuisine: input.cuisine,
    prep_time: input.prepTime,
    cook_time: input.cookTime,
    total_time: input.totalTime ?? input.prepTime + input.cookTime,
    servings: input.servings,
    difficulty: input.difficulty,
    calories: input.calories,
    nutrition: JSON.stringify(input.nutrition),
    ingredients: JSON.stringify(input.ingredients),
    instructions: JSON.stringify(input.instructions),
    tags: input.tags,
    faqs: JSON.stringify(input.faqs ?? []),
    video_url: input.videoUrl ?? null,
    video_thumbnail: input.videoThumbnail ?? null,
    video_duration: input.videoDuration ?? null,
    step_ingredients: input.stepIngredients ? JSON.stringify(input.stepIngredients) : null,
    ...dietColumns(input),
    ...(options.createdAt === undefined
      ? {}
      : { created_at: options.createdAt, updated_at: options.createdAt }),
  };
}
