import { useState } from 'react';
import type { RecipeOption } from '../../stores/calories.ts';
import { useSessionUser } from '../auth/use-session-user.ts';
import CalorieTrackerDialog from './CalorieTrackerDialog.tsx';

// The recipe page's 'Track Calories' button (SPEC §2, logged-in only: nothing is rendered for
// visitors or while the session loads, so the prebuilt HTML and the first render agree).

export default function CalorieTrackerButton({ recipe }: { recipe: RecipeOption }) {
  const user = useSessionUser();
  const [open, setOpen] = useState(false);
  if (!user) return null;
  const { id, title, calories } = recipe;
  return (
    <>
      <button type="button" className="btn-ghost" data-island="calorie-tracker-button" aria-haspopup="dialog" onClick={() => setOpen(true)}>
        <span aria-hidden="true" className="icon icon-flame" />
        Track Calories
      </button>
      <CalorieTrackerDialog open={open} onClose={() => setOpen(false)} recipe={{ id, title, calories }} />
    </>
  );
}
