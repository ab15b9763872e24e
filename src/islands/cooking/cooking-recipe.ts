import type { Recipe } from '../../lib/schemas/recipe.ts';
import { stepUsesOf } from '../../lib/step-ingredients.ts';
import type { StepUses } from '../recipe/StepIngredientList.tsx';

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
> & {
  /** The ingredients each step uses (matched as the page is built); absent: none shown. */
  stepUses?: StepUses;
};

/**
 * Only the fields cooking mode reads: the island's props are serialised into the page. The step
 * ingredients are matched here, as the page is built, so the matcher never ships to the browser.
 */
export function cookingRecipe(recipe: Recipe): CookingRecipe {
  const { id, slug, title, totalTime, prepTime, cookTime, servings, ingredients, instructions, difficulty } =
    recipe;
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
    stepUses: stepUsesOf(recipe),
  };
}
