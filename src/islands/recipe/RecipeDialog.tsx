import { useEffect, useId, useRef, useState } from 'react';
import { errorText } from '../../lib/api-client.ts';
import { detailFallbackImage } from '../../lib/fallback-images.ts';
import type { Recipe } from '../../lib/recipe-types.ts';
import IngredientList from './IngredientList.tsx';
import InstructionList from './InstructionList.tsx';
import { fetchRecipe } from './recipe-cache.ts';
import ScalingCalculator from './ScalingCalculator.tsx';
import StarRating from './StarRating.tsx';
import UnitToggle from './UnitToggle.tsx';

// SPEC §2 "Recipe detail dialog": at most 90 % of the screen high; hero with title and
// description; Prep / Cook / Servings / Calories; 'View Full Recipe' and 'Start Cooking Mode';
// a hidden ad placeholder; the scaling calculator; the ingredient checklist; numbered steps;
// nutrition per serving; rating; tags. A native modal <dialog>: the page behind is inert (focus
// stays inside), Escape closes, and the address bar does not change.

export interface RecipeDialogProps {
  recipeId: number;
  onClose: () => void;
}

type Load = { state: 'loading' } | { state: 'ready'; recipe: Recipe } | { state: 'error'; message: string };

export default function RecipeDialog({ recipeId, onClose }: RecipeDialogProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const ids = useId();

  useEffect(() => {
    const dialog = dialogRef.current;
    if (dialog && !dialog.open) dialog.showModal();
    const root = document.documentElement;
    const previous = root.style.overflow;
    root.style.overflow = 'hidden';
    return () => {
      root.style.overflow = previous;
    };
  }, []);

  useEffect(() => {
    let live = true;
    setLoad({ state: 'loading' });
    fetchRecipe(recipeId).then(
      (recipe) => live && setLoad({ state: 'ready', recipe }),
      (err: unknown) => live && setLoad({ state: 'error', message: errorText(err, 'Please check your connection and try again.') }),
    );
    return () => {
      live = false;
    };
  }, [recipeId, attempt]);

  const close = () => {
    dialogRef.current?.close();
  };

  const recipe = load.state === 'ready' ? load.recipe : undefined;
  return (
    <dialog
      ref={dialogRef}
      aria-labelledby={`${ids}-title`}
      aria-describedby={recipe ? `${ids}-description` : undefined}
      aria-busy={load.state === 'loading'}
      onClose={onClose}
      onClick={(event) => {
        if (event.target === dialogRef.current) close();
      }}
      data-recipe-dialog
      className="m-auto max-h-[90vh] w-[calc(100%-1.5rem)] max-w-4xl overflow-y-auto overscroll-contain rounded-3xl bg-cream p-0 text-ink shadow-2xl backdrop:bg-black/60 backdrop:backdrop-blur-sm dark:bg-night dark:text-stone-100"
    >
      <button
        type="button"
        onClick={close}
        aria-label="Close recipe"
        className="sticky left-full top-3 z-10 -mb-14 mr-3 mt-3 flex size-11 items-center justify-center rounded-full bg-white/95 text-stone-800 shadow-md ring-1 ring-black/5 hover:bg-white dark:bg-night-card/95 dark:text-stone-100 dark:ring-white/10"
      >
        <span className="icon icon-close" aria-hidden="true" />
      </button>
      {load.state === 'loading' && <DialogSkeleton titleId={`${ids}-title`} />}
      {load.state === 'error' && (
        <div className="p-8 pt-16 text-center">
          <h2 id={`${ids}-title`} className="font-serif text-2xl font-bold">We couldn't open this recipe</h2>
          <p className="muted mt-2">{load.message}</p>
          <div className="mt-5 flex justify-center gap-3">
            <button type="button" className="btn-primary" onClick={() => setAttempt((n) => n + 1)}>Try again</button>
            <button type="button" className="btn-ghost" onClick={close}>Close</button>
          </div>
        </div>
      )}
      {recipe && <DialogBody recipe={recipe} ids={ids} />}
    </dialog>
  );
}

function DialogSkeleton({ titleId }: { titleId: string }) {
  return (
    <div className="animate-pulse" role="status">
      <h2 id={titleId} className="sr-only">Loading recipe…</h2>
      <div className="aspect-[16/7] w-full bg-stone-200 dark:bg-stone-800" />
      <div className="space-y-4 p-6">
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          {[0, 1, 2, 3].map((i) => <div key={i} className="h-16 rounded-2xl bg-stone-200 dark:bg-stone-800" />)}
        </div>
        <div className="h-4 w-2/3 rounded bg-stone-200 dark:bg-stone-800" />
        <div className="h-4 w-1/2 rounded bg-stone-200 dark:bg-stone-800" />
      </div>
    </div>
  );
}

function DialogBody({ recipe, ids }: { recipe: Recipe; ids: string }) {
  const fallback = detailFallbackImage(recipe.id);
  const [image, setImage] = useState(recipe.image || fallback);
  const page = `/recipe/${recipe.slug}`;
  const nutrition = recipe.nutrition ?? { calories: recipe.calories };
  const carbs = nutrition.carbs ?? (nutrition as { carbohydrates?: string }).carbohydrates;
  const stats = [
    ['Prep Time', `${recipe.prepTime} min`],
    ['Cook Time', `${recipe.cookTime} min`],
    ['Servings', String(recipe.servings)],
    ['Calories', String(recipe.calories)],
  ];
  const facts = [
    ['Calories', String(nutrition.calories ?? recipe.calories)],
    ['Protein', nutrition.protein],
    ['Carbs', carbs],
    ['Fat', nutrition.fat],
  ].filter((f): f is [string, string] => Boolean(f[1]));

  return (
    <article>
      <header className="relative">
        <img
          src={image}
          onError={() => setImage(fallback)}
          alt=""
          width={1200}
          height={525}
          className="aspect-[16/9] w-full object-cover sm:aspect-[16/7]"
        />
        <div className="absolute inset-0 hidden bg-gradient-to-t from-black/80 via-black/30 to-transparent sm:block" />
        <div className="px-5 pt-5 sm:absolute sm:inset-x-0 sm:bottom-0 sm:p-7 sm:text-white">
          <p className="text-xs font-semibold uppercase tracking-[0.14em] text-brand-700 sm:text-brand-200 dark:text-brand-300 sm:dark:text-brand-200">{recipe.cuisine} · {recipe.difficulty}</p>
          <h2 id={`${ids}-title`} className="mt-1 font-serif text-2xl font-bold leading-tight sm:text-4xl">{recipe.title}</h2>
          <p id={`${ids}-description`} className="mt-2 max-w-2xl text-stone-700 sm:line-clamp-3 sm:text-base sm:text-stone-100 dark:text-stone-300 sm:dark:text-stone-100">{recipe.description}</p>
        </div>
      </header>

      <div className="space-y-6 p-5 sm:p-7">
        <dl className="grid grid-cols-2 gap-3 text-center sm:grid-cols-4">
          {stats.map(([label, value]) => (
            <div key={label} className="rounded-2xl bg-white p-3 ring-1 ring-stone-200/80 dark:bg-night-card dark:ring-night-line">
              <dt className="text-xs font-semibold uppercase tracking-wide text-stone-500 dark:text-stone-400">{label}</dt>
              <dd className="mt-0.5 text-lg font-bold">{value}</dd>
            </div>
          ))}
        </dl>

        <div className="flex flex-wrap items-center justify-between gap-3">
          <div className="grid w-full gap-3 sm:flex sm:w-auto">
            <a href={page} className="btn-primary">View Full Recipe</a>
            <a href={`${page}/cook`} className="btn-ghost">Start Cooking Mode</a>
          </div>
          <StarRating tenths={recipe.rating} count={recipe.reviewCount} size="md" />
        </div>

        <div data-ad-slot="recipe-top" hidden aria-hidden="true" />

        <div className="grid gap-8 md:grid-cols-[minmax(0,5fr)_minmax(0,7fr)]">
          <section aria-labelledby={`${ids}-ingredients`} className="space-y-4">
            <ScalingCalculator recipeId={recipe.id} originalServings={recipe.servings} />
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h3 id={`${ids}-ingredients`} className="font-serif text-xl font-bold">Ingredients</h3>
              <UnitToggle />
            </div>
            <IngredientList recipeId={recipe.id} originalServings={recipe.servings} ingredients={recipe.ingredients} />
          </section>
          <div className="space-y-8">
            <section aria-labelledby={`${ids}-steps`}>
              <h3 id={`${ids}-steps`} className="mb-4 font-serif text-xl font-bold">Instructions</h3>
              <InstructionList instructions={recipe.instructions} idPrefix={`${ids}-step`} />
            </section>
            {facts.length > 0 && (
              <section aria-labelledby={`${ids}-nutrition`} className="card p-5">
                <h3 id={`${ids}-nutrition`} className="font-serif text-lg font-bold">Nutrition <span className="text-sm font-normal text-stone-500 dark:text-stone-400">per serving</span></h3>
                <dl className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-4">
                  {facts.map(([label, value]) => (
                    <div key={label} className="rounded-xl bg-paper p-3 text-center dark:bg-stone-800/70">
                      <dt className="text-xs text-stone-600 dark:text-stone-400">{label}</dt>
                      <dd className="font-semibold">{value}</dd>
                    </div>
                  ))}
                </dl>
              </section>
            )}
          </div>
        </div>

        {recipe.tags.length > 0 && (
          <ul className="flex flex-wrap gap-2" aria-label="Tags">
            {recipe.tags.map((tag) => (
              <li key={tag}>
                <a className="chip" href={`/search?q=${encodeURIComponent(tag)}`}>#{tag}</a>
              </li>
            ))}
          </ul>
        )}
      </div>
    </article>
  );
}
