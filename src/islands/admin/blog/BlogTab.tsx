import { useState, type SubmitEvent } from 'react';
import { api, errorText } from '../../../lib/api/client.ts';
import { fieldErrors } from '../../../lib/schemas/issues.ts';
import { showToast } from '../../../stores/toasts.ts';
import { useConfirm } from '../../shared/ConfirmDialog.tsx';
import Dialog, { DialogClose } from '../../shared/Dialog.tsx';
import VersionsPanel from '../recipes/VersionsPanel.tsx';
import { issuesByPath } from '../shared/admin-api.ts';
import { BlogCategoryInputSchema, type BlogCategory } from '../../../lib/schemas/blog-category.ts';
import { BlogPostInputSchema, type BlogPost } from '../../../lib/schemas/blog-post.ts';
import {
  CheckboxField,
  EditDeleteButtons,
  LoadError,
  Panel,
  SelectField,
  TextArea,
  TextField,
} from '../shared/fields.tsx';
import ImageField from '../shared/ImageField.tsx';
import { publishRequested } from '../shared/publish-state.ts';
import { slugify as slugFromTitle } from '../../../lib/slug.ts';
import { deleteWithUndo } from '../shared/undo-delete.ts';
import { useResource } from '../shared/use-resource.ts';

// The Blog tab (SPEC §2, §3 "Blog post" and "Blog category", §4, §5, §8): posts (a new post is a
// draft by default; image upload as in the recipe form) and blog categories.

type Mode = { kind: 'list' } | { kind: 'new' } | { kind: 'edit'; post: BlogPost };

export default function BlogTab() {
  const [posts, reloadPosts] = useResource((signal) => api.get('/api/blog/posts', { signal }), []);
  const [categories, reloadCategories] = useResource(
    (signal) => api.get('/api/blog/categories', { signal }),
    [],
  );
  const [mode, setMode] = useState<Mode>({ kind: 'list' });
  const [editingCategory, setEditingCategory] = useState<BlogCategory | 'new' | null>(null);
  const [confirm, confirmDialog] = useConfirm();
  const categoryList = categories.data ?? [];

  if (mode.kind !== 'list')
    return (
      <PostForm
        key={mode.kind === 'edit' ? `${mode.post.id}-${mode.post.updatedAt}` : 'new'}
        post={mode.kind === 'edit' ? mode.post : undefined}
        categories={categoryList}
        onDone={(saved) => {
          reloadPosts();
          setMode(saved ? { kind: 'edit', post: saved } : { kind: 'list' });
        }}
      />
    );

  const removePost = async (post: BlogPost) => {
    if (!(await confirm({ title: 'Delete post', message: 'Delete this post?', confirmLabel: 'Delete' })))
      return;
    try {
      await deleteWithUndo(
        () => api.delete('/api/blog/posts/:id', { params: { id: post.id } }),
        { title: 'Success', description: 'Post deleted.' },
        reloadPosts,
      );
    } catch (err) {
      showToast({
        title: 'Error',
        description: errorText(err, 'Failed to delete post'),
        variant: 'destructive',
      });
    }
  };

  const removeCategory = async (category: BlogCategory) => {
    if (
      !(await confirm({ title: 'Delete category', message: 'Delete this category?', confirmLabel: 'Delete' }))
    )
      return;
    try {
      await deleteWithUndo(
        () => api.delete('/api/blog/categories/:id', { params: { id: category.id } }),
        { title: 'Success', description: 'Category deleted.' },
        () => {
          reloadCategories();
          reloadPosts();
        },
      );
    } catch (err) {
      showToast({
        title: 'Error',
        description: errorText(err, 'Failed to delete category'),
        variant: 'destructive',
      });
    }
  };

  const categoryName = (id: number | null) => categoryList.find((c) => c.id === id)?.name;

  return (
    <div className="grid gap-6">
      <Panel
        title="Blog posts"
        actions={
          <button type="button" className="btn-primary" onClick={() => setMode({ kind: 'new' })}>
            New post
          </button>
        }
      >
        {posts.status === 'failed' ? (
          <LoadError
            title="Error loading posts"
            message={(posts.error as Error).message}
            onRetry={reloadPosts}
          />
        ) : !posts.data ? (
          <p className="muted">Loading…</p>
        ) : posts.data.length === 0 ? (
          <p className="muted">No posts yet.</p>
        ) : (
          <ul className="divide-y divide-stone-200 dark:divide-night-line">
            {posts.data.map((post) => (
              <li key={post.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
                <div className="min-w-0">
                  <p className="font-semibold">
                    {post.title}{' '}
                    <span
                      className={`ml-1 rounded-full px-2 py-0.5 text-xs ${post.isPublished ? 'bg-herb-100 text-herb-700' : 'bg-stone-200 text-stone-700'}`}
                    >
                      {post.isPublished ? 'Published' : 'Draft'}
                    </span>
                  </p>
                  <p className="muted text-sm">
                    /blog/{post.slug}
                    {categoryName(post.categoryId) && ` · ${categoryName(post.categoryId)}`}
                    {post.views !== undefined && ` · ${post.views} views`}
                  </p>
                </div>
                <EditDeleteButtons
                  name={post.title}
                  onEdit={() => setMode({ kind: 'edit', post })}
                  onDelete={() => void removePost(post)}
                />
              </li>
            ))}
          </ul>
        )}
      </Panel>

      <Panel
        title="Blog categories"
        actions={
          <button type="button" className="btn-ghost" onClick={() => setEditingCategory('new')}>
            New blog category
          </button>
        }
      >
        {categories.status === 'failed' ? (
          <LoadError
            title="Error loading categories"
            message={(categories.error as Error).message}
            onRetry={reloadCategories}
          />
        ) : categoryList.length === 0 ? (
          <p className="muted">{categories.data ? 'No blog categories yet.' : 'Loading…'}</p>
        ) : (
          <ul className="divide-y divide-stone-200 dark:divide-night-line">
            {categoryList.map((category) => (
              <li key={category.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
                <div>
                  <p className="font-semibold">{category.name}</p>
                  <p className="muted text-sm">/blog/category/{category.slug}</p>
                </div>
                <EditDeleteButtons
                  name={category.name}
                  onEdit={() => setEditingCategory(category)}
                  onDelete={() => void removeCategory(category)}
                />
              </li>
            ))}
          </ul>
        )}
      </Panel>
      {editingCategory && (
        <BlogCategoryDialog
          category={editingCategory === 'new' ? undefined : editingCategory}
          onClose={() => setEditingCategory(null)}
          onSaved={() => {
            setEditingCategory(null);
            reloadCategories();
          }}
        />
      )}
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
  const editing = post !== undefined;
  const [form, setForm] = useState({
    title: post?.title ?? '',
    slug: post?.slug ?? '',
    content: post?.content ?? '',
    excerpt: post?.excerpt ?? '',
    image: post?.image ?? '',
    categoryId: post?.categoryId ?? null,
    // SPEC §4: a new post starts as a draft.
    isPublished: post?.isPublished ?? false,
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const set = <K extends keyof typeof form>(key: K, value: (typeof form)[K]) =>
    setForm((f) => ({ ...f, [key]: value }));

  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = fieldErrors(BlogPostInputSchema, form);
    setErrors(found ?? {});
    if (found) return;
    setSaving(true);
    try {
      const saved = editing
        ? await api.put('/api/blog/posts/:id', { params: { id: post.id }, body: form })
        : await api.post('/api/blog/posts', { body: form });
      showToast({ title: 'Success', description: editing ? 'Post updated.' : 'Post created.' });
      publishRequested();
      onDone(saved);
    } catch (err) {
      setErrors(issuesByPath(err));
      showToast({
        title: 'Error',
        description: errorText(err, 'Failed to save post'),
        variant: 'destructive',
      });
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className="grid gap-6">
      <Panel
        title={editing ? `Edit post: ${post.title}` : 'New post'}
        actions={
          <button type="button" className="btn-ghost" onClick={() => onDone()}>
            Back to posts
          </button>
        }
      >
        <form noValidate onSubmit={(event) => void submit(event)} className="grid gap-4">
          <TextField
            label="Title"
            name="title"
            required
            value={form.title}
            onChange={(title) =>
              setForm((f) => ({ ...f, title, slug: editing ? f.slug : slugFromTitle(title) }))
            }
            error={errors.title}
          />
          <TextField
            label="Slug"
            name="slug"
            required
            value={form.slug}
            onChange={(slug) => set('slug', slug)}
            error={errors.slug}
          />
          <TextArea
            label="Excerpt"
            name="excerpt"
            rows={2}
            value={form.excerpt}
            onChange={(v) => set('excerpt', v)}
            error={errors.excerpt}
          />
          <TextArea
            label="Content (Markdown)"
            name="content"
            required
            rows={14}
            value={form.content}
            onChange={(v) => set('content', v)}
            error={errors.content}
          />
          <ImageField
            label="Image"
            use="blog"
            value={form.image}
            onChange={(v) => set('image', v)}
            error={errors.image}
          />
          <SelectField
            label="Category"
            name="categoryId"
            value={form.categoryId ? String(form.categoryId) : '0'}
            options={[
              { value: '0', label: 'None' },
              ...categories.map((c) => ({ value: String(c.id), label: c.name })),
            ]}
            onChange={(value) => set('categoryId', Number(value) || null)}
            error={errors.categoryId}
          />
          <CheckboxField
            label="Published"
            name="isPublished"
            checked={form.isPublished}
            onChange={(v) => set('isPublished', v)}
            hint="Unchecked: a draft."
          />
          <div>
            <button type="submit" className="btn-primary" disabled={saving}>
              {saving ? 'Saving…' : 'Save post'}
            </button>
          </div>
        </form>
      </Panel>
      {editing && (
        <VersionsPanel collection="blog/posts" item={post} onRestored={(restored) => onDone(restored)} />
      )}
    </div>
  );
}

function BlogCategoryDialog({
  category,
  onClose,
  onSaved,
}: {
  category?: BlogCategory | undefined;
  onClose: () => void;
  onSaved: () => void;
}) {
  const editing = category !== undefined;
  const [form, setForm] = useState({
    name: category?.name ?? '',
    slug: category?.slug ?? '',
    description: category?.description ?? '',
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);

  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = fieldErrors(BlogCategoryInputSchema, form);
    setErrors(found ?? {});
    if (found) return;
    setSaving(true);
    try {
      if (editing) await api.put('/api/blog/categories/:id', { params: { id: category.id }, body: form });
      else await api.post('/api/blog/categories', { body: form });
      showToast({ title: 'Success', description: editing ? 'Category updated.' : 'Category created.' });
      publishRequested();
      onSaved();
    } catch (err) {
      setErrors(issuesByPath(err));
      showToast({
        title: 'Error',
        description: errorText(err, 'Failed to save category'),
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
      title={editing ? 'Edit blog category' : 'New blog category'}
      footer={
        <>
          <DialogClose />
          <button type="submit" form="admin-blog-category-form" className="btn-primary" disabled={saving}>
            {saving ? 'Saving…' : 'Save'}
          </button>
        </>
      }
    >
      <form
        id="admin-blog-category-form"
        noValidate
        onSubmit={(event) => void submit(event)}
        className="grid gap-4"
      >
        <TextField
          label="Name"
          name="name"
          required
          value={form.name}
          onChange={(name) => setForm((f) => ({ ...f, name, slug: editing ? f.slug : slugFromTitle(name) }))}
          error={errors.name}
        />
        <TextField
          label="Slug"
          name="slug"
          required
          value={form.slug}
          onChange={(slug) => setForm((f) => ({ ...f, slug }))}
          error={errors.slug}
        />
        <TextArea
          label="Description"
          name="description"
          rows={3}
          value={form.description}
          onChange={(description) => setForm((f) => ({ ...f, description }))}
        />
      </form>
    </Dialog>
  );
}
