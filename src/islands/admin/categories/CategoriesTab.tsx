import { useState } from 'react';
import { api, errorText } from '../../../lib/api/client.ts';
import { CategoryInputSchema, type Category } from '../../../lib/schemas/category.ts';
import { Panel, TextArea, TextField } from '../shared/fields.tsx';
import FormDialog from '../shared/FormDialog.tsx';
import { ItemList, ItemRow } from '../shared/ItemList.tsx';
import { itemKey } from '../shared/publish-state.ts';
import { useConfirmedDelete } from '../shared/use-confirmed-delete.ts';
import { useResource } from '../shared/use-resource.ts';
import { useSaveForm } from '../shared/use-save-form.ts';
import { bindFields, useFormValues } from '../shared/form-values.ts';

// The Categories tab: the list with recipe counts, a form in a dialog (name
// required: 'Category name is required'; description optional), and delete after the
// question; a category that still has recipes cannot go ('Failed to delete category. It may
// have associated recipes.').

type Editing = { kind: 'new' } | { kind: 'edit'; category: Category } | null;

const STILL_HAS_RECIPES = 'Failed to delete category. It may have associated recipes.';

export default function CategoriesTab() {
  const [list, reload] = useResource((signal) => api.get('/api/categories', { signal }), []);
  const [editing, setEditing] = useState<Editing>(null);
  const [confirmedDelete, confirmDialog] = useConfirmedDelete();

  const remove = (category: Category) =>
    confirmedDelete({
      question: { title: 'Delete category', message: 'Are you sure you want to delete this category?' },
      remove: () => api.delete('/api/categories/:id', { params: { id: category.id } }),
      deletedMessage: `Category "${category.name}" deleted.`,
      // A 409 is the server refusing a category with recipes: 'Failed to delete category. It may have associated recipes.', not the server's sentence.
      failedMessage: (err) =>
        (err as { status?: number }).status === 409 ? STILL_HAS_RECIPES : errorText(err, STILL_HAS_RECIPES),
      onChange: reload,
    });

  return (
    <Panel
      title="Categories"
      actions={
        <button type="button" className="btn-primary" onClick={() => setEditing({ kind: 'new' })}>
          New category
        </button>
      }
    >
      <ItemList
        resource={list}
        errorTitle="Error loading categories"
        onRetry={reload}
        emptyText="No categories found"
        data-category-list
      >
        {(category) => (
          <ItemRow
            name={category.name}
            onEdit={() => setEditing({ kind: 'edit', category })}
            onDelete={() => void remove(category)}
            publishKey={itemKey('category', category.id)}
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
          </ItemRow>
        )}
      </ItemList>
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
  const { values, set } = useFormValues({
    name: category?.name ?? '',
    description: category?.description ?? '',
  });
  const editing = category !== undefined;
  const { errors, saving, submit } = useSaveForm({
    check: CategoryInputSchema,
    save: (body: typeof values) =>
      editing
        ? api.put('/api/categories/:id', { params: { id: category.id }, body })
        : api.post('/api/categories', { body }),
    savedMessage: editing ? 'Category updated.' : 'Category created.',
    failedMessage: editing ? 'Failed to update category' : 'Failed to create category',
    publishes: (saved) => itemKey('category', saved.id),
    onSaved,
  });
  const field = bindFields(values, set, errors);

  return (
    <FormDialog
      title={editing ? 'Edit category' : 'New category'}
      formId="admin-category-form"
      name="category-form"
      saving={saving}
      onClose={onClose}
      onSubmit={(event) => void submit(event, values)}
    >
      <TextField label="Name" required {...field.text('name')} />
      <TextArea label="Description" rows={3} {...field.text('description')} />
    </FormDialog>
  );
}
