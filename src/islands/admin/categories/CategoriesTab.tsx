import { api, errorText } from '../../../lib/api/client.ts';
import { CategoryInputSchema, type Category } from '../../../lib/schemas/category.ts';
import { TextArea, TextField } from '../shared/fields.tsx';
import FormDialog from '../shared/FormDialog.tsx';
import { ItemRow, ListPanel, type ListTexts } from '../shared/ItemList.tsx';
import { itemKey } from '../shared/publish-state.ts';
import { useConfirmedDelete } from '../shared/use-confirmed-delete.ts';
import { useResource } from '../shared/use-resource.ts';
import { useItemDialog, type ItemDialog } from '../shared/use-item-editor.ts';
import { useItemForm } from '../shared/use-item-form.ts';

// The Categories tab: the list with recipe counts, a form in a dialog (name
// required: 'Category name is required'; description optional), and delete after the
// question; a category that still has recipes cannot go ('Failed to delete category. It may
// have associated recipes.').

const STILL_HAS_RECIPES = 'Failed to delete category. It may have associated recipes.';

const CATEGORY_TEXTS: ListTexts = {
  title: 'Categories',
  newLabel: 'New category',
  errorTitle: 'Error loading categories',
  emptyText: 'No categories found',
};

export default function CategoriesTab() {
  const [list, reload] = useResource((signal) => api.get('/api/categories', { signal }), []);
  const dialog = useItemDialog<Category>(reload);
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
    <ListPanel
      texts={CATEGORY_TEXTS}
      onNew={dialog.startNew}
      resource={list}
      onRetry={reload}
      data-category-list
      after={
        <>
          {dialog.open && <CategoryDialog dialog={dialog} />}
          {confirmDialog}
        </>
      }
    >
      {(category) => (
        <ItemRow
          name={category.name}
          onEdit={() => dialog.edit(category)}
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
    </ListPanel>
  );
}

function CategoryDialog({ dialog }: { dialog: ItemDialog<Category> }) {
  const { editing, field, saving, submit } = useItemForm({
    item: dialog.item,
    values: { name: '', description: '' },
    check: CategoryInputSchema,
    create: (body) => api.post('/api/categories', { body }),
    update: (category, body) => api.put('/api/categories/:id', { params: { id: category.id }, body }),
    noun: 'Category',
    failedMessage: { create: 'Failed to create category', update: 'Failed to update category' },
    publishes: (saved) => itemKey('category', saved.id),
    onSaved: dialog.saved,
  });

  return (
    <FormDialog
      title={editing ? 'Edit category' : 'New category'}
      formId="admin-category-form"
      name="category-form"
      saving={saving}
      onClose={dialog.close}
      onSubmit={submit}
    >
      <TextField label="Name" required {...field.text('name')} />
      <TextArea label="Description" rows={3} {...field.text('description')} />
    </FormDialog>
  );
}
