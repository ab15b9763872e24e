import { lazy, Suspense, useEffect, useState } from 'react';
import { recipeCardHtml } from '../../lib/recipe-card-html.ts';
import { api, errorText } from '../../lib/api/client.ts';
import type { Recipe } from '../../lib/schemas/recipe.ts';
import { keepRecipesForOffline } from '../../stores/offline-copies.ts';
import { showToast } from '../../stores/toasts.ts';
import { useSessionUser } from '../auth/use-session-user.ts';

// The login dialog (and its validation code) loads when the Login button is used.
const AuthDialog = lazy(() => import('../auth/AuthDialog.tsx'));

// The /saved-recipes page body: 'Login Required' with a way home for
// visitors, otherwise the user's saved recipes (newest saved first) with an Unsave button each,
// and an empty state that leads to /recipes. The cards are the site's own card markup. The
// saved recipes are kept on the device for offline use.

type State = { kind: 'loading' } | { kind: 'failed' } | { kind: 'loaded'; recipes: Recipe[] };

export default function SavedRecipes() {
  const user = useSessionUser();
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [loginOpen, setLoginOpen] = useState(false);
  const userId = user?.id;

  const load = () => {
    setState({ kind: 'loading' });
    api
      .get('/api/user/saved-recipes')
      .then((recipes) => {
        setState({ kind: 'loaded', recipes });
        void keepRecipesForOffline(recipes);
      })
      .catch(() => setState({ kind: 'failed' }));
  };

  useEffect(() => {
    // A different user (or none) must never see the previous one's list.
    setState({ kind: 'loading' });
    if (userId) load();
  }, [userId]);

  if (user === undefined) return <CardSkeletons />;

  if (user === null) {
    return (
      <div className="card mx-auto max-w-lg p-8 text-center">
        <h2 className="font-serif text-2xl font-bold">Login Required</h2>
        <p className="muted mt-2">Log in to see the recipes you have saved.</p>
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          <button type="button" className="btn-primary" onClick={() => setLoginOpen(true)}>
            Login
          </button>
          <a href="/" className="btn-ghost">
            Back to Home
          </a>
        </div>
        {loginOpen && (
          <Suspense fallback={null}>
            <AuthDialog open={loginOpen} onOpenChange={setLoginOpen} />
          </Suspense>
        )}
      </div>
    );
  }

  if (state.kind === 'loading') return <CardSkeletons />;

  if (state.kind === 'failed') {
    return (
      <div role="alert" className="card p-6">
        <p>Your saved recipes could not be loaded.</p>
        <button type="button" className="btn-ghost mt-4" onClick={load}>
          Try again
        </button>
      </div>
    );
  }

  if (state.recipes.length === 0) {
    return (
      <div className="card mx-auto max-w-lg p-8 text-center">
        <h2 className="font-serif text-2xl font-bold">No saved recipes yet</h2>
        <p className="muted mt-2">Tap Save Recipe on any recipe and it will wait for you here.</p>
        <a href="/recipes" className="btn-primary mt-6">
          Browse recipes
        </a>
      </div>
    );
  }

  const unsave = async (recipe: Recipe) => {
    try {
      await api.delete('/api/recipes/:id/save', { params: { id: recipe.id } });
      setState((s) =>
        s.kind === 'loaded' ? { kind: 'loaded', recipes: s.recipes.filter((r) => r.id !== recipe.id) } : s,
      );
      showToast({ title: 'Recipe unsaved', description: 'Removed from your saved recipes' });
    } catch (err) {
      showToast({
        title: 'Error',
        description: errorText(err, 'Could not update your saved recipes. Please try again.'),
        variant: 'destructive',
      });
    }
  };

  return (
    <>
      <p className="muted mb-6" aria-live="polite">
        {state.recipes.length} saved {state.recipes.length === 1 ? 'recipe' : 'recipes'}
      </p>
      <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
        {state.recipes.map((recipe) => (
          <li key={recipe.id} className="relative">
            {/* The card markup is escaped by recipeCardHtml (shared with the static pages). */}
            <div
              className="h-full [&>article]:h-full"
              dangerouslySetInnerHTML={{ __html: recipeCardHtml(recipe, { headingLevel: 2 }) }}
            />
            <button
              type="button"
              onClick={() => void unsave(recipe)}
              className="absolute right-3 top-3 z-10 inline-flex min-h-9 items-center gap-1.5 rounded-full bg-white/95 px-3 py-1 text-xs font-semibold text-stone-800 shadow-sm ring-1 ring-stone-200 hover:bg-brand-50 dark:bg-night/90 dark:text-stone-100 dark:ring-night-line"
            >
              Unsave<span className="sr-only"> {recipe.title}</span>
            </button>
          </li>
        ))}
      </ul>
    </>
  );
}

function CardSkeletons() {
  return (
    <div
      role="status"
      aria-busy="true"
      aria-label="Loading saved recipes"
      className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4"
    >
      {[0, 1, 2, 3].map((i) => (
        <div key={i} className="card h-72 animate-pulse" />
      ))}
    </div>
  );
}
