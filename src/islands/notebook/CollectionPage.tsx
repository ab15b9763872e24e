import { useEffect, useState } from 'react';
import { api, ApiRequestError } from '../../lib/api/client.ts';
import { recipeCardHtml } from '../../lib/recipe-card-html.ts';
import type { Collection } from '../../lib/schemas/collection.ts';
import type { Recipe } from '../../lib/schemas/recipe.ts';
import { useSessionUser } from '../auth/use-session-user.ts';

// The /collection?id=… page body: one of the cook's collections as the site's recipe cards.
// The page is the same prebuilt file for everyone; the id comes from the address.

type State =
  | { kind: 'loading' }
  | { kind: 'missing' }
  | { kind: 'failed' }
  | { kind: 'loaded'; collection: Collection; recipes: Recipe[] };

export default function CollectionPage() {
  const user = useSessionUser();
  const [state, setState] = useState<State>({ kind: 'loading' });
  const userId = user?.id;

  useEffect(() => {
    setState({ kind: 'loading' });
    if (!userId) return;
    const id = Number(new URLSearchParams(location.search).get('id'));
    if (!Number.isInteger(id) || id < 1) return setState({ kind: 'missing' });
    api
      .get('/api/collections/:id', { params: { id } })
      .then(({ collection, recipes }) => {
        setState({ kind: 'loaded', collection, recipes });
        document.title = `${collection.name} · Forkful`;
      })
      .catch((err) =>
        setState({ kind: err instanceof ApiRequestError && err.status === 404 ? 'missing' : 'failed' }),
      );
  }, [userId]);

  if (user === null)
    return (
      <p className="card p-6">
        Log in to see your collections.{' '}
        <a className="link" href="/saved-recipes">
          Saved recipes
        </a>
      </p>
    );
  if (state.kind === 'loading')
    return (
      <div
        role="status"
        aria-busy="true"
        aria-label="Loading collection"
        className="card h-72 animate-pulse"
      />
    );
  if (state.kind === 'missing')
    return (
      <p className="card p-6">
        This collection does not exist (it may have been deleted).{' '}
        <a className="link" href="/saved-recipes">
          Back to your saved recipes
        </a>
      </p>
    );
  if (state.kind === 'failed')
    return <p role="alert">The collection could not be loaded. Please reload the page.</p>;

  return (
    <>
      <h1 className="font-serif text-4xl font-bold">{state.collection.name}</h1>
      <p className="muted mt-2" aria-live="polite">
        {state.recipes.length} {state.recipes.length === 1 ? 'recipe' : 'recipes'} ·{' '}
        <a className="link" href="/saved-recipes">
          All collections
        </a>
      </p>
      {state.recipes.length === 0 ? (
        <p className="card mt-6 p-6">
          Nothing here yet. Open a recipe and use Collections to add it.{' '}
          <a className="link" href="/recipes">
            Browse recipes
          </a>
        </p>
      ) : (
        <ul className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
          {state.recipes.map((recipe) => (
            <li key={recipe.id}>
              {/* The card markup is escaped by recipeCardHtml (shared with the static pages). */}
              <div
                className="h-full [&>article]:h-full"
                dangerouslySetInnerHTML={{ __html: recipeCardHtml(recipe, { headingLevel: 2 }) }}
              />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
