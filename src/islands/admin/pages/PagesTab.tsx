import { useEffect } from 'react';
import { api } from '../../../lib/api/client.ts';
import { parseFooter, type FooterContent } from '../../../lib/site-defaults.ts';
import VersionsPanel from '../recipes/VersionsPanel.tsx';
import { FooterContentSchema, PageInputSchema, type Page } from '../../../lib/schemas/page.ts';
import EditorPanel from '../shared/EditorPanel.tsx';
import { CheckboxField, Panel, TextArea, TextField } from '../shared/fields.tsx';
import { ListPanel, PublishedItemRow, type ListTexts } from '../shared/ItemList.tsx';
import { itemKey } from '../shared/publish-state.ts';
import SaveBar from '../shared/SaveBar.tsx';
import { useConfirmedDelete } from '../shared/use-confirmed-delete.ts';
import { useItemEditor } from '../shared/use-item-editor.ts';
import { useResource } from '../shared/use-resource.ts';
import { useSaveForm } from '../shared/use-save-form.ts';
import { bindFields, useFormValues } from '../shared/form-values.ts';
import { useItemForm } from '../shared/use-item-form.ts';

// The Pages tab: static pages (a new page is published
// by default; its slug follows the title while creating and is frozen when editing), and the
// footer form (the page with slug footer holds its JSON).

/** A static page as the admin API returns it. */
export type StaticPage = Page;

const PAGE_TEXTS: ListTexts = {
  title: 'Pages',
  newLabel: 'New page',
  errorTitle: 'Error loading pages',
  emptyText: 'No pages yet.',
};

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
      <ListPanel texts={PAGE_TEXTS} onNew={editor.startNew} resource={pages} items={list} onRetry={reload}>
        {(page) => (
          <PublishedItemRow kind="page" item={page} onEdit={editor.edit} onDelete={remove}>
            /{page.slug}
          </PublishedItemRow>
        )}
      </ListPanel>
      <FooterForm footerPage={pages.data?.find((p) => p.slug === 'footer')} onSaved={reload} />
      {confirmDialog}
    </div>
  );
}

function PageForm({ page, onDone }: { page?: StaticPage | undefined; onDone: (saved?: StaticPage) => void }) {
  const form = useItemForm({
    item: page,
    // A new page is published by default.
    values: { title: '', slug: '', content: '', description: '', isPublished: true },
    // The slug follows the title while creating, and is frozen when editing.
    slugFrom: 'title',
    check: PageInputSchema,
    create: (body) => api.post('/api/pages', { body }),
    update: (page, body) => api.put('/api/pages/:id', { params: { id: page.id }, body }),
    noun: 'Page',
    failedMessage: { create: 'Failed to create page', update: 'Failed to update page' },
    publishes: (saved) => (saved.isPublished ? itemKey('page', saved.id) : null),
    onSaved: onDone,
  });
  const { editing, values, field } = form;

  return (
    <EditorPanel
      noun="page"
      item={page}
      form={form}
      onBack={() => onDone()}
      below={
        page && <VersionsPanel collection="pages" item={page} onRestored={(restored) => onDone(restored)} />
      }
    >
      <TextField label="Title" required {...field.text('title')} />
      <TextField
        label="Slug"
        required
        readOnly={editing}
        hint={
          editing
            ? 'The address stays the same once the page exists.'
            : `The page will live at /${values.slug || '…'}`
        }
        {...field.text('slug')}
      />
      <TextField label="Description (for search results)" {...field.text('description')} />
      <TextArea label="Content (Markdown)" required rows={14} {...field.text('content')} />
      <CheckboxField
        label="Published"
        hint="Unchecked: a draft only you can see here."
        {...field.check('isPublished')}
      />
    </EditorPanel>
  );
}

const SOCIAL_LINKS = ['facebook', 'twitter', 'instagram', 'youtube'] as const;

function FooterForm({ footerPage, onSaved }: { footerPage?: StaticPage | undefined; onSaved: () => void }) {
  const [footer] = useResource((signal) => api.get('/api/pages/footer', { signal }), []);
  const { values, setValues, set } = useFormValues<FooterContent | null>(null);
  const { errors, saving, submit } = useSaveForm({
    check: FooterContentSchema,
    // PUT /api/pages/footer takes the footer object and keeps it as the footer page's JSON.
    save: (body: FooterContent) => api.put('/api/pages/footer', { body }),
    savedMessage: 'Footer saved.',
    failedMessage: 'Failed to update page',
    onSaved,
  });

  useEffect(() => {
    if (values) return;
    if (footer.status === 'loaded') setValues(parseFooter(footer.data?.content));
    else if (footer.status === 'failed') setValues(parseFooter(footerPage?.content));
  }, [footer, footerPage, values, setValues]);

  if (!values) return null;
  const field = bindFields(values, set, errors);

  return (
    <Panel title="Footer">
      <form noValidate onSubmit={(event) => void submit(event, values)} className="grid gap-4 sm:grid-cols-2">
        <TextField label="Company name" required {...field.text('companyName')} />
        <TextField label="Copyright" required {...field.text('copyright')} />
        <TextField className="sm:col-span-2" label="Tagline" required {...field.text('tagline')} />
        <TextField label="Privacy link" {...field.text('links.privacy')} />
        <TextField label="Terms link" {...field.text('links.terms')} />
        {SOCIAL_LINKS.map((key) => (
          <TextField
            key={key}
            label={key[0]!.toUpperCase() + key.slice(1)}
            type="url"
            {...field.text(`social.${key}`)}
          />
        ))}
        <SaveBar busy={saving} label="Save footer" className="sm:col-span-2" />
      </form>
    </Panel>
  );
}
