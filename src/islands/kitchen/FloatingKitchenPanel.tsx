import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { formatClock } from '../../stores/timers.ts';
import { useTimers } from './use-timers.ts';
import { ensureTimerAlerts } from './timer-alerts.ts';
import { timerIcon } from '../../lib/icons/timer.ts';
import { Icon } from '../shared/Icon.tsx';

// The panel's contents load on first opening: most pages only ever need the button.
const loadContent = () => import('./KitchenPanelContent.tsx');
const PanelContent = lazy(loadContent);

// The compact kitchen panel on every page: a round button at the bottom right opens
// the running timers and the first four quick timers, with a link to the full kitchen helper.
// The button shows the next timer's time left, so a glance is enough while reading a recipe.

export interface FloatingKitchenPanelProps {
  /** Open at once: the page mounts the panel on the visitor's first click on its static button. */
  defaultOpen?: boolean;
}

export default function FloatingKitchenPanel({ defaultOpen = false }: FloatingKitchenPanelProps) {
  const timers = useTimers();
  const [open, setOpen] = useState(defaultOpen);
  const panelRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const id = useId();

  useEffect(ensureTimerAlerts, []);

  useEffect(() => {
    if (!open) return;
    // The contents may still be loading: focus the first control once it is there.
    const focusFirst = () => panelRef.current?.querySelector<HTMLElement>('button, a')?.focus();
    focusFirst();
    const retry = setTimeout(focusFirst, 300);
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        buttonRef.current?.focus();
      }
    };
    const onOutside = (event: PointerEvent) => {
      if (
        !panelRef.current?.contains(event.target as Node) &&
        !buttonRef.current?.contains(event.target as Node)
      )
        setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onOutside);
    return () => {
      clearTimeout(retry);
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onOutside);
    };
  }, [open]);

  const running = timers.filter((t) => t.running);
  const next = running.reduce<(typeof running)[number] | undefined>(
    (soonest, t) => (!soonest || t.remaining < soonest.remaining ? t : soonest),
    undefined,
  );
  const finished = timers.some((t) => t.remaining <= 0);

  return (
    <div
      className="fixed bottom-4 right-4 z-40 flex flex-col items-end gap-3 print:hidden"
      data-print="hide"
      data-kitchen-panel
    >
      {open && (
        <div
          ref={panelRef}
          id={`${id}-panel`}
          role="dialog"
          aria-label="Kitchen timers"
          className="max-h-[70vh] w-[min(22rem,calc(100vw-2rem))] overflow-y-auto rounded-3xl bg-white p-4 shadow-2xl ring-1 ring-stone-200 dark:bg-night-card dark:ring-night-line"
        >
          <Suspense fallback={<p className="muted p-2 text-sm">Loading timers…</p>}>
            <PanelContent timers={timers} />
          </Suspense>
        </div>
      )}
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={`${id}-panel`}
        aria-label={
          next ? `Kitchen timers: ${next.name}, ${formatClock(next.remaining)} left` : 'Kitchen timers'
        }
        onClick={() => setOpen((o) => !o)}
        onPointerEnter={() => void loadContent()}
        className={`relative flex h-14 min-w-14 items-center justify-center gap-2 rounded-full px-4 text-white shadow-xl ring-4 ring-white/70 transition hover:scale-105 dark:ring-night/70 ${finished ? 'bg-red-600' : 'bg-brand-700 dark:bg-brand-500'}`}
      >
        <Icon icon={timerIcon} size={24} />
        {next && (
          <span className="font-mono text-sm font-bold tabular-nums" aria-hidden="true">
            {formatClock(next.remaining)}
          </span>
        )}
        {running.length > 1 && (
          <span
            aria-hidden="true"
            className="absolute -right-1 -top-1 flex size-6 items-center justify-center rounded-full bg-white text-xs font-bold text-brand-800 ring-2 ring-brand-700"
          >
            {running.length}
          </span>
        )}
      </button>
    </div>
  );
}
