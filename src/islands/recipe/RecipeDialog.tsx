import { useEffect, useId, useMemo, useState } from 'react';
import { errorText } from '../../lib/api/client.ts';
import { detailFallbackImage } from '../../lib/fallback-images.ts';
import type { Recipe } from '../../lib/schemas/recipe.ts';
import { stepUsesOf } from '../../lib/step-ingredients.ts';
import InstructionList from './InstructionList.tsx';
import Dialog, { DialogClose, DialogDescription, DialogTitle } from '../shared/Dialog.tsx';
import { fetchRecipe } from './recipe-cache.ts';
import RecipeTools from './RecipeTools.tsx';
import StarRating from './StarRating.tsx';

// Recipe detail dialog: at most 90 % of the screen high; hero with title and
// description; Prep / Cook / Servings / Calories; 'View Full Recipe' and 'Start Cooking Mode';
// a hidden ad placeholder; the scaling calculator; the ingredient checklist; numbered steps, each
// with the ingredients it uses at the dialog's servings and units (matched here, in the dialog's
// own chunk, as the recipe comes from the API);
// nutrition per serving; rating; tags. The shared Dialog (size "page") draws the shell: the page
// behind is inert, Escape closes, and the address bar does not change.

export interface RecipeDialogProps {
  recipeId: number;
  onClose: () => void;
}

type Load = { state: 'loading' } | { state: 'ready'; recipe: Recipe } | { state: 'error'; message: string };

export default function RecipeDialog({ recipeId, onClose }: RecipeDialogProps) {
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const ids = useId();

  useEffect(() => {
    let live = true;
    setLoad({ state: 'loading' });
    fetchRecipe(recipeId).then(
      (recipe) => live && setLoad({ state: 'ready', recipe }),
      (err: unknown) =>
        live &&
        setLoad({ state: 'error', message: errorText(err, 'Please check your connection and try again.') }),
    );
    return () => {
      live = false;
    };
  }, [recipeId, attempt]);

  return (
    <Dialog
      open
      onClose={onClose}
      size="page"
      busy={load.state === 'loading'}
      closeLabel="Close recipe"
      name="recipe"
    >
      {load.state === 'loading' && <DialogSkeleton />}
      {load.state === 'error' && (
        <div className="p-8 pt-16 text-center">
          <DialogTitle className="font-serif text-2xl font-bold">We couldn't open this recipe</DialogTitle>
          <p className="muted mt-2">{load.message}</p>
          <div className="mt-5 flex justify-center gap-3">
            <button type="button" className="btn-primary" onClick={() => setAttempt((n) => n + 1)}>
              Try again
            </button>
            <DialogClose>Close</DialogClose>
          </div>
        </div>
      )}
      {load.state === 'ready' && <DialogBody recipe={load.recipe} ids={ids} />}
    </Dialog>
  );
}

function DialogSkeleton() {
  return (
    <div className="animate-pulse" role="status">
      <DialogTitle className="sr-only">Loading recipe…</DialogTitle>
      <div className="aspect-[16/7] w-full bg-stone-200 dark:bg-stone-800" />
      <div className="space-y-4 p-6">
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          {[0, 1, 2, 3].map((i) => (
            <div key={i} className="h-16 rounded-2xl bg-stone-200 dark:bg-stone-800" />
          ))}
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
  const uses = useMemo(() => stepUsesOf(recipe), [recipe]);
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
          <p className="text-xs font-semibold uppercase tracking-[0.14em] text-brand-700 sm:text-brand-200 dark:text-brand-300 sm:dark:text-brand-200">
            {recipe.cuisine} · {recipe.difficulty}
          </p>
          <DialogTitle className="mt-1 font-serif text-2xl font-bold leading-tight sm:text-4xl">
            {recipe.title}
          </DialogTitle>
          <DialogDescription className="mt-2 max-w-2xl text-stone-700 sm:line-clamp-3 sm:text-base sm:text-stone-100 dark:text-stone-300 sm:dark:text-stone-100">
            {recipe.description}
          </DialogDescription>
        </div>
      </header>

      <div className="space-y-6 p-5 sm:p-7">
        <dl className="grid grid-cols-2 gap-3 text-center sm:grid-cols-4">
          {stats.map(([label, value]) => (
            <div
              key={label}
              className="rounded-2xl bg-white p-3 ring-1 ring-stone-200/80 dark:bg-night-card dark:ring-night-line"
            >
              <dt className="text-xs font-semibold uppercase tracking-wide text-stone-500 dark:text-stone-400">
                {label}
              </dt>
              <dd className="mt-0.5 text-lg font-bold">{value}</dd>
            </div>
          ))}
        </dl>

        <div className="flex flex-wrap items-center justify-between gap-3">
          <div className="grid w-full gap-3 sm:flex sm:w-auto">
            <a href={page} className="btn-primary">
              View Full Recipe
            </a>
            <a href={`${page}/cook`} className="btn-ghost">
              Start Cooking Mode
            </a>
          </div>
          <StarRating tenths={recipe.rating} count={recipe.reviewCount} size="md" />
        </div>

        <div data-ad-slot="recipe-top" hidden aria-hidden="true" />

        <div className="grid gap-8 md:grid-cols-[minmax(0,5fr)_minmax(0,7fr)]">
          <section aria-labelledby={`${ids}-ingredients`}>
            <RecipeTools
              recipe={recipe}
              compact
              heading={
                <h3 id={`${ids}-ingredients`} className="font-serif text-xl font-bold">
                  Ingredients
                </h3>
              }
            />
          </section>
          <div className="space-y-8">
            <section aria-labelledby={`${ids}-steps`}>
              <h3 id={`${ids}-steps`} className="mb-4 font-serif text-xl font-bold">
                Instructions
              </h3>
              <InstructionList instructions={recipe.instructions} idPrefix={`${ids}-step`} uses={uses} />
            </section>
            {facts.length > 0 && (
              <section aria-labelledby={`${ids}-nutrition`} className="card p-5">
                <h3 id={`${ids}-nutrition`} className="font-serif text-lg font-bold">
                  Nutrition{' '}
                  <span className="text-sm font-normal text-stone-500 dark:text-stone-400">per serving</span>
                </h3>
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
                <a className="chip" href={`/search?q=${encodeURIComponent(tag)}`}>
                  #{tag}
                </a>
              </li>
            ))}
          </ul>
        )}
      </div>
    </article>
  );
}
