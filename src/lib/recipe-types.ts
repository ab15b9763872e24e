// The public shapes of the API (SPEC §3 field names), shared by pages, islands and functions.

export type IngredientLine = string | { quantity?: string | number; item?: string; name?: string; measurement?: string };
export type Ingredients = IngredientLine[] | Record<string, IngredientLine[]>;
export type InstructionStep = string | { step?: string | number; instruction?: string; text?: string; image?: string };

export interface Nutrition {
  calories: number;
  protein?: string;
  carbs?: string;
  fat?: string;
  fiber?: string;
  sugar?: string;
  sodium?: string;
  saturatedFat?: string;
  unsaturatedFat?: string;
  transFat?: string;
  cholesterol?: string;
}

export interface Faq {
  question: string;
  answer: string;
}

export interface Recipe {
  id: number;
  slug: string;
  title: string;
  description: string;
  summary: string | null;
  image: string | null;
  category: string;
  cuisine: string;
  prepTime: number;
  cookTime: number;
  totalTime: number;
  servings: number;
  difficulty: 'Easy' | 'Medium' | 'Hard';
  calories: number;
  nutrition: Nutrition;
  ingredients: Ingredients;
  instructions: InstructionStep[];
  /** Tenths of a star, 0-50 (45 = 4.5). */
  rating: number;
  /** The same rating in stars with one decimal. */
  averageRating: number;
  reviewCount: number;
  faqs: Faq[];
  tags: string[];
  videoUrl: string | null;
  videoThumbnail: string | null;
  videoDuration: number | null;
  createdAt: string;
  updatedAt: string;
}

/** What a card or a list needs (no ingredients or steps). */
export type RecipeSummary = Pick<
  Recipe,
  | 'id' | 'slug' | 'title' | 'description' | 'image' | 'category' | 'cuisine' | 'prepTime' | 'cookTime'
  | 'totalTime' | 'servings' | 'difficulty' | 'calories' | 'rating' | 'averageRating' | 'reviewCount' | 'tags' | 'createdAt'
>;

/** SPEC §7 related recipes: exactly these fields. */
export type RelatedRecipe = Pick<
  Recipe,
  'id' | 'slug' | 'title' | 'image' | 'category' | 'servings' | 'rating' | 'prepTime' | 'cookTime'
>;

export interface Category {
  id: number;
  name: string;
  slug: string;
  description: string;
  image: string | null;
  recipeCount?: number;
}
