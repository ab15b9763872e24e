import {
  formatClock,
  pauseTimer,
  removeTimer,
  resetTimer,
  startTimer,
  type KitchenTimer,
} from '../../stores/timers.ts';
import { announce, primeTimerSound } from './timer-alerts.ts';
import { pauseIcon } from '../../lib/icons/pause.ts';
import { restartIcon } from '../../lib/icons/restart.ts';
import { Icon } from '../shared/Icon.tsx';

// One timer: name, time left in a role="timer" element (not read out every second),
// start/pause (disabled once finished), reset and remove; at 0 'Time's up!' in red.

export default function TimerCard({ timer, compact = false }: { timer: KitchenTimer; compact?: boolean }) {
  const done = timer.remaining <= 0;
  const progress = timer.duration > 0 ? 1 - timer.remaining / timer.duration : 1;
  const toggle = () => {
    if (timer.running) {
      pauseTimer(timer.id);
      announce(`${timer.name} paused at ${formatClock(timer.remaining)}`);
    } else {
      primeTimerSound();
      startTimer(timer.id);
      announce(`${timer.name} started: ${formatClock(timer.remaining)} left`);
    }
  };
  const button = `flex items-center justify-center rounded-full transition disabled:cursor-not-allowed disabled:opacity-40 ${compact ? 'size-10' : 'size-11'}`;
  return (
    <li
      className={`relative overflow-hidden rounded-2xl bg-white ring-1 ring-stone-200/80 dark:bg-night-card dark:ring-night-line ${compact ? 'p-3' : 'p-4'}`}
      data-timer
      data-timer-state={done ? 'done' : timer.running ? 'running' : 'paused'}
    >
      <span
        aria-hidden="true"
        className="absolute inset-y-0 left-0 w-1.5"
        style={{ backgroundColor: timer.color }}
      />
      <div className="flex items-center gap-3 pl-2">
        <div className="min-w-0 flex-1">
          <p className={`truncate font-semibold ${compact ? 'text-sm' : ''}`}>{timer.name}</p>
          <p
            role="timer"
            aria-label={`${timer.name}: time left`}
            className={`font-mono font-bold tabular-nums ${compact ? 'text-xl' : 'text-3xl'} ${done ? 'text-red-600 dark:text-red-400' : ''}`}
          >
            {formatClock(timer.remaining)}
          </p>
          {done && <p className="text-sm font-bold text-red-600 dark:text-red-400">Time's up!</p>}
        </div>
        <div className="flex items-center gap-1">
          <button
            type="button"
            onClick={toggle}
            disabled={done}
            aria-label={`${timer.running ? 'Pause' : 'Start'} ${timer.name}`}
            className={`${button} text-white`}
            style={{ backgroundColor: done ? '#a8a29e' : timer.color }}
          >
            {timer.running ? (
              <Icon icon={pauseIcon} />
            ) : (
              <span className="icon icon-play text-lg" aria-hidden="true" />
            )}
          </button>
          <button
            type="button"
            onClick={() => resetTimer(timer.id)}
            aria-label={`Reset ${timer.name}`}
            className={`${button} text-stone-600 hover:bg-stone-100 dark:text-stone-300 dark:hover:bg-stone-800`}
          >
            <Icon icon={restartIcon} />
          </button>
          <button
            type="button"
            onClick={() => removeTimer(timer.id)}
            aria-label={`Remove ${timer.name}`}
            className={`${button} text-stone-600 hover:bg-red-50 hover:text-red-700 dark:text-stone-300 dark:hover:bg-red-950 dark:hover:text-red-300`}
          >
            <span className="icon icon-close" aria-hidden="true" />
          </button>
        </div>
      </div>
      <div
        className="mt-3 ml-2 h-1.5 overflow-hidden rounded-full bg-stone-100 dark:bg-stone-800"
        aria-hidden="true"
      >
        <div
          className="h-full rounded-full transition-[width] duration-1000 ease-linear"
          style={{
            width: `${Math.min(100, progress * 100)}%`,
            backgroundColor: done ? '#dc2626' : timer.color,
          }}
        />
      </div>
    </li>
  );
}
