import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { $shoppingList, syncShoppingList } from '../../stores/shopping-list.ts';
import { useSessionUser } from '../auth/use-session-user.ts';
import Dialog from '../shared/Dialog.tsx';
import type { ShoppingRecipe } from './ingredient-item.ts';
import ShoppingListCard, { ShoppingListActions } from './ShoppingListCard.tsx';

// The recipe page's 'Shopping List' button (SPEC §2, logged-in only: nothing is rendered for
// visitors or while the session loads, so the prebuilt HTML and the first render agree). Being
// on the page also loads the list, which replays ticks made offline on an earlier visit.

export default function ShoppingListButton({ recipe }: { recipe: ShoppingRecipe }) {
  const user = useSessionUser();
  const list = useStore($shoppingList);
  const [open, setOpen] = useState(false);
  if (!user) return null;

  const toBuy = list.userId === user.id ? list.items.filter((item) => !item.checked).length : 0;
  return (
    <>
      <button
        type="button"
        className="btn-ghost"
        data-island="shopping-list-button"
        aria-haspopup="dialog"
        onClick={() => {
          setOpen(true);
          void syncShoppingList();
        }}
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" width="18" height="18" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
          <path d="M9 6h11M9 12h11M9 18h11M4.5 6l.01 0M4.5 12l.01 0M4.5 18l.01 0" />
        </svg>
        Shopping List
        {toBuy > 0 && (
          <span className="rounded-full bg-brand-700 px-2 py-0.5 text-xs font-bold tabular-nums text-white dark:bg-brand-300 dark:text-night">
            {toBuy}
            <span className="sr-only"> to buy</span>
          </span>
        )}
      </button>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        title="Shopping List"
        description="Tick items off as you shop. The list is kept in your account and works offline."
        width="lg"
        name="shopping-list"
        footer={open && <ShoppingListActions />}
      >
        {open && <ShoppingListCard recipe={recipe} />}
      </Dialog>
    </>
  );
}
