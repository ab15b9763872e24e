import { lazy, Suspense } from 'react';
import type { Recipe } from '../../lib/schemas/recipe.ts';
import { useSessionUser } from '../auth/use-session-user.ts';

// The recipe page's logged-in buttons: Save Recipe / Saved, Shopping List and Track
// Calories. One small island that renders nothing for visitors, so their code (and the shopping
// list and calorie stores) is only downloaded once someone is signed in.

const SaveRecipeButton = lazy(() => import('../account/SaveRecipeButton.tsx'));
const CollectionPicker = lazy(() => import('../notebook/CollectionPicker.tsx'));
const RecipeNotebookPanel = lazy(() => import('../notebook/RecipeNotebookPanel.tsx'));
const AddToPlanButton = lazy(() => import('../notebook/AddToPlanButton.tsx'));
const ShoppingListButton = lazy(() => import('../shopping/ShoppingListButton.tsx'));
const CalorieTrackerButton = lazy(() => import('../calories/CalorieTrackerButton.tsx'));

export interface RecipeAccountActionsProps {
  recipe: Pick<Recipe, 'id' | 'title' | 'servings' | 'ingredients' | 'calories'>;
}

export default function RecipeAccountActions({ recipe }: RecipeAccountActionsProps) {
  const user = useSessionUser();
  // An empty, zero-width anchor: `client:visible` watches the island's children, so it needs one
  // element to see (the negative margin takes back the row's gap).
  if (!user) return <span aria-hidden="true" className="-ml-3 block h-11 w-0" />;
  return (
    <Suspense fallback={null}>
      <SaveRecipeButton recipeId={recipe.id} />
      <CollectionPicker recipeId={recipe.id} />
      <ShoppingListButton recipe={recipe} />
      <CalorieTrackerButton recipe={recipe} />
      <AddToPlanButton recipe={recipe} />
      <RecipeNotebookPanel recipeId={recipe.id} />
    </Suspense>
  );
}
