import { lazy, Suspense, useEffect, useId, useState, type KeyboardEvent } from 'react';
import Timers from './Timers.tsx';

// The converters load when their tab is first opened: timers are what most visits need.
const Converter = lazy(() => import('./Converter.tsx'));
const Temperature = lazy(() => import('./Temperature.tsx'));

// The kitchen helper card: tabs Timers / Convert / Temperature. Tabs follow the ARIA
// pattern (arrow keys, Home, End) and the address hash (#convert) so a tab can be linked to.

const TABS = [
  { id: 'timers', label: 'Timers' },
  { id: 'convert', label: 'Convert' },
  { id: 'temperature', label: 'Temperature' },
] as const;
type Tab = (typeof TABS)[number]['id'];

const isTab = (value: string): value is Tab => TABS.some((t) => t.id === value);

export default function KitchenHelper() {
  const [tab, setTab] = useState<Tab>('timers');
  const ids = useId();

  useEffect(() => {
    const fromHash = () => {
      const hash = location.hash.slice(1);
      if (isTab(hash)) setTab(hash);
    };
    fromHash();
    window.addEventListener('hashchange', fromHash);
    return () => window.removeEventListener('hashchange', fromHash);
  }, []);

  const choose = (next: Tab, focus = false) => {
    setTab(next);
    history.replaceState(
      history.state,
      '',
      next === 'timers' ? location.pathname + location.search : `#${next}`,
    );
    if (focus) document.getElementById(`${ids}-tab-${next}`)?.focus();
  };

  const onKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    const index = TABS.findIndex((t) => t.id === tab);
    const target = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: TABS.length - 1 }[event.key];
    if (target === undefined) return;
    event.preventDefault();
    choose(TABS[(target + TABS.length) % TABS.length]!.id, true);
  };

  return (
    <div className="card overflow-hidden">
      <div
        role="tablist"
        aria-label="Kitchen tools"
        className="flex gap-1 border-b border-stone-200 bg-stone-50 p-2 dark:border-night-line dark:bg-night"
      >
        {TABS.map((t) => (
          <button
            key={t.id}
            type="button"
            role="tab"
            id={`${ids}-tab-${t.id}`}
            aria-selected={tab === t.id}
            aria-controls={`${ids}-panel-${t.id}`}
            tabIndex={tab === t.id ? 0 : -1}
            onClick={() => choose(t.id)}
            onKeyDown={onKey}
            className={`min-h-11 flex-1 rounded-xl px-3 text-sm font-semibold transition sm:text-base ${
              tab === t.id
                ? 'bg-white text-brand-800 shadow-sm ring-1 ring-stone-200 dark:bg-night-card dark:text-brand-200 dark:ring-night-line'
                : 'text-stone-600 hover:bg-white/70 hover:text-ink dark:text-stone-300 dark:hover:bg-night-card/60 dark:hover:text-white'
            }`}
          >
            {t.label}
          </button>
        ))}
      </div>
      {TABS.map((t) => (
        <div
          key={t.id}
          role="tabpanel"
          id={`${ids}-panel-${t.id}`}
          aria-labelledby={`${ids}-tab-${t.id}`}
          hidden={tab !== t.id}
          tabIndex={0}
          className="p-5 outline-none sm:p-6"
        >
          {t.id === 'timers' && <Timers />}
          {t.id === 'convert' && tab === 'convert' && (
            <Suspense fallback={<p className="muted">Loading the converter…</p>}>
              <Converter />
            </Suspense>
          )}
          {t.id === 'temperature' && tab === 'temperature' && (
            <Suspense fallback={<p className="muted">Loading the converter…</p>}>
              <Temperature />
            </Suspense>
          )}
        </div>
      ))}
    </div>
  );
}
