import { useStore } from '@nanostores/react';
import { useRef, type TouchEvent } from 'react';
import { convertTemperaturesInText } from '../../lib/temperature-text.ts';
import {
  $cooking,
  declineOfferedTimer,
  nextStep,
  previousStep,
  startOfferedTimer,
  timerOffer,
} from '../../stores/cooking.ts';
import { $unitSystem } from '../../stores/recipe-view.ts';
import { formatClock } from '../../stores/timers.ts';
import { useTimers } from '../kitchen/use-timers.ts';
import { announce, primeTimerSound } from '../kitchen/timer-alerts.ts';
import StepIngredientList, { type StepUses } from '../recipe/StepIngredientList.tsx';

// The current step, big: its text (temperatures in the reader's units), the ingredients it uses
// (at the chosen servings and units), the timer it offers,
// and previous / next (or Finish on the last step). A horizontal swipe also moves.

/** A horizontal swipe at least this long (px) changes step. */
const SWIPE_PX = 50;

export const BIG_BUTTON =
  'inline-flex min-h-14 min-w-14 items-center justify-center gap-2 rounded-2xl px-5 text-base font-semibold transition disabled:cursor-not-allowed disabled:opacity-40';

export interface StepCardProps {
  steps: readonly string[];
  backHref: string;
  headingId: string;
  uses?: StepUses | undefined;
}

export default function StepCard({ steps, backHref, headingId, uses }: StepCardProps) {
  const cooking = useStore($cooking);
  const system = useStore($unitSystem);
  const timers = useTimers();
  const touch = useRef<{ x: number; y: number } | null>(null);
  const { step } = cooking;
  const offer = timerOffer(steps, cooking, timers);

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
    if (dx < 0) nextStep();
    else previousStep();
  };

  const startTimer = () => {
    primeTimerSound();
    const timer = startOfferedTimer();
    if (!timer || !offer) return;
    announce(`${timer.name} timer started: ${offer.minutes} ${offer.minutes === 1 ? 'minute' : 'minutes'}`);
  };

  return (
    <section
      aria-labelledby={headingId}
      onTouchStart={onTouchStart}
      onTouchEnd={onTouchEnd}
      className="card flex min-h-[50vh] touch-pan-y flex-col p-6 sm:p-10 lg:min-h-[calc(100dvh-10rem)]"
      data-step={step + 1}
    >
      <h2
        id={headingId}
        className="text-sm font-bold uppercase tracking-[0.16em] text-brand-700 dark:text-brand-300"
      >
        Step {step + 1}
      </h2>
      <p
        className="mt-4 text-2xl leading-relaxed sm:text-3xl sm:leading-relaxed"
        aria-live="polite"
        data-step-text
      >
        {convertTemperaturesInText(steps[step] ?? '', system)}
      </p>
      {uses && <StepIngredientList uses={uses} step={step} />}

      {offer && (
        <div
          className="mt-8 flex flex-wrap items-center gap-3 rounded-2xl bg-brand-50 p-4 ring-1 ring-brand-200 dark:bg-stone-800/70 dark:ring-night-line"
          role="group"
          aria-label="Timer suggestion"
          data-timer-prompt
        >
          <p className="min-w-0 flex-1 font-medium">
            This step takes {offer.minutes} {offer.minutes === 1 ? 'minute' : 'minutes'}. Set a {offer.name}{' '}
            timer?
          </p>
          <button type="button" className="btn-primary min-h-12" onClick={startTimer}>
            Start {formatClock(offer.minutes * 60)} timer
          </button>
          <button type="button" className="btn-ghost min-h-12" onClick={declineOfferedTimer}>
            Not now
          </button>
        </div>
      )}

      <div className="mt-auto flex items-center justify-between gap-3 pt-10">
        <button
          type="button"
          className={`${BIG_BUTTON} bg-white ring-1 ring-stone-300 hover:bg-brand-50 dark:bg-night dark:ring-night-line dark:hover:bg-stone-800`}
          onClick={previousStep}
          disabled={step === 0}
        >
          <span className="icon icon-arrow-left" aria-hidden="true" />
          Previous
        </button>
        {step < steps.length - 1 ? (
          <button
            type="button"
            className={`${BIG_BUTTON} bg-brand-700 text-white hover:bg-brand-800 dark:bg-brand-300 dark:text-night dark:hover:bg-brand-200`}
            onClick={nextStep}
          >
            Next
            <span className="icon icon-arrow-left rotate-180" aria-hidden="true" />
          </button>
        ) : (
          <a href={backHref} className={`${BIG_BUTTON} bg-herb-700 text-white hover:opacity-90`}>
            Finish
          </a>
        )}
      </div>
    </section>
  );
}
