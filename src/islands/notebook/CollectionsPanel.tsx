import { lazy, Suspense, useState, type FormEvent } from 'react';
import { api, errorText } from '../../lib/api/client.ts';
import { COLLECTION_LIMITS, type Collection } from '../../lib/schemas/collection.ts';
import { showToast } from '../../stores/toasts.ts';
import { useSessionUser } from '../auth/use-session-user.ts';
import { useUserData } from '../shared/use-user-data.ts';

// The saved-recipes page's collections: each with its count and a link to its page; create,
// rename, move up or down (buttons, so the keyboard reorders as well as the pointer) and delete.
// 'All saved' below stays the list of every saved recipe.

const ConfirmDialog = lazy(() => import('../shared/ConfirmDialog.tsx'));
const loadCollections = () => api.get('/api/collections');

export default function CollectionsPanel() {
  const user = useSessionUser();
  const [collections, setCollections, failed] = useUserData(user?.id, loadCollections);
  const [name, setName] = useState('');
  const [error, setError] = useState('');
  const [renaming, setRenaming] = useState<{ id: number; name: string; error: string } | null>(null);
  const [deleting, setDeleting] = useState<Collection | null>(null);

  if (!user) return null;
  if (failed) return <p role="alert">Your collections could not be loaded.</p>;
  if (!collections)
    return (
      <div
        role="status"
        aria-busy="true"
        aria-label="Loading collections"
        className="card h-24 animate-pulse"
      />
    );

  const fail = (err: unknown, fallback: string) =>
    showToast({ title: 'Error', description: errorText(err, fallback), variant: 'destructive' });

  const create = async (event: FormEvent) => {
    event.preventDefault();
    setError('');
    try {
      const created = await api.post('/api/collections', { body: { name } });
      setCollections([...collections, created]);
      setName('');
    } catch (err) {
      setError(errorText(err, 'The collection could not be created. Please try again.'));
    }
  };

  const rename = async (event: FormEvent) => {
    event.preventDefault();
    if (!renaming) return;
    try {
      const renamed = await api.patch('/api/collections/:id', {
        params: { id: renaming.id },
        body: { name: renaming.name },
      });
      setCollections(collections.map((c) => (c.id === renamed.id ? renamed : c)));
      setRenaming(null);
    } catch (err) {
      setRenaming({ ...renaming, error: errorText(err, 'The collection could not be renamed.') });
    }
  };

  const move = async (index: number, by: -1 | 1) => {
    const ids = collections.map((c) => c.id);
    const [moved] = ids.splice(index, 1);
    ids.splice(index + by, 0, moved!);
    try {
      setCollections(await api.put('/api/collections/order', { body: { ids } }));
      document.getElementById(`collection-move-${moved}-${by < 0 ? 'up' : 'down'}`)?.focus();
    } catch (err) {
      fail(err, 'The new order could not be saved.');
    }
  };

  const remove = async (collection: Collection) => {
    try {
      await api.delete('/api/collections/:id', { params: { id: collection.id } });
      setCollections(collections.filter((c) => c.id !== collection.id));
      showToast({ title: 'Collection deleted', description: `${collection.name} — its recipes stay saved` });
    } catch (err) {
      fail(err, 'The collection could not be deleted.');
    } finally {
      setDeleting(null);
    }
  };

  return (
    <section aria-labelledby="collections-heading" className="mb-10">
      <h2 id="collections-heading" className="font-serif text-2xl font-bold">
        Collections
      </h2>
      {collections.length === 0 ? (
        <p className="muted mt-2">
          Group your saved recipes: name a collection here, or use Collections on any recipe.
        </p>
      ) : (
        <ul className="mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {collections.map((c, i) => (
            <li key={c.id} className="card flex flex-wrap items-center gap-2 p-4">
              {renaming?.id === c.id ? (
                <form className="flex w-full flex-wrap gap-2" onSubmit={(e) => void rename(e)}>
                  <label className="sr-only" htmlFor={`rename-${c.id}`}>
                    New name for {c.name}
                  </label>
                  <input
                    id={`rename-${c.id}`}
                    className="field flex-1"
                    value={renaming.name}
                    autoFocus
                    aria-invalid={renaming.error ? true : undefined}
                    aria-describedby={renaming.error ? `rename-error-${c.id}` : undefined}
                    onChange={(e) => setRenaming({ ...renaming, name: e.target.value })}
                  />
                  <button type="submit" className="btn-primary">
                    Save
                  </button>
                  <button type="button" className="btn-ghost" onClick={() => setRenaming(null)}>
                    Cancel
                  </button>
                  {renaming.error && (
                    <p
                      id={`rename-error-${c.id}`}
                      role="alert"
                      className="w-full text-sm text-red-700 dark:text-red-400"
                    >
                      {renaming.error}
                    </p>
                  )}
                </form>
              ) : (
                <>
                  <a className="link flex-1 font-semibold" href={`/collection?id=${c.id}`}>
                    {c.name}
                    <span className="muted ml-2 text-sm font-normal">
                      {c.recipeCount} {c.recipeCount === 1 ? 'recipe' : 'recipes'}
                    </span>
                  </a>
                  <span className="flex gap-1">
                    <button
                      id={`collection-move-${c.id}-up`}
                      type="button"
                      className="btn-ghost px-2"
                      disabled={i === 0}
                      onClick={() => void move(i, -1)}
                      aria-label={`Move ${c.name} up`}
                    >
                      ↑
                    </button>
                    <button
                      id={`collection-move-${c.id}-down`}
                      type="button"
                      className="btn-ghost px-2"
                      disabled={i === collections.length - 1}
                      onClick={() => void move(i, 1)}
                      aria-label={`Move ${c.name} down`}
                    >
                      ↓
                    </button>
                    <button
                      type="button"
                      className="btn-ghost px-2"
                      onClick={() => setRenaming({ id: c.id, name: c.name, error: '' })}
                    >
                      Rename<span className="sr-only"> {c.name}</span>
                    </button>
                    <button type="button" className="btn-ghost px-2" onClick={() => setDeleting(c)}>
                      Delete<span className="sr-only"> {c.name}</span>
                    </button>
                  </span>
                </>
              )}
            </li>
          ))}
        </ul>
      )}
      <form
        className="mt-4 flex max-w-lg flex-wrap items-end gap-2"
        onSubmit={(e) => void create(e)}
        noValidate
      >
        <div className="flex-1">
          <label htmlFor="new-collection" className="block text-sm font-semibold">
            New collection
          </label>
          <input
            id="new-collection"
            className="field"
            value={name}
            maxLength={COLLECTION_LIMITS.nameLength + 10}
            onChange={(e) => setName(e.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'new-collection-error' : undefined}
          />
        </div>
        <button type="submit" className="btn-primary">
          Create
        </button>
        {error && (
          <p id="new-collection-error" role="alert" className="w-full text-sm text-red-700 dark:text-red-400">
            {error}
          </p>
        )}
      </form>
      {deleting && (
        <Suspense fallback={null}>
          <ConfirmDialog
            open
            title={`Delete “${deleting.name}”?`}
            message="The collection goes; its recipes stay in All saved."
            confirmLabel="Delete collection"
            tone="danger"
            onConfirm={() => remove(deleting)}
            onCancel={() => setDeleting(null)}
          />
        </Suspense>
      )}
      <h2 className="mt-10 font-serif text-2xl font-bold">All saved</h2>
    </section>
  );
}
