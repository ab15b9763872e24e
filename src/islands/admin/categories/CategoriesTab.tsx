import { useState, type SubmitEvent } from 'react';
import { api, errorText } from '../../../lib/api/client.ts';
import { fieldErrors } from '../../../lib/schemas/issues.ts';
import { CategoryInputSchema, type Category } from '../../../lib/schemas/category.ts';
import { showToast } from '../../../stores/toasts.ts';
import { useConfirm } from '../../shared/ConfirmDialog.tsx';
import Dialog, { DialogClose } from '../../shared/Dialog.tsx';
import { issuesByPath } from '../shared/admin-api.ts';
import { EditDeleteButtons, LoadError, Panel, TextArea, TextField } from '../shared/fields.tsx';
import { publishRequested } from '../shared/publish-state.ts';
import { deleteWithUndo } from '../shared/undo-delete.ts';
import { useResource } from '../shared/use-resource.ts';

// The Categories tab (SPEC §2, §5, §8): the list with recipe counts, a form in a dialog (name
// required: 'Category name is required'; description optional), and delete after the SPEC
// question; a category that still has recipes cannot go ('Failed to delete category. It may
// have associated recipes.').

type Editing = { kind: 'new' } | { kind: 'edit'; category: Category } | null;

export default function CategoriesTab() {
  const [list, reload] = useResource((signal) => api.get('/api/categories', { signal }), []);
  const [editing, setEditing] = useState<Editing>(null);
  const [confirm, confirmDialog] = useConfirm();

  const remove = async (category: Category) => {
    const ok = await confirm({
      title: 'Delete category',
      message: 'Are you sure you want to delete this category?',
      confirmLabel: 'Delete',
    });
    if (!ok) return;
    try {
      await deleteWithUndo(
        () => api.delete('/api/categories/:id', { params: { id: category.id } }),
        { title: 'Success', description: `Category "${category.name}" deleted.` },
        reload,
      );
    } catch (err) {
      showToast({
        title: 'Error',
        description:
          (err as { status?: number }).status === 409
            ? 'Failed to delete category. It may have associated recipes.'
            : errorText(err, 'Failed to delete category. It may have associated recipes.'),
        variant: 'destructive',
      });
    }
  };

  return (
    <Panel
      title="Categories"
      actions={
        <button type="button" className="btn-primary" onClick={() => setEditing({ kind: 'new' })}>
          New category
        </button>
      }
    >
      {list.status === 'failed' ? (
        <LoadError
          title="Error loading categories"
          message={(list.error as Error).message}
          onRetry={reload}
        />
      ) : !list.data ? (
        <p className="muted">Loading…</p>
      ) : list.data.length === 0 ? (
        <p className="muted">No categories found</p>
      ) : (
        <ul className="divide-y divide-stone-200 dark:divide-night-line" data-category-list>
          {list.data.map((category) => (
            <li
              key={category.id}
              className="flex flex-wrap items-center justify-between gap-3 py-3"
              data-category={category.slug}
            >
              <div className="min-w-0">
                <p className="font-semibold">
                  {category.name}{' '}
                  <span className="muted text-sm font-normal">
                    /category/{category.slug}
                    {category.recipeCount !== undefined && ` · ${category.recipeCount} recipes`}
                  </span>
                </p>
                {category.description && <p className="muted line-clamp-2 text-sm">{category.description}</p>}
              </div>
              <EditDeleteButtons
                name={category.name}
                onEdit={() => setEditing({ kind: 'edit', category })}
                onDelete={() => void remove(category)}
              />
            </li>
          ))}
        </ul>
      )}
      {editing && (
        <CategoryDialog
          category={editing.kind === 'edit' ? editing.category : undefined}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            reload();
          }}
        />
      )}
      {confirmDialog}
    </Panel>
  );
}

function CategoryDialog({
  category,
  onClose,
  onSaved,
}: {
  category?: Category | undefined;
  onClose: () => void;
  onSaved: () => void;
}) {
  const [name, setName] = useState(category?.name ?? '');
  const [description, setDescription] = useState(category?.description ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const editing = category !== undefined;

  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const payload = { name, description };
    const found = fieldErrors(CategoryInputSchema, payload);
    setErrors(found ?? {});
    if (found) return;
    setSaving(true);
    try {
      if (editing) await api.put('/api/categories/:id', { params: { id: category.id }, body: payload });
      else await api.post('/api/categories', { body: payload });
      showToast({ title: 'Success', description: editing ? 'Category updated.' : 'Category created.' });
      publishRequested();
      onSaved();
    } catch (err) {
      setErrors(issuesByPath(err));
      showToast({
        title: 'Error',
        description: errorText(err, editing ? 'Failed to update category' : 'Failed to create category'),
        variant: 'destructive',
      });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog
      open
      onClose={onClose}
      title={editing ? 'Edit category' : 'New category'}
      name="category-form"
      footer={
        <>
          <DialogClose />
          <button type="submit" form="admin-category-form" className="btn-primary" disabled={saving}>
            {saving ? 'Saving…' : 'Save'}
          </button>
        </>
      }
    >
      <form
        id="admin-category-form"
        noValidate
        onSubmit={(event) => void submit(event)}
        className="grid gap-4"
      >
        <TextField label="Name" name="name" required value={name} onChange={setName} error={errors.name} />
        <TextArea
          label="Description"
          name="description"
          rows={3}
          value={description}
          onChange={setDescription}
          error={errors.description}
        />
      </form>
    </Dialog>
  );
}
