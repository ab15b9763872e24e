import { mountOnDemand } from './mount-on-demand.ts';

// Every page's recipe cards open the detail dialog on a plain left click. Until the
// first such click nothing but this listener runs: the first click mounts the React opener
// (src/islands/recipe/CardDialogOpener.tsx), which opens that recipe and handles every later
// click itself. Hovering or focusing a card starts loading the code; pressing on it asks for the
// recipe, so the dialog is usually ready when the click lands. Middle, ctrl/cmd, shift and alt
// clicks keep their browser meaning, and without script a card is an ordinary link.

const loadOpener = () => import('../../islands/recipe/CardDialogOpener.tsx');

function cardOf(target: EventTarget | null): { link: HTMLAnchorElement; id: number } | null {
  if (!(target instanceof Element)) return null;
  const link = target.closest<HTMLAnchorElement>('[data-recipe-card] a[href]');
  const id = Number(link?.closest<HTMLElement>('[data-recipe-card]')?.dataset.recipeId);
  return link && Number.isInteger(id) && id > 0 ? { link, id } : null;
}

/** Sets up the first-click listener; `root` is where the opener mounts. */
export function setUpCardDialogs(root: HTMLElement): void {
  let warmed = false;
  const warm = (event: Event) => {
    if (warmed || !cardOf(event.target)) return;
    warmed = true;
    void loadOpener().then(() => import('../../islands/recipe/RecipeDialog.tsx'));
  };
  const press = (event: PointerEvent) => {
    const hit = event.button === 0 ? cardOf(event.target) : null;
    if (hit)
      void import('../../islands/recipe/recipe-cache.ts').then(({ fetchRecipe }) =>
        fetchRecipe(hit.id).catch(() => {}),
      );
  };
  const firstClick = (event: MouseEvent) => {
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
    for (const [type, listener] of listeners) document.removeEventListener(type, listener);
    void mountOnDemand(root, loadOpener, { openFirst: hit });
  };
  const listeners: [string, EventListener][] = [
    ['click', firstClick as EventListener],
    ['pointerover', warm],
    ['focusin', warm],
    ['pointerdown', press as EventListener],
  ];
  for (const [type, listener] of listeners)
    document.addEventListener(type, listener, { passive: type !== 'click' });
}
