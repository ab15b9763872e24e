import type { Recipe } from '../../lib/schemas/recipe.ts';

/** The recipe as cooking mode and its cards see it. */
export type CookingRecipe = Pick<
  Recipe,
  | 'id'
  | 'slug'
  | 'title'
  | 'totalTime'
  | 'prepTime'
  | 'cookTime'
  | 'servings'
  | 'ingredients'
  | 'instructions'
  | 'difficulty'
>;

/** Only the fields cooking mode reads: the island's props are serialised into the page. */
export function cookingRecipe(recipe: Recipe): CookingRecipe {
  const { id, slug, title, totalTime, prepTime, cookTime, servings, ingredients, instructions, difficulty } =
    recipe;
  return { id, slug, title, totalTime, prepTime, cookTime, servings, ingredients, instructions, difficulty };
}
