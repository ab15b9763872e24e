import { lazy, Suspense, useState, type FormEvent } from 'react';
import { api, errorText } from '../../lib/api/client.ts';
import { COLLECTION_LIMITS, type Collection } from '../../lib/schemas/collection.ts';
import { showToast } from '../../stores/toasts.ts';
import { collectionIcon } from '../../lib/icons/collection.ts';
import { Icon } from '../shared/Icon.tsx';

// The recipe page's "Collections" control beside Save: one dialog to tick the collections the
// recipe belongs in, or to name a new one and put the recipe in it in one step. Collecting a
// recipe also saves it.

const Dialog = lazy(() => import('../shared/Dialog.tsx'));

interface Loaded {
  collections: Collection[];
  holding: number[];
}

export default function CollectionPicker({ recipeId }: { recipeId: number }) {
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [loadError, setLoadError] = useState('');
  const [name, setName] = useState('');
  const [formError, setFormError] = useState('');
  const [busy, setBusy] = useState(false);

  const openPicker = async () => {
    setOpen(true);
    setLoadError('');
    try {
      const [collections, { collectionIds }] = await Promise.all([
        api.get('/api/collections'),
        api.get('/api/recipes/:id/collections', { params: { id: recipeId } }),
      ]);
      setLoaded({ collections, holding: collectionIds });
    } catch (err) {
      setLoadError(errorText(err, 'Your collections could not be loaded. Please try again.'));
    }
  };

  const toggle = async (collection: Collection, checked: boolean) => {
    setBusy(true);
    try {
      const params = { id: collection.id, recipeId };
      const { collectionIds } = checked
        ? await api.put('/api/collections/:id/recipes/:recipeId', { params })
        : await api.delete('/api/collections/:id/recipes/:recipeId', { params });
      setLoaded((l) => l && { ...l, holding: collectionIds });
      showToast({
        title: checked ? 'Added to collection' : 'Removed from collection',
        description: collection.name,
      });
    } catch (err) {
      showToast({
        title: 'Error',
        description: errorText(err, 'Could not change the collection. Please try again.'),
        variant: 'destructive',
      });
    } finally {
      setBusy(false);
    }
  };

  const create = async (event: FormEvent) => {
    event.preventDefault();
    setFormError('');
    setBusy(true);
    try {
      const created = await api.post('/api/collections', { body: { name, recipeId } });
      setLoaded((l) => ({
        collections: [...(l?.collections ?? []), created],
        holding: [...(l?.holding ?? []), created.id],
      }));
      setName('');
      showToast({ title: 'Added to collection', description: created.name });
    } catch (err) {
      setFormError(errorText(err, 'The collection could not be created. Please try again.'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <button type="button" className="btn-ghost" onClick={() => void openPicker()} aria-haspopup="dialog">
        <Icon icon={collectionIcon} />
        Collections
      </button>
      {open && (
        <Suspense fallback={null}>
          <Dialog
            open={open}
            onClose={() => setOpen(false)}
            title="Save to a collection"
            description="Tick the collections this recipe belongs in, or start a new one."
            busy={!loaded && !loadError}
            size="md"
          >
            {loadError && <p role="alert">{loadError}</p>}
            {loaded && loaded.collections.length === 0 && (
              <p className="muted">You have no collections yet. Name your first one below.</p>
            )}
            {loaded && loaded.collections.length > 0 && (
              <fieldset>
                <legend className="sr-only">Your collections</legend>
                <ul className="space-y-1">
                  {loaded.collections.map((c) => (
                    <li key={c.id}>
                      <label className="flex min-h-11 items-center gap-3">
                        <input
                          type="checkbox"
                          className="size-5"
                          checked={loaded.holding.includes(c.id)}
                          disabled={busy}
                          onChange={(e) => void toggle(c, e.target.checked)}
                        />
                        <span>{c.name}</span>
                      </label>
                    </li>
                  ))}
                </ul>
              </fieldset>
            )}
            <form className="mt-4" onSubmit={(e) => void create(e)} noValidate>
              <label htmlFor={`new-collection-${recipeId}`} className="font-semibold">
                New collection
              </label>
              <div className="mt-1 flex gap-2">
                <input
                  id={`new-collection-${recipeId}`}
                  className="field flex-1"
                  value={name}
                  maxLength={COLLECTION_LIMITS.nameLength + 10}
                  onChange={(e) => setName(e.target.value)}
                  aria-invalid={formError ? true : undefined}
                  aria-describedby={formError ? `new-collection-error-${recipeId}` : undefined}
                  placeholder="e.g. Weeknight dinners"
                />
                <button type="submit" className="btn-primary" disabled={busy}>
                  Create and add
                </button>
              </div>
              {formError && (
                <p
                  id={`new-collection-error-${recipeId}`}
                  role="alert"
                  className="mt-1 text-sm text-red-700 dark:text-red-300"
                >
                  {formError}
                </p>
              )}
            </form>
          </Dialog>
        </Suspense>
      )}
    </>
  );
}
