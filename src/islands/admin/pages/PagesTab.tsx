import { useEffect, useState } from 'react';
import { api } from '../../../lib/api/client.ts';
import { parseFooter, type FooterContent } from '../../../lib/site-defaults.ts';
import VersionsPanel from '../recipes/VersionsPanel.tsx';
import { FooterContentSchema, PageInputSchema, type Page } from '../../../lib/schemas/page.ts';
import EditorPanel from '../shared/EditorPanel.tsx';
import { CheckboxField, Panel, PublishedTag, TextArea, TextField } from '../shared/fields.tsx';
import { ItemList, ItemRow } from '../shared/ItemList.tsx';
import { itemKey } from '../shared/publish-state.ts';
import { slugify as slugFromTitle } from '../../../lib/slug.ts';
import { useConfirmedDelete } from '../shared/use-confirmed-delete.ts';
import { useItemEditor } from '../shared/use-item-editor.ts';
import { useResource } from '../shared/use-resource.ts';
import { useSaveForm } from '../shared/use-save-form.ts';

// The Pages tab: static pages (a new page is published
// by default; its slug follows the title while creating and is frozen when editing), and the
// footer form (the page with slug footer holds its JSON).

/** A static page as the admin API returns it. */
export type StaticPage = Page;

export default function PagesTab() {
  const [pages, reload] = useResource((signal) => api.get('/api/pages', { signal }), []);
  const editor = useItemEditor<StaticPage>(reload);
  const [confirmedDelete, confirmDialog] = useConfirmedDelete();

  if (editor.open) return <PageForm key={editor.key} page={editor.item} onDone={editor.done} />;

  const remove = (page: StaticPage) =>
    confirmedDelete({
      question: { title: 'Delete page', message: 'Are you sure you want to delete this page?' },
      remove: () => api.delete('/api/pages/:id', { params: { id: page.id } }),
      deletedMessage: 'Page deleted.',
      failedMessage: 'Failed to delete page',
      onChange: reload,
    });

  const list = (pages.data ?? []).filter((p) => p.slug !== 'footer');
  return (
    <div className="grid gap-6">
      <Panel
        title="Pages"
        actions={
          <button type="button" className="btn-primary" onClick={editor.startNew}>
            New page
          </button>
        }
      >
        <ItemList
          resource={pages}
          items={list}
          errorTitle="Error loading pages"
          onRetry={reload}
          emptyText="No pages yet."
        >
          {(page) => (
            <ItemRow
              name={page.title}
              onEdit={() => editor.edit(page)}
              onDelete={() => void remove(page)}
              publishKey={itemKey('page', page.id)}
              data-page={page.slug}
            >
              <div>
                <p className="font-semibold">
                  {page.title} <PublishedTag published={page.isPublished} />
                </p>
                <p className="muted text-sm">/{page.slug}</p>
              </div>
            </ItemRow>
          )}
        </ItemList>
      </Panel>
      <FooterForm footerPage={pages.data?.find((p) => p.slug === 'footer')} onSaved={reload} />
      {confirmDialog}
    </div>
  );
}

function PageForm({ page, onDone }: { page?: StaticPage | undefined; onDone: (saved?: StaticPage) => void }) {
  const editing = page !== undefined;
  const [form, setForm] = useState({
    title: page?.title ?? '',
    slug: page?.slug ?? '',
    content: page?.content ?? '',
    description: page?.description ?? '',
    isPublished: page?.isPublished ?? true,
  });
  const { errors, saving, submit } = useSaveForm({
    schema: PageInputSchema,
    save: (body: typeof form) =>
      editing
        ? api.put('/api/pages/:id', { params: { id: page.id }, body })
        : api.post('/api/pages', { body }),
    savedMessage: editing ? 'Page updated.' : 'Page created.',
    failedMessage: editing ? 'Failed to update page' : 'Failed to create page',
    publishes: (saved) => (saved.isPublished ? itemKey('page', saved.id) : null),
    onSaved: onDone,
  });

  const setTitle = (title: string) =>
    // The slug follows the title while creating, and is frozen when editing.
    setForm((f) => ({ ...f, title, slug: editing ? f.slug : slugFromTitle(title) }));

  return (
    <EditorPanel
      title={editing ? `Edit page: ${page.title}` : 'New page'}
      backLabel="Back to pages"
      onBack={() => onDone()}
      onSubmit={(event) => void submit(event, form)}
      saving={saving}
      saveLabel="Save page"
      below={
        editing && (
          <VersionsPanel collection="pages" item={page} onRestored={(restored) => onDone(restored)} />
        )
      }
    >
      <TextField
        label="Title"
        name="title"
        required
        value={form.title}
        onChange={setTitle}
        error={errors.title}
      />
      <TextField
        label="Slug"
        name="slug"
        required
        value={form.slug}
        readOnly={editing}
        onChange={(slug) => setForm((f) => ({ ...f, slug }))}
        error={errors.slug}
        hint={
          editing
            ? 'The address stays the same once the page exists.'
            : `The page will live at /${form.slug || '…'}`
        }
      />
      <TextField
        label="Description (for search results)"
        name="description"
        value={form.description}
        onChange={(description) => setForm((f) => ({ ...f, description }))}
        error={errors.description}
      />
      <TextArea
        label="Content (Markdown)"
        name="content"
        required
        rows={14}
        value={form.content}
        onChange={(content) => setForm((f) => ({ ...f, content }))}
        error={errors.content}
      />
      <CheckboxField
        label="Published"
        name="isPublished"
        checked={form.isPublished}
        onChange={(isPublished) => setForm((f) => ({ ...f, isPublished }))}
        hint="Unchecked: a draft only you can see here."
      />
    </EditorPanel>
  );
}

function FooterForm({ footerPage, onSaved }: { footerPage?: StaticPage | undefined; onSaved: () => void }) {
  const [footer] = useResource((signal) => api.get('/api/pages/footer', { signal }), []);
  const [form, setForm] = useState<FooterContent | null>(null);
  const { errors, saving, submit } = useSaveForm({
    schema: FooterContentSchema,
    // PUT /api/pages/footer takes the footer object and keeps it as the footer page's JSON.
    save: (body: FooterContent) => api.put('/api/pages/footer', { body }),
    savedMessage: 'Footer saved.',
    failedMessage: 'Failed to update page',
    onSaved,
  });

  useEffect(() => {
    if (form) return;
    if (footer.status === 'loaded') setForm(parseFooter(footer.data?.content));
    else if (footer.status === 'failed') setForm(parseFooter(footerPage?.content));
  }, [footer, footerPage, form]);

  if (!form) return null;

  const social = ['facebook', 'twitter', 'instagram', 'youtube'] as const;
  return (
    <Panel title="Footer">
      <form noValidate onSubmit={(event) => void submit(event, form)} className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Company name"
          name="companyName"
          required
          value={form.companyName}
          onChange={(companyName) => setForm({ ...form, companyName })}
          error={errors.companyName}
        />
        <TextField
          label="Copyright"
          name="copyright"
          required
          value={form.copyright}
          onChange={(copyright) => setForm({ ...form, copyright })}
          error={errors.copyright}
        />
        <TextField
          className="sm:col-span-2"
          label="Tagline"
          name="tagline"
          required
          value={form.tagline}
          onChange={(tagline) => setForm({ ...form, tagline })}
          error={errors.tagline}
        />
        <TextField
          label="Privacy link"
          name="links.privacy"
          value={form.links.privacy}
          onChange={(privacy) => setForm({ ...form, links: { ...form.links, privacy } })}
          error={errors['links.privacy']}
        />
        <TextField
          label="Terms link"
          name="links.terms"
          value={form.links.terms}
          onChange={(terms) => setForm({ ...form, links: { ...form.links, terms } })}
          error={errors['links.terms']}
        />
        {social.map((key) => (
          <TextField
            key={key}
            label={key[0]!.toUpperCase() + key.slice(1)}
            name={`social.${key}`}
            type="url"
            value={form.social[key]}
            onChange={(value) => setForm({ ...form, social: { ...form.social, [key]: value } })}
            error={errors[`social.${key}`]}
          />
        ))}
        <div className="sm:col-span-2">
          <button type="submit" className="btn-primary" disabled={saving}>
            {saving ? 'Saving…' : 'Save footer'}
          </button>
        </div>
      </form>
    </Panel>
  );
}
