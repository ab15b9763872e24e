import { useEffect, useState } from 'react';

/** Fetches `load` now and every `ms` (null: once) while `active` and the page is visible. */
export function usePoll<T>(
  load: () => Promise<T>,
  ms: number | null,
  active: boolean,
): [T | null, unknown, () => void] {
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [tick, setTick] = useState(0);
  useEffect(() => {
    if (!active) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const run = async () => {
      if (document.visibilityState === 'visible')
        try {
          const next = await load();
          if (!stopped) {
            setData(next);
            setError(null);
          }
        } catch (err) {
          if (!stopped) setError(err);
        }
      if (!stopped && ms !== null) timer = setTimeout(() => void run(), ms);
    };
    void run();
    const onVisible = () => {
      if (document.visibilityState === 'visible') {
        clearTimeout(timer);
        void run();
      }
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      stopped = true;
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [active, ms, tick]);
  return [data, error, () => setTick((t) => t + 1)];
}
