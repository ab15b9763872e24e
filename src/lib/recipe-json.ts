import type { Ingredients, InstructionStep, Nutrition, Recipe, RecipeSummary, RelatedRecipe } from './recipe-types.ts';

/** A recipe row as the database returns it (snake_case, jsonb parsed by the driver). */
export interface RecipeRecord {
  id: number;
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
  difficulty: 'Easy' | 'Medium' | 'Hard';
  calories: number;
  nutrition: unknown;
  ingredients: unknown;
  instructions: unknown;
  tags: string[] | null;
  faqs: unknown;
  video_url: string | null;
  video_thumbnail: string | null;
  video_duration: number | null;
  rating: number;
  review_count: number;
  created_at: Date | string;
  updated_at: Date | string;
}

/** SPEC §3 allows ingredients/instructions stored as a JSON string: always hand out parsed values. */
function parsedJson<T>(value: unknown, fallback: T): T {
  if (typeof value === 'string') {
    try {
      return JSON.parse(value) as T;
    } catch {
      return fallback;
    }
  }
  return (value ?? fallback) as T;
}

const iso = (d: Date | string) => (d instanceof Date ? d.toISOString() : new Date(d).toISOString());

/** Tenths of a star → stars with one decimal (45 → 4.5). */
export const starsFromTenths = (tenths: number) => Math.round(tenths) / 10;

/** Maps a database row to the API's recipe JSON. */
export function recipeFromRecord(r: RecipeRecord): Recipe {
  return {
    id: r.id,
    slug: r.slug,
    title: r.title,
    description: r.description,
    summary: r.summary,
    image: r.image,
    category: r.category,
    cuisine: r.cuisine,
    prepTime: r.prep_time,
    cookTime: r.cook_time,
    totalTime: r.total_time,
    servings: r.servings,
    difficulty: r.difficulty,
    calories: r.calories,
    nutrition: parsedJson<Nutrition>(r.nutrition, { calories: r.calories }),
    ingredients: parsedJson<Ingredients>(r.ingredients, []),
    instructions: parsedJson<InstructionStep[]>(r.instructions, []),
    rating: r.rating,
    averageRating: starsFromTenths(r.rating),
    reviewCount: r.review_count,
    faqs: parsedJson(r.faqs, []),
    tags: r.tags ?? [],
    videoUrl: r.video_url,
    videoThumbnail: r.video_thumbnail,
    videoDuration: r.video_duration,
    createdAt: iso(r.created_at),
    updatedAt: iso(r.updated_at),
  };
}

/** The card fields of a recipe. */
export function summaryOf(r: Recipe): RecipeSummary {
  const { id, slug, title, description, image, category, cuisine, prepTime, cookTime, totalTime, servings, difficulty, calories, rating, averageRating, reviewCount, tags, createdAt } = r;
  return { id, slug, title, description, image, category, cuisine, prepTime, cookTime, totalTime, servings, difficulty, calories, rating, averageRating, reviewCount, tags, createdAt };
}

/** SPEC §7: related items carry exactly these fields. */
export function relatedOf(r: Recipe): RelatedRecipe {
  const { id, slug, title, image, category, servings, rating, prepTime, cookTime } = r;
  return { id, slug, title, image, category, servings, rating, prepTime, cookTime };
}
