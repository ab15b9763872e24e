import { api } from '../../../lib/api/client.ts';
import VersionsPanel from '../recipes/VersionsPanel.tsx';
import { BlogCategoryInputSchema, type BlogCategory } from '../../../lib/schemas/blog-category.ts';
import { BlogPostInputSchema, type BlogPost } from '../../../lib/schemas/blog-post.ts';
import EditorPanel from '../shared/EditorPanel.tsx';
import { CheckboxField, SelectField, TextArea, TextField } from '../shared/fields.tsx';
import FormDialog from '../shared/FormDialog.tsx';
import ImageField from '../shared/ImageField.tsx';
import { ItemRow, ListPanel, PublishedItemRow } from '../shared/ItemList.tsx';
import { itemKey } from '../shared/publish-state.ts';
import { useConfirmedDelete } from '../shared/use-confirmed-delete.ts';
import { useItemDialog, useItemEditor, type ItemDialog } from '../shared/use-item-editor.ts';
import type { ListTexts } from '../shared/ItemList.tsx';
import { useResource } from '../shared/use-resource.ts';
import { useItemForm } from '../shared/use-item-form.ts';

// The Blog tab: posts (a new post is a
// draft by default; image upload as in the recipe form) and blog categories.

/** The question before deleting a blog category, saying how many posts would be left without one. */
function categoryDeleteQuestion(postCount: number): string {
  if (postCount === 0) return 'Delete this category?';
  const posts = postCount === 1 ? '1 post' : `${postCount} posts`;
  return `Delete this category? ${posts} will lose this category (restoring it from the trash puts them back).`;
}

const POST_TEXTS: ListTexts = {
  title: 'Blog posts',
  newLabel: 'New post',
  errorTitle: 'Error loading posts',
  emptyText: 'No posts yet.',
};
const CATEGORY_TEXTS: ListTexts = {
  title: 'Blog categories',
  newLabel: 'New blog category',
  errorTitle: 'Error loading categories',
  emptyText: 'No blog categories yet.',
};

export default function BlogTab() {
  const [posts, reloadPosts] = useResource((signal) => api.get('/api/blog/posts', { signal }), []);
  const [categories, reloadCategories] = useResource(
    (signal) => api.get('/api/blog/categories', { signal }),
    [],
  );
  const editor = useItemEditor<BlogPost>(reloadPosts);
  const categoryDialog = useItemDialog<BlogCategory>(reloadCategories);
  const [confirmedDelete, confirmDialog] = useConfirmedDelete();
  const categoryList = categories.data ?? [];

  if (editor.open)
    return <PostForm key={editor.key} post={editor.item} categories={categoryList} onDone={editor.done} />;

  const removePost = (post: BlogPost) =>
    confirmedDelete({
      question: { title: 'Delete post', message: 'Delete this post?' },
      remove: () => api.delete('/api/blog/posts/:id', { params: { id: post.id } }),
      deletedMessage: 'Post deleted.',
      failedMessage: 'Failed to delete post',
      onChange: reloadPosts,
    });

  const removeCategory = async (category: BlogCategory) => {
    // Counted afresh: a post may have joined the category since the list was loaded.
    const fresh = await api.get('/api/blog/categories').catch(() => null);
    const postCount = fresh?.find((c) => c.id === category.id)?.postCount ?? category.postCount ?? 0;
    await confirmedDelete({
      question: { title: 'Delete category', message: categoryDeleteQuestion(postCount) },
      remove: () => api.delete('/api/blog/categories/:id', { params: { id: category.id } }),
      deletedMessage: 'Category deleted.',
      failedMessage: 'Failed to delete category',
      onChange: () => {
        reloadCategories();
        reloadPosts();
      },
    });
  };

  const categoryName = (id: number | null) => categoryList.find((c) => c.id === id)?.name;

  return (
    <div className="grid gap-6">
      <ListPanel texts={POST_TEXTS} onNew={editor.startNew} resource={posts} onRetry={reloadPosts}>
        {(post) => (
          <PublishedItemRow kind="post" item={post} onEdit={editor.edit} onDelete={removePost}>
            /blog/{post.slug}
            {categoryName(post.categoryId) && ` · ${categoryName(post.categoryId)}`}
            <span
              data-post-views={post.views}
            >{` · ${post.views} ${post.views === 1 ? 'view' : 'views'}`}</span>
          </PublishedItemRow>
        )}
      </ListPanel>

      <ListPanel
        texts={CATEGORY_TEXTS}
        onNew={categoryDialog.startNew}
        newButtonClass="btn-ghost"
        resource={categories}
        onRetry={reloadCategories}
      >
        {(category) => (
          <ItemRow
            name={category.name}
            onEdit={() => categoryDialog.edit(category)}
            onDelete={() => void removeCategory(category)}
          >
            <div>
              <p className="font-semibold">{category.name}</p>
              <p className="muted text-sm">/blog/category/{category.slug}</p>
            </div>
          </ItemRow>
        )}
      </ListPanel>
      {categoryDialog.open && <BlogCategoryDialog dialog={categoryDialog} />}
      {confirmDialog}
    </div>
  );
}

function PostForm({
  post,
  categories,
  onDone,
}: {
  post?: BlogPost | undefined;
  categories: BlogCategory[];
  onDone: (saved?: BlogPost) => void;
}) {
  const form = useItemForm({
    item: post,
    values: {
      title: '',
      slug: '',
      content: '',
      excerpt: '',
      image: '',
      categoryId: null as number | null,
      // A new post starts as a draft.
      isPublished: false,
    },
    slugFrom: 'title',
    check: BlogPostInputSchema,
    create: (body) => api.post('/api/blog/posts', { body }),
    update: (post, body) => api.put('/api/blog/posts/:id', { params: { id: post.id }, body }),
    noun: 'Post',
    failedMessage: 'Failed to save post',
    publishes: (saved) => (saved.isPublished ? itemKey('post', saved.id) : null),
    onSaved: onDone,
  });
  const { values, set, errors, field } = form;

  return (
    <EditorPanel
      noun="post"
      item={post}
      form={form}
      onBack={() => onDone()}
      below={
        post && (
          <VersionsPanel collection="blog/posts" item={post} onRestored={(restored) => onDone(restored)} />
        )
      }
    >
      <TextField label="Title" required {...field.text('title')} />
      <TextField label="Slug" required {...field.text('slug')} />
      <TextArea label="Excerpt" rows={2} {...field.text('excerpt')} />
      <TextArea label="Content (Markdown)" required rows={14} {...field.text('content')} />
      <ImageField label="Image" use="blog" {...field.text('image')} />
      <SelectField
        label="Category"
        name="categoryId"
        value={String(values.categoryId ?? 0)}
        options={[
          { value: '0', label: 'None' },
          ...categories.map((c) => ({ value: String(c.id), label: c.name })),
        ]}
        onChange={(value) => set('categoryId', Number(value) || null)}
        error={errors.categoryId}
      />
      <CheckboxField label="Published" hint="Unchecked: a draft." {...field.check('isPublished')} />
    </EditorPanel>
  );
}

function BlogCategoryDialog({ dialog }: { dialog: ItemDialog<BlogCategory> }) {
  const { editing, field, saving, submit } = useItemForm({
    item: dialog.item,
    values: { name: '', slug: '', description: '' },
    slugFrom: 'name',
    check: BlogCategoryInputSchema,
    create: (body) => api.post('/api/blog/categories', { body }),
    update: (category, body) => api.put('/api/blog/categories/:id', { params: { id: category.id }, body }),
    noun: 'Category',
    failedMessage: 'Failed to save category',
    onSaved: dialog.saved,
  });

  return (
    <FormDialog
      title={editing ? 'Edit blog category' : 'New blog category'}
      formId="admin-blog-category-form"
      saving={saving}
      onClose={dialog.close}
      onSubmit={submit}
    >
      <TextField label="Name" required {...field.text('name')} />
      <TextField label="Slug" required {...field.text('slug')} />
      <TextArea label="Description" rows={3} {...field.text('description')} />
    </FormDialog>
  );
}
