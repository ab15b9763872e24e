import { lazy, Suspense, useEffect, useState } from 'react';
import { useSessionUser } from '../auth/use-session-user.ts';
import { forgetSyncedCopies, usersWithCopies } from '../../stores/shopping-device-copies.ts';
import type { ShoppingRecipe } from '../../lib/shopping/ingredient-item.ts';
import { listIcon } from '../../lib/icons/list.ts';
import { Icon } from '../shared/Icon.tsx';

// The recipe page's 'Shopping List' button, for logged-in users only: nothing is
// rendered for visitors or while the session loads, so the prebuilt HTML and the first render
// agree. The button is all a visitor downloads. For a signed-in user the list's store loads
// after the page (it replays ticks made offline on an earlier visit and counts what is left to
// buy), and the dialog's code on first use.

const loadStore = () => import('../../stores/shopping-list.ts');
const loadDialog = () => import('./ShoppingListDialog.tsx');
const ShoppingListDialog = lazy(loadDialog);

export default function ShoppingListButton({ recipe }: { recipe: ShoppingRecipe }) {
  const user = useSessionUser();
  const [open, setOpen] = useState(false);
  /** The dialog stays mounted once opened, so closing it behaves like the native dialog it is. */
  const [used, setUsed] = useState(false);
  const toBuy = useItemsToBuy(user?.id);

  useEffect(() => {
    // Nobody signed in: a list left on this device by someone who logged out goes (unsent ticks stay).
    if (user === null && usersWithCopies().length > 0) forgetSyncedCopies();
  }, [user]);

  if (!user) return null;
  return (
    <>
      <button
        type="button"
        className="btn-ghost"
        data-island="shopping-list-button"
        aria-haspopup="dialog"
        onPointerEnter={() => void loadDialog()}
        onFocus={() => void loadDialog()}
        onClick={() => {
          setUsed(true);
          setOpen(true);
        }}
      >
        <Icon icon={listIcon} />
        Shopping List
        {toBuy > 0 && (
          <span className="rounded-full bg-brand-700 px-2 py-0.5 text-xs font-bold tabular-nums text-white dark:bg-brand-300 dark:text-night">
            {toBuy}
            <span className="sr-only"> to buy</span>
          </span>
        )}
      </button>
      {used && (
        <Suspense fallback={null}>
          <ShoppingListDialog open={open} onClose={() => setOpen(false)} recipe={recipe} />
        </Suspense>
      )}
    </>
  );
}

/** Unticked items on the signed-in user's list (0 until the store has loaded). */
function useItemsToBuy(userId: number | undefined): number {
  const [count, setCount] = useState(0);
  useEffect(() => {
    setCount(0);
    if (userId === undefined) return;
    let stop: (() => void) | undefined;
    let cancelled = false;
    void loadStore().then(({ $shoppingList }) => {
      if (cancelled) return;
      // Subscribing starts the store: the list loads and pending changes are sent.
      stop = $shoppingList.subscribe((list) => {
        setCount(list.userId === userId ? list.items.filter((item) => !item.checked).length : 0);
      });
    });
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [userId]);
  return count;
}
