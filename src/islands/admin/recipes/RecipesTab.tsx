import { useEffect, useState } from 'react';
import { api, errorText } from '../../../lib/api/client.ts';
import { smallImage, categoryFallbackImage } from '../../../lib/fallback-images.ts';
import type { Category } from '../../../lib/schemas/category.ts';
import { starsFromTenths, type Recipe } from '../../../lib/schemas/recipe.ts';
import { showToast } from '../../../stores/toasts.ts';
import { useConfirm } from '../../shared/ConfirmDialog.tsx';
import { EditDeleteButtons, LoadError, Panel, rowButton } from '../shared/fields.tsx';
import { shortTime } from '../shared/publish-state.ts';
import { useTabActive } from '../shared/tab-active.ts';
import { deleteWithUndo } from '../shared/undo-delete.ts';
import { useResource } from '../shared/use-resource.ts';
import ColumnHeads from '../shared/ColumnHeads.tsx';
import TrashPanel from '../shared/TrashPanel.tsx';
import RecipeForm from './RecipeForm.tsx';

// The Recipes tab: a table with search, paging, thumbnails, rating and
// the time of the last change, refetched when the window regains focus; 'New recipe'
// and 'Edit' open the form, 'Delete' asks first and can be undone from the toast.

export const PAGE_SIZE = 20;

type Mode = { kind: 'list' } | { kind: 'new' } | { kind: 'edit'; recipe: Recipe };

/** The admin listing's query: newest changes first, an optional search, one page. */
export function recipeListQuery(query: string, page: number) {
  const q = query.trim();
  return { limit: PAGE_SIZE, offset: page * PAGE_SIZE, sort: 'updated' as const, ...(q ? { q } : {}) };
}

const RECIPE_COLUMNS = [
  { label: <span className="sr-only">Image</span>, className: 'w-20 py-2 pr-3' },
  'Title',
  'Category',
  'Rating',
  'Updated',
  { label: <span className="sr-only">Actions</span>, className: 'py-2 pr-1 text-right' },
];

export default function RecipesTab() {
  const [mode, setMode] = useState<Mode>({ kind: 'list' });
  const [listGeneration, setListGeneration] = useState(0);
  const [categories] = useResource((signal) => api.get('/api/categories', { signal }), []);
  const categoryList = categories.data ?? [];

  const openEditor = async (id: number) => {
    try {
      setMode({ kind: 'edit', recipe: await api.get('/api/recipes/:id', { params: { id } }) });
    } catch (err) {
      showToast({
        title: 'Error',
        description: errorText(err, 'The recipe could not be opened. Please try again.'),
        variant: 'destructive',
      });
    }
  };

  if (mode.kind !== 'list')
    return (
      <RecipeForm
        key={mode.kind === 'edit' ? `${mode.recipe.id}-${mode.recipe.updatedAt}` : 'new'}
        recipe={mode.kind === 'edit' ? mode.recipe : undefined}
        categories={categoryList}
        onSaved={(recipe) => setMode({ kind: 'edit', recipe })}
        onCancel={() => setMode({ kind: 'list' })}
      />
    );

  return (
    <div className="grid gap-6">
      <RecipeList
        key={listGeneration}
        categories={categoryList}
        onNew={() => setMode({ kind: 'new' })}
        onEdit={(id) => void openEditor(id)}
      />
      <TrashPanel onRestored={() => setListGeneration((g) => g + 1)} />
    </div>
  );
}

function RecipeList({
  categories,
  onNew,
  onEdit,
}: {
  categories: Category[];
  onNew: () => void;
  onEdit: (id: number) => void;
}) {
  const [query, setQuery] = useState('');
  const [applied, setApplied] = useState('');
  const [page, setPage] = useState(0);
  const [list, reload] = useResource(
    // The total comes in X-Total-Count.
    async (signal) => {
      const { body, total } = await api.getWithTotal('/api/recipes', {
        query: recipeListQuery(applied, page),
        signal,
      });
      return { items: body, total };
    },
    [applied, page],
  );
  const [confirm, confirmDialog] = useConfirm();
  const active = useTabActive();

  // The admin's list is fetched again when the window regains focus.
  useEffect(() => {
    if (!active) return;
    window.addEventListener('focus', reload);
    return () => window.removeEventListener('focus', reload);
  }, [active, reload]);

  // The search runs 300 ms after typing stops.
  useEffect(() => {
    const timer = setTimeout(() => {
      setApplied(query);
      setPage(0);
    }, 300);
    return () => clearTimeout(timer);
  }, [query]);

  const remove = async (recipe: Recipe) => {
    const ok = await confirm({
      title: 'Delete recipe',
      message: 'Are you sure you want to delete this recipe?',
      confirmLabel: 'Delete',
    });
    if (!ok) return;
    try {
      await deleteWithUndo(
        () => api.delete('/api/recipes/:id', { params: { id: recipe.id } }),
        { title: 'Success', description: 'Recipe deleted successfully!' },
        reload,
      );
    } catch (err) {
      showToast({
        title: 'Error',
        description: errorMessage(err, 'Failed to delete recipe'),
        variant: 'destructive',
      });
    }
  };

  const categoryName = (slug: string) => categories.find((c) => c.slug === slug)?.name ?? slug;
  const recipes = list.data?.items ?? [];
  const total = list.data?.total ?? null;
  const pages = total === null ? null : Math.max(1, Math.ceil(total / PAGE_SIZE));
  const searching = applied.trim() !== '';

  return (
    <Panel
      title="Recipes"
      actions={
        <button type="button" className="btn-primary" onClick={onNew}>
          New recipe
        </button>
      }
    >
      <div className="mb-4 flex flex-wrap items-center gap-3">
        <label className="sr-only" htmlFor="admin-recipe-search">
          Search recipes
        </label>
        <input
          id="admin-recipe-search"
          type="search"
          className="field max-w-sm rounded-xl"
          placeholder="Search by title, ingredient, tag…"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
        />
        {list.status === 'loading' && <span className="muted text-sm">Loading…</span>}
      </div>

      {list.status === 'failed' ? (
        <LoadError title="Error loading recipes" error={list.error} onRetry={reload} />
      ) : recipes.length === 0 && list.status === 'loaded' ? (
        <p className="muted py-6 text-center">
          {searching ? 'No recipes match this search.' : 'No recipes yet.'}
        </p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full min-w-[40rem] text-left text-sm" data-recipe-table>
            <ColumnHeads
              className="border-b border-stone-200 text-xs uppercase tracking-wide text-stone-600 dark:border-night-line dark:text-stone-400"
              columns={RECIPE_COLUMNS}
              cellClassName="py-2 pr-3"
            />
            <tbody className="divide-y divide-stone-200 dark:divide-night-line">
              {recipes.map((recipe) => (
                <tr key={recipe.id} data-recipe-row={recipe.slug}>
                  <td className="py-2 pr-3">
                    <img
                      src={smallImage(recipe.image || categoryFallbackImage(recipe))}
                      alt=""
                      width={64}
                      height={43}
                      loading="lazy"
                      className="h-[43px] w-16 rounded-md object-cover"
                    />
                  </td>
                  <td className="py-2 pr-3">
                    <a href={`/recipe/${recipe.slug}`} className="font-semibold hover:underline">
                      {recipe.title}
                    </a>
                  </td>
                  <td className="py-2 pr-3">{categoryName(recipe.category)}</td>
                  <td className="py-2 pr-3">
                    {recipe.reviewCount > 0
                      ? `${starsFromTenths(recipe.rating).toFixed(1)} (${recipe.reviewCount})`
                      : '—'}
                  </td>
                  <td className="py-2 pr-3">
                    {recipe.updatedAt ? (
                      <time dateTime={recipe.updatedAt}>{shortTime(recipe.updatedAt)}</time>
                    ) : (
                      '—'
                    )}
                  </td>
                  <td className="py-2 pr-1 text-right">
                    <EditDeleteButtons
                      name={recipe.title}
                      onEdit={() => onEdit(recipe.id)}
                      onDelete={() => void remove(recipe)}
                      className="flex justify-end gap-2"
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      {(page > 0 || recipes.length === PAGE_SIZE) && (
        <nav aria-label="Recipe pages" className="mt-4 flex items-center justify-between gap-3">
          <button
            type="button"
            className={rowButton}
            disabled={page === 0}
            onClick={() => setPage((p) => Math.max(0, p - 1))}
          >
            Previous
          </button>
          <span className="muted text-sm">
            Page {page + 1}
            {pages !== null && ` of ${pages}`}
            {total !== null && ` · ${total} ${searching ? 'found' : 'recipes'}`}
          </span>
          <button
            type="button"
            className={rowButton}
            disabled={pages !== null ? page + 1 >= pages : recipes.length < PAGE_SIZE}
            onClick={() => setPage((p) => p + 1)}
          >
            Next
          </button>
        </nav>
      )}
      {confirmDialog}
    </Panel>
  );
}

function errorMessage(err: unknown, fallback: string): string {
  const e = err as { error?: string };
  return e?.error ?? fallback;
}
