import { useStore } from '@nanostores/react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { $openRecipe, closeRecipeDialog, openRecipeDialog } from '../../stores/recipe-view.ts';
import { fetchRecipe } from './recipe-cache.ts';

// Mounted once per page: a plain left click on a recipe card's link opens the detail dialog
// instead of navigating. Middle,
// ctrl/cmd, shift and alt clicks keep their browser meaning, and without script the card is an
// ordinary link. The dialog's code loads on first use (or when a card is first hovered).

const loadDialog = () => import('./RecipeDialog.tsx');
const RecipeDialog = lazy(loadDialog);

/** Only one opener acts per page, however many are mounted. */
let activeOwner: symbol | undefined;

/** The recipe card link an event happened on, with the card's recipe id. */
export function cardOf(target: EventTarget | null): { link: HTMLAnchorElement; id: number } | null {
  if (!(target instanceof Element)) return null;
  const link = target.closest<HTMLAnchorElement>('[data-recipe-card] a[href]');
  const card = link?.closest<HTMLElement>('[data-recipe-card]');
  const id = Number(card?.dataset.recipeId);
  return link && Number.isInteger(id) && id > 0 ? { link, id } : null;
}

export interface CardDialogOpenerProps {
  /** The click that made the page mount this opener: open that recipe's dialog straight away. */
  openFirst?: { id: number; link: HTMLElement };
}

export default function CardDialogOpener({ openFirst }: CardDialogOpenerProps = {}) {
  const open = useStore($openRecipe);
  const [active, setActive] = useState(false);
  const opener = useRef<HTMLElement | null>(null);
  // The click that mounted this opener, acted on once at mount (a later prop does not reopen).
  const firstClick = useRef(openFirst);

  useEffect(() => {
    if (activeOwner) return;
    const me = Symbol('opener');
    activeOwner = me;
    setActive(true);
    let warmed = false;
    const onClick = (event: MouseEvent) => {
      if (
        event.defaultPrevented ||
        event.button !== 0 ||
        event.metaKey ||
        event.ctrlKey ||
        event.shiftKey ||
        event.altKey
      )
        return;
      const hit = cardOf(event.target);
      if (!hit) return;
      event.preventDefault();
      opener.current = hit.link;
      openRecipeDialog(hit.id);
    };
    // Hovering or focusing a card fetches the dialog's code; pressing on it (about 100 ms before
    // the click lands) already asks for the recipe.
    const onHover = (event: Event) => {
      if (warmed || !cardOf(event.target)) return;
      warmed = true;
      void loadDialog();
    };
    const onPress = (event: PointerEvent) => {
      const hit = event.button === 0 ? cardOf(event.target) : null;
      if (hit) fetchRecipe(hit.id).catch(() => {});
    };
    document.addEventListener('click', onClick);
    document.addEventListener('pointerover', onHover, { passive: true });
    document.addEventListener('focusin', onHover);
    document.addEventListener('pointerdown', onPress, { passive: true });
    const first = firstClick.current;
    if (first) {
      opener.current = first.link;
      openRecipeDialog(first.id);
    }
    return () => {
      document.removeEventListener('click', onClick);
      document.removeEventListener('pointerover', onHover);
      document.removeEventListener('focusin', onHover);
      document.removeEventListener('pointerdown', onPress);
      if (activeOwner === me) activeOwner = undefined;
    };
  }, []);

  if (!active || !open) return null;
  return (
    <Suspense fallback={null}>
      <RecipeDialog
        key={open.id}
        recipeId={open.id}
        onClose={() => {
          closeRecipeDialog();
          opener.current?.focus({ preventScroll: true });
        }}
      />
    </Suspense>
  );
}
