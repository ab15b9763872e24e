import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import { $toast, dismissToast, pauseToast, resumeToast } from '../../stores/toasts.ts';
import { closeIcon } from '../../lib/icons/close.ts';
import { Icon } from '../shared/Icon.tsx';

// The one place toasts appear: a labelled region that F8 focuses, a polite live region
// so screen readers read each new toast, one toast at a time, dismissed by its close button or
// by a swipe to the right of at least 50 px. Up to 420 px wide from medium screens on.

/** How far a toast must be dragged to the right to go away. */
export const SWIPE_THRESHOLD_PX = 50;

export default function Toaster() {
  // The page hydrates this island over its prebuilt, empty region when the first toast is shown
  // (src/components/ToastArea.astro); that toast appears in the render after hydration, inside
  // the live region that was already there, so screen readers announce it.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const stored = useStore($toast);
  const toast = hydrated ? stored : null;
  const regionRef = useRef<HTMLElement>(null);
  const [dragX, setDragX] = useState(0);
  const drag = useRef<{ pointerId: number; startX: number } | null>(null);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'F8' || event.altKey || event.ctrlKey || event.metaKey) return;
      event.preventDefault();
      regionRef.current?.focus();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  useEffect(() => setDragX(0), [toast?.id]);

  const onPointerDown = (event: ReactPointerEvent<HTMLLIElement>) => {
    if (event.button !== 0 || (event.target as HTMLElement).closest('button')) return;
    drag.current = { pointerId: event.pointerId, startX: event.clientX };
    event.currentTarget.setPointerCapture(event.pointerId);
    pauseToast();
  };
  const onPointerMove = (event: ReactPointerEvent<HTMLLIElement>) => {
    if (drag.current?.pointerId !== event.pointerId) return;
    setDragX(Math.max(0, event.clientX - drag.current.startX));
  };
  const onPointerEnd = (event: ReactPointerEvent<HTMLLIElement>) => {
    if (drag.current?.pointerId !== event.pointerId) return;
    const distance = event.clientX - drag.current.startX;
    drag.current = null;
    if (distance >= SWIPE_THRESHOLD_PX && toast) dismissToast(toast.id);
    else {
      setDragX(0);
      resumeToast();
    }
  };

  const destructive = toast?.variant === 'destructive';
  return (
    <section
      ref={regionRef}
      tabIndex={-1}
      aria-label="Notifications (F8)"
      className="pointer-events-none fixed inset-x-0 top-0 z-[100] flex flex-col items-stretch p-4 outline-none focus-visible:outline-none md:bottom-24 md:left-auto md:right-0 md:top-auto md:w-full md:max-w-[420px]"
    >
      <ol aria-live="polite" aria-atomic="true" className="flex flex-col gap-2">
        {toast && (
          <li
            key={toast.id}
            data-toast
            data-variant={toast.variant}
            onPointerDown={onPointerDown}
            onPointerMove={onPointerMove}
            onPointerUp={onPointerEnd}
            onPointerCancel={onPointerEnd}
            onMouseEnter={pauseToast}
            onMouseLeave={resumeToast}
            onFocus={pauseToast}
            onBlur={resumeToast}
            style={{
              transform: dragX ? `translateX(${dragX}px)` : undefined,
              opacity: dragX ? Math.max(0.3, 1 - dragX / 200) : undefined,
            }}
            className={`pointer-events-auto relative flex touch-pan-y select-none items-start gap-3 rounded-xl border p-4 pr-10 shadow-lg transition-[transform,opacity] duration-150 ${
              destructive
                ? 'border-red-700 bg-red-600 text-white dark:border-red-800 dark:bg-red-800'
                : 'border-stone-200 bg-white text-ink dark:border-stone-700 dark:bg-stone-900 dark:text-stone-100'
            }`}
          >
            <div className="grid gap-1">
              <p className="text-sm font-semibold">{toast.title}</p>
              {toast.description && (
                <p
                  className={`text-sm ${destructive ? 'text-red-50' : 'text-stone-600 dark:text-stone-300'}`}
                >
                  {toast.description}
                </p>
              )}
              {toast.action && (
                <button
                  type="button"
                  onClick={() => {
                    toast.action?.onClick();
                    dismissToast(toast.id);
                  }}
                  className={`mt-1 justify-self-start rounded-full px-3 py-1 text-sm font-semibold ring-1 ${
                    destructive
                      ? 'ring-red-50 hover:bg-red-700'
                      : 'ring-stone-300 hover:bg-brand-50 dark:ring-stone-600 dark:hover:bg-stone-800'
                  }`}
                >
                  {toast.action.label}
                </button>
              )}
            </div>
            <button
              type="button"
              aria-label="Dismiss notification"
              onClick={() => dismissToast(toast.id)}
              className={`absolute right-2 top-2 rounded-md p-1.5 ${
                destructive
                  ? 'text-red-50 hover:bg-red-700'
                  : 'text-stone-500 hover:bg-stone-100 hover:text-stone-900 dark:text-stone-400 dark:hover:bg-stone-800 dark:hover:text-white'
              }`}
            >
              <Icon icon={closeIcon} size={16} />
            </button>
          </li>
        )}
      </ol>
    </section>
  );
}
