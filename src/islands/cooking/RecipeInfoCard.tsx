import { useState } from 'react';
import Switch from '../kitchen/Switch.tsx';
import type { CookingRecipe } from './cooking-recipe.ts';
import { useScreenWakeLock } from './wake-lock.ts';

// Total time and servings, and "Keep screen on" where the browser can (on by default).

export interface RecipeInfoCardProps {
  recipe: Pick<CookingRecipe, 'totalTime' | 'servings'>;
  headingId: string;
}

export default function RecipeInfoCard({ recipe, headingId }: RecipeInfoCardProps) {
  const [keepAwake, setKeepAwake] = useState(true);
  const wakeLock = useScreenWakeLock(keepAwake);
  return (
    <section aria-labelledby={headingId} className="card p-5">
      <h2 id={headingId} className="font-serif text-lg font-bold">
        Recipe info
      </h2>
      <dl className="mt-3 grid grid-cols-2 gap-2 text-center">
        <div className="rounded-xl bg-paper p-2 dark:bg-stone-800/70">
          <dt className="text-xs text-stone-600 dark:text-stone-400">Total time</dt>
          <dd className="font-semibold">{recipe.totalTime} min</dd>
        </div>
        <div className="rounded-xl bg-paper p-2 dark:bg-stone-800/70">
          <dt className="text-xs text-stone-600 dark:text-stone-400">Servings</dt>
          <dd className="font-semibold">{recipe.servings}</dd>
        </div>
      </dl>
      {wakeLock !== 'unsupported' && (
        <Switch checked={keepAwake} onChange={setKeepAwake} className="mt-3 text-sm">
          Keep screen on
          {wakeLock === 'on' && (
            <span className="ml-1 font-normal text-herb-700 dark:text-herb-300">(on now)</span>
          )}
        </Switch>
      )}
    </section>
  );
}
