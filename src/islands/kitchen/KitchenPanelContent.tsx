import { addTimer, QUICK_TIMERS, type KitchenTimer } from '../../stores/timers.ts';
import TimerCard from './TimerCard.tsx';
import { announce, primeTimerSound } from './timer-alerts.ts';

// Inside the floating kitchen panel: the timers and the first four quick timers.

export default function KitchenPanelContent({ timers }: { timers: KitchenTimer[] }) {
  return (
    <>
      <div className="flex items-center justify-between">
        <h2 className="font-serif text-lg font-bold">Kitchen timers</h2>
        <a href="/kitchen-helper" className="link text-sm">
          Kitchen Helper
        </a>
      </div>
      {timers.length > 0 && (
        <ul className="mt-3 space-y-2">
          {timers.map((timer) => (
            <TimerCard key={timer.id} timer={timer} compact />
          ))}
        </ul>
      )}
      <p className="mt-4 text-xs font-semibold uppercase tracking-wide text-stone-600 dark:text-stone-400">
        Quick timers
      </p>
      <ul className="mt-2 grid grid-cols-2 gap-2">
        {QUICK_TIMERS.slice(0, 4).map((quick) => (
          <li key={quick.name}>
            <button
              type="button"
              onClick={() => {
                primeTimerSound();
                const timer = addTimer({ name: quick.name, minutes: quick.minutes });
                announce(`${timer.name} added, paused`);
              }}
              className="flex min-h-12 w-full flex-col items-start justify-center rounded-xl bg-paper px-3 py-1.5 text-left text-sm ring-1 ring-brand-100 hover:bg-brand-100 dark:bg-stone-800/70 dark:ring-night-line dark:hover:bg-stone-800"
            >
              <span className="font-semibold">{quick.name}</span>
              <span className="text-xs text-stone-600 dark:text-stone-400">{quick.minutes} min</span>
            </button>
          </li>
        ))}
      </ul>
    </>
  );
}
