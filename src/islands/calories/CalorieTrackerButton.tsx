import { lazy, Suspense, useState } from 'react';
import type { RecipeOption } from '../../stores/calories.ts';
import { useSessionUser } from '../auth/use-session-user.ts';

// The recipe page's 'Track Calories' button, for logged-in users only: nothing is
// rendered for visitors or while the session loads, so the prebuilt HTML and the first render
// agree. The tracker's code loads on first use (or when the pointer heads for the button).

const loadDialog = () => import('./CalorieTrackerDialog.tsx');
const CalorieTrackerDialog = lazy(loadDialog);

export default function CalorieTrackerButton({ recipe }: { recipe: RecipeOption }) {
  const user = useSessionUser();
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  if (!user) return null;
  const { id, title, calories } = recipe;
  return (
    <>
      <button
        type="button"
        className="btn-ghost"
        data-island="calorie-tracker-button"
        aria-haspopup="dialog"
        onPointerEnter={() => void loadDialog()}
        onFocus={() => void loadDialog()}
        onClick={() => {
          setUsed(true);
          setOpen(true);
        }}
      >
        <span aria-hidden="true" className="icon icon-flame" />
        Track Calories
      </button>
      {used && (
        <Suspense fallback={null}>
          <CalorieTrackerDialog open={open} onClose={() => setOpen(false)} recipe={{ id, title, calories }} />
        </Suspense>
      )}
    </>
  );
}
