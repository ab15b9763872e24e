import IngredientList from '../recipe/IngredientList.tsx';
import UnitToggle from '../recipe/UnitToggle.tsx';

// Cooking mode's ingredients: the checklist with the US/metric switch. Loaded when the cook
// opens the panel, so the step view starts without the quantity and unit code.

export interface IngredientsPanelProps {
  recipeId: number;
  servings: number;
  ingredients: unknown;
}

export default function IngredientsPanel({ recipeId, servings, ingredients }: IngredientsPanelProps) {
  return (
    <div className="space-y-3">
      <UnitToggle />
      <IngredientList recipeId={recipeId} originalServings={servings} ingredients={ingredients} />
    </div>
  );
}
