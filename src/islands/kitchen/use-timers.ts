import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { $timers, $timerSound, type KitchenTimer } from '../../stores/timers.ts';

// Timers live in localStorage, which the server render cannot see: the first render in the
// browser must match the server's (no timers, sound on), so islands show the saved timers from
// the render after hydration.

function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}

const NONE: KitchenTimer[] = [];

/** All timers, ticking; empty during hydration. */
export function useTimers(): KitchenTimer[] {
  const timers = useStore($timers);
  return useHydrated() ? timers : NONE;
}

/** The sound switch; on (the default) during hydration. */
export function useTimerSound(): boolean {
  const sound = useStore($timerSound);
  return useHydrated() ? sound : true;
}
