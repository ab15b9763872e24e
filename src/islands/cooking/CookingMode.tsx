import { useStore } from '@nanostores/react';
import { useEffect, useId, useMemo, useState } from 'react';
import { instructionTexts } from '../../lib/recipe-text.ts';
import { $cooking, nextStep, previousStep, startCooking } from '../../stores/cooking.ts';
import { loadUnitSystem, setServings } from '../../stores/recipe-view.ts';
import { ensureTimerAlerts } from '../kitchen/timer-alerts.ts';
import AllSteps from './AllSteps.tsx';
import type { CookingRecipe } from './cooking-recipe.ts';
import CookingHeader from './CookingHeader.tsx';
import CookingTimersCard from './CookingTimersCard.tsx';
import IngredientsCard from './IngredientsCard.tsx';
import ReadAloudCard from './ReadAloudCard.tsx';
import RecipeInfoCard from './RecipeInfoCard.tsx';
import StepCard from './StepCard.tsx';
import { useSpokenTimerAlerts } from './use-spoken-timer-alerts.ts';

// Cooking mode: one step at a time with a progress bar; previous / next by
// button, arrow keys and swipe; reading aloud (start/pause, a voice switch, speed 0.5–2);
// a step that mentions minutes offers a timer named by its verb; cooking timers speak at 60, 30
// and 10 seconds and at the end; recipe info, ingredients and the list of all steps; the screen
// stays on. Touch targets are at least 44 px: hands are floury. The state and its rules are the
// cooking store (src/stores/cooking.ts); this file lays out its views.

export interface CookingModeProps {
  recipe: CookingRecipe;
  /** Where closing goes: /recipe/{slug} or /recipe-id/{id}. */
  backHref: string;
}

const isTyping = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  Boolean(target.closest('input, select, textarea, [contenteditable="true"], [role="slider"]'));

export default function CookingMode({ recipe, backHref }: CookingModeProps) {
  const steps = useMemo(() => instructionTexts(recipe.instructions) ?? [], [recipe.instructions]);
  const { step } = useStore($cooking);
  /** True once the keyboard and swipe handlers are live (tests and styles can wait for it). */
  const [ready, setReady] = useState(false);
  const ids = useId();
  useSpokenTimerAlerts(recipe.id);

  // Bind the store to this recipe (the place reached in this visit, the voice settings), and
  // take ?servings= from the recipe page.
  useEffect(() => {
    loadUnitSystem();
    ensureTimerAlerts();
    const stop = startCooking({ id: recipe.id, steps });
    const servings = Number(new URLSearchParams(location.search).get('servings'));
    if (Number.isInteger(servings) && servings > 0) setServings(recipe.id, servings);
    return stop;
  }, [recipe.id, steps]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || isTyping(event.target))
        return;
      if (event.key === 'ArrowRight') {
        event.preventDefault();
        nextStep();
      } else if (event.key === 'ArrowLeft') {
        event.preventDefault();
        previousStep();
      }
    };
    window.addEventListener('keydown', onKey);
    setReady(true);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  if (steps.length === 0) {
    return (
      <div className="mx-auto max-w-xl p-8 text-center">
        <h1 className="font-serif text-2xl font-bold">{recipe.title}</h1>
        <p className="muted mt-3">Unable to display instructions</p>
        <a href={backHref} className="btn-primary mt-6">
          Back to the recipe
        </a>
      </div>
    );
  }

  return (
    <div className="flex min-h-dvh flex-col" data-cooking-mode data-ready={ready || undefined}>
      <CookingHeader recipe={recipe} backHref={backHref} step={step} count={steps.length} />
      <div className="mx-auto grid w-full max-w-6xl flex-1 gap-6 px-4 py-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <main className="flex flex-col lg:sticky lg:top-28 lg:self-start">
          <StepCard
            steps={steps}
            backHref={backHref}
            headingId={`${ids}-step-title`}
            uses={recipe.stepUses}
          />
          <p className="muted mt-3 hidden text-center text-sm sm:block">
            Tip: use ← and → to move between steps, or swipe on a phone.
          </p>
        </main>
        <aside className="space-y-5" aria-label="Cooking tools">
          <ReadAloudCard headingId={`${ids}-voice`} />
          <CookingTimersCard recipeId={recipe.id} headingId={`${ids}-timers`} />
          <RecipeInfoCard recipe={recipe} headingId={`${ids}-info`} />
          <IngredientsCard recipe={recipe} />
          <AllSteps steps={steps} headingId={`${ids}-all`} />
        </aside>
      </div>
    </div>
  );
}
