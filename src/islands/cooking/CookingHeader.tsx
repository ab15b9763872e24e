import { useId } from 'react';
import type { CookingRecipe } from './cooking-recipe.ts';

// Cooking mode's top bar: close (back to the recipe page), the title, time and servings, and
// the progress through the steps.

export interface CookingHeaderProps {
  recipe: Pick<CookingRecipe, 'title' | 'totalTime' | 'servings'>;
  backHref: string;
  /** 0-based. */
  step: number;
  count: number;
}

export default function CookingHeader({ recipe, backHref, step, count }: CookingHeaderProps) {
  const progressId = useId();
  const percent = count ? Math.round(((step + 1) / count) * 100) : 0;
  return (
    <header className="sticky top-0 z-20 border-b border-stone-200 bg-cream/95 backdrop-blur dark:border-night-line dark:bg-night/95">
      <div className="mx-auto flex max-w-6xl items-center gap-3 px-4 py-2">
        <a
          href={backHref}
          aria-label="Close cooking mode"
          className="flex size-12 flex-none items-center justify-center rounded-full ring-1 ring-stone-300 hover:bg-brand-50 dark:ring-night-line dark:hover:bg-stone-800"
        >
          <span className="icon icon-close text-xl" aria-hidden="true" />
        </a>
        <div className="min-w-0 flex-1">
          <p className="eyebrow">Cooking mode</p>
          <h1 className="truncate font-serif text-lg font-bold sm:text-xl">{recipe.title}</h1>
        </div>
        <dl className="hidden items-center gap-4 text-sm sm:flex">
          <div className="flex items-center gap-1.5">
            <dt>
              <span className="icon icon-clock" aria-hidden="true" />
              <span className="sr-only">Total time</span>
            </dt>
            <dd>{recipe.totalTime} min</dd>
          </div>
          <div className="flex items-center gap-1.5">
            <dt>
              <span className="icon icon-users" aria-hidden="true" />
              <span className="sr-only">Servings</span>
            </dt>
            <dd>{recipe.servings} servings</dd>
          </div>
        </dl>
      </div>
      <div className="mx-auto flex max-w-6xl items-center gap-3 px-4 pb-2">
        <span className="text-sm font-semibold tabular-nums" id={progressId}>
          Step {step + 1} of {count}
        </span>
        <div
          role="progressbar"
          aria-labelledby={progressId}
          aria-valuemin={1}
          aria-valuemax={count}
          aria-valuenow={step + 1}
          className="h-2.5 flex-1 overflow-hidden rounded-full bg-stone-200 dark:bg-stone-800"
        >
          <div
            className="h-full rounded-full bg-brand-600 transition-[width] duration-300 dark:bg-brand-400"
            style={{ width: `${percent}%` }}
          />
        </div>
      </div>
    </header>
  );
}
