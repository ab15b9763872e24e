import { useEffect, useState } from 'react';
import { api, errorText } from '../../lib/api/client.ts';
import { keepRecipesForOffline } from '../../stores/offline-copies.ts';
import { showToast } from '../../stores/toasts.ts';
import { useSessionUser } from '../auth/use-session-user.ts';
import { bookmarkIcon } from '../../lib/icons/bookmark.ts';
import { Icon } from '../shared/Icon.tsx';

// Saved toggle: Save Recipe / Saved, for logged-in users only (nothing is rendered
// for visitors). The state comes from the server each time the signed-in user changes. A
// recipe saved from its page is kept on the device for offline use.

/** The recipe of the page the button is on (its article names it), with its hero picture. */
function keepThisRecipeForOffline(): Promise<void> {
  const article = document.querySelector<HTMLElement>('article[data-recipe-slug]');
  const slug = article?.dataset.recipeSlug;
  if (!slug) return Promise.resolve();
  const image = article.querySelector<HTMLImageElement>('img')?.currentSrc || null;
  return keepRecipesForOffline([{ slug, image }]);
}

export default function SaveRecipeButton({
  recipeId,
  className = '',
}: {
  recipeId: number;
  className?: string;
}) {
  const user = useSessionUser();
  const [saved, setSaved] = useState<boolean | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const userId = user?.id;

  useEffect(() => {
    setSaved(undefined);
    if (!userId) return;
    const controller = new AbortController();
    api
      .get('/api/recipes/:id/saved', { params: { id: recipeId }, signal: controller.signal })
      .then((state) => setSaved(state.saved))
      .catch(() => setSaved(false));
    return () => controller.abort();
  }, [recipeId, userId]);

  if (!user) return null;

  const toggle = async () => {
    setBusy(true);
    const next = !saved;
    try {
      const state = next
        ? await api.post('/api/recipes/:id/save', { params: { id: recipeId } })
        : await api.delete('/api/recipes/:id/save', { params: { id: recipeId } });
      setSaved(state.saved);
      if (state.saved) void keepThisRecipeForOffline();
      showToast(
        state.saved
          ? { title: 'Recipe saved', description: 'Added to your saved recipes' }
          : { title: 'Recipe unsaved', description: 'Removed from your saved recipes' },
      );
    } catch (err) {
      showToast({
        title: 'Error',
        description: errorText(err, 'Could not update your saved recipes. Please try again.'),
        variant: 'destructive',
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <button
      type="button"
      onClick={() => void toggle()}
      disabled={busy || saved === undefined}
      aria-pressed={saved ?? false}
      className={`${saved ? 'btn-primary' : 'btn-ghost'} disabled:opacity-70 ${className}`}
    >
      <Icon icon={bookmarkIcon} filled={saved} />
      {saved ? 'Saved' : 'Save Recipe'}
    </button>
  );
}
