import type { ReactNode } from 'react';
import type { Recipe } from '../../lib/schemas/recipe.ts';
import IngredientList from './IngredientList.tsx';
import ScalingCalculator from './ScalingCalculator.tsx';
import UnitToggle from './UnitToggle.tsx';

// The ingredients column of the recipe page and of the card dialog: the scaling calculator, the US/metric switch and the
// checklist, sharing the servings and units through stores/recipe-view.ts (so the print dialog,
// the instructions and cooking mode show the same amounts).

export interface RecipeToolsProps {
  recipe: Pick<Recipe, 'id' | 'servings' | 'ingredients'>;
  /** A heading beside the unit switch (the dialog's); the page's own section heading is enough there. */
  heading?: ReactNode;
  /** The dialog's tighter spacing. */
  compact?: boolean;
}

export default function RecipeTools({ recipe, heading, compact = false }: RecipeToolsProps) {
  return (
    <div className={compact ? 'space-y-4' : 'space-y-5'}>
      <ScalingCalculator recipeId={recipe.id} originalServings={recipe.servings} />
      <div className={`flex flex-wrap items-center justify-between ${compact ? 'gap-2' : 'gap-3'}`}>
        {heading}
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
