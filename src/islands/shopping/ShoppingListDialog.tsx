import { useEffect } from 'react';
import { syncShoppingList } from '../../stores/shopping-list.ts';
import Dialog from '../shared/Dialog.tsx';
import type { ShoppingRecipe } from '../../lib/shopping/ingredient-item.ts';
import ShoppingListCard, { ShoppingListActions } from './ShoppingListCard.tsx';

// The shopping-list card in a modal dialog, its actions pinned to the bottom. Opening it syncs
// the list (pending ticks go out, then the server's list comes back).

export default function ShoppingListDialog({
  open,
  onClose,
  recipe,
}: {
  open: boolean;
  onClose: () => void;
  recipe: ShoppingRecipe;
}) {
  useEffect(() => {
    if (open) void syncShoppingList();
  }, [open]);
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Shopping List"
      description="Tick items off as you shop. The list is kept in your account and works offline."
      size="lg"
      name="shopping-list"
      footer={open && <ShoppingListActions />}
    >
      {open && <ShoppingListCard recipe={recipe} />}
    </Dialog>
  );
}
