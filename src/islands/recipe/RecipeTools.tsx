import type { Recipe } from '../../lib/schemas/recipe.ts';
import IngredientList from './IngredientList.tsx';
import ScalingCalculator from './ScalingCalculator.tsx';
import UnitToggle from './UnitToggle.tsx';

// The recipe page's ingredients column: the scaling calculator, the US/metric switch and the
// checklist, sharing the servings and units through stores/recipe-view.ts (so the print dialog,
// the instructions and cooking mode show the same amounts).

export interface RecipeToolsProps {
  recipe: Pick<Recipe, 'id' | 'servings' | 'ingredients'>;
  /** Heading level text for the list; the page's own section heading is usually enough. */
  heading?: string;
}

export default function RecipeTools({ recipe, heading }: RecipeToolsProps) {
  return (
    <div className="space-y-5">
      <ScalingCalculator recipeId={recipe.id} originalServings={recipe.servings} />
      <div className="flex flex-wrap items-center justify-between gap-3">
        {heading && <h2 className="font-serif text-2xl font-bold">{heading}</h2>}
        <UnitToggle />
      </div>
      <IngredientList
        recipeId={recipe.id}
        originalServings={recipe.servings}
        ingredients={recipe.ingredients}
      />
    </div>
  );
}
