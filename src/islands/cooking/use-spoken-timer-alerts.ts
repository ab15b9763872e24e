import { useEffect, useRef } from 'react';
import { cookingTimerOrigin, speakAlert, spokenLeft } from '../../stores/cooking.ts';
import { alertsCrossed } from '../../stores/timers.ts';
import { announce } from '../kitchen/timer-alerts.ts';
import { useTimers } from '../kitchen/use-timers.ts';

/**
 * This recipe's cooking timers speak at 60, 30 and 10 seconds left and when done
 * (when the voice is on), and the marks are announced to screen readers too.
 */
export function useSpokenTimerAlerts(recipeId: number): void {
  const timers = useTimers();
  const lastRemaining = useRef<Record<string, number>>({});
  const origin = cookingTimerOrigin(recipeId);

  useEffect(() => {
    for (const timer of timers) {
      const before = lastRemaining.current[timer.id];
      lastRemaining.current[timer.id] = timer.remaining;
      if (timer.origin !== origin || before === undefined) continue;
      for (const mark of alertsCrossed(before, timer.remaining)) {
        const sentence =
          mark === 0 ? `${timer.name} timer is done.` : `${timer.name} timer: ${spokenLeft(mark)}.`;
        if (mark !== 0) announce(sentence);
        speakAlert(sentence);
      }
    }
  }, [timers, origin]);
}
