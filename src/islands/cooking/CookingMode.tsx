import { useStore } from '@nanostores/react';
import { lazy, Suspense, useCallback, useEffect, useId, useMemo, useRef, useState, type TouchEvent } from 'react';
import { ingredientSections, instructionTexts } from '../../lib/recipe-text.ts';
import type { Recipe } from '../../lib/recipe-types.ts';
import { detectStepTimer } from '../../lib/step-timers.ts';
import { convertTemperaturesInText } from '../../lib/temperature-text.ts';
import { $unitSystem, loadUnitSystem, setServings } from '../../stores/recipe-view.ts';
import { addTimer, alertsCrossed, formatClock } from '../../stores/timers.ts';
import Switch from '../kitchen/Switch.tsx';
import TimerCard from '../kitchen/TimerCard.tsx';
import { useTimers } from '../kitchen/use-timers.ts';
import { announce, ensureTimerAlerts, primeTimerSound } from '../kitchen/timer-alerts.ts';
import {
  speak, speechAvailable, spokenLeft, stopSpeaking, SPEECH_RATE_DEFAULT, SPEECH_RATE_MAX, SPEECH_RATE_MIN, SPEECH_RATE_STEP,
} from './speech.ts';
import { useScreenWakeLock } from './wake-lock.ts';

// Cooking mode (SPEC §2, §4, §9): one step at a time with a progress bar; previous / next by
// button, arrow keys and swipe; reading aloud (start/pause, a voice switch, speed 0.5–2);
// a step that mentions minutes offers a timer named by its verb; cooking timers speak at 60, 30
// and 10 seconds and at the end; recipe info, ingredients and the list of all steps; the screen
// stays on. Touch targets are at least 44 px: hands are floury.

export type CookingRecipe = Pick<Recipe, 'id' | 'slug' | 'title' | 'totalTime' | 'prepTime' | 'cookTime' | 'servings' | 'ingredients' | 'instructions' | 'difficulty'>;

export interface CookingModeProps {
  recipe: CookingRecipe;
  /** Where closing goes: /recipe/{slug} or /recipe-id/{id}. */
  backHref: string;
}

const IngredientsPanel = lazy(() => import('./IngredientsPanel.tsx'));

/** A horizontal swipe at least this long (px) changes step. */
const SWIPE_PX = 50;
const VOICE_KEY = 'forkful:cook-voice';

function readJson<T>(storage: Storage | undefined, key: string): T | undefined {
  try {
    const raw = storage?.getItem(key);
    return raw ? (JSON.parse(raw) as T) : undefined;
  } catch {
    return undefined;
  }
}

function writeJson(storage: Storage | undefined, key: string, value: unknown): void {
  try {
    storage?.setItem(key, JSON.stringify(value));
  } catch {
    // Not remembered; the page still works.
  }
}

const isTyping = (target: EventTarget | null) =>
  target instanceof HTMLElement && Boolean(target.closest('input, select, textarea, [contenteditable="true"], [role="slider"]'));

export default function CookingMode({ recipe, backHref }: CookingModeProps) {
  const steps = useMemo(() => instructionTexts(recipe.instructions) ?? [], [recipe.instructions]);
  const system = useStore($unitSystem);
  const timers = useTimers();
  const [step, setStep] = useState(0);
  const [voiceOn, setVoiceOn] = useState(true);
  const [reading, setReading] = useState(false);
  const [rate, setRate] = useState(SPEECH_RATE_DEFAULT);
  const [canSpeak, setCanSpeak] = useState(false);
  const [keepAwake, setKeepAwake] = useState(true);
  const [declined, setDeclined] = useState<Record<number, true>>({});
  const [stepTimers, setStepTimers] = useState<Record<number, string>>({});
  const [ingredientsOpen, setIngredientsOpen] = useState(false);
  /** True once the keyboard and swipe handlers are live (tests and styles can wait for it). */
  const [ready, setReady] = useState(false);
  const ids = useId();
  const origin = `cook:${recipe.id}`;
  const progressKey = `forkful:cook-step:${recipe.id}`;
  const wakeLock = useScreenWakeLock(keepAwake);
  const touch = useRef<{ x: number; y: number } | null>(null);
  const lastRemaining = useRef<Record<string, number>>({});
  const stepHeading = useRef<HTMLHeadingElement>(null);

  const count = steps.length;
  const current = steps[step] ?? '';
  const shownStep = convertTemperaturesInText(current, system);
  const suggestion = detectStepTimer(current);

  // Restore this visit's place, the voice settings, and ?servings= from the recipe page.
  useEffect(() => {
    loadUnitSystem();
    ensureTimerAlerts();
    setCanSpeak(speechAvailable());
    const saved = readJson<number>(globalThis.sessionStorage, progressKey);
    if (Number.isInteger(saved) && saved! >= 0 && saved! < count) setStep(saved!);
    const voice = readJson<{ on: boolean; rate: number }>(globalThis.localStorage, VOICE_KEY);
    if (voice) {
      setVoiceOn(voice.on !== false);
      if (voice.rate >= SPEECH_RATE_MIN && voice.rate <= SPEECH_RATE_MAX) setRate(voice.rate);
    }
    const servings = Number(new URLSearchParams(location.search).get('servings'));
    if (Number.isInteger(servings) && servings > 0) setServings(recipe.id, servings);
    return () => stopSpeaking();
  }, [progressKey, count, recipe.id]);

  useEffect(() => writeJson(globalThis.sessionStorage, progressKey, step), [progressKey, step]);
  useEffect(() => writeJson(globalThis.localStorage, VOICE_KEY, { on: voiceOn, rate }), [voiceOn, rate]);

  const go = useCallback((next: number) => {
    if (next < 0 || next >= count) return;
    setStep(next);
  }, [count]);

  // While reading is on, every step change reads the new step.
  useEffect(() => {
    if (!reading || !voiceOn || !canSpeak) return;
    speak(`Step ${step + 1}. ${convertTemperaturesInText(steps[step] ?? '', $unitSystem.get())}`, rate, { interrupt: true });
  }, [step, reading, voiceOn, canSpeak, rate, steps]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || isTyping(event.target)) return;
      if (event.key === 'ArrowRight') {
        event.preventDefault();
        go(step + 1);
      } else if (event.key === 'ArrowLeft') {
        event.preventDefault();
        go(step - 1);
      }
    };
    window.addEventListener('keydown', onKey);
    setReady(true);
    return () => window.removeEventListener('keydown', onKey);
  }, [go, step]);

  // Spoken alerts for this recipe's timers at 60, 30 and 10 seconds left and at the end.
  useEffect(() => {
    for (const timer of timers) {
      const before = lastRemaining.current[timer.id];
      lastRemaining.current[timer.id] = timer.remaining;
      if (timer.origin !== origin || before === undefined) continue;
      for (const mark of alertsCrossed(before, timer.remaining)) {
        const sentence = mark === 0 ? `${timer.name} timer is done.` : `${timer.name} timer: ${spokenLeft(mark)}.`;
        if (mark !== 0) announce(sentence);
        if (voiceOn && canSpeak) speak(sentence, rate);
      }
    }
  }, [timers, origin, voiceOn, canSpeak, rate]);

  const toggleReading = () => {
    if (reading) {
      setReading(false);
      stopSpeaking();
    } else {
      setReading(true);
    }
  };

  const toggleVoice = (on: boolean) => {
    setVoiceOn(on);
    if (!on) {
      setReading(false);
      stopSpeaking();
    }
  };

  const startStepTimer = () => {
    if (!suggestion) return;
    primeTimerSound();
    const timer = addTimer({ name: suggestion.name, minutes: suggestion.minutes, origin, start: true });
    setStepTimers((t) => ({ ...t, [step]: timer.id }));
    announce(`${timer.name} timer started: ${suggestion.minutes} ${suggestion.minutes === 1 ? 'minute' : 'minutes'}`);
  };

  const onTouchStart = (event: TouchEvent) => {
    const t = event.touches[0];
    touch.current = t ? { x: t.clientX, y: t.clientY } : null;
  };
  const onTouchEnd = (event: TouchEvent) => {
    const start = touch.current;
    const t = event.changedTouches[0];
    touch.current = null;
    if (!start || !t) return;
    const dx = t.clientX - start.x;
    const dy = t.clientY - start.y;
    if (Math.abs(dx) < SWIPE_PX || Math.abs(dx) < Math.abs(dy) * 1.5) return;
    go(dx < 0 ? step + 1 : step - 1);
  };

  const cookTimers = timers.filter((t) => t.origin === origin);
  const hasStepTimer = stepTimers[step] !== undefined && cookTimers.some((t) => t.id === stepTimers[step]);
  const showPrompt = Boolean(suggestion) && !declined[step] && !hasStepTimer;
  const percent = count ? Math.round(((step + 1) / count) * 100) : 0;
  const bigButton = 'inline-flex min-h-14 min-w-14 items-center justify-center gap-2 rounded-2xl px-5 text-base font-semibold transition disabled:cursor-not-allowed disabled:opacity-40';

  if (count === 0) {
    return (
      <div className="mx-auto max-w-xl p-8 text-center">
        <h1 className="font-serif text-2xl font-bold">{recipe.title}</h1>
        <p className="muted mt-3">Unable to display instructions</p>
        <a href={backHref} className="btn-primary mt-6">Back to the recipe</a>
      </div>
    );
  }

  return (
    <div className="flex min-h-dvh flex-col" data-cooking-mode data-ready={ready || undefined}>
      <header className="sticky top-0 z-20 border-b border-stone-200 bg-cream/95 backdrop-blur dark:border-night-line dark:bg-night/95">
        <div className="mx-auto flex max-w-6xl items-center gap-3 px-4 py-2">
          <a href={backHref} aria-label="Close cooking mode" className="flex size-12 flex-none items-center justify-center rounded-full ring-1 ring-stone-300 hover:bg-brand-50 dark:ring-night-line dark:hover:bg-stone-800">
            <span className="icon icon-close text-xl" aria-hidden="true" />
          </a>
          <div className="min-w-0 flex-1">
            <p className="eyebrow">Cooking mode</p>
            <h1 className="truncate font-serif text-lg font-bold sm:text-xl">{recipe.title}</h1>
          </div>
          <dl className="hidden items-center gap-4 text-sm sm:flex">
            <div className="flex items-center gap-1.5"><dt><span className="icon icon-clock" aria-hidden="true" /><span className="sr-only">Total time</span></dt><dd>{recipe.totalTime} min</dd></div>
            <div className="flex items-center gap-1.5"><dt><span className="icon icon-users" aria-hidden="true" /><span className="sr-only">Servings</span></dt><dd>{recipe.servings} servings</dd></div>
          </dl>
        </div>
        <div className="mx-auto flex max-w-6xl items-center gap-3 px-4 pb-2">
          <span className="text-sm font-semibold tabular-nums" id={`${ids}-progress`}>Step {step + 1} of {count}</span>
          <div
            role="progressbar"
            aria-labelledby={`${ids}-progress`}
            aria-valuemin={1}
            aria-valuemax={count}
            aria-valuenow={step + 1}
            className="h-2.5 flex-1 overflow-hidden rounded-full bg-stone-200 dark:bg-stone-800"
          >
            <div className="h-full rounded-full bg-brand-600 transition-[width] duration-300 dark:bg-brand-400" style={{ width: `${percent}%` }} />
          </div>
        </div>
      </header>

      <div className="mx-auto grid w-full max-w-6xl flex-1 gap-6 px-4 py-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <main className="flex flex-col lg:sticky lg:top-28 lg:self-start">
          <section
            aria-labelledby={`${ids}-step-title`}
            onTouchStart={onTouchStart}
            onTouchEnd={onTouchEnd}
            className="card flex min-h-[50vh] touch-pan-y flex-col p-6 sm:p-10 lg:min-h-[calc(100dvh-10rem)]"
            data-step={step + 1}
          >
            <h2 id={`${ids}-step-title`} ref={stepHeading} className="text-sm font-bold uppercase tracking-[0.16em] text-brand-700 dark:text-brand-300">
              Step {step + 1}
            </h2>
            <p className="mt-4 text-2xl leading-relaxed sm:text-3xl sm:leading-relaxed" aria-live="polite" data-step-text>
              {shownStep}
            </p>

            {showPrompt && suggestion && (
              <div className="mt-8 flex flex-wrap items-center gap-3 rounded-2xl bg-brand-50 p-4 ring-1 ring-brand-200 dark:bg-stone-800/70 dark:ring-night-line" role="group" aria-label="Timer suggestion" data-timer-prompt>
                <p className="min-w-0 flex-1 font-medium">
                  This step takes {suggestion.minutes} {suggestion.minutes === 1 ? 'minute' : 'minutes'}. Set a {suggestion.name} timer?
                </p>
                <button type="button" className="btn-primary min-h-12" onClick={startStepTimer}>Start {formatClock(suggestion.minutes * 60)} timer</button>
                <button type="button" className="btn-ghost min-h-12" onClick={() => setDeclined((d) => ({ ...d, [step]: true }))}>Not now</button>
              </div>
            )}

            <div className="mt-auto flex items-center justify-between gap-3 pt-10">
              <button type="button" className={`${bigButton} bg-white ring-1 ring-stone-300 hover:bg-brand-50 dark:bg-night dark:ring-night-line dark:hover:bg-stone-800`} onClick={() => go(step - 1)} disabled={step === 0}>
                <span className="icon icon-arrow-left" aria-hidden="true" />
                Previous
              </button>
              {step < count - 1 ? (
                <button type="button" className={`${bigButton} bg-brand-700 text-white hover:bg-brand-800 dark:bg-brand-300 dark:text-night dark:hover:bg-brand-200`} onClick={() => go(step + 1)}>
                  Next
                  <span className="icon icon-arrow-left rotate-180" aria-hidden="true" />
                </button>
              ) : (
                <a href={backHref} className={`${bigButton} bg-herb-700 text-white hover:opacity-90`}>Finish</a>
              )}
            </div>
          </section>
          <p className="muted mt-3 hidden text-center text-sm sm:block">Tip: use ← and → to move between steps, or swipe on a phone.</p>
        </main>

        <aside className="space-y-5" aria-label="Cooking tools">
          <section aria-labelledby={`${ids}-voice`} className="card space-y-3 p-5">
            <h2 id={`${ids}-voice`} className="font-serif text-lg font-bold">Read aloud</h2>
            {canSpeak ? (
              <>
                <Switch checked={voiceOn} onChange={toggleVoice}>Voice</Switch>
                <button type="button" className={`${bigButton} w-full ${reading ? 'bg-stone-800 text-white dark:bg-stone-200 dark:text-night' : 'bg-brand-700 text-white dark:bg-brand-300 dark:text-night'}`} onClick={toggleReading} disabled={!voiceOn} aria-pressed={reading}>
                  {reading ? 'Pause reading' : 'Start reading'}
                </button>
                <label className="grid gap-1 text-sm font-medium">
                  <span className="flex justify-between">Speech rate <span className="tabular-nums">{rate.toFixed(1)}×</span></span>
                  <input type="range" min={SPEECH_RATE_MIN} max={SPEECH_RATE_MAX} step={SPEECH_RATE_STEP} value={rate} disabled={!voiceOn} onChange={(e) => setRate(Number(e.target.value))} className="h-11 accent-brand-700 dark:accent-brand-300" />
                </label>
              </>
            ) : (
              <p className="muted text-sm">Reading aloud isn't available in this browser.</p>
            )}
          </section>

          <section aria-labelledby={`${ids}-timers`} className="card p-5">
            <h2 id={`${ids}-timers`} className="font-serif text-lg font-bold">Timers</h2>
            {cookTimers.length === 0 ? (
              <p className="muted mt-2 text-sm">Steps with a cooking time offer a timer. Timers keep running if you leave this page.</p>
            ) : (
              <ul className="mt-3 space-y-2">{cookTimers.map((t) => <TimerCard key={t.id} timer={t} compact />)}</ul>
            )}
          </section>

          <section aria-labelledby={`${ids}-info`} className="card p-5">
            <h2 id={`${ids}-info`} className="font-serif text-lg font-bold">Recipe info</h2>
            <dl className="mt-3 grid grid-cols-2 gap-2 text-center">
              <div className="rounded-xl bg-paper p-2 dark:bg-stone-800/70"><dt className="text-xs text-stone-600 dark:text-stone-400">Total time</dt><dd className="font-semibold">{recipe.totalTime} min</dd></div>
              <div className="rounded-xl bg-paper p-2 dark:bg-stone-800/70"><dt className="text-xs text-stone-600 dark:text-stone-400">Servings</dt><dd className="font-semibold">{recipe.servings}</dd></div>
            </dl>
            {wakeLock !== 'unsupported' && (
              <Switch checked={keepAwake} onChange={setKeepAwake} className="mt-3 text-sm">
                Keep screen on{wakeLock === 'on' && <span className="ml-1 font-normal text-herb-700 dark:text-herb-300">(on now)</span>}
              </Switch>
            )}
          </section>

          <details className="card group p-5" onToggle={(e) => e.currentTarget.open && setIngredientsOpen(true)}>
            <summary className="flex min-h-11 items-center justify-between font-serif text-lg font-bold">
              Ingredients
              <span className="icon icon-chevron-down transition group-open:rotate-180" aria-hidden="true" />
            </summary>
            <div className="mt-3">
              {ingredientsOpen ? (
                <Suspense fallback={<PlainIngredients ingredients={recipe.ingredients} />}>
                  <IngredientsPanel recipeId={recipe.id} servings={recipe.servings} ingredients={recipe.ingredients} />
                </Suspense>
              ) : (
                <PlainIngredients ingredients={recipe.ingredients} />
              )}
            </div>
          </details>

          <section aria-labelledby={`${ids}-all`} className="card p-5">
            <h2 id={`${ids}-all`} className="font-serif text-lg font-bold">All steps</h2>
            <ol className="mt-3 space-y-1">
              {steps.map((text, i) => (
                <li key={i}>
                  <button
                    type="button"
                    onClick={() => go(i)}
                    aria-current={i === step ? 'step' : undefined}
                    className={`flex min-h-11 w-full items-start gap-3 rounded-xl px-2 py-2 text-left text-sm transition ${i === step ? 'bg-brand-100 font-semibold dark:bg-brand-900/40' : 'hover:bg-stone-100 dark:hover:bg-stone-800'}`}
                  >
                    <span className={`flex size-7 flex-none items-center justify-center rounded-full text-xs font-bold ${i < step ? 'bg-herb-700 text-white' : i === step ? 'bg-brand-700 text-white dark:bg-brand-300 dark:text-night' : 'bg-stone-200 dark:bg-stone-700'}`}>
                      {i < step ? '✓' : i + 1}
                    </span>
                    <span className="line-clamp-2">{convertTemperaturesInText(text, system)}</span>
                  </button>
                </li>
              ))}
            </ol>
          </section>
        </aside>
      </div>
    </div>
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
          <ul className="list-disc space-y-1 pl-5">{section.items.map((item, i) => <li key={i}>{item}</li>)}</ul>
        </div>
      ))}
    </div>
  );
}
