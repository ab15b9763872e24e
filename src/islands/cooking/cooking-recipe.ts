import type { Recipe } from '../../lib/schemas/recipe.ts';
import type { CookingRecipe } from './CookingMode.tsx';

/** Only the fields cooking mode reads: the island's props are serialised into the page. */
export function cookingRecipe(recipe: Recipe): CookingRecipe {
  const { id, slug, title, totalTime, prepTime, cookTime, servings, ingredients, instructions, difficulty } =
    recipe;
  return { id, slug, title, totalTime, prepTime, cookTime, servings, ingredients, instructions, difficulty };
}
