import { allIngredientLines } from '../../lib/recipe-text.ts';
import type { Recipe } from '../../lib/schemas/recipe.ts';
import { stepIngredientsOf } from '../../lib/step-ingredients.ts';
import type { CookingRecipe } from './CookingMode.tsx';

/**
 * Only the fields cooking mode reads: the island's props are serialised into the page. The step
 * ingredients are matched here, as the page is built, so the matcher never ships to the browser.
 */
export function cookingRecipe(recipe: Recipe): CookingRecipe {
  const { id, slug, title, totalTime, prepTime, cookTime, servings, ingredients, instructions, difficulty } =
    recipe;
  const stepIngredients = stepIngredientsOf(recipe);
  return {
    id,
    slug,
    title,
    totalTime,
    prepTime,
    cookTime,
    servings,
    ingredients,
    instructions,
    difficulty,
    stepUses: {
      recipeId: id,
      originalServings: servings,
      lines: allIngredientLines(ingredients),
      steps: stepIngredients,
    },
  };
}
