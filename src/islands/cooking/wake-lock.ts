import { useEffect, useState } from 'react';

// Keeps the screen on while cooking (Screen Wake Lock API). The browser drops the lock whenever
// the page is hidden, and a released lock cannot be reused, so it is requested again each time
// the page becomes visible (cooks expect the screen to stay on). Refusals (battery saver, policy)
// are not errors.

export type WakeLockState = 'unsupported' | 'off' | 'on';

export function useScreenWakeLock(wanted: boolean): WakeLockState {
  const [state, setState] = useState<WakeLockState>('unsupported');

  useEffect(() => {
    if (typeof navigator === 'undefined' || !('wakeLock' in navigator)) return;
    setState('off');
    if (!wanted) return;
    let sentinel: WakeLockSentinel | undefined;
    let active = true;
    const acquire = async () => {
      if (document.visibilityState !== 'visible' || (sentinel && !sentinel.released)) return;
      try {
        const lock = await navigator.wakeLock.request('screen');
        if (!active) {
          void lock.release();
          return;
        }
        sentinel = lock;
        setState('on');
        lock.addEventListener('release', () => active && setState('off'));
      } catch {
        setState('off');
      }
    };
    const onVisibility = () => {
      if (document.visibilityState === 'visible') void acquire();
    };
    void acquire();
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      active = false;
      document.removeEventListener('visibilitychange', onVisibility);
      void sentinel?.release().catch(() => {});
    };
  }, [wanted]);

  return state;
}
