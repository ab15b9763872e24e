import { useEffect, useId, useState, type SubmitEvent } from 'react';
import { addTimer, DEFAULT_TIMER_MINUTES, QUICK_TIMERS, setTimerSound } from '../../stores/timers.ts';
import { LabelledField } from './fields.tsx';
import Switch from './Switch.tsx';
import TimerCard from './TimerCard.tsx';
import { useTimers, useTimerSound } from './use-timers.ts';
import {
  announce,
  askNotificationPermissionIfUndecided,
  ensureTimerAlerts,
  primeTimerSound,
} from './timer-alerts.ts';

// The Timers tab: quick timers, a name + minutes form (empty name →
// 'Timer {n}', non-numeric minutes → 1, default 5), the timer list, the sound switch and the
// notification permission.

type Permission = NotificationPermission | 'unsupported';

export default function Timers() {
  const timers = useTimers();
  const sound = useTimerSound();
  const [name, setName] = useState('');
  const [minutes, setMinutes] = useState(String(DEFAULT_TIMER_MINUTES));
  const [permission, setPermission] = useState<Permission>('unsupported');
  const id = useId();

  useEffect(() => {
    ensureTimerAlerts();
    if (typeof Notification === 'undefined') return;
    setPermission(Notification.permission);
    askNotificationPermissionIfUndecided();
    // The answer arrives later; read it again when the reader has chosen.
    const poll = setInterval(() => setPermission(Notification.permission), 1000);
    return () => clearInterval(poll);
  }, []);

  const add = (timerName: string, timerMinutes: string | number) => {
    primeTimerSound();
    const timer = addTimer({ name: timerName, minutes: timerMinutes });
    announce(
      `${timer.name} added: ${timer.duration / 60} ${timer.duration === 60 ? 'minute' : 'minutes'}, paused`,
    );
  };

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    add(name, minutes);
    setName('');
    setMinutes(String(DEFAULT_TIMER_MINUTES));
  };

  return (
    <div className="space-y-6">
      <section aria-labelledby={`${id}-quick`}>
        <h2
          id={`${id}-quick`}
          className="text-sm font-semibold uppercase tracking-wide text-stone-600 dark:text-stone-400"
        >
          Quick timers
        </h2>
        <ul className="mt-3 grid grid-cols-2 gap-2 sm:grid-cols-3">
          {QUICK_TIMERS.map((quick) => (
            <li key={quick.name}>
              <button
                type="button"
                onClick={() => add(quick.name, quick.minutes)}
                className="flex min-h-14 w-full flex-col items-start justify-center rounded-xl bg-paper px-4 py-2 text-left ring-1 ring-brand-100 transition hover:bg-brand-100 hover:ring-brand-200 dark:bg-stone-800/70 dark:ring-night-line dark:hover:bg-stone-800"
              >
                <span className="font-semibold">{quick.name}</span>
                <span className="text-sm text-stone-600 dark:text-stone-400">{quick.minutes} min</span>
              </button>
            </li>
          ))}
        </ul>
      </section>

      <form
        onSubmit={submit}
        noValidate
        className="grid gap-3 rounded-2xl bg-stone-50 p-4 ring-1 ring-stone-200/80 sm:grid-cols-[1fr_8rem_auto] sm:items-end dark:bg-night dark:ring-night-line"
        aria-labelledby={`${id}-add`}
      >
        <h2 id={`${id}-add`} className="font-semibold sm:col-span-3">
          Add a timer
        </h2>
        <LabelledField id={`${id}-name`} label="Name">
          <input
            id={`${id}-name`}
            type="text"
            className="field"
            value={name}
            onChange={(e) => setName(e.target.value)}
            placeholder="e.g. Pasta"
            maxLength={60}
          />
        </LabelledField>
        <LabelledField id={`${id}-minutes`} label="Minutes">
          <input
            id={`${id}-minutes`}
            className="field"
            type="number"
            inputMode="numeric"
            min={1}
            step={1}
            value={minutes}
            onChange={(e) => setMinutes(e.target.value)}
          />
        </LabelledField>
        <button type="submit" className="btn-primary">
          Add Timer
        </button>
      </form>

      <div className="flex flex-wrap items-center justify-between gap-3 text-sm">
        <Switch
          checked={sound}
          onChange={(on) => {
            setTimerSound(on);
            if (on) primeTimerSound();
          }}
          className="flex-row-reverse justify-end"
        >
          Sound when a timer ends
        </Switch>
        <NotificationStatus
          permission={permission}
          onAsk={() => {
            void Notification.requestPermission()
              .then(setPermission)
              .catch(() => {});
          }}
        />
      </div>

      <section aria-labelledby={`${id}-list`}>
        <h2 id={`${id}-list`} className="sr-only">
          Your timers
        </h2>
        {timers.length === 0 ? (
          <p className="rounded-2xl border-2 border-dashed border-stone-200 p-6 text-center text-stone-600 dark:border-night-line dark:text-stone-400">
            No timers yet. Pick a quick timer or add your own; timers keep running while you browse recipes.
          </p>
        ) : (
          <ul className="grid gap-3 sm:grid-cols-2">
            {timers.map((timer) => (
              <TimerCard key={timer.id} timer={timer} />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

function NotificationStatus({ permission, onAsk }: { permission: Permission; onAsk: () => void }) {
  if (permission === 'unsupported') return null;
  if (permission === 'granted')
    return (
      <p className="text-stone-600 dark:text-stone-400">
        Notifications on: you'll hear or see when a timer ends.
      </p>
    );
  if (permission === 'denied')
    return (
      <p className="text-stone-600 dark:text-stone-400">
        Notifications are blocked in your browser settings.
      </p>
    );
  return (
    <button type="button" className="btn-ghost min-h-10 px-4" onClick={onAsk}>
      Allow notifications
    </button>
  );
}
