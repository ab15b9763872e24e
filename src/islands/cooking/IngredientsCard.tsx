import { lazy, Suspense, useState } from 'react';
import { ingredientSections } from '../../lib/recipe-text.ts';
import type { CookingRecipe } from './cooking-recipe.ts';

// The ingredients, folded away: as written until the cook opens them, then the checklist with
// the unit switch (IngredientsPanel.tsx, loaded on first opening).

const IngredientsPanel = lazy(() => import('./IngredientsPanel.tsx'));

export default function IngredientsCard({
  recipe,
}: {
  recipe: Pick<CookingRecipe, 'id' | 'servings' | 'ingredients'>;
}) {
  const [opened, setOpened] = useState(false);
  return (
    <details className="card group p-5" onToggle={(e) => e.currentTarget.open && setOpened(true)}>
      <summary className="flex min-h-11 items-center justify-between font-serif text-lg font-bold">
        Ingredients
        <span className="icon icon-chevron-down transition group-open:rotate-180" aria-hidden="true" />
      </summary>
      <div className="mt-3">
        {opened ? (
          <Suspense fallback={<PlainIngredients ingredients={recipe.ingredients} />}>
            <IngredientsPanel
              recipeId={recipe.id}
              servings={recipe.servings}
              ingredients={recipe.ingredients}
            />
          </Suspense>
        ) : (
          <PlainIngredients ingredients={recipe.ingredients} />
        )}
      </div>
    </details>
  );
}

/** The ingredients as written: shown before the full panel loads, and without script. */
function PlainIngredients({ ingredients }: { ingredients: unknown }) {
  const sections = ingredientSections(ingredients);
  if (!sections) return <p className="muted">Unable to display ingredients</p>;
  return (
    <div className="space-y-3 text-sm">
      {sections.map((section, s) => (
        <div key={s}>
          {section.name && <h3 className="font-semibold">{section.name}</h3>}
          <ul className="list-disc space-y-1 pl-5">
            {section.items.map((item, i) => (
              <li key={i}>{item}</li>
            ))}
          </ul>
        </div>
      ))}
    </div>
  );
}
