import { cookingTimerOrigin } from '../../stores/cooking.ts';
import TimerCard from '../kitchen/TimerCard.tsx';
import { useTimers } from '../kitchen/use-timers.ts';

// The timers started from this recipe's steps (the kitchen helper's own timers stay there).

export default function CookingTimersCard({ recipeId, headingId }: { recipeId: number; headingId: string }) {
  const origin = cookingTimerOrigin(recipeId);
  const timers = useTimers().filter((t) => t.origin === origin);
  return (
    <section aria-labelledby={headingId} className="card p-5">
      <h2 id={headingId} className="font-serif text-lg font-bold">
        Timers
      </h2>
      {timers.length === 0 ? (
        <p className="muted mt-2 text-sm">
          Steps with a cooking time offer a timer. Timers keep running if you leave this page.
        </p>
      ) : (
        <ul className="mt-3 space-y-2">
          {timers.map((t) => (
            <TimerCard key={t.id} timer={t} compact />
          ))}
        </ul>
      )}
    </section>
  );
}
